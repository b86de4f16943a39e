import { describe, expect, it } from 'vitest';
import { at, iso, money } from '../../../test/support/testing-money-machine';
import type { StoredPayment } from '../models/payment-model';
import { cardUpdateEvents } from './card-update';
import { holdFailureOverdue, moneyState, step } from './money-machine';
import type { MoneyEvent } from './money-machine';
import { PAYMENT_TERMS, cardUpdateReturnOf } from '#contract/money/payments';

const holdDue: MoneyEvent = { type: 'hold-due', captureBy: iso(24) };
const failed = (hold: number, hours: number): MoneyEvent => ({
  type: 'hold-failed',
  key: `job_j1:hold:${hold}`,
  at: iso(hours),
  code: 'card_declined',
  declineCode: 'generic_decline',
});
const NEW_CARD = { customerId: 'cus_1', paymentMethodId: 'pm_2' };
const run = (state: StoredPayment, events: MoneyEvent[]) =>
  events.reduce((next, event) => step(next, event).state, state);

describe('a card updated after a failed hold', () => {
  const holdFailed = money(holdDue, failed(1, -96));

  it('saves the new card and asks for the hold at once, lasting past the earliest capture', () => {
    const update = cardUpdateEvents(holdFailed, NEW_CARD, at(-90));
    expect(update).toEqual({
      kind: 'events',
      events: [
        { type: 'card-saved', ...NEW_CARD },
        { type: 'hold-due', captureBy: iso(PAYMENT_TERMS.objectionHours) },
      ],
    });
    const next = update.kind === 'events' ? run(holdFailed, update.events) : holdFailed;
    expect(moneyState(next)).toBe('holding');
    expect(next.holds.at(-1)).toMatchObject({ number: 2, status: 'requested', card: NEW_CARD });
  });

  it('runs once: the same session again asks for nothing more, held or declined again', () => {
    const first = cardUpdateEvents(holdFailed, NEW_CARD, at(-90));
    const asked = first.kind === 'events' ? run(holdFailed, first.events) : holdFailed;
    expect(cardUpdateEvents(asked, NEW_CARD, at(-89))).toEqual({ kind: 'events', events: [] });
    const declinedAgain = run(asked, [failed(2, -90)]);
    expect(moneyState(declinedAgain)).toBe('hold-failed');
    expect(cardUpdateEvents(declinedAgain, NEW_CARD, at(-89))).toEqual({
      kind: 'events',
      events: [],
    });
  });

  it('finishes the hold when only the new card was stored before (a crash in between)', () => {
    const cardOnly = run(holdFailed, [{ type: 'card-saved', ...NEW_CARD }]);
    expect(moneyState(cardOnly)).toBe('hold-failed');
    expect(cardUpdateEvents(cardOnly, NEW_CARD, at(-90))).toEqual({
      kind: 'events',
      events: [{ type: 'hold-due', captureBy: iso(PAYMENT_TERMS.objectionHours) }],
    });
  });

  it('refuses a card of another customer', () => {
    const other = { customerId: 'cus_9', paymentMethodId: 'pm_9' };
    expect(cardUpdateEvents(holdFailed, other, at(-90))).toEqual({ kind: 'foreign' });
  });

  it('asks for no hold when the job no longer waits for a card (cancelled meanwhile)', () => {
    const cancelled = run(holdFailed, [{ type: 'cancelled', at: iso(-90) }]);
    expect(cardUpdateEvents(cancelled, NEW_CARD, at(-89))).toEqual({
      kind: 'events',
      events: [{ type: 'card-saved', ...NEW_CARD }],
    });
  });

  it('tells operations nothing after 12 hours once the new card’s hold is placed', () => {
    const update = cardUpdateEvents(holdFailed, NEW_CARD, at(-90));
    const asked = update.kind === 'events' ? run(holdFailed, update.events) : holdFailed;
    const held = run(asked, [
      { type: 'hold-placed', key: 'job_j1:hold:2', intentId: 'pi_2', captureBefore: iso(24) },
    ]);
    expect(moneyState(held)).toBe('held');
    const later = iso(-96 + PAYMENT_TERMS.holdFailureEscalationHours + 1);
    expect(holdFailureOverdue(holdFailed, later)).toBe(true);
    expect(holdFailureOverdue(held, later)).toBe(false);
  });
});

describe('the way back from the update’s card page', () => {
  it('reads the session or cancelled from the fragment, beside the token', () => {
    expect(cardUpdateReturnOf('#t=abc&section=card&card=cs_1')).toBe('cs_1');
    expect(cardUpdateReturnOf('#t=abc&card=cancelled')).toBe('cancelled');
    expect(cardUpdateReturnOf('#t=abc&checkout=cs_1')).toBeUndefined();
    expect(cardUpdateReturnOf('#t=abc&card=')).toBeUndefined();
  });
});
