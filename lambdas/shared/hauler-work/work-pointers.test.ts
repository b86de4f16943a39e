import { describe, expect, it } from 'vitest';
import { offerEndsAt, quotesListedSince, workPointersOf } from './work-pointers';
import { newLead } from '../leads/lead-store';
import type { Lead } from '../models/lead-model';
import type { StoredQuote } from '../models/quote-model';
import { bookingRequest } from '../../../test/support/testing-leads';

const NOW = new Date('2026-11-23T18:00:00Z');
const ME = 'hauler-me';
const OTHER = 'hauler-other';
const ENDS = '2026-11-25T18:00:00.000Z';

function lead(patch: Partial<Lead> = {}): Lead {
  const base = newLead(bookingRequest({ zipCode: '85001' }), NOW);
  return {
    ...base,
    offers: {
      '1': { haulerId: ME, businessName: 'Me', miles: 4, round: 1, sentAt: NOW.toISOString() },
      '2': {
        haulerId: OTHER,
        businessName: 'Other',
        miles: 6,
        round: 1,
        sentAt: NOW.toISOString(),
        endsAt: ENDS,
      },
    },
    offerCount: 2,
    ...patch,
  };
}

const quote = (
  number: number,
  haulerId: string,
  state: StoredQuote['state'],
  pickupDate = '2026-11-26',
): StoredQuote => ({
  number,
  from: 'hauler',
  state,
  priceDollars: 200 + number,
  pickupDate,
  pickupWindow: 'morning',
  hauler: haulerId,
  sentAt: `2026-11-23T18:0${number}:00.000Z`,
  haulerId,
  offer: haulerId === ME ? 1 : 2,
});

describe('the pointers a lead files for its haulers’ home pages', () => {
  it('files each open offer under its hauler, keyed by when it ends', () => {
    const id = lead().submissionId;
    expect(workPointersOf(lead({ submissionId: id }), NOW)).toEqual([
      { kind: 'offer', haulerId: ME, submissionId: id, endsAt: '2026-11-25T18:00:00.000Z' },
      { kind: 'offer', haulerId: OTHER, submissionId: id, endsAt: ENDS },
    ]);
  });

  it('ends an offer stored without an end as recording it does: offerHours after it was sent', () => {
    expect(offerEndsAt({ sentAt: NOW.toISOString() })).toBe('2026-11-25T18:00:00.000Z');
    expect(offerEndsAt({ sentAt: NOW.toISOString(), endsAt: ENDS })).toBe(ENDS);
  });

  it('files no offer that has ended, nor one on a lead no longer open', () => {
    expect(workPointersOf(lead(), new Date(ENDS))).toEqual([]);
    expect(workPointersOf(lead({ status: 'cancelled' }), NOW)).toEqual([]);
  });

  it('files a booked job and the quote that went elsewhere, keyed by their pickup day', () => {
    const booked = lead({
      status: 'accepted',
      quotes: [quote(1, ME, 'accepted', '2026-11-27'), quote(2, OTHER, 'closed')],
    });
    expect(workPointersOf(booked, NOW)).toEqual([
      { kind: 'quote', haulerId: ME, submissionId: booked.submissionId, pickupDate: '2026-11-27' },
      {
        kind: 'quote',
        haulerId: OTHER,
        submissionId: booked.submissionId,
        pickupDate: '2026-11-26',
      },
    ]);
  });

  it('files a quote in any state the page lists: waiting, declined, given up, cancelled', () => {
    for (const patch of [
      { quotes: [quote(1, ME, 'live')] },
      { quotes: [quote(1, ME, 'declined')] },
      { quotes: [quote(1, ME, 'withdrawn')] },
      { status: 'cancelled' as const, quotes: [quote(1, ME, 'accepted')] },
    ]) {
      const kinds = workPointersOf(lead(patch), NOW).filter((p) => p.haulerId === ME);
      expect(kinds.map((p) => p.kind)).toEqual(['quote']);
    }
  });

  it('files the latest revision’s day, once per hauler', () => {
    const revised = lead({
      quotes: [quote(1, ME, 'closed', '2026-11-26'), quote(3, ME, 'live', '2026-11-28')],
    });
    const mine = workPointersOf(revised, NOW).filter((p) => p.haulerId === ME);
    expect(mine).toEqual([expect.objectContaining({ kind: 'quote', pickupDate: '2026-11-28' })]);
  });

  it('files no quote whose pickup day the page no longer reads', () => {
    const since = quotesListedSince(NOW);
    expect(since).toBe('2026-10-23');
    const old = lead({ status: 'done', quotes: [quote(1, ME, 'accepted', '2026-10-22')] });
    expect(workPointersOf(old, NOW).filter((p) => p.haulerId === ME)).toEqual([]);
    const kept = lead({ status: 'done', quotes: [quote(1, ME, 'accepted', since)] });
    expect(workPointersOf(kept, NOW).filter((p) => p.haulerId === ME)).toHaveLength(1);
  });

  it('files a paused hauler’s work too, so it is listed when they resume', () => {
    // The page hides offers and quotes while a hauler takes no jobs; the pointers wait for it.
    const quoted = lead({ quotes: [quote(1, ME, 'live')] });
    expect(workPointersOf(quoted, NOW).some((p) => p.haulerId === ME)).toBe(true);
  });
});
