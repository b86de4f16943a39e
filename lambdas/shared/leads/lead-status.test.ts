import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allowed, decide, quotesAfter } from './lead-status';
import type { LeadEvent, LeadFacts, QuoteFact, QuoteSender } from './lead-status';
import { LOOP_LIMITS, LOOP_MESSAGES } from '#contract/loop/quote-loop';
import type { LeadStatus, QuoteState } from '#contract/loop/quote-loop';

const TODAY = '2026-11-23';
const OPS: QuoteSender = { from: 'operations' };
const hauler = (id: string): QuoteSender => ({ from: 'hauler', haulerId: id });

function q(
  number: number,
  state: QuoteState,
  sender: QuoteSender = OPS,
  pickupDate = '2026-12-01',
) {
  return {
    number,
    state,
    pickupDate,
    ...(sender.from === 'hauler'
      ? { from: 'hauler' as const, haulerId: sender.haulerId }
      : { from: 'operations' as const }),
  };
}

function facts(status: LeadStatus, quotes: QuoteFact[] = [], quoteCount?: number): LeadFacts {
  return { status, quotes, quoteCount: quoteCount ?? Math.max(0, ...quotes.map((x) => x.number)) };
}

describe('the status machine with several quotes', () => {
  it('quotes a received request', () => {
    expect(decide('quote', facts('received'), { today: TODAY, sender: OPS })).toEqual({
      kind: 'change',
      from: 'received',
      to: 'quoted',
    });
  });

  it('lets operations replace their own quote, and a hauler add its own beside it', () => {
    const quoted = facts('quoted', [q(1, 'live')]);
    expect(decide('quote', quoted, { today: TODAY, sender: OPS })).toEqual({
      kind: 'change',
      from: 'quoted',
      to: 'quoted',
      target: 1,
    });
    expect(decide('quote', quoted, { today: TODAY, sender: hauler('h1') })).toEqual({
      kind: 'change',
      from: 'quoted',
      to: 'quoted',
    });
  });

  it('holds at most 5 live quotes, but lets a sender with a live quote revise it', () => {
    const full = facts(
      'quoted',
      Array.from({ length: LOOP_LIMITS.quotesPerRequest }, (_, i) =>
        q(i + 1, 'live', hauler(`h${i}`)),
      ),
    );
    expect(decide('quote', full, { today: TODAY, sender: hauler('newcomer') })).toEqual({
      kind: 'refuse',
      message: LOOP_MESSAGES.tooManyQuotes,
    });
    expect(decide('quote', full, { today: TODAY, sender: hauler('h2') })).toMatchObject({
      kind: 'change',
      target: 3,
    });
  });

  it('refuses any quote once the request has emailed its limit of quotes and revisions', () => {
    const cap = LOOP_LIMITS.quoteEmailsPerRequest;
    expect(decide('quote', facts('quoted', [q(cap - 1, 'live')]), { today: TODAY }).kind).toBe(
      'change',
    );
    expect(decide('quote', facts('quoted', [q(cap, 'live')]), { today: TODAY })).toEqual({
      kind: 'refuse',
      message: LOOP_MESSAGES.quoteEmailsExhausted,
    });
  });

  it.each([
    ['cancelled', LOOP_MESSAGES.quoteCancelled],
    ['accepted', LOOP_MESSAGES.quoteAccepted],
    ['declined', LOOP_MESSAGES.quoteDeclined],
  ] as const)('refuses an operations quote for a %s request with a message', (status, message) => {
    expect(decide('quote', facts(status, [q(1, 'closed')]), { today: TODAY })).toEqual({
      kind: 'refuse',
      message,
    });
  });

  it('tells a hauler whether the job became theirs, went elsewhere, or closed', () => {
    const accepted = facts('accepted', [
      q(1, 'accepted', hauler('a')),
      q(2, 'closed', hauler('b')),
    ]);
    expect(decide('quote', accepted, { today: TODAY, sender: hauler('a') })).toEqual({
      kind: 'refuse',
      message: LOOP_MESSAGES.yourQuoteAccepted,
    });
    expect(decide('quote', accepted, { today: TODAY, sender: hauler('b') })).toEqual({
      kind: 'refuse',
      message: LOOP_MESSAGES.wentElsewhere,
    });
    expect(
      decide('quote', facts('declined', [q(1, 'declined')]), { today: TODAY, sender: hauler('c') }),
    ).toEqual({ kind: 'refuse', message: LOOP_MESSAGES.requestClosed });
    expect(
      decide('quote', facts('quoted', [q(1, 'declined', hauler('d')), q(2, 'live')]), {
        today: TODAY,
        sender: hauler('d'),
      }),
    ).toEqual({ kind: 'refuse', message: LOOP_MESSAGES.yourQuoteDeclined });
  });

  it.each(['accepted', 'on-the-way', 'done'] as const)(
    'refuses every quote to a booked job, %s: it never goes back to quoted',
    (status) => {
      const booked = facts(status, [q(1, 'accepted', hauler('a')), q(2, 'closed', hauler('b'))]);
      const answers = [OPS, hauler('a'), hauler('b'), hauler('c')].map((sender) =>
        decide('quote', booked, { today: TODAY, sender }),
      );
      expect(answers).toEqual([
        { kind: 'refuse', message: LOOP_MESSAGES.quoteAccepted },
        { kind: 'refuse', message: LOOP_MESSAGES.yourQuoteAccepted },
        { kind: 'refuse', message: LOOP_MESSAGES.wentElsewhere },
        { kind: 'refuse', message: LOOP_MESSAGES.wentElsewhere },
      ]);
      expect(allowed('quote', booked, TODAY, { sender: OPS })).toBe(false);
    },
  );

  it('accepts one live quote and closes every other live one', () => {
    const quotes = [q(1, 'live', hauler('a')), q(2, 'live', hauler('b')), q(3, 'declined')];
    const decision = decide('accept', facts('quoted', quotes), { today: TODAY, quoteNumber: 2 });
    expect(decision).toEqual({ kind: 'change', from: 'quoted', to: 'accepted', target: 2 });
    if (decision.kind !== 'change') throw new Error('expected a change');
    expect(quotesAfter('accept', quotes, decision).map((x) => x.state)).toEqual([
      'closed',
      'accepted',
      'declined',
    ]);
  });

  it('answers a replaced quote, an unquoted request and a second acceptance in words', () => {
    const quoted = facts('quoted', [q(2, 'live')]);
    expect(decide('accept', quoted, { today: TODAY, quoteNumber: 1 })).toEqual({
      kind: 'refuse',
      message: LOOP_MESSAGES.quoteReplaced,
    });
    expect(decide('accept', facts('received'), { today: TODAY, quoteNumber: 1 })).toEqual({
      kind: 'refuse',
      message: LOOP_MESSAGES.notQuotedYet,
    });
    const accepted = facts('accepted', [q(1, 'closed', hauler('a')), q(2, 'accepted')]);
    expect(decide('accept', accepted, { today: TODAY, quoteNumber: 2 })).toEqual({
      kind: 'already',
      status: 'accepted',
    });
    expect(decide('accept', accepted, { today: TODAY, quoteNumber: 1 })).toEqual({
      kind: 'refuse',
      message: LOOP_MESSAGES.acceptedAnother,
    });
    expect(decide('decline', accepted, { today: TODAY, quoteNumber: 2 })).toEqual({
      kind: 'refuse',
      message: LOOP_MESSAGES.alreadyAccepted,
    });
  });

  it('declines one quote and keeps the request quoted while another is live', () => {
    const two = facts('quoted', [q(1, 'live', hauler('a')), q(2, 'live')]);
    expect(decide('decline', two, { today: TODAY, quoteNumber: 1 })).toEqual({
      kind: 'change',
      from: 'quoted',
      to: 'quoted',
      target: 1,
    });
    const last = facts('quoted', [q(1, 'declined', hauler('a')), q(2, 'live')]);
    expect(decide('decline', last, { today: TODAY, quoteNumber: 2 })).toMatchObject({
      to: 'declined',
    });
    expect(decide('decline', last, { today: TODAY, quoteNumber: 1 })).toEqual({
      kind: 'already',
      status: 'quoted',
    });
    expect(decide('accept', last, { today: TODAY, quoteNumber: 1 })).toEqual({
      kind: 'refuse',
      message: LOOP_MESSAGES.alreadyDeclined,
    });
  });

  it('cancels an accepted request before the accepted quote’s pickup date, not on or after it', () => {
    const accepted = (pickupDate: string) =>
      facts('accepted', [
        q(1, 'closed', hauler('a'), '2026-11-20'),
        q(2, 'accepted', OPS, pickupDate),
      ]);
    expect(decide('cancel', accepted('2026-11-24'), { today: TODAY }).kind).toBe('change');
    expect(decide('cancel', accepted(TODAY), { today: TODAY })).toEqual({
      kind: 'refuse',
      message: LOOP_MESSAGES.cancelTooLate,
    });
  });

  it('refuses to cancel online once the hauler is on the way or the job is done, whatever the date', () => {
    for (const status of ['on-the-way', 'done'] as const) {
      expect(decide('cancel', facts(status, [q(1, 'accepted')]), { today: TODAY })).toEqual({
        kind: 'refuse',
        message: LOOP_MESSAGES.cancelUnderWay,
      });
    }
  });

  it('treats cancelling twice as done, refuses to cancel a declined request, and closes live quotes', () => {
    expect(decide('cancel', facts('cancelled'), { today: TODAY })).toEqual({
      kind: 'already',
      status: 'cancelled',
    });
    expect(decide('cancel', facts('declined', [q(1, 'declined')]), { today: TODAY })).toEqual({
      kind: 'refuse',
      message: LOOP_MESSAGES.cancelClosed,
    });
    const quotes = [q(1, 'live'), q(2, 'declined', hauler('a'))];
    const decision = decide('cancel', facts('quoted', quotes), { today: TODAY });
    if (decision.kind !== 'change') throw new Error('expected a change');
    expect(quotesAfter('cancel', quotes, decision).map((x) => x.state)).toEqual([
      'closed',
      'declined',
    ]);
  });

  it('offers exactly the buttons each status allows', () => {
    const offered = (status: LeadStatus, quotes: QuoteFact[]) =>
      (['quote', 'accept', 'decline', 'cancel'] as LeadEvent[]).filter((event) =>
        allowed(event, facts(status, quotes), TODAY, { quoteNumber: 1 }),
      );
    expect(offered('received', [])).toEqual(['quote', 'cancel']);
    expect(offered('quoted', [q(1, 'live')])).toEqual(['quote', 'accept', 'decline', 'cancel']);
    expect(offered('accepted', [q(1, 'accepted')])).toEqual(['cancel']);
    expect(offered('declined', [q(1, 'declined')])).toEqual([]);
    expect(offered('cancelled', [q(1, 'closed')])).toEqual([]);
  });
});

