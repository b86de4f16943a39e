/**
 * How a page comes alive after its pre-rendered HTML (docs/decisions/024-content-page-islands.md,
 * docs/decisions/041-home-page-islands.md). A route module exports a handle naming its islands
 * when its page needs JavaScript only in those parts: the page is then pre-rendered without React
 * Router's scripts, and each island's small entry hydrates its part alone, so the page never
 * downloads the router. Any other page hydrates the whole app.
 */
import { createContext } from 'react';

/**
 * - `header`: the top bar's menus (frontend/entry.islands.tsx), started when the visitor comes to
 *   the top bar (decision 035);
 * - `quote-form`: the quote form (frontend/entry.quote-form.ts), hydrated when the visitor comes
 *   near it or touches it.
 */
export type IslandName = 'header' | 'quote-form';

export type PageHandle = { hydrate: 'app' } | { hydrate: 'islands'; islands: IslandName[] };

/** State, city and blog pages: nothing but the top bar needs JavaScript. */
export const HEADER_ISLAND_ONLY: PageHandle = { hydrate: 'islands', islands: ['header'] };

/** The home page: the top bar and the quote form, each on its own. */
export const HEADER_AND_QUOTE_FORM_ISLANDS: PageHandle = {
  hydrate: 'islands',
  islands: ['header', 'quote-form'],
};

/** The islands a page's route handles name, or null for a page that hydrates the app. */
export function pageIslands(handles: readonly unknown[]): IslandName[] | null {
  for (const handle of handles) {
    const page = handle as { hydrate?: unknown; islands?: IslandName[] } | undefined;
    if (page?.hydrate === 'islands' && page.islands) return page.islands;
  }
  return null;
}

/**
 * True while pre-rendering React Router's SPA fallback (`__spa-fallback.html`, the home path's
 * shell without its content, which the bench serves as its client-rendered baseline): that shell
 * renders no route, so it hydrates the app whatever the home route's handle says. Provided by
 * entry.server.tsx.
 */
export const SpaFallbackContext = createContext(false);

/** The `<header>` the header island hydrates into. */
export const SITE_HEADER_ID = 'site-header';
/** The JSON data block holding the top bar's lists on an islands page. */
export const SITE_NAVIGATION_ID = 'site-navigation';
/**
 * The attribute of the empty module script that marks an islands page, naming its islands
 * (`data-islands="header quote-form"`): postbuild replaces it with their deferred bootstrap.
 */
export const ISLANDS_SCRIPT_ATTRIBUTE = 'data-islands';
