import { describe, expect, it } from 'vitest';
import { placeOf, sortWork, workEntry } from './hauler-work';
import { newLead } from '../leads/lead-store';
import type { Lead } from '../models/lead-model';
import type { StoredQuote } from '../models/quote-model';
import { bookingRequest } from '../../../test/support/testing-leads';

const NOW = new Date('2026-11-23T18:00:00Z');
const ME = 'hauler-me';
const OTHER = 'hauler-other';

function lead(patch: Partial<Lead> = {}, request = {}): Lead {
  const base = newLead(bookingRequest({ zipCode: '85001', loadSize: 'half', ...request }), NOW);
  return {
    ...base,
    offers: {
      '1': {
        haulerId: ME,
        businessName: 'Me',
        miles: 4,
        round: 1,
        sentAt: NOW.toISOString(),
        endsAt: '2026-11-25T18:00:00.000Z',
      },
      '2': {
        haulerId: OTHER,
        businessName: 'Other',
        miles: 6,
        round: 1,
        sentAt: NOW.toISOString(),
      },
    },
    offerCount: 2,
    ...patch,
  };
}

const quote = (number: number, haulerId: string, state: StoredQuote['state']): StoredQuote => ({
  number,
  from: 'hauler',
  state,
  priceDollars: 200 + number,
  pickupDate: '2026-11-26',
  pickupWindow: 'morning',
  hauler: haulerId,
  sentAt: `2026-11-23T18:0${number}:00.000Z`,
  haulerId,
  offer: haulerId === ME ? 1 : 2,
});

describe('what a lead is on a hauler’s home page', () => {
  it('is an open offer with its distance and estimate until the hauler quotes', () => {
    expect(workEntry(lead(), ME, NOW, true)).toMatchObject({
      kind: 'offers',
      offer: 1,
      item: { miles: 4, load: expect.stringMatching(/^Half truck · est\. \$/) as unknown },
    });
  });

  it('is nothing once the offer has ended unquoted, or to a hauler never offered it', () => {
    expect(workEntry(lead(), ME, new Date('2026-11-26T00:00:00Z'), true)).toBeUndefined();
    expect(workEntry(lead(), 'stranger', NOW, true)).toBeUndefined();
  });

  it('is a quote that says what became of it', () => {
    const status = { status: 'accepted' as const };
    const elsewhere = lead({
      ...status,
      quotes: [quote(1, ME, 'closed'), quote(2, OTHER, 'accepted')],
    });
    expect(workEntry(elsewhere, ME, NOW, true)?.item).toMatchObject({ outcome: 'went-elsewhere' });
    const cancelled = lead({ status: 'cancelled', quotes: [quote(1, ME, 'closed')] });
    expect(workEntry(cancelled, ME, NOW, true)?.item).toMatchObject({ outcome: 'cancelled' });
    const cancelledBooked = lead({ status: 'cancelled', quotes: [quote(1, ME, 'accepted')] });
    expect(workEntry(cancelledBooked, ME, NOW, true)).toMatchObject({
      kind: 'quotes',
      item: { outcome: 'cancelled-booked' },
    });
  });

  it('is a booked job only while the accepted quote is the hauler’s, and kept when they pause', () => {
    const booked = lead({
      status: 'accepted',
      quotes: [quote(1, ME, 'accepted'), quote(2, OTHER, 'closed')],
    });
    expect(workEntry(booked, ME, NOW, false)).toMatchObject({ kind: 'booked', offer: 1 });
    expect(workEntry(booked, OTHER, NOW, true)?.kind).toBe('quotes');
  });

  it('lists no offer or quote of a hauler who takes no jobs now', () => {
    expect(workEntry(lead(), ME, NOW, false)).toBeUndefined();
    expect(workEntry(lead({ quotes: [quote(1, ME, 'live')] }), ME, NOW, false)).toBeUndefined();
  });

  it('shows the place without any contact the homeowner typed into it', () => {
    const typed = lead({}, { city: 'Phoenix call 602-555-0100', state: 'Arizona' });
    expect(placeOf(typed)).not.toContain('555');
    expect(placeOf(typed)).toMatch(/^85001 · Phoenix/);
  });

  it('sorts booked jobs by their pickup, the next first', () => {
    const at = (pickupDate: string) =>
      lead({ status: 'accepted', quotes: [{ ...quote(1, ME, 'accepted'), pickupDate }] });
    const lists = sortWork([at('2026-11-28'), at('2026-11-26')], ME, NOW, true);
    expect(lists.booked.map((entry) => entry.item.pickupDate)).toEqual([
      '2026-11-26',
      '2026-11-28',
    ]);
  });
});
