import { describe, expect, it } from 'vitest';
import { findArizonaCity } from './arizona';
import { arizonaCities } from './arizona-cities';
import { blogArticles } from './blog';
import { mainFaq } from './main-faq';
import { allPrerenderPaths, publicPagePaths } from './site-pages';
import { whyChooseUs } from './why-choose-us';

describe('the other pages content', () => {
  it('has the six main FAQ entries', () => {
    expect(mainFaq).toHaveLength(6);
    const text = mainFaq.map((f) => `${f.question} ${f.answer}`).join(' ');
    for (const topic of [
      'same day',
      'furniture',
      'asbestos',
      'flat-rate',
      'licensed',
      '50 states',
    ]) {
      expect(text.toLowerCase()).toContain(topic);
    }
  });

  it('has the five Arizona city pages, each joined to a city of Arizona with its ZIP', () => {
    expect(arizonaCities.map((c) => c.slug)).toEqual([
      'phoenix',
      'tucson',
      'mesa',
      'scottsdale',
      'chandler',
    ]);
    for (const copy of arizonaCities) {
      const page = findArizonaCity(copy.slug);
      expect(page?.name.toLowerCase()).toBe(copy.slug);
      expect(page?.zip).toMatch(/^\d{5}$/);
      expect(copy.intro.paragraph).toContain(page!.name);
    }
    expect(findArizonaCity('nowhere')).toBeUndefined();
  });

  it("has the two blog articles with the spec's titles, dates and reading times", () => {
    expect(
      blogArticles.map((a) => [a.slug, a.title, a.dateDisplay, a.datePublished, a.readingTime]),
    ).toEqual([
      [
        'bulk-trash-vs-junk-removal',
        'Bulk Trash vs Junk Removal',
        'January 15, 2025',
        '2025-01-15',
        '5 min read',
      ],
      [
        'preparing-for-bulk-trash-pickup',
        'Preparing for Bulk Trash Pickup',
        'January 22, 2025',
        '2025-01-22',
        '6 min read',
      ],
    ]);
  });

  it("gives the blog's advice on photos and price", () => {
    const text = blogArticles
      .flatMap((a) => a.body)
      .map((b) => (b.type === 'list' ? b.items.join(' ') : b.text))
      .join(' ');
    expect(text).toMatch(/at least 2 photos/i);
    expect(text).toContain('$100 to $600');
  });

  it('has six Why Choose Us items', () => {
    expect(whyChooseUs).toHaveLength(6);
  });

  it('lists 59 public pages (the spec’s 58 and /haulers) and pre-renders them plus the 404 page', () => {
    const pages = publicPagePaths();
    expect(pages).toHaveLength(59);
    expect(new Set(pages).size).toBe(59);
    expect(pages).toContain('/haulers');
    expect(pages).toContain('/alabama');
    expect(pages).toContain('/cities/chandler');
    expect(pages).toContain('/blog/preparing-for-bulk-trash-pickup');
    // The shells behind signed links are pre-rendered too, never listed (privatePagePaths).
    expect(allPrerenderPaths()).toEqual([
      ...pages,
      '/ops/quote',
      '/request',
      '/haulers/confirm',
      '/haulers/account',
      '/ops/hauler',
      '/haulers/quote',
      '/haulers/job',
      '/404',
    ]);
  });
});
