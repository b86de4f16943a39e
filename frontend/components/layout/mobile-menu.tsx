import {
  Dialog,
  DialogPanel,
  DialogTitle,
  Disclosure,
  DisclosureButton,
  DisclosurePanel,
} from '@headlessui/react';
import { SITE_NAME } from '../../shared/site';
import { paths } from '../../shared/paths';
import type { NavLink } from './nav-link';
import { SiteLink } from './site-link';
import { ChevronDownIcon } from '../icons/chevron-down';

interface MobileMenuProps {
  open: boolean;
  onClose: () => void;
  states: readonly NavLink[];
  blog: readonly NavLink[];
}

/**
 * The small-screen menu: a full-screen dialog (Headless UI locks page scrolling, traps focus and
 * returns it to the toggle), with Home and collapsible States and Blog lists. Choosing a link
 * closes it.
 */
export function MobileMenu({ open, onClose, states, blog }: MobileMenuProps) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50 md:hidden">
      <DialogPanel
        id="mobile-menu"
        className="fixed inset-0 flex flex-col overflow-y-auto bg-white px-4 pb-8"
      >
        <div className="flex h-16 shrink-0 items-center justify-between">
          <DialogTitle className="text-lg font-bold text-emerald-900">{SITE_NAME}</DialogTitle>
          <button
            type="button"
            onClick={onClose}
            className="rounded p-2 text-slate-800 focus-visible:outline-2 focus-visible:outline-emerald-700"
          >
            <span className="sr-only">Close menu</span>
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="size-6 stroke-current"
              fill="none"
            >
              <path d="M6 6l12 12M18 6 6 18" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <nav aria-label="Mobile" className="mt-2 flex flex-col gap-1 text-lg">
          <SiteLink to={paths.home} onClick={onClose} className="rounded px-2 py-3 font-medium">
            Home
          </SiteLink>
          <MobileSection title="States" links={states} onNavigate={onClose} />
          <MobileSection title="Blog" links={blog} onNavigate={onClose} />
        </nav>
      </DialogPanel>
    </Dialog>
  );
}

function MobileSection({
  title,
  links,
  onNavigate,
}: {
  title: string;
  links: readonly NavLink[];
  onNavigate: () => void;
}) {
  return (
    <Disclosure>
      <DisclosureButton className="group flex w-full items-center justify-between rounded px-2 py-3 text-left font-medium">
        {title}
        <ChevronDownIcon className="size-5 transition-transform group-data-open:rotate-180 motion-reduce:transition-none" />
      </DisclosureButton>
      <DisclosurePanel as="ul" className="mb-2 ml-2 border-l border-slate-200 pl-3">
        {links.map((link) => (
          <li key={link.path}>
            <SiteLink
              to={link.path}
              onClick={onNavigate}
              className="block rounded px-2 py-2 text-base text-slate-800"
            >
              {link.label}
            </SiteLink>
          </li>
        ))}
      </DisclosurePanel>
    </Disclosure>
  );
}
