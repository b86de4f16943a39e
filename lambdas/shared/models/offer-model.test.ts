import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { leadOfferSchema, leadOffers, offerNumbered, offersAgain } from './offer-model';
import { parseLead } from './lead-model';
import { StoredItemError } from '../runtime/stored-item';
import everyAttribute from '../../../test/fixtures/stored/lead-every-attribute.json';
import offersBeforeEnd from '../../../test/fixtures/stored/lead-offers-before-end.json';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
});
afterEach(() => vi.restoreAllMocks());

describe('a stored offer', () => {
  it('of today reads as stored, its end included', () => {
    const offer = everyAttribute.offers['3'];
    expect(z.parse(leadOfferSchema, offer)).toStrictEqual(offer);
  });

  it('from before offers ended (f674d33) reads without an end', () => {
    const lead = parseLead(offersBeforeEnd);
    expect(offerNumbered(lead, 1)).toStrictEqual(offersBeforeEnd.offers['1']);
    expect(offerNumbered(lead, 1)).not.toHaveProperty('endsAt');
  });

  it('that is malformed makes its lead a StoredItemError naming the lead and the offer', () => {
    const offers = { ...everyAttribute.offers, '2': { ...everyAttribute.offers['2'], miles: '9' } };
    const read = () => parseLead({ ...everyAttribute, offers });
    expect(read).toThrow(StoredItemError);
    expect(read).toThrow(
      `Stored lead ${everyAttribute.pk} does not parse: offers.2.miles: expected number, received string`,
    );
  });
});

describe('the offers of a lead', () => {
  it('list by number, lowest first, and find one by its number only', () => {
    const lead = parseLead({
      ...everyAttribute,
      offers: { '10': everyAttribute.offers['1'], ...everyAttribute.offers },
    });
    expect(leadOffers(lead).map(([number]) => number)).toEqual([1, 2, 3, 10]);
    expect(offerNumbered(lead, 3)?.sentAt).toBe(everyAttribute.offers['3'].sentAt);
    expect(offerNumbered(lead, 4)).toBeUndefined();
    expect(offerNumbered({}, 1)).toBeUndefined();
  });

  it('start a new cycle from the one the lead is in', () => {
    const now = new Date('2026-11-28T10:00:00.000Z');
    expect(offersAgain(parseLead(everyAttribute), now)).toEqual({
      offerCycle: 2,
      offersFrom: now.toISOString(),
      dueAt: now.toISOString(),
      dueShard: 'due',
    });
    expect(offersAgain(parseLead(offersBeforeEnd), now)).toMatchObject({ offerCycle: 1 });
  });
});
