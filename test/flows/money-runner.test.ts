/**
 * The money runner against the Stripe stand-in (real SDK) and dynalite: the event is stored
 * before Stripe is asked, each answer is stored as the machine's next event, and a lost answer
 * leaves the write owed, sent again with its key, so nothing is charged twice.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  advanceMoney,
  moneyJobId,
  startJobMoney,
} from '../../lambdas/shared/payments/money-runner';
import type { MoneyDeps } from '../../lambdas/shared/payments/money-runner';
import { getPayment } from '../../lambdas/shared/payments/payment-store';
import { saveCard } from '../../scripts/local/stripe/testing';
import { moneyWorld } from '../support/testing-money-world';

const NOW = new Date('2026-12-08T12:00:00.000Z');
const WINDOW = '2026-12-10T15:00:00.000Z';

const world = moneyWorld();
const { table } = world;
let deps: MoneyDeps;
let jobs = 0;

beforeAll(() => {
  deps = world.moneyDeps(() => NOW);
});

async function startedJob(cardNumber = '4242424242424242', priceCents = 32_500) {
  const { customer, paymentMethod } = await saveCard(world.standIn, cardNumber);
  const jobId = moneyJobId(`lead${++jobs}`, 1);
  const start = {
    jobId,
    priceCents,
    windowStartsAt: WINDOW,
    destination: world.account,
    card: { customerId: customer.id, paymentMethodId: paymentMethod },
  };
  return { jobId, start };
}

const holdDue = { type: 'hold-due', captureBy: '2026-12-11T12:00:00.000Z' } as const;

describe('the money runner', () => {
  it('stores the money, places the hold at Stripe and records it held', async () => {
    const { start, jobId } = await startedJob();
    const moved = await startJobMoney(deps, start, holdDue);
    expect(moved).toMatchObject({ before: undefined, after: 'held', owed: 0 });
    const stored = (await getPayment(table, jobId))!.payment;
    const intentId = stored.holds[0]!.intentId!;
    const intent = await world.standIn.stripe.paymentIntents.retrieve(intentId);
    expect(intent).toMatchObject({
      status: 'requires_capture',
      amount: 32_500,
      application_fee_amount: 4_875,
      capture_method: 'manual',
    });
    expect(intent.metadata).toMatchObject({ job: jobId, key: `job_${jobId}:hold:1` });
  });

  it('captures the locked price only after the receipt and the objection window', async () => {
    const { start, jobId } = await startedJob();
    await startJobMoney(deps, start, holdDue);
    const done = await advanceMoney(deps, jobId, {
      type: 'job-done',
      at: '2026-12-10T18:00:00.000Z',
      receipt: true,
    });
    expect(done?.after).toBe('objection-window');
    const early = await advanceMoney(deps, jobId, {
      type: 'window-passed',
      at: '2026-12-11T17:59:00.000Z',
    });
    expect(early?.after).toBe('objection-window');
    const charged = await advanceMoney(deps, jobId, {
      type: 'window-passed',
      at: '2026-12-11T18:00:00.000Z',
    });
    expect(charged).toMatchObject({ after: 'charged', owed: 0 });
    const intentId = charged!.payment.holds[0]!.intentId!;
    const intent = await world.standIn.stripe.paymentIntents.retrieve(intentId);
    expect(intent).toMatchObject({ status: 'succeeded', amount_received: 32_500 });
  });

  it('records a declined hold as failed, with its code, and asks Stripe nothing more', async () => {
    const { start, jobId } = await startedJob('4000000000000341');
    const moved = await startJobMoney(deps, start, holdDue);
    expect(moved).toMatchObject({ after: 'hold-failed', owed: 0 });
    const hold = (await getPayment(table, jobId))!.payment.holds[0]!;
    expect(hold).toMatchObject({ status: 'failed', failedAt: NOW.toISOString() });
    expect(hold.failure?.code).toBe('card_declined');
  });

  it('leaves a hold whose answer was lost owed, and the next run replays it: one hold at Stripe', async () => {
    const { start, jobId } = await startedJob();
    await world.standIn.admin('POST', '/_standin/faults', {
      method: 'POST',
      path: '/v1/payment_intents',
      mode: 'lost-answer',
      count: 3,
    });
    const lost = await startJobMoney(deps, start, holdDue);
    expect(lost).toMatchObject({ after: 'holding', owed: 1 });
    const again = await advanceMoney(deps, jobId);
    expect(again).toMatchObject({ after: 'held', owed: 0 });
    const intents = await world.standIn.stripe.paymentIntents.list({
      customer: start.card.customerId,
    });
    expect(intents.data).toHaveLength(1);
    expect(intents.data[0]!.id).toBe(again!.payment.holds[0]!.intentId);
  });

  it('starts a job’s money once: a second start finds it and changes nothing', async () => {
    const { start, jobId } = await startedJob();
    await startJobMoney(deps, start, holdDue);
    const second = await startJobMoney(deps, { ...start, priceCents: 1 }, holdDue);
    expect(second.before).toBe('held');
    expect((await getPayment(table, jobId))!.payment.priceCents).toBe(32_500);
  });

  it('answers undefined for a job without money', async () => {
    expect(await advanceMoney(deps, 'no-such-job', holdDue)).toBeUndefined();
  });
});