describe('any sequence of quotes, answers and cancellations', () => {
  const senders = [
    OPS,
    hauler('a'),
    hauler('b'),
    hauler('c'),
    hauler('d'),
    hauler('e'),
    hauler('f'),
  ];
  const step = fc.record({
    event: fc.constantFrom<LeadEvent>('quote', 'quote', 'accept', 'decline', 'cancel'),
    sender: fc.integer({ min: 0, max: senders.length - 1 }),
    pick: fc.integer({ min: 0, max: 20 }),
  });

  it('keeps at most one accepted quote, at most 5 live ones, and a status that matches them', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        let state = facts('received');
        for (const { event, sender, pick } of steps) {
          const from = senders[sender]!;
          const quoteNumber = state.quotes[pick % Math.max(1, state.quotes.length)]?.number ?? 1;
          const decision = decide(event, state, { today: TODAY, sender: from, quoteNumber });
          if (decision.kind !== 'change') continue;
          const number = state.quoteCount + 1;
          const quotes = quotesAfter(
            event,
            state.quotes,
            decision,
            event === 'quote' ? q(number, 'live', from) : undefined,
          );
          state = {
            status: decision.to,
            quotes,
            quoteCount: event === 'quote' ? number : state.quoteCount,
          };
          const live = quotes.filter((x) => x.state === 'live').length;
          expect(quotes.filter((x) => x.state === 'accepted').length).toBeLessThanOrEqual(1);
          expect(live).toBeLessThanOrEqual(LOOP_LIMITS.quotesPerRequest);
          expect(state.quoteCount).toBeLessThanOrEqual(LOOP_LIMITS.quoteEmailsPerRequest);
          if (state.status === 'quoted') expect(live).toBeGreaterThan(0);
          if (state.status === 'accepted') {
            expect(live).toBe(0);
            expect(quotes.some((x) => x.state === 'accepted')).toBe(true);
          }
          // One slot per sender: never two quotes from the same one that are live.
          const liveSenders = quotes
            .filter((x) => x.state === 'live')
            .map((x) => x.haulerId ?? 'ops');
          expect(new Set(liveSenders).size).toBe(liveSenders.length);
        }
      }),
    );
  });
});
