/**
 * How a page comes alive after its pre-rendered HTML (docs/decisions/024-content-page-islands.md).
 * A route module exports `handle = HEADER_ISLAND_ONLY` when nothing on its page but the top bar
 * needs JavaScript: the page is then pre-rendered without React Router's scripts, and a small
 * entry hydrates the header alone, so the page never downloads the router. Any other page
 * hydrates the whole app as before.
 */
export interface PageHandle {
  hydrate: 'app' | 'header-island';
}

export const HEADER_ISLAND_ONLY: PageHandle = { hydrate: 'header-island' };

export function isHeaderIslandPage(handles: readonly unknown[]): boolean {
  return handles.some(
    (handle) => (handle as Partial<PageHandle> | undefined)?.hydrate === 'header-island',
  );
}

/** The `<header>` the island hydrates into. */
export const SITE_HEADER_ID = 'site-header';
/** The JSON data block holding the top bar's lists on a header-island page. */
export const SITE_NAVIGATION_ID = 'site-navigation';
/** The empty module script postbuild replaces with the island's deferred bootstrap. */
export const HEADER_ISLAND_SCRIPT_ATTRIBUTE = 'data-header-island';
