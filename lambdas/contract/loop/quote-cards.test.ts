import { describe, expect, it } from 'vitest';
import {
  askedText,
  expiryMonth,
  haulerFactRows,
  offAsked,
  orderQuotes,
  quoteSubject,
  ratingLine,
} from './quote-cards';
import type { QuoteView } from './quote-loop';

const quote = (number: number, priceDollars: number, pickupDate = '2026-11-28'): QuoteView => ({
  number,
  from: 'hauler',
  state: 'live',
  priceDollars,
  pickupDate,
  pickupWindow: 'morning',
  hauler: `Hauler ${number}`,
  sentAt: '2026-11-26T10:00:00.000Z',
});

describe('the order quotes are compared in', () => {
  it('puts the lowest price first', () => {
    const ordered = orderQuotes([quote(1, 310), quote(2, 285), quote(3, 400)]);
    expect(ordered.map((q) => q.number)).toEqual([2, 1, 3]);
  });

  it('breaks a tie in price by the earlier pickup, then by the quote sent first', () => {
    const ordered = orderQuotes([
      quote(1, 285, '2026-11-29'),
      quote(3, 285, '2026-11-28'),
      quote(2, 285, '2026-11-28'),
    ]);
    expect(ordered.map((q) => q.number)).toEqual([2, 3, 1]);
  });

  it('leads with the quote an accept link is about, whatever its price, then the rest by price', () => {
    const ordered = orderQuotes([quote(1, 285), quote(2, 400), quote(3, 300)], 2);
    expect(ordered.map((q) => q.number)).toEqual([2, 1, 3]);
  });

  it('leaves the list it was given as it was', () => {
    const given = [quote(1, 310), quote(2, 285)];
    orderQuotes(given);
    expect(given.map((q) => q.number)).toEqual([1, 2]);
  });
});

describe('the flag on a quote for another day or window', () => {
  it('is raised for another window, another day, or both', () => {
    const asked = { date: '2026-11-28', window: 'afternoon' as const };
    expect(offAsked({ pickupDate: '2026-11-28', pickupWindow: 'morning' }, asked)).toBe('window');
    expect(offAsked({ pickupDate: '2026-11-29', pickupWindow: 'afternoon' }, asked)).toBe('day');
    expect(offAsked({ pickupDate: '2026-11-29', pickupWindow: 'morning' }, asked)).toBe('both');
  });

  it('is not raised for the day and window asked for, nor for what the homeowner left open', () => {
    const exact = { pickupDate: '2026-11-28', pickupWindow: 'morning' as const };
    expect(offAsked(exact, { date: '2026-11-28', window: 'morning' })).toBeUndefined();
    expect(offAsked(exact, { date: '2026-11-28' })).toBeUndefined();
    expect(offAsked(exact, { window: 'morning' })).toBeUndefined();
    expect(offAsked(exact, undefined)).toBeUndefined();
  });

  it('says what the homeowner asked for in the words of the page', () => {
    expect(askedText({ date: '2026-11-28', window: 'afternoon' })).toBe('Sat, Nov 28, afternoon');
    expect(askedText({ date: '2026-11-28' })).toBe('Sat, Nov 28, any time');
    expect(askedText({ window: 'morning' })).toBe('morning');
    expect(askedText({})).toBeUndefined();
  });
});

describe('who the hauler is', () => {
  it('writes the certificate’s expiry as its month', () => {
    expect(expiryMonth('2027-03-31')).toBe('March 2027');
    expect(expiryMonth('2026-12-01')).toBe('December 2026');
  });

  it('shows a rated hauler’s average and a new one as new', () => {
    expect(ratingLine({ kind: 'rated', average: 4.75, count: 12 })).toBe('★ 4.8 (12 ratings)');
    expect(ratingLine({ kind: 'new', count: 2 })).toBe('New: first jobs with us');
  });

  it('lists only the facts held, in the card’s order', () => {
    const rows = haulerFactRows({
      ...quote(1, 285),
      rating: { kind: 'new', count: 0 },
      haulerFacts: { insuredUntil: '2027-03-31', truck: 'dump-truck', miles: 1, jobsDone: 1 },
    });
    expect(rows).toEqual([
      { label: 'Insurance', value: 'Insured: certificate checked, expires March 2027' },
      { label: 'Truck', value: 'Dump truck' },
      { label: 'Distance', value: '1 mile from the pickup' },
      { label: 'Jobs done', value: '1 with us' },
      { label: 'Rating', value: 'New: first jobs with us' },
    ]);
    expect(haulerFactRows({ ...quote(1, 285), from: 'operations' })).toEqual([]);
  });

  it('says a hauler based in the pickup’s own ZIP code is, rather than 0 miles away', () => {
    const rows = haulerFactRows({ ...quote(1, 285), haulerFacts: { miles: 0 } });
    expect(rows).toEqual([{ label: 'Distance', value: 'Based in the pickup’s ZIP code' }]);
  });
});

describe('the quote email’s subject', () => {
  it('names the business, the price and the window', () => {
    const q = { ...quote(1, 285), hauler: 'Queen City Haul-Away' };
    expect(quoteSubject(q, '2026-11-26')).toBe('Queen City Haul-Away: $285, Sat morning');
    expect(quoteSubject(q, '2026-11-20')).toBe('Queen City Haul-Away: $285, Sat, Nov 28, morning');
  });
});
