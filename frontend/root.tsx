import { type ReactNode, use, useCallback } from 'react';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  Link,
  isRouteErrorResponse,
  useLoaderData,
  useLocation,
  useMatches,
  useNavigate,
  useRouteError,
  useRouteLoaderData,
} from 'react-router';
import { blogArticles } from './content/blog';
import { states } from './content/states';
import type { SiteNavigation } from './components/layout/nav-link';
import { type FollowLink, FollowLinkContext } from './components/layout/link-list';
import { SiteFooter } from './components/layout/site-footer';
import { SiteHeader } from './components/layout/site-header';
import { type SiteLinkProps, SiteLinkContext } from './components/layout/site-link';
import {
  type IslandName,
  ISLANDS_SCRIPT_ATTRIBUTE,
  SITE_NAVIGATION_ID,
  SpaFallbackContext,
  pageIslands,
} from './shared/hydration/page-hydration';
import { paths } from './shared/paths';
import './app.css';

/**
 * Runs at build time only (ssr: false): the navigation's lists travel as data in each page, so
 * the client bundle never carries the states' copy.
 */
export function loader(): { navigation: SiteNavigation } {
  return {
    navigation: {
      states: states.map((state) => ({ label: state.name, path: paths.state(state.slug) })),
      blog: blogArticles.map((article) => ({
        label: article.title,
        path: paths.blogArticle(article.slug),
      })),
    },
  };
}

/**
 * An islands page is decided while pre-rendering only (docs/decisions/024 and 041): when the app
 * navigates to such a page on the client, it renders it as any other route.
 */
function usePrerenderedIslands(): IslandName[] | null {
  const handles = useMatches().map((match) => match.handle);
  const spaFallback = use(SpaFallbackContext);
  return import.meta.env.SSR && !import.meta.env.DEV && !spaFallback ? pageIslands(handles) : null;
}

/**
 * What an islands page has instead of React Router's scripts: the top bar's lists as a JSON data
 * block, and the empty module script, naming the page's islands, that postbuild turns into their
 * deferred bootstrap.
 */
function IslandScripts({ islands }: { islands: readonly IslandName[] }) {
  const data = useRouteLoaderData<typeof loader>('root');
  if (!data) return null;
  // `<` escaped so no text can close the script element.
  const json = JSON.stringify(data.navigation).replace(/</g, '\\u003c');
  return (
    <>
      <script
        type="application/json"
        id={SITE_NAVIGATION_ID}
        dangerouslySetInnerHTML={{ __html: json }}
      />
      <script type="module" {...{ [ISLANDS_SCRIPT_ATTRIBUTE]: islands.join(' ') }} />
    </>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const islands = usePrerenderedIslands();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#065f46" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col bg-white text-slate-900 antialiased">
        <a
          href="#main"
          className="sr-only z-50 rounded bg-white px-4 py-2 font-semibold text-emerald-800 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Skip to content
        </a>
        {children}
        {islands ? (
          <IslandScripts islands={islands} />
        ) : (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        )}
      </body>
    </html>
  );
}

/** The top bar's links in the app: client-side navigation. */
const renderRouterLink = (props: SiteLinkProps) => <Link {...props} />;

/**
 * A click on a link of a list that is not hydrated link by link (link-list.tsx): what React
 * Router's `Link` does with a click, which the link's own `Link` would have done.
 */
function useFollowLink(): FollowLink {
  const navigate = useNavigate();
  return useCallback(
    (event, link) => {
      const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
      if (event.defaultPrevented || event.button !== 0 || modified) return;
      if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return;
      if (link.origin !== window.location.origin) return;
      event.preventDefault();
      const to = `${link.pathname}${link.search}${link.hash}`;
      const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
      // As Link: a link to the page already shown replaces its history entry.
      void navigate(to, { replace: to === here });
    },
    [navigate],
  );
}

export default function App() {
  const { navigation } = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  const followLink = useFollowLink();
  return (
    <SiteLinkContext value={renderRouterLink}>
      <FollowLinkContext value={followLink}>
        <SiteHeader navigation={navigation} pathname={pathname} />
        <main id="main" className="flex-1 pt-16">
          <Outlet />
        </main>
        <SiteFooter navigation={navigation} />
      </FollowLinkContext>
    </SiteLinkContext>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const title = isRouteErrorResponse(error) ? `${error.status}` : 'Error';
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="text-4xl font-bold">{title}</h1>
      <p className="mt-4 text-lg">Something went wrong. Please try again.</p>
      <a className="mt-6 inline-block font-semibold text-emerald-800 underline" href="/">
        Return to Home
      </a>
    </main>
  );
}
