import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { SITE_HEADER_ID } from '../../shared/hydration/page-hydration';
import { paths } from '../../shared/paths';
import { SITE_NAME } from '../../shared/site';
import type * as DesktopMenusCode from './desktop/desktop-menus';
import { MOBILE_MENU_ID, MobileMenu, useMobileMenu } from './mobile-menu';
import {
  NativeDropdowns,
  continueInRealMenu,
  readNativeDropdowns,
  whenNoPressIsUnderWay,
} from './native-dropdowns';
import type { SiteNavigation } from './nav-link';
import { SiteLink } from './site-link';
import { DESKTOP_MEDIA_QUERY, useMediaQuery } from './use-media-query';

type DesktopMenusModule = typeof DesktopMenusCode;

/**
 * The desktop dropdowns (Headless UI Menu: arrow keys, typeahead, hover) load only where the
 * desktop bar is shown: a phone never downloads them (docs/decisions/011-code-split-navigation.md).
 * Until they arrive, native popovers stand in and work on their own. The swap happens in one
 * task, carrying over what the visitor was doing with them: an open list, the focus
 * (docs/decisions/026-controls-before-script.md).
 */
function useDesktopMenus(desktop: boolean): DesktopMenusModule | null {
  const [desktopMenus, setDesktopMenus] = useState<DesktopMenusModule | null>(null);
  useEffect(() => {
    if (!desktop || desktopMenus) return;
    let cancelled = false;
    void import('./desktop/desktop-menus').then((module) =>
      whenNoPressIsUnderWay(() => {
        if (cancelled) return;
        // Read before React replaces the native dropdowns.
        const state = readNativeDropdowns();
        flushSync(() => setDesktopMenus(module));
        continueInRealMenu(state);
      }),
    );
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
  const desktop = useMediaQuery(DESKTOP_MEDIA_QUERY);
  const desktopMenus = useDesktopMenus(desktop);
  const menuRef = useRef<HTMLDivElement>(null);
  const mobileOpen = useMobileMenu(menuRef, pathname, desktop);

  return (
    <>
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
            <NativeDropdowns states={states} blog={blog} />
          )}
        </div>
        {/* The browser opens the menu itself (popovertarget), with or without the script. */}
        <button
          type="button"
          popoverTarget={MOBILE_MENU_ID}
          className="rounded p-2 text-slate-800 focus-visible:outline-2 focus-visible:outline-emerald-700 md:hidden"
          aria-expanded={mobileOpen}
          aria-controls={MOBILE_MENU_ID}
        >
          <span className="sr-only">Open menu</span>
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6 stroke-current" fill="none">
            <path d="M4 7h16M4 12h16M4 17h16" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </nav>
      <MobileMenu menuRef={menuRef} states={states} blog={blog} />
    </>
  );
}
