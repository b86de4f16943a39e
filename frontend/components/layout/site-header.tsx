import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { SITE_HEADER_ID } from '../../shared/page-hydration';
import { paths } from '../../shared/paths';
import { SITE_NAME } from '../../shared/site';
import { ChevronDownIcon } from '../icons/chevron-down';
import type * as DesktopMenusCode from './desktop-menus';
import {
  EARLY_MENU_INTENT_SCRIPT,
  PLACEHOLDER_ATTRIBUTE,
  menuButtonClass,
  replayMenuIntent,
} from './menu-button';
import type { SiteNavigation } from './nav-link';
import { SiteLink } from './site-link';
import { DESKTOP_MEDIA_QUERY, useMediaQuery } from './use-media-query';

type DesktopMenusModule = typeof DesktopMenusCode;

// The full-screen menu (Headless UI Dialog and Disclosure) is only needed once someone taps the
// toggle, so its code stays out of every page's first load; intent to tap starts the download.
const loadMobileMenu = () => import('./mobile-menu');
const MobileMenu = lazy(() => loadMobileMenu().then((module) => ({ default: module.MobileMenu })));

/**
 * What the dropdown buttons look like before their code has arrived (and in the raw HTML). They
 * have no handlers of their own: the inline script records a click, Enter or Space on them, and
 * the real menu replays it when it mounts.
 */
function MenuButtonPlaceholders() {
  return (
    <>
      {['States', 'Blog'].map((label) => (
        <div key={label}>
          <button
            type="button"
            aria-haspopup="menu"
            aria-expanded="false"
            className={menuButtonClass}
            {...{ [PLACEHOLDER_ATTRIBUTE]: label }}
          >
            {label}
            <ChevronDownIcon />
          </button>
        </div>
      ))}
    </>
  );
}

/**
 * The desktop dropdowns (Headless UI Menu) load only where the desktop bar is shown: a phone
 * never downloads them (docs/decisions/011-code-split-navigation.md). They are not React.lazy:
 * a Suspense fallback would remount the placeholders (losing focus), and the swap must happen in
 * one task with the replay of what the visitor did meanwhile (decision 014).
 */
function useDesktopMenus(): DesktopMenusModule | null {
  const desktop = useMediaQuery(DESKTOP_MEDIA_QUERY);
  const [desktopMenus, setDesktopMenus] = useState<DesktopMenusModule | null>(null);
  useEffect(() => {
    if (!desktop || desktopMenus) return;
    let cancelled = false;
    void import('./desktop-menus').then((module) => {
      if (cancelled) return;
      // Read before React replaces the placeholders: which one holds the keyboard focus.
      const focused = document.activeElement?.getAttribute(PLACEHOLDER_ATTRIBUTE) ?? null;
      flushSync(() => setDesktopMenus(module));
      replayMenuIntent(focused);
    });
    return () => {
      cancelled = true;
    };
  }, [desktop, desktopMenus]);
  return desktopMenus;
}

export interface SiteHeaderProps {
  navigation: SiteNavigation;
  /** The page's path: the mobile menu is open only on the page it was opened on. */
  pathname: string;
}

/** The spec's fixed top bar: home link, Home, States and Blog dropdowns, mobile toggle. */
export function SiteHeader(props: SiteHeaderProps) {
  return (
    <header
      id={SITE_HEADER_ID}
      className="fixed inset-x-0 top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur"
    >
      <SiteHeaderContent {...props} />
    </header>
  );
}

/**
 * Everything inside the `<header>` element: on content pages the header island hydrates exactly
 * this into the pre-rendered `<header>` (frontend/entry.islands.tsx).
 */
export function SiteHeaderContent({ navigation: { states, blog }, pathname }: SiteHeaderProps) {
  const desktopMenus = useDesktopMenus();
  // The menu is open only on the page it was opened on, so any navigation (a link, the back
  // button) leaves it closed.
  const [openOnPath, setOpenOnPath] = useState<string | null>(null);
  const mobileOpen = openOnPath === pathname;
  // Once loaded, the menu stays mounted so it can close (and return focus) like any dialog.
  const [menuLoaded, setMenuLoaded] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);

  return (
    <>
      {/* Before the buttons, so it listens from the moment they are painted. */}
      <script dangerouslySetInnerHTML={{ __html: EARLY_MENU_INTENT_SCRIPT }} />
      <nav
        aria-label="Main"
        className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4"
      >
        <SiteLink to={paths.home} className="text-lg font-bold text-emerald-900">
          {SITE_NAME}
        </SiteLink>
        <div className="hidden items-center gap-4 md:flex">
          <SiteLink
            to={paths.home}
            className="rounded px-2 py-1 font-medium text-slate-800 hover:text-emerald-800"
          >
            Home
          </SiteLink>
          {desktopMenus ? (
            <desktopMenus.DesktopMenus states={states} blog={blog} />
          ) : (
            <MenuButtonPlaceholders />
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
    </>
  );
}
