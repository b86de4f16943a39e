/**
 * A job's changes into its money (decision 057), through the real functions with payments on,
 * against dynalite and the Stripe stand-in: "Job done" with the receipt starts the objection
 * window, a problem in it stops the charge, an approved higher price moves the hold, the
 * hauler's "I can't do this job" releases it (never a fee), the homeowner's cancellation
 * releases it early and takes the late fee late, and a confirmed no-show releases it.
 */
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cantDoJob, requestPriceChange } from '../../lambdas/job-updates/hauler-actions';
import { decidePriceChange, reportProblem } from '../../lambdas/job-updates/homeowner-actions';
import { moneyDueOf } from '../../lambdas/shared/payments/money-due';
import { moneyState } from '../../lambdas/shared/payments/money-machine';
import { moneyJobId, startJobMoney } from '../../lambdas/shared/payments/money-runner';
import { getPayment } from '../../lambdas/shared/payments/payment-store';
import type { Payments } from '../../lambdas/shared/payments/payments-from-env';
import { cancelRequest } from '../../lambdas/update-lead/update-lead';
import {
  type TestStandIn,
  onboardedAccount,
  saveCard,
  startTestStandIn,
} from '../../scripts/local/stripe/testing';
import { confirmNoShow } from '../../scripts/leads/no-show';
import { NOW, OPERATIONS, PICKUP, flowWorld } from './flow-world';
import { pickupInstant } from '#contract/loop/jobs';
import { PAYMENT_TERMS } from '#contract/money/payments';
import { standInPayments } from '../support/testing-money';

const w = flowWorld();
let test: TestStandIn;
let account: string;
let payments: Payments;
const base = w.deps;
// Every function the world runs sees payments on.
w.deps = () => ({ ...base(), payments });

const WINDOW = pickupInstant(PICKUP, 'morning', 'start');
const jobId = () => moneyJobId(w.id, 1);
const money = async () => (await getPayment(w.table, jobId()))!.payment;

/** A booked with a saved card, and the hold placed, as acceptance near the pickup does. */
async function bookedAndHeld() {
  // Booked as the card page's return books it (test/flows/checkout.test.ts walks that page);
  // the money started here as acceptance starts it.
  w.deps = base;
  try {
    await w.bookedWithA();
  } finally {
    w.deps = () => ({ ...base(), payments });
  }
  const saved = await saveCard(test, '4242424242424242');
  await startJobMoney(
    {
      table: w.table,
      provider: payments.setting === 'on' ? payments.provider : never(),
      now: () => w.clock,
    },
    {
      jobId: jobId(),
      priceCents: 24_000,
      windowStartsAt: WINDOW.toISOString(),
      destination: account,
      card: { customerId: saved.customer.id, paymentMethodId: saved.paymentMethod },
    },
    { type: 'hold-due', captureBy: new Date(WINDOW.getTime() + 24 * 3_600_000).toISOString() },
  );
  expect(moneyState(await money())).toBe('held');
}

function never(): never {
  throw new Error('payments are on in these tests');
}

beforeAll(async () => {
  test = await startTestStandIn();
  account = await onboardedAccount(test);
  payments = {
    setting: 'on',
    provider: standInPayments(test),
  };
});
afterAll(async () => {
  await test.close();
});
beforeEach(() => {
  w.clock = NOW;
});

describe('a job’s changes move its money', () => {
  it('"Job done" with the receipt starts the objection window, and the money job is due now', async () => {
    await bookedAndHeld();
    w.clock = new Date(WINDOW.getTime() + 3 * 3_600_000);
    await w.jobDone();
    const stored = await money();
    expect(stored.doneAt).toBe(w.clock.toISOString());
    expect(moneyState(stored)).toBe('objection-window');
    expect(await moneyDueOf(w.table, jobId())).toBe(w.clock.toISOString());
  });

  it('a problem reported within the window stops the charge for operations', async () => {
    await bookedAndHeld();
    w.clock = new Date(WINDOW.getTime() + 3 * 3_600_000);
    await w.jobDone();
    w.clock = new Date(w.clock.getTime() + 2 * 3_600_000);
    await w.ok(
      reportProblem(
        { token: w.tokens().view, kind: 'damage', description: 'The fence was knocked over.' },
        w.deps(),
      ),
    );
    expect(moneyState(await money())).toBe('problem-reported');
  });

  it('an approved higher price places a new hold of it and releases the old one', async () => {
    await bookedAndHeld();
    await w.ok(
      requestPriceChange(
        { token: w.tokens().jobA, priceDollars: 300, reason: 'Twice the load in the photos' },
        w.deps(),
      ),
    );
    const token = w.token(w.id, 'homeowner', 'price', NOW, 1);
    await w.ok(decidePriceChange({ token, decision: 'approve' }, w.deps()));
    const stored = await money();
    expect(stored.priceCents).toBe(30_000);
    expect(stored.holds.map((h) => [h.amountCents, h.status])).toEqual([
      [24_000, 'released'],
      [30_000, 'authorized'],
    ]);
    const intent = await test.stripe.paymentIntents.retrieve(stored.holds[1]!.intentId!);
    expect(intent).toMatchObject({ status: 'requires_capture', amount: 30_000 });
  });

  it('the hauler’s "I can’t do this job", even late, releases the hold: no fee', async () => {
    await bookedAndHeld();
    w.clock = new Date(WINDOW.getTime() - 2 * 3_600_000);
    await w.ok(cantDoJob()({ token: w.tokens().jobA, reason: 'Truck broke down' }, w.deps()));
    const stored = await money();
    expect(moneyState(stored)).toBe('released');
    expect(stored.holds.some((h) => h.capture !== undefined)).toBe(false);
  });

  it('the homeowner’s cancellation more than 24 hours ahead releases the hold', async () => {
    await bookedAndHeld();
    await w.ok(cancelRequest({ token: w.tokens().view }, w.deps()));
    expect(moneyState(await money())).toBe('released');
  });

  it('the homeowner’s later cancellation takes the late fee, all of it the hauler’s', async () => {
    await bookedAndHeld();
    w.clock = new Date(WINDOW.getTime() - (PAYMENT_TERMS.lateCancellationHours - 1) * 3_600_000);
    await w.ok(cancelRequest({ token: w.tokens().view }, w.deps()));
    const stored = await money();
    expect(moneyState(stored)).toBe('charged');
    const hold = stored.holds.find((h) => h.status === 'captured')!;
    expect(hold.capture).toMatchObject({
      purpose: 'late-fee',
      amountCents: PAYMENT_TERMS.lateCancellationFeeCents,
      feeCents: 0,
    });
  });

  it('a no-show confirmed by operations stores the release, sent by the money job due now', async () => {
    await bookedAndHeld();
    w.clock = new Date(WINDOW.getTime() + 6 * 3_600_000);
    await w.ok(
      reportProblem(
        { token: w.tokens().view, kind: 'no-show', description: 'Nobody came all morning.' },
        w.deps(),
      ),
    );
    const deps = w.deps();
    const confirmed = await confirmNoShow(
      {
        table: w.table,
        ses: new SESv2Client({ region: 'us-east-1' }),
        sender: 'quotes@example.com',
        operationsAddress: OPERATIONS,
        now: deps.now,
      },
      w.id,
    );
    expect(confirmed.released).toBe(true);
    const stored = await money();
    expect(stored.closing).toBe('release');
    expect(moneyState(stored)).toBe('releasing');
    expect(await moneyDueOf(w.table, jobId())).toBe(w.clock.toISOString());
  });
});
