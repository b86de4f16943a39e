import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseLead } from './lead-model';
import { quoteSchema } from './quote-model';
import { StoredItemError } from '../runtime/stored-item';
import everyAttribute from '../../../test/fixtures/stored/lead-every-attribute.json';
import singleQuote from '../../../test/fixtures/stored/lead-single-quote.json';
import * as z from 'zod/mini';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
});
afterEach(() => vi.restoreAllMocks());

describe('a stored quote', () => {
  it.each(everyAttribute.quotes.map((quote) => [quote.number, quote] as const))(
    'number %i of today reads as stored',
    (_, quote) => {
      expect(z.parse(quoteSchema, quote)).toStrictEqual(quote);
    },
  );

  it('from before several quotes per request reads as live, from operations', () => {
    expect(z.parse(quoteSchema, singleQuote.quote)).toStrictEqual({
      ...singleQuote.quote,
      from: 'operations',
      state: 'live',
    });
  });

  it('that is malformed makes its lead a StoredItemError naming the lead and the quote', () => {
    const quotes = [everyAttribute.quotes[0], { ...everyAttribute.quotes[1], state: 'maybe' }];
    const read = () => parseLead({ ...everyAttribute, quotes });
    expect(read).toThrow(StoredItemError);
    expect(read).toThrow(
      `Stored lead ${everyAttribute.pk} does not parse: quotes.1.state: expected "live" | "accepted" | "declined" | "closed" | "withdrawn"`,
    );
  });
});
