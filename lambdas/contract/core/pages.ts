// No imports, so the site's path table bundles it without zod. The token rides in the fragment
// (`#t=…`), which never reaches a server: docs/decisions/020-signed-links.md.
export const LOOP_PAGE_PATHS = {
  operationsQuote: '/ops/quote',
  request: '/request',
} as const;

/** The hauler side's pages: `apply` is a content page; the others are shells behind signed links. */
export const HAULER_PAGE_PATHS = {
  apply: '/haulers',
  confirm: '/haulers/confirm',
  account: '/haulers/account',
  review: '/ops/hauler',
  /** The quote loop's quote page, for a hauler's offer link. */
  quote: '/haulers/quote',
  /** The accepted hauler's job page, behind their job link. */
  job: '/haulers/job',
} as const;

export const TOKEN_FRAGMENT_PARAM = 't';

export function tokenFromHash(hash: string): string | undefined {
  const value = new URLSearchParams(hash.replace(/^#/, '')).get(TOKEN_FRAGMENT_PARAM);
  return value === null || value === '' ? undefined : value;
}

/**
 * The part of a page an email's button is about (`#t=TOKEN&section=rate`): the page scrolls to it
 * and focuses its heading once loaded. A plain `#rate` fragment cannot work: the fragment already
 * holds the token, and the section is only rendered after the request has been read with it.
 */
export const SECTION_FRAGMENT_PARAM = 'section';

export const PAGE_SECTIONS = {
  /** The homeowner's request page: "Rate your hauler" (or the rating given). */
  rate: 'rate',
  /** The homeowner's request page: the disposal receipt. */
  receipt: 'receipt',
} as const;
export type PageSection = (typeof PAGE_SECTIONS)[keyof typeof PAGE_SECTIONS];

/** A signed link (`…#t=TOKEN`) that lands on `section` of its page. */
export function withSection(link: string, section: PageSection): string {
  return `${link}&${SECTION_FRAGMENT_PARAM}=${section}`;
}

export function sectionFromHash(hash: string): PageSection | undefined {
  const value = new URLSearchParams(hash.replace(/^#/, '')).get(SECTION_FRAGMENT_PARAM);
  return Object.values(PAGE_SECTIONS).find((section) => section === value);
}
