// No imports, so the site bundles it without zod. The token rides in the fragment (decision 020).
export const LOOP_PAGE_PATHS = {
  operationsQuote: '/ops/quote',
  request: '/request',
} as const;

export const HAULER_PAGE_PATHS = {
  apply: '/haulers',
  confirm: '/haulers/confirm',
  account: '/haulers/account',
  review: '/ops/hauler',
  quote: '/haulers/quote',
  job: '/haulers/job',
} as const;

export const TOKEN_FRAGMENT_PARAM = 't';

export function tokenFromHash(hash: string): string | undefined {
  const value = new URLSearchParams(hash.replace(/^#/, '')).get(TOKEN_FRAGMENT_PARAM);
  return value === null || value === '' ? undefined : value;
}

// `#t=TOKEN&section=rate`: a plain `#rate` cannot work, the fragment holds the token and the
// section renders only once the request has been read with it.
export const SECTION_FRAGMENT_PARAM = 'section';

export const PAGE_SECTIONS = {
  address: 'address',
  rate: 'rate',
  receipt: 'receipt',
  /** A failed hold's "Update your card" (decision 060). */
  card: 'card',
} as const;
export type PageSection = (typeof PAGE_SECTIONS)[keyof typeof PAGE_SECTIONS];

export function withSection(link: string, section: PageSection): string {
  return `${link}&${SECTION_FRAGMENT_PARAM}=${section}`;
}

export function sectionFromHash(hash: string): PageSection | undefined {
  const value = new URLSearchParams(hash.replace(/^#/, '')).get(SECTION_FRAGMENT_PARAM);
  return Object.values(PAGE_SECTIONS).find((section) => section === value);
}
