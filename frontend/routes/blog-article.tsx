import { Link } from 'react-router';
import { blogArticles } from '../content/blog';
import { blogCta } from '../content/marketing';
import type { ArticleBlock } from '../content/types';
import { primaryButtonClass } from '../components/sections/quote-link';
import { paths } from '../shared/paths';
import { slugFromRequest } from '../shared/request-slug';
import { articleJsonLd, breadcrumbJsonLd, pageMeta } from '../shared/seo';
import { SITE_NAME } from '../shared/site';
import type { Route } from './+types/blog-article';
import { HEADER_ISLAND_ONLY } from '../shared/hydration/page-hydration';

export function loader({ request }: Route.LoaderArgs) {
  const slug = slugFromRequest(request);
  const article = blogArticles.find((a) => a.slug === slug);
  if (!article) throw new Response('Not Found', { status: 404 });
  // The two articles link to each other.
  const others = blogArticles
    .filter((a) => a.slug !== slug)
    .map((a) => ({ title: a.title, summary: a.summary, path: paths.blogArticle(a.slug) }));
  return { article, others };
}

/** Nothing here but the top bar needs JavaScript: the page never loads the router. */
export const handle = HEADER_ISLAND_ONLY;

export function meta({ loaderData }: Route.MetaArgs) {
  const { article } = loaderData;
  const path = paths.blogArticle(article.slug);
  return pageMeta({
    title: `${article.title} | ${SITE_NAME} Blog`,
    description: article.metaDescription,
    path,
    type: 'article',
    jsonLd: [
      articleJsonLd({
        title: article.title,
        description: article.metaDescription,
        path,
        datePublished: article.datePublished,
      }),
      breadcrumbJsonLd([
        { name: 'Home', path: paths.home },
        { name: article.title, path },
      ]),
    ],
  });
}

function Block({ block }: { block: ArticleBlock }) {
  switch (block.type) {
    case 'heading':
      return (
        <h2 className="mt-10 text-2xl font-bold tracking-tight text-slate-900">{block.text}</h2>
      );
    case 'list':
      return (
        <ul className="mt-4 list-disc space-y-2 pl-6 text-lg text-slate-700">
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      );
    case 'paragraph':
      return <p className="mt-4 text-lg leading-relaxed text-slate-700">{block.text}</p>;
  }
}

export default function BlogArticlePage({ loaderData }: Route.ComponentProps) {
  const { article, others } = loaderData;
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <header>
        <p className="text-sm font-semibold tracking-wide text-emerald-800 uppercase">Blog</p>
        <h1 className="mt-2 text-4xl font-extrabold tracking-tight text-slate-900">
          {article.title}
        </h1>
        <p className="mt-3 text-slate-600">
          <time dateTime={article.datePublished}>{article.dateDisplay}</time>
          <span aria-hidden="true"> · </span>
          <span>{article.readingTime}</span>
        </p>
        <p className="mt-6 text-xl leading-relaxed text-slate-800">{article.summary}</p>
      </header>
      {article.body.map((block, index) => (
        <Block key={index} block={block} />
      ))}
      <footer className="mt-12 rounded-xl bg-emerald-50 p-6 text-center">
        <Link to={paths.quoteForm} className={primaryButtonClass}>
          {blogCta}
        </Link>
      </footer>
      <aside aria-labelledby="more-heading" className="mt-12 border-t border-slate-200 pt-8">
        <h2 id="more-heading" className="text-xl font-bold">
          Keep reading
        </h2>
        <ul className="mt-4 space-y-4">
          {others.map((other) => (
            <li key={other.path}>
              <Link
                to={other.path}
                className="text-lg font-semibold text-emerald-800 hover:underline"
              >
                {other.title}
              </Link>
              <p className="text-slate-700">{other.summary}</p>
            </li>
          ))}
        </ul>
      </aside>
    </article>
  );
}
