import { type RefObject, useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { paths } from '../../shared/paths';
import { SITE_NAME } from '../../shared/site';
import { ChevronDownIcon } from '../icons/chevron-down';
import { LinkList } from './link-list';
import type { NavLink } from './nav-link';
import { hidePopover, isPopoverOpen } from './popover';
import { SiteLink } from './site-link';

export const MOBILE_MENU_ID = 'mobile-menu';
const MOBILE_MENU_TITLE_ID = 'mobile-menu-title';

interface MobileMenuProps {
  menuRef: RefObject<HTMLDivElement | null>;
  states: readonly NavLink[];
  blog: readonly NavLink[];
}

/**
 * The small-screen menu: a full-screen popover that the top bar's toggle opens with
 * `popovertarget`, holding Home and the States and Blog lists as native `<details>`. All of it
 * works before any script (docs/decisions/026-controls-before-script.md): the browser opens and
 * closes it, focuses its close button when it opens (`autofocus`), closes it on Escape and gives
 * the focus back to the toggle; the stylesheet locks page scrolling while it is open (app.css).
 * `useMobileMenu` adds, once the script runs, what a modal dialog needs beyond that.
 */
export function MobileMenu({ menuRef, states, blog }: MobileMenuProps) {
  const close = () => hidePopover(menuRef.current);
  return (
    <div
      ref={menuRef}
      id={MOBILE_MENU_ID}
      popover="auto"
      role="dialog"
      aria-modal="true"
      aria-labelledby={MOBILE_MENU_TITLE_ID}
      className="fixed inset-0 m-0 size-full max-h-none max-w-none flex-col overflow-y-auto overscroll-contain border-0 bg-white px-4 pt-0 pb-8 text-slate-900 max-md:open:flex md:hidden"
    >
      <div className="flex h-16 shrink-0 items-center justify-between">
        <h2 id={MOBILE_MENU_TITLE_ID} className="text-lg font-bold text-emerald-900">
          {SITE_NAME}
        </h2>
        <button
          type="button"
          popoverTarget={MOBILE_MENU_ID}
          popoverTargetAction="hide"
          // Inside a popover, `autofocus` is where the browser puts the focus when it opens (it
          // does nothing on page load): the script-free way to move focus into the menu.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
          className="rounded p-2 text-slate-800 focus-visible:outline-2 focus-visible:outline-emerald-700"
        >
          <span className="sr-only">Close menu</span>
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6 stroke-current" fill="none">
            <path d="M6 6l12 12M18 6 6 18" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <nav aria-label="Mobile" className="mt-2 flex flex-col gap-1 text-lg">
        <SiteLink to={paths.home} onClick={close} className="rounded px-2 py-3 font-medium">
          Home
        </SiteLink>
        <MobileSection title="States" links={states} onNavigate={close} />
        <MobileSection title="Blog" links={blog} onNavigate={close} />
      </nav>
    </div>
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
    <details className="group">
      <summary className="flex w-full cursor-pointer list-none items-center justify-between rounded px-2 py-3 text-left font-medium">
        {title}
        <ChevronDownIcon className="size-5 transition-transform group-open:rotate-180 motion-reduce:transition-none" />
      </summary>
      <LinkList
        id={`mobile-${title.toLowerCase()}-links`}
        className="mt-1 mb-2 ml-2 border-l border-slate-200 pl-3"
        links={links}
        linkClassName="block rounded px-2 py-2 text-base text-slate-800"
        onLinkClick={onNavigate}
      />
    </details>
  );
}

/** Marks every element outside `menu` inert (not already so) and answers those it marked. */
function makeEverythingElseInert(menu: HTMLElement): HTMLElement[] {
  const marked: HTMLElement[] = [];
  for (let inside: HTMLElement = menu; inside.parentElement; inside = inside.parentElement) {
    for (const sibling of inside.parentElement.children) {
      if (sibling !== inside && sibling instanceof HTMLElement && !sibling.inert) {
        sibling.inert = true;
        marked.push(sibling);
      }
    }
    if (inside.parentElement === document.body) break;
  }
  return marked;
}

/**
 * What the script adds to the mobile menu, whenever it arrives (the menu may be open already):
 * the rest of the page is inert while it is open, so focus and screen readers stay in it, as in
 * a modal dialog; the toggle says whether it is open; and it closes when its page is left (a
 * link, the back button) or the window grows to the desktop bar. Answers the open state:
 * undefined in the pre-rendered HTML and while hydrating, so the toggle carries none of its own
 * before this runs.
 */
export function useMobileMenu(
  menuRef: RefObject<HTMLDivElement | null>,
  pathname: string,
  desktop: boolean,
): boolean | undefined {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const menu = menuRef.current;
      menu?.addEventListener('toggle', onChange);
      return () => menu?.removeEventListener('toggle', onChange);
    },
    [menuRef],
  );
  const open = useSyncExternalStore(
    subscribe,
    () => isPopoverOpen(menuRef.current),
    () => undefined,
  );

  useEffect(() => {
    const menu = menuRef.current;
    if (!menu) return;
    let inert: HTMLElement[] = [];
    const release = () => {
      for (const element of inert) element.inert = false;
      inert = [];
    };
    const onToggle = () => {
      if (isPopoverOpen(menu) && inert.length === 0) inert = makeEverythingElseInert(menu);
    };
    // Released before the menu hides, so the browser can give the focus back to the toggle.
    const beforeToggle = (event: ToggleEvent) => {
      if (event.newState === 'closed') release();
    };
    menu.addEventListener('toggle', onToggle);
    menu.addEventListener('beforetoggle', beforeToggle);
    onToggle();
    return () => {
      menu.removeEventListener('toggle', onToggle);
      menu.removeEventListener('beforetoggle', beforeToggle);
      release();
    };
  }, [menuRef]);

  const shownOn = useRef(pathname);
  useEffect(() => {
    if (shownOn.current === pathname) return;
    shownOn.current = pathname;
    hidePopover(menuRef.current);
  }, [menuRef, pathname]);

  useEffect(() => {
    if (desktop) hidePopover(menuRef.current);
  }, [menuRef, desktop]);

  return open;
}
