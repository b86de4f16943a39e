import { describe, expect, it } from 'vitest';
import { breadcrumbJsonLd, faqPageJsonLd, pageMeta } from './seo';

describe('pageMeta', () => {
  it('gives a page its title, description, canonical URL, Open Graph tags and JSON-LD', () => {
    const meta = pageMeta({
      title: 'Alabama Bulk Trash Pickup',
      description: 'Junk pickup in Alabama.',
      path: '/alabama',
      jsonLd: [faqPageJsonLd([{ question: 'Q?', answer: 'A.' }])],
    });
    expect(meta).toContainEqual({ title: 'Alabama Bulk Trash Pickup' });
    expect(meta).toContainEqual({ name: 'description', content: 'Junk pickup in Alabama.' });
    expect(meta).toContainEqual({
      tagName: 'link',
      rel: 'canonical',
      href: 'http://localhost:3000/alabama',
    });
    expect(meta).toContainEqual({ property: 'og:url', content: 'http://localhost:3000/alabama' });
    expect(meta).toContainEqual({
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'FAQPage',
        mainEntity: [
          { '@type': 'Question', name: 'Q?', acceptedAnswer: { '@type': 'Answer', text: 'A.' } },
        ],
      },
    });
  });

  it('marks a page noindex instead of canonical when asked', () => {
    const meta = pageMeta({ title: '404', description: 'Not found.', path: '/404', noindex: true });
    expect(meta).toContainEqual({ name: 'robots', content: 'noindex' });
    expect(meta.some((m) => 'rel' in m && m.rel === 'canonical')).toBe(false);
  });
});

describe('breadcrumbJsonLd', () => {
  it('numbers the trail from 1 with absolute URLs', () => {
    expect(
      breadcrumbJsonLd([
        { name: 'Home', path: '/' },
        { name: 'Arizona', path: '/arizona' },
      ]),
    ).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { position: 1, name: 'Home', item: 'http://localhost:3000/' },
        { position: 2, name: 'Arizona', item: 'http://localhost:3000/arizona' },
      ],
    });
  });
});
