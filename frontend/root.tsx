import type { ReactNode } from 'react';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLoaderData,
  useRouteError,
} from 'react-router';
import { blogArticles } from './content/blog';
import { states } from './content/states';
import type { SiteNavigation } from './components/layout/nav-link';
import { SiteFooter } from './components/layout/site-footer';
import { SiteHeader } from './components/layout/site-header';
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

export function Layout({ children }: { children: ReactNode }) {
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
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  const { navigation } = useLoaderData<typeof loader>();
  return (
    <>
      <SiteHeader navigation={navigation} />
      <main id="main" className="flex-1 pt-16">
        <Outlet />
      </main>
      <SiteFooter navigation={navigation} />
    </>
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
