import { paths } from '../shared/paths';
import { arizonaCities } from './arizona-cities';
import { blogArticles } from './blog';
import { states } from './states';

/** The public pages of SPEC §2, in sitemap order. The 404 page is not one of them. */
export function publicPagePaths(): string[] {
  return [
    paths.home,
    ...states.map((state) => paths.state(state.slug)),
    ...arizonaCities.map((city) => paths.arizonaCity(city.slug)),
    ...blogArticles.map((article) => paths.blogArticle(article.slug)),
  ];
}

/** What the build renders to static HTML: every public page, plus the not-found page. */
export function allPrerenderPaths(): string[] {
  return [...publicPagePaths(), paths.notFound];
}
