/**
 * Every route path of the site, built in one place: pages, links, the sitemap and the tests use
 * these builders instead of writing paths by hand.
 */
import { HAULER_PAGE_PATHS, LOOP_PAGE_PATHS } from '#contract/core/pages';
import { QUOTE_FORM_ID } from './quote-form-id';

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
  /** "Haul with us": a public content page with the application form. */
  haulers: HAULER_PAGE_PATHS.apply,
  /** The hauler side's pages behind signed links: shells like the quote loop's. */
  haulerConfirm: HAULER_PAGE_PATHS.confirm,
  haulerAccount: HAULER_PAGE_PATHS.account,
  haulerReview: HAULER_PAGE_PATHS.review,
  /** The quote page for a hauler's offer link. */
  haulerQuote: HAULER_PAGE_PATHS.quote,
  haulerJob: HAULER_PAGE_PATHS.job,
} as const;

/** 'Fort Lauderdale' → 'fort-lauderdale'. Used for state and city slugs. */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
