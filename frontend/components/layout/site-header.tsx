import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../shared/paths';
import { SITE_NAME } from '../../shared/site';
import { STATES_MENU_MAX_HEIGHT_PX } from './menu-timings';
import { MobileMenu } from './mobile-menu';
import { NavDropdown } from './nav-dropdown';
import { useNavigation } from './use-navigation';

/** The fixed top bar of SPEC §2: home link, Home, States and Blog dropdowns, mobile toggle. */
export function SiteHeader() {
  const { states, blog } = useNavigation();
  const { pathname } = useLocation();
  // The menu is open only on the page it was opened on, so any navigation (a link, the back
  // button) leaves it closed.
  const [openOnPath, setOpenOnPath] = useState<string | null>(null);
  const mobileOpen = openOnPath === pathname;

  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <nav
        aria-label="Main"
        className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4"
      >
        <Link to={paths.home} className="text-lg font-bold text-emerald-900">
          {SITE_NAME}
        </Link>
        <div className="hidden items-center gap-4 md:flex">
          <Link
            to={paths.home}
            className="rounded px-2 py-1 font-medium text-slate-800 hover:text-emerald-800"
          >
            Home
          </Link>
          <NavDropdown label="States" links={states} maxHeight={STATES_MENU_MAX_HEIGHT_PX} />
          <NavDropdown label="Blog" links={blog} />
        </div>
        <button
          type="button"
          className="rounded p-2 text-slate-800 focus-visible:outline-2 focus-visible:outline-emerald-700 md:hidden"
          aria-expanded={mobileOpen}
          aria-controls="mobile-menu"
          onClick={() => setOpenOnPath(pathname)}
        >
          <span className="sr-only">Open menu</span>
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6 stroke-current" fill="none">
            <path d="M4 7h16M4 12h16M4 17h16" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </nav>
      <MobileMenu
        open={mobileOpen}
        onClose={() => setOpenOnPath(null)}
        states={states}
        blog={blog}
      />
    </header>
  );
}
