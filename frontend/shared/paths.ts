/**
 * Every route path of the site, built in one place: pages, links, the sitemap and the tests use
 * these builders instead of writing paths by hand.
 */
import { LOOP_PAGE_PATHS } from '#contract/pages';

export const QUOTE_FORM_ID = 'quote-form';

/** Arizona is the one state whose city links lead to city pages instead of the form. */
export const ARIZONA_SLUG = 'arizona';

export const paths = {
  home: '/',
  quoteForm: `/#${QUOTE_FORM_ID}`,
  homeWithZip: (zip: string) => `/?zip=${encodeURIComponent(zip)}`,
  state: (slug: string) => `/${slug}`,
  arizonaCity: (slug: string) => `/cities/${slug}`,
  blogArticle: (slug: string) => `/blog/${slug}`,
  /** Pre-rendered once; served for every unknown path with status 404. */
  notFound: '/404',
  /** The quote loop's pages: pre-rendered empty shells behind signed links; noindex, not in the sitemap. */
  operationsQuote: LOOP_PAGE_PATHS.operationsQuote,
  request: LOOP_PAGE_PATHS.request,
} as const;

/** 'Fort Lauderdale' → 'fort-lauderdale'. Used for state and city slugs. */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
