import { describe, expect, it } from 'vitest';
import { acceptedMoney, moneyDestination, paidThroughUs, quotePayments } from './money-start';
import { PAYMENT_TERMS } from '#contract/money/payments';
import { pickupInstant } from '#contract/loop/jobs';

const CARD = { customerId: 'cus_1', paymentMethodId: 'pm_1' };
const HOUR = 3_600_000;
const quote = (pickupDate: string) =>
  ({ priceDollars: 325, pickupDate, pickupWindow: 'morning' }) as const;

describe('the money a card-saved acceptance starts', () => {
  it('starts the locked price and the window, with no hold when the pickup is more than 4 days away', () => {
    const now = new Date('2026-12-01T12:00:00Z');
    const { start, event } = acceptedMoney('job-1', quote('2026-12-10'), 'acct_1', CARD, now);
    expect(start).toEqual({
      jobId: 'job-1',
      priceCents: 32_500,
      windowStartsAt: pickupInstant('2026-12-10', 'morning', 'start').toISOString(),
      destination: 'acct_1',
      card: CARD,
    });
    expect(event).toBeUndefined();
  });

  it('asks for the hold at once when the window starts within the hold’s lead time, lasting past the objection window', () => {
    const now = new Date('2026-12-01T12:00:00Z');
    const { event } = acceptedMoney('job-1', quote('2026-12-03'), 'acct_1', CARD, now);
    const end = pickupInstant('2026-12-03', 'morning', 'end').getTime();
    expect(event).toEqual({
      type: 'hold-due',
      captureBy: new Date(end + PAYMENT_TERMS.objectionHours * HOUR).toISOString(),
    });
  });

  it('never asks a hold to outlast what the bank gives it', () => {
    // The window starts just inside the lead time: its end plus the objection hours is later than
    // the hold can last from now.
    const start = pickupInstant('2026-12-05', 'morning', 'start').getTime();
    const now = new Date(start - PAYMENT_TERMS.holdLeadHours * HOUR + HOUR);
    const { event } = acceptedMoney('job-1', quote('2026-12-05'), 'acct_1', CARD, now);
    expect(event).toEqual({
      type: 'hold-due',
      captureBy: new Date(now.getTime() + PAYMENT_TERMS.holdLastsHours * HOUR).toISOString(),
    });
  });

  it('goes to the hauler’s payouts account, and nowhere without one', () => {
    expect(moneyDestination({ payouts: { accountId: 'acct_9', state: 'enabled', asOf: 1 } })).toBe(
      'acct_9',
    );
    expect(moneyDestination({})).toBeUndefined();
    expect(moneyDestination(undefined)).toBeUndefined();
  });
});

describe('whether a quote is paid through us', () => {
  it('is paid through us with payments on and a hauler on the platform', () => {
    expect(paidThroughUs({ haulerId: 'h-1' }, 'on')).toBe(true);
    expect(quotePayments({ haulerId: 'h-1' }, 'on')).toBe('on');
  });

  it('is paid directly when operations quoted it for a hauler who is not on the platform', () => {
    expect(paidThroughUs({}, 'on')).toBe(false);
    expect(quotePayments({}, 'on')).toBe('off');
  });

  it('is paid directly with payments off, whoever quoted', () => {
    expect(paidThroughUs({ haulerId: 'h-1' }, 'off')).toBe(false);
    expect(quotePayments({ haulerId: 'h-1' }, 'off')).toBe('off');
    expect(quotePayments({}, 'off')).toBe('off');
  });

  it('says nothing when the stage’s setting is not known', () => {
    expect(paidThroughUs({ haulerId: 'h-1' }, undefined)).toBe(false);
    expect(quotePayments({ haulerId: 'h-1' }, undefined)).toBeUndefined();
  });
});
