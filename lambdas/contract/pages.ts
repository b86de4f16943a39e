/**
 * Where the quote loop's signed links land, and how they carry the token. No imports, so the
 * site's path table (frontend/shared/paths.ts) can use it without bundling any schema.
 *
 * The pages are pre-rendered empty shells; the token travels in the URL fragment (`#t=…`), which
 * browsers never send to a server, never put in a Referer header and CloudFront never logs.
 */
export const LOOP_PAGE_PATHS = {
  operationsQuote: '/ops/quote',
  request: '/request',
} as const;

export const TOKEN_FRAGMENT_PARAM = 't';

/** The token in a location hash such as '#t=abc', or undefined. */
export function tokenFromHash(hash: string): string | undefined {
  const value = new URLSearchParams(hash.replace(/^#/, '')).get(TOKEN_FRAGMENT_PARAM);
  return value === null || value === '' ? undefined : value;
}
