import { Suspense, lazy, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../shared/paths';
import { SITE_NAME } from '../../shared/site';
import { ChevronDownIcon } from '../icons/chevron-down';
import { type HandOver, menuButtonClass } from './menu-button';
import { DESKTOP_MEDIA_QUERY, useMediaQuery } from './use-media-query';
import { useNavigation } from './use-navigation';

// The full-screen menu (Headless UI Dialog and Disclosure) is only needed once someone taps the
// toggle, so its code stays out of every page's first load; intent to tap starts the download.
const loadMobileMenu = () => import('./mobile-menu');
const MobileMenu = lazy(() => loadMobileMenu().then((module) => ({ default: module.MobileMenu })));

// Likewise the desktop dropdowns (Headless UI Menu) load only where the desktop bar is shown: a
// phone never downloads them (docs/decisions/011-code-split-navigation.md).
const DesktopMenus = lazy(() =>
  import('./desktop-menus').then((module) => ({ default: module.DesktopMenus })),
);

/**
 * What the dropdown buttons look like before their code has arrived (and in the raw HTML). A
 * click or focus on one in that moment is handed over to the real menu when it mounts.
 */
function MenuButtonPlaceholders({ onHandOver }: { onHandOver: (handOver: HandOver) => void }) {
  return (
    <>
      {['States', 'Blog'].map((label) => (
        <div key={label}>
          <button
            type="button"
            aria-haspopup="menu"
            aria-expanded="false"
            className={menuButtonClass}
            onFocus={() => onHandOver({ label, open: false })}
            onClick={() => onHandOver({ label, open: true })}
          >
            {label}
            <ChevronDownIcon />
          </button>
        </div>
      ))}
    </>
  );
}

/** The fixed top bar of SPEC §2: home link, Home, States and Blog dropdowns, mobile toggle. */
export function SiteHeader() {
  const { states, blog } = useNavigation();
  const { pathname } = useLocation();
  const desktop = useMediaQuery(DESKTOP_MEDIA_QUERY);
  // The menu is open only on the page it was opened on, so any navigation (a link, the back
  // button) leaves it closed.
  const [openOnPath, setOpenOnPath] = useState<string | null>(null);
  const mobileOpen = openOnPath === pathname;
  // Once loaded, the menu stays mounted so it can close (and return focus) like any dialog.
  const [menuLoaded, setMenuLoaded] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const [handOver, setHandOver] = useState<HandOver | null>(null);

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
          {desktop ? (
            <Suspense fallback={<MenuButtonPlaceholders onHandOver={setHandOver} />}>
              <DesktopMenus states={states} blog={blog} handOver={handOver} />
            </Suspense>
          ) : (
            <MenuButtonPlaceholders onHandOver={setHandOver} />
          )}
        </div>
        <button
          ref={toggleRef}
          type="button"
          className="rounded p-2 text-slate-800 focus-visible:outline-2 focus-visible:outline-emerald-700 md:hidden"
          aria-expanded={mobileOpen}
          aria-controls="mobile-menu"
          onPointerEnter={() => void loadMobileMenu()}
          onFocus={() => void loadMobileMenu()}
          onClick={() => {
            setMenuLoaded(true);
            setOpenOnPath(pathname);
          }}
        >
          <span className="sr-only">Open menu</span>
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6 stroke-current" fill="none">
            <path d="M4 7h16M4 12h16M4 17h16" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </nav>
      {menuLoaded ? (
        <Suspense fallback={null}>
          <MobileMenu
            open={mobileOpen}
            onClose={() => {
              setOpenOnPath(null);
              // The dialog mounts already open (it is loaded on first use), so Headless UI has
              // no earlier focus to restore: hand focus back to the toggle ourselves.
              requestAnimationFrame(() => toggleRef.current?.focus());
            }}
            states={states}
            blog={blog}
          />
        </Suspense>
      ) : null}
    </header>
  );
}
