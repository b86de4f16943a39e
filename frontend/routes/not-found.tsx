import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { notFound } from '../content/marketing';
import { paths } from '../shared/paths';
import { pageMeta } from '../shared/seo';
import { SITE_NAME } from '../shared/site';

export function meta() {
  return pageMeta({
    title: `Page Not Found | ${SITE_NAME}`,
    description:
      'The page you are looking for does not exist. Return to the home page to request a free bulk trash pickup quote.',
    path: paths.notFound,
    noindex: true,
  });
}

/**
 * The catch-all route. It renders (rather than throws) so the build can pre-render it once as
 * 404.html; servers answer every unknown path with that file and status 404.
 */
export default function NotFound() {
  const { pathname } = useLocation();
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', pathname);
  }, [pathname]);
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center">
      <h1 className="text-6xl font-extrabold text-slate-900">{notFound.heading}</h1>
      <p className="mt-4 text-xl text-slate-700">{notFound.text}</p>
      <Link to={paths.home} className="mt-8 font-semibold text-emerald-800 underline">
        {notFound.link}
      </Link>
    </section>
  );
}
