import { describe, expect, it } from 'vitest';
import { blogArticles } from './blog';
import { states } from './states';
import { LOAD_SIZES } from '#contract/booking/job-choices';
import {
  NATIONAL_RANGES,
  STATE_PRICING,
  estimateFor,
  formatRange,
  pricedStateFor,
} from '#contract/booking/pricing';

/** Every piece of a state's page copy that could make a price claim. */
const allCopy = (state: (typeof states)[number]) =>
  [
    state.tagline,
    state.metaDescription,
    state.intro.heading,
    state.intro.paragraph,
    ...state.faqs.flatMap((faq) => [faq.question, faq.answer]),
  ].join(' ');

const dollarFigures = (text: string): number[] =>
  [...text.matchAll(/\$(\d[\d,]*)/g)].map((m) => Number(m[1]!.replace(/,/g, '')));

/** '20-50% more' → [1.2, 1.5] */
const percentMore = (text: string): Array<[number, number]> =>
  [...text.matchAll(/(\d+)\s*[-–]\s*(\d+)%\s+more/g)].map((m) => [
    1 + Number(m[1]) / 100,
    1 + Number(m[2]) / 100,
  ]);

const estimates = (stateName: string) => LOAD_SIZES.map((size) => estimateFor(size, stateName));

describe('the pricing table against every state’s copy', () => {
  for (const state of states) {
    const copy = allCopy(state);
    const figures = dollarFigures(copy);
    const percents = percentMore(copy);

    if (figures.length > 0) {
      it(`${state.name}: the five sizes span exactly the copy’s $${Math.min(...figures)}-$${Math.max(...figures)}`, () => {
        const ranges = estimates(state.name);
        expect(ranges[0]!.low).toBe(Math.min(...figures));
        expect(ranges.at(-1)!.high).toBe(Math.max(...figures));
        for (const range of ranges) {
          expect(range.low).toBeGreaterThanOrEqual(Math.min(...figures));
          expect(range.high).toBeLessThanOrEqual(Math.max(...figures));
        }
      });
    } else if (percents.length > 0) {
      it(`${state.name}: every size costs the copy’s ${percents.map(([a, b]) => `${Math.round((a - 1) * 100)}-${Math.round((b - 1) * 100)}%`).join(', ')} more than the national range`, () => {
        for (const [least, most] of percents) {
          for (const size of LOAD_SIZES) {
            const national = NATIONAL_RANGES[size];
            const local = estimateFor(size, state.name);
            // Rounded to $5, so allow half a step either side.
            expect(local.low).toBeGreaterThanOrEqual(national.low * least - 2.5);
            expect(local.low).toBeLessThanOrEqual(national.low * most + 2.5);
            expect(local.high).toBeGreaterThanOrEqual(national.high * least - 2.5);
            expect(local.high).toBeLessThanOrEqual(national.high * most + 2.5);
            expect(local.low).toBeGreaterThan(national.low);
          }
        }
      });
    } else {
      it(`${state.name}: its copy names no price, so it gets the national ranges`, () => {
        expect(estimates(state.name)).toEqual(LOAD_SIZES.map((size) => NATIONAL_RANGES[size]));
      });
    }
  }

  it('has an entry for exactly the states whose copy makes a price claim, with their abbreviations', () => {
    const claiming = states.filter(
      (state) => dollarFigures(allCopy(state)).length > 0 || percentMore(allCopy(state)).length > 0,
    );
    expect(Object.keys(STATE_PRICING).sort()).toEqual(claiming.map((state) => state.name).sort());
    for (const state of claiming) {
      expect(STATE_PRICING[state.name]!.abbreviation).toBe(state.abbreviation);
    }
  });
});

describe('the national ranges', () => {
  it('are the published ranges per load, smallest to largest, each range rising', () => {
    expect(LOAD_SIZES.map((size) => formatRange(NATIONAL_RANGES[size]))).toEqual([
      '$75–$150',
      '$150–$250',
      '$250–$450',
      '$400–$650',
      '$550–$900',
    ]);
  });

  it('every state’s ranges rise with the load, and each low is below its high', () => {
    for (const state of states) {
      const ranges = estimates(state.name);
      for (const [i, range] of ranges.entries()) {
        expect(range.low).toBeLessThan(range.high);
        if (i > 0) {
          expect(range.low).toBeGreaterThan(ranges[i - 1]!.low);
          expect(range.high).toBeGreaterThan(ranges[i - 1]!.high);
        }
      }
    }
  });

  it('overlap the blog’s "typically $100 to $600": no invented claim beside it', () => {
    const blogFigures = blogArticles.flatMap((article) =>
      article.body.flatMap((block) =>
        dollarFigures(block.type === 'list' ? block.items.join(' ') : block.text),
      ),
    );
    expect(new Set(blogFigures)).toEqual(new Set([100, 600]));
    const national = LOAD_SIZES.map((size) => NATIONAL_RANGES[size]);
    // A few items starts at or below $100 and a full truck ends at or above $600.
    expect(national[0]!.low).toBeLessThanOrEqual(100);
    expect(national.at(-1)!.high).toBeGreaterThanOrEqual(600);
  });
});

describe('the State field picks the table', () => {
  it('reads full names and abbreviations in any case and spacing', () => {
    expect(pricedStateFor('Alabama')).toBe('Alabama');
    expect(pricedStateFor('  alabama ')).toBe('Alabama');
    expect(pricedStateFor('AL')).toBe('Alabama');
    expect(pricedStateFor('h.i.')).toBe('Hawaii');
    expect(pricedStateFor('Arizona')).toBeUndefined();
    expect(pricedStateFor('')).toBeUndefined();
  });

  it('formats ranges with an en dash and thousands separators', () => {
    expect(formatRange(estimateFor('half', 'Arizona'))).toBe('$250–$450');
    expect(formatRange(estimateFor('full', 'Alaska'))).toBe('$660–$1,350');
    expect(formatRange(estimateFor('few-items', 'Mississippi'))).toBe('$85–$105');
  });
});
