/**
 * The pages section 1 measures (scripts/bench/pages.ts), with the budgets each is held to, and
 * those measured on the earlier build too when the bench is given one.
 */
import type { PAGE_TYPES } from './first-load-js';

export interface PageSpec {
  name: keyof typeof PAGE_TYPES;
  path: string;
  /**
   * Whether search engines may index it. The not-found page answers 404 with `noindex` on purpose:
   * the performance, best-practices and SEO budgets are held on indexable pages only.
   */
  indexable: boolean;
  /**
   * Opened through a signed link the bench makes (`measurePages`' `links`), not at `path` alone:
   * the page as its reader sees it, with their data.
   */
  signedLink?: true;
  /** First-load JS budget, compressed: the home page carries the quote form. */
  jsBudgetKb?: number;
  /**
   * Main-thread work at the class's 4x (the calibrated slowdown), issue 23's budgets: the home
   * page and the pages that hydrate the app 1.2 s (the home page keeps its budget as an islands
   * page, decision 041), content pages, which hydrate their top bar only, 0.6 s.
   */
  mainThreadBudgetMs: number;
}

export const PAGES: readonly PageSpec[] = [
  { name: 'home', path: '/', indexable: true, jsBudgetKb: 160, mainThreadBudgetMs: 1200 },
  { name: 'state', path: '/alabama', indexable: true, jsBudgetKb: 110, mainThreadBudgetMs: 600 },
  { name: 'Arizona', path: '/arizona', indexable: true, jsBudgetKb: 110, mainThreadBudgetMs: 600 },
  {
    name: 'Arizona city',
    path: '/cities/phoenix',
    indexable: true,
    jsBudgetKb: 110,
    mainThreadBudgetMs: 600,
  },
  {
    name: 'blog article',
    path: '/blog/bulk-trash-vs-junk-removal',
    indexable: true,
    jsBudgetKb: 110,
    mainThreadBudgetMs: 600,
  },
  // The application form hydrates with the app (the home page's quote form is an island of its
  // own, decision 041).
  {
    name: 'haulers',
    path: '/haulers',
    indexable: true,
    jsBudgetKb: 160,
    mainThreadBudgetMs: 1200,
  },
  // A page behind a signed link: the app's shell, noindex; opened without a token it hydrates
  // and answers that the link is not valid, with no request to the API.
  { name: 'request (signed link)', path: '/request', indexable: false, mainThreadBudgetMs: 1200 },
  // The same page opened from the homeowner's "View your request" link once a quote has come
  // (quoted-request.ts): their request, the quote to accept, the status.
  {
    name: 'request with a quote (signed link)',
    path: '/request#t=…',
    indexable: false,
    signedLink: true,
    mainThreadBudgetMs: 1200,
  },
  { name: 'not found', path: '/no-such-page', indexable: false, mainThreadBudgetMs: 1200 },
];

/** The pages measured on the earlier build too, when the bench is given one (`--before`). */
export const BEFORE_PAGES: readonly PageSpec['name'][] = [
  'home',
  'state',
  'blog article',
  'haulers',
  'request (signed link)',
];
