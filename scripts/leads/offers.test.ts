import { describe, expect, it } from 'vitest';
import { formatDelay, offerLines } from './offers';
import { newLead } from '../../lambdas/shared/leads/lead-store';
import type { Lead } from '../../lambdas/shared/models/lead-model';
import { bookingRequest } from '../../test/support/testing-leads';

const BOOKED = new Date('2026-11-24T15:00:00.000Z');

describe('the offers of npm run leads -- show', () => {
  it('lists each offer with business, miles, round, time and email, and both delays from booking', () => {
    const lead = {
      ...newLead(bookingRequest(), BOOKED),
      offers: {
        '2': {
          haulerId: 'b',
          businessName: 'Mesa Junk Co',
          miles: 9.2,
          round: 1,
          sentAt: '2026-11-24T15:00:42.000Z',
        },
        '1': {
          haulerId: 'a',
          businessName: 'Desert Haul LLC',
          miles: 2.4,
          round: 1,
          sentAt: '2026-11-24T15:00:42.000Z',
        },
      },
      emails: { 'offer-1': 'sent' },
      firstOfferAt: '2026-11-24T15:00:42.000Z',
      firstQuoteAt: '2026-11-24T15:05:52.000Z',
    } as Lead;
    expect(offerLines(lead)).toEqual([
      '  first offer 2026-11-24T15:00:42.000Z (42 s after booking)',
      '  first quote 2026-11-24T15:05:52.000Z (5 min 52 s after booking)',
      '  offers     #1 Desert Haul LLC · 2.4 mi · round 1 · 2026-11-24T15:00:42.000Z · email sent',
      '             #2 Mesa Junk Co · 9.2 mi · round 1 · 2026-11-24T15:00:42.000Z · email not sent',
    ]);
  });

  it('says when nothing has been offered yet, and when the next run is due', () => {
    expect(offerLines(newLead(bookingRequest(), BOOKED))).toEqual([
      '  first offer not yet',
      '  first quote not yet',
      '  offers     none, next run due 2026-11-24T15:00:00.000Z',
    ]);
  });

  it.each([
    [0, '0 s'],
    [59.6, '1 min'],
    [600, '10 min'],
    [3600, '1 h'],
    [7380, '2 h 3 min'],
  ])('writes %d seconds as %s', (seconds, text) => {
    expect(formatDelay(seconds)).toBe(text);
  });
});
