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
