/**
 * The content pages' only script (docs/decisions/024-content-page-islands.md): state, city and
 * blog pages are pre-rendered whole and need JavaScript for nothing but the top bar's menus, so
 * this hydrates the `<header>` alone, with React and without React Router. Links on these pages
 * are plain links: the next page loads as a document (pre-rendered, from the CDN).
 */
import { hydrateRoot } from 'react-dom/client';
import type { SiteNavigation } from './components/layout/nav-link';
import { SiteHeaderContent } from './components/layout/site-header';
import { closeOtherAnswers } from './components/sections/close-other-answers';
import { SITE_HEADER_ID, SITE_NAVIGATION_ID } from './shared/hydration/page-hydration';

const header = document.getElementById(SITE_HEADER_ID);
const navigation = document.getElementById(SITE_NAVIGATION_ID)?.textContent;
if (header && navigation) {
  hydrateRoot(
    header,
    <SiteHeaderContent
      navigation={JSON.parse(navigation) as SiteNavigation}
      pathname={window.location.pathname}
    />,
  );
}

// The FAQ's one-answer-open rule for browsers that predate exclusive <details name>: `toggle`
// does not bubble, so listen in the capture phase.
document.addEventListener(
  'toggle',
  (event) => {
    if (event.target instanceof HTMLDetailsElement) closeOtherAnswers(event.target);
  },
  true,
);
