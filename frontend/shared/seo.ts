import type { MetaDescriptor } from 'react-router';
import type { Faq } from '../content/types';
import { HERO_IMAGE } from './hero-image';
import { SITE_NAME, absoluteUrl } from './site';

export const HERO_IMAGE_PATH = HERO_IMAGE.fallback;

interface PageMetaInput {
  title: string;
  description: string;
  /** The page's path, e.g. '/alabama'. */
  path: string;
  type?: 'website' | 'article';
  jsonLd?: readonly object[];
  noindex?: boolean;
}

/** Title, description, canonical URL, Open Graph, Twitter card and JSON-LD for one page. */
export function pageMeta({
  title,
  description,
  path,
  type = 'website',
  jsonLd = [],
  noindex = false,
}: PageMetaInput): MetaDescriptor[] {
  const url = absoluteUrl(path);
  return [
    { title },
    { name: 'description', content: description },
    ...(noindex
      ? [{ name: 'robots', content: 'noindex' }]
      : [{ tagName: 'link', rel: 'canonical', href: url }]),
    { property: 'og:type', content: type },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: absoluteUrl(HERO_IMAGE_PATH) },
    { name: 'twitter:card', content: 'summary_large_image' },
    ...jsonLd.map((data) => ({ 'script:ld+json': data })),
  ];
}

export function faqPageJsonLd(faqs: readonly Faq[]): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: faqs.map((faq) => ({
      '@type': 'Question',
      name: faq.question,
      acceptedAnswer: { '@type': 'Answer', text: faq.answer },
    })),
  };
}

export function breadcrumbJsonLd(items: readonly { name: string; path: string }[]): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      item: absoluteUrl(item.path),
    })),
  };
}

export function organizationJsonLd(): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: SITE_NAME,
    url: absoluteUrl('/'),
    logo: absoluteUrl('/favicon.svg'),
  };
}

export function serviceJsonLd(description: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    serviceType: 'Bulk trash and junk removal',
    name: 'Nationwide Bulk Trash Pickup',
    description,
    provider: { '@type': 'Organization', name: SITE_NAME, url: absoluteUrl('/') },
    areaServed: { '@type': 'Country', name: 'United States' },
  };
}

export function articleJsonLd(article: {
  title: string;
  description: string;
  path: string;
  datePublished: string;
}): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: article.title,
    description: article.description,
    datePublished: article.datePublished,
    dateModified: article.datePublished,
    mainEntityOfPage: absoluteUrl(article.path),
    image: absoluteUrl(HERO_IMAGE_PATH),
    author: { '@type': 'Organization', name: SITE_NAME },
    publisher: { '@type': 'Organization', name: SITE_NAME, url: absoluteUrl('/') },
  };
}
