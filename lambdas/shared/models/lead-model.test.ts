import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { leadSchema, parseLead } from './lead-model';
import { StoredItemError } from '../runtime/stored-item';
import addressBeforeCorrections from '../../../test/fixtures/stored/lead-address-before-corrections.json';
import everyAttribute from '../../../test/fixtures/stored/lead-every-attribute.json';
import offersBeforeEnd from '../../../test/fixtures/stored/lead-offers-before-end.json';
import singleQuote from '../../../test/fixtures/stored/lead-single-quote.json';

const withoutKeys = ({ pk: _pk, sk: _sk, ...attributes }: Record<string, unknown>) => attributes;

let logged: ReturnType<typeof vi.spyOn>;
let written: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  written = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
});
afterEach(() => vi.restoreAllMocks());

describe('a stored lead', () => {
  it.each([
    ['with every attribute a writer sets today', everyAttribute],
    ['with offers from before offers ended (f674d33)', offersBeforeEnd],
    ['with an address from before corrections were counted (2ce8ceb)', addressBeforeCorrections],
  ])('%s reads as stored: nothing dropped, nothing filled in', (_, item) => {
    expect(parseLead(item)).toStrictEqual(withoutKeys(item));
  });

  it('has every attribute of the model in the example of today', () => {
    const stored = new Set(Object.keys(everyAttribute));
    expect(Object.keys(leadSchema.shape).filter((key) => !stored.has(key))).toEqual([]);
  });

  it('from before several quotes per request (fa442c6) reads its one quote as a live quote from operations', () => {
    const { quote, ...rest } = withoutKeys(singleQuote);
    expect(parseLead(singleQuote)).toStrictEqual({
      ...rest,
      quotes: [{ ...(quote as object), from: 'operations', state: 'live' }],
    });
  });

  it('keeps the list of quotes when it holds one beside an older single quote', () => {
    const item = { ...everyAttribute, quote: singleQuote.quote };
    expect(parseLead(item).quotes).toEqual(everyAttribute.quotes);
  });

  it('that is malformed is a StoredItemError naming its key and the attribute, logged and counted', () => {
    const item = {
      ...everyAttribute,
      job: { ...everyAttribute.job, receipt: { ...everyAttribute.job.receipt, key: 42 } },
    };
    const read = () => parseLead(item);
    expect(read).toThrow(StoredItemError);
    expect(read).toThrow(
      `Stored lead ${everyAttribute.pk} does not parse: job.receipt.key: expected string, received number`,
    );
    expect(logged).toHaveBeenCalledWith(expect.stringContaining(everyAttribute.pk));
    expect(written).toHaveBeenCalledWith(expect.stringContaining('"StoredItemsUnreadable":1'));
  });

  it('without the attributes every lead has since the first store is no lead', () => {
    const { request: _request, version: _version, ...item } = everyAttribute;
    expect(() => parseLead(item)).toThrow(/does not parse: request: .*; version: /);
  });

  it('reads attributes of another type as absent, where their readers always skipped them', () => {
    const item = {
      ...withoutKeys(everyAttribute),
      quoteCount: 'three',
      offerCycle: null,
      offersFrom: 7,
      firstQuoteAt: {},
      problems: 'none',
      reassignments: { haulerId: 'h-desert' },
      job: { quote: '3' },
      pickupAddress: { accessNotes: 'no street' },
      decision: 'accepted',
      cancellation: { at: '2026-11-26T10:00:00.000Z', closedQuotes: [1, 'two', 3] },
      quotes: [...everyAttribute.quotes, { state: 'live' }, null],
      offers: { ...everyAttribute.offers, x: everyAttribute.offers['1'], '4': { miles: 1 } },
    };
    const lead = parseLead(item);
    for (const skipped of [
      'quoteCount',
      'offerCycle',
      'offersFrom',
      'firstQuoteAt',
      'problems',
      'reassignments',
      'job',
      'pickupAddress',
      'decision',
    ]) {
      expect(lead, skipped).not.toHaveProperty(skipped);
    }
    expect(lead.cancellation?.closedQuotes).toEqual([1, 3]);
    expect(lead.quotes).toEqual(everyAttribute.quotes);
    expect(lead.offers).toEqual(everyAttribute.offers);
  });

  it('from before questions before hiring (issue 40) reads with no questions', () => {
    expect(offersBeforeEnd).not.toHaveProperty('questions');
    expect(parseLead(offersBeforeEnd)).not.toHaveProperty('questions');
    expect(parseLead({ ...everyAttribute, questions: 'none' })).not.toHaveProperty('questions');
  });

  it('keeps each question with its offer, text and answer, and refuses one without its hauler', () => {
    expect(parseLead(everyAttribute).questions).toEqual(everyAttribute.questions);
    const { haulerId: _haulerId, ...nameless } = everyAttribute.questions[0]!;
    expect(() => parseLead({ ...everyAttribute, questions: [nameless] })).toThrow(
      /questions\.0\.haulerId: expected string/,
    );
  });

  it('reads an offers attribute that is no object as no offers', () => {
    expect(parseLead({ ...everyAttribute, offers: 'none' }).offers).toEqual({});
  });
});
