import { paths } from '../shared/paths';
import { arizonaCities } from './arizona-cities';
import { blogArticles } from './blog';
import { states } from './states';

/** The spec's public pages, in sitemap order. The 404 page is not one of them. */
export function publicPagePaths(): string[] {
  return [
    paths.home,
    ...states.map((state) => paths.state(state.slug)),
    ...arizonaCities.map((city) => paths.arizonaCity(city.slug)),
    ...blogArticles.map((article) => paths.blogArticle(article.slug)),
    paths.haulers,
  ];
}

/**
 * Pages behind signed links (the quote loop, the hauler side): pre-rendered as empty shells that read the token
 * from the URL fragment and fetch the request client-side. Never in the sitemap; noindex.
 */
export function privatePagePaths(): string[] {
  return [
    paths.operationsQuote,
    paths.request,
    paths.haulerConfirm,
    paths.haulerAccount,
    paths.haulerReview,
    paths.haulerQuote,
    paths.haulerJob,
  ];
}

/** What the build renders to static HTML: every public page, the private shells and the not-found page. */
export function allPrerenderPaths(): string[] {
  return [...publicPagePaths(), ...privatePagePaths(), paths.notFound];
}
