import { type RouteConfig, index, route } from '@react-router/dev/routes';
import { arizonaCities } from './content/arizona-cities';
import { blogArticles } from './content/blog';
import { states } from './content/states';
import { paths } from './shared/paths';

// One route per page rather than a `/:state` parameter: an unknown path then matches only the
// catch-all, so client-side navigation to it shows the 404 page instead of fetching missing data.
const withoutSlash = (path: string) => path.replace(/^\//, '');

export default [
  index('routes/home.tsx'),
  ...states.map((state) =>
    route(withoutSlash(paths.state(state.slug)), 'routes/state-page.tsx', {
      id: `state-${state.slug}`,
    }),
  ),
  ...arizonaCities.map((city) =>
    route(withoutSlash(paths.arizonaCity(city.slug)), 'routes/city-page.tsx', {
      id: `city-${city.slug}`,
    }),
  ),
  ...blogArticles.map((article) =>
    route(withoutSlash(paths.blogArticle(article.slug)), 'routes/blog-article.tsx', {
      id: `blog-${article.slug}`,
    }),
  ),
  // The quote loop's pages behind signed links (empty shells; data fetched with the token).
  route(withoutSlash(paths.operationsQuote), 'routes/operations-quote.tsx'),
  route(withoutSlash(paths.request), 'routes/request.tsx'),
  route(withoutSlash(paths.haulers), 'routes/haulers.tsx'),
  route(withoutSlash(paths.haulerConfirm), 'routes/hauler-confirm.tsx'),
  route(withoutSlash(paths.haulerAccount), 'routes/hauler-account.tsx'),
  route(withoutSlash(paths.haulerReview), 'routes/hauler-review.tsx'),
  route(withoutSlash(paths.haulerQuote), 'routes/hauler-quote.tsx'),
  route(withoutSlash(paths.haulerJob), 'routes/hauler-job.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
