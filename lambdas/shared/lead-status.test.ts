import { describe, expect, it } from 'vitest';
import { allowed, decide } from './lead-status';
import type { LeadEvent } from './lead-status';
import { LOOP_LIMITS, LOOP_MESSAGES } from '#contract/quote-loop';
import type { LeadStatus } from '#contract/quote-loop';

const TODAY = '2026-11-23';

describe('the status machine', () => {
  it('quotes a received request', () => {
    expect(decide('quote', { status: 'received' }, { today: TODAY })).toEqual({
      kind: 'change',
      from: 'received',
      to: 'quoted',
    });
  });

  it('lets operations replace the quote of a quoted request', () => {
    expect(decide('quote', { status: 'quoted', quoteNumber: 1 }, { today: TODAY })).toMatchObject({
      kind: 'change',
      to: 'quoted',
    });
  });

  it('refuses a replacement once the request has had its limit of quotes', () => {
    const limit = LOOP_LIMITS.quotesPerRequest;
    expect(
      decide('quote', { status: 'quoted', quoteNumber: limit - 1 }, { today: TODAY }).kind,
    ).toBe('change');
    expect(decide('quote', { status: 'quoted', quoteNumber: limit }, { today: TODAY })).toEqual({
      kind: 'refuse',
      message: LOOP_MESSAGES.tooManyQuotes,
    });
  });

  it.each([
    ['cancelled', LOOP_MESSAGES.quoteCancelled],
    ['accepted', LOOP_MESSAGES.quoteAccepted],
    ['declined', LOOP_MESSAGES.quoteDeclined],
  ] as const)('refuses a quote for a %s request with a message', (status, message) => {
    expect(decide('quote', { status, quoteNumber: 1 }, { today: TODAY })).toEqual({
      kind: 'refuse',
      message,
    });
  });

  it('accepts and declines only a quoted request, for the current quote', () => {
    const quoted = { status: 'quoted' as const, quoteNumber: 2 };
    expect(decide('accept', quoted, { today: TODAY, quoteNumber: 2 })).toMatchObject({
      kind: 'change',
      to: 'accepted',
    });
    expect(decide('decline', quoted, { today: TODAY, quoteNumber: 2 })).toMatchObject({
      kind: 'change',
      to: 'declined',
    });
    expect(decide('accept', quoted, { today: TODAY, quoteNumber: 1 })).toEqual({
      kind: 'refuse',
      message: LOOP_MESSAGES.quoteReplaced,
    });
    expect(decide('accept', { status: 'received' }, { today: TODAY, quoteNumber: 1 })).toEqual({
      kind: 'refuse',
      message: LOOP_MESSAGES.notQuotedYet,
    });
  });

  it('treats a second acceptance of the same quote as already done, not as a new change', () => {
    expect(
      decide('accept', { status: 'accepted', quoteNumber: 1 }, { today: TODAY, quoteNumber: 1 }),
    ).toEqual({
      kind: 'already',
      status: 'accepted',
    });
    expect(
      decide('decline', { status: 'declined', quoteNumber: 1 }, { today: TODAY, quoteNumber: 1 }),
    ).toEqual({
      kind: 'already',
      status: 'declined',
    });
  });

  it('refuses to decline an accepted quote or accept a declined one', () => {
    expect(
      decide('decline', { status: 'accepted', quoteNumber: 1 }, { today: TODAY, quoteNumber: 1 }),
    ).toEqual({
      kind: 'refuse',
      message: LOOP_MESSAGES.alreadyAccepted,
    });
    expect(
      decide('accept', { status: 'declined', quoteNumber: 1 }, { today: TODAY, quoteNumber: 1 }),
    ).toEqual({
      kind: 'refuse',
      message: LOOP_MESSAGES.alreadyDeclined,
    });
  });

  it.each(['received', 'quoted'] as const)('cancels a %s request', (status) => {
    expect(
      decide('cancel', { status, quoteNumber: 1, pickupDate: TODAY }, { today: TODAY }),
    ).toMatchObject({
      kind: 'change',
      to: 'cancelled',
    });
  });

  it('cancels an accepted request before its pickup date, not on or after it', () => {
    const accepted = (pickupDate: string) => ({
      status: 'accepted' as const,
      quoteNumber: 1,
      pickupDate,
    });
    expect(decide('cancel', accepted('2026-11-24'), { today: TODAY }).kind).toBe('change');
    expect(decide('cancel', accepted(TODAY), { today: TODAY })).toEqual({
      kind: 'refuse',
      message: LOOP_MESSAGES.cancelTooLate,
    });
    expect(decide('cancel', accepted('2026-11-20'), { today: TODAY }).kind).toBe('refuse');
  });

  it('treats cancelling twice as done and refuses to cancel a declined request', () => {
    expect(decide('cancel', { status: 'cancelled' }, { today: TODAY })).toEqual({
      kind: 'already',
      status: 'cancelled',
    });
    expect(decide('cancel', { status: 'declined', quoteNumber: 1 }, { today: TODAY })).toEqual({
      kind: 'refuse',
      message: LOOP_MESSAGES.cancelClosed,
    });
  });

  it('never changes a cancelled request', () => {
    for (const event of ['quote', 'accept', 'decline', 'cancel'] as LeadEvent[]) {
      expect(
        decide(event, { status: 'cancelled', quoteNumber: 1 }, { today: TODAY, quoteNumber: 1 })
          .kind,
      ).not.toBe('change');
    }
  });

  it('offers exactly the buttons each status allows', () => {
    const offered = (status: LeadStatus) =>
      (['quote', 'accept', 'decline', 'cancel'] as LeadEvent[]).filter((event) =>
        allowed(
          event,
          { status, quoteNumber: status === 'received' ? undefined : 1, pickupDate: '2026-12-01' },
          TODAY,
        ),
      );
    expect(offered('received')).toEqual(['quote', 'cancel']);
    expect(offered('quoted')).toEqual(['quote', 'accept', 'decline', 'cancel']);
    expect(offered('accepted')).toEqual(['cancel']);
    expect(offered('declined')).toEqual([]);
    expect(offered('cancelled')).toEqual([]);
  });
});
