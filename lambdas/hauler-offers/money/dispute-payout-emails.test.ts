import { describe, expect, it } from 'vitest';
import type { StoredPayment } from '../../shared/models/payment-model';
import { payoutHoldOf } from '../../shared/payments/money-holds';
import { startMoney } from '../../shared/payments/money-machine';
import { disputePayoutMails } from './dispute-payout-emails';

const HAULER = { businessName: '<b>Haul & Co</b>', email: 'h@example.com' };
const LEAD = { reference: 'ABCD1234' };

function disputed(patch: Partial<NonNullable<StoredPayment['dispute']>>): StoredPayment {
  return {
    ...startMoney({
      jobId: 'lead-1-q1',
      priceCents: 32_500,
      windowStartsAt: '2026-12-10T16:00:00.000Z',
      destination: 'acct_1',
      card: { customerId: 'cus_1', paymentMethodId: 'pm_1' },
    }),
    dispute: { id: 'dp_1', status: 'open', amountCents: 32_500, ...patch },
  };
}
const HELD = {
  key: 'k:hold',
  amountCents: 27_625,
  status: 'succeeded' as const,
  stripeId: 'trr_1',
};
const mails = (payment: StoredPayment) =>
  disputePayoutMails(payment, LEAD, 1, HAULER, () => 'https://www.example.com/j#t=x', 'haulers');

describe('the hauler’s emails of a dispute’s hold', () => {
  it('says nothing until Stripe reversed the payout', () => {
    expect(mails(disputed({}))).toEqual([]);
    expect(mails(disputed({ payoutHold: { ...HELD, status: 'requested' } }))).toEqual([]);
    expect(payoutHoldOf(disputed({ payoutHold: { ...HELD, status: 'requested' } }))).toBe(
      undefined,
    );
  });

  it('tells the hold once, under a key of the quote and the dispute, never markup from the hauler’s name', () => {
    const [held, ...rest] = mails(disputed({ payoutHold: HELD }));
    expect(rest).toEqual([]);
    expect(held).toMatchObject({
      key: 'money-payout-held-1-dp_1',
      to: 'h@example.com',
      configurationSet: 'haulers',
    });
    expect(held!.message.subject).toBe(
      'Your payout of $276.25 for job ABCD1234 is held during a dispute',
    );
    expect(held!.message.html).not.toContain('<b>');
    expect(payoutHoldOf(disputed({ payoutHold: HELD }))).toEqual({
      state: 'held',
      amountCents: 27_625,
    });
  });

  it('tells the payment again once it is transferred, and names a lost dispute’s hold as kept', () => {
    const paid = disputed({
      status: 'won',
      payoutHold: HELD,
      payoutRelease: { key: 'k:release', amountCents: 27_625, status: 'succeeded' },
    });
    expect(mails(paid).map((mail) => mail.key)).toEqual([
      'money-payout-held-1-dp_1',
      'money-payout-paid-again-1-dp_1',
    ]);
    expect(mails(paid)[1]!.message.text).toContain(
      'the $276.25 held from your payout is transferred to your Stripe account again',
    );
    expect(payoutHoldOf(paid)?.state).toBe('paid-again');
    expect(payoutHoldOf(disputed({ status: 'lost', payoutHold: HELD }))?.state).toBe('kept');
  });
});
