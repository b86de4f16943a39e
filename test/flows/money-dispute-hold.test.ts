// @vitest-environment node
/**
 * A dispute holds the hauler's payout (decision 061), end to end in dynalite and the Stripe
 * stand-in: the stand-in's own `charge.dispute.created` applied by the webhook's code, then the
 * money job's minute reverses the charge's transfer (once, whatever the deliveries and a lost
 * answer), tells the hauler, and on `charge.dispute.closed` won transfers the held amount again
 * (once); lost, it stays reversed. A refund before the dispute leaves less to hold.
 */
import { randomUUID } from 'node:crypto';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import type Stripe from 'stripe';
import { beforeEach, describe, expect, it } from 'vitest';
import { type MoneyJobDeps, runMoneyJob } from '../../lambdas/hauler-offers/money/money-job';
import type { Hauler } from '../../lambdas/shared/models/hauler-model';
import { scheduleMoney } from '../../lambdas/shared/payments/money-due';
import { moneyState } from '../../lambdas/shared/payments/money-machine';
import { payoutHoldOf } from '../../lambdas/shared/payments/money-holds';
import { advanceMoney } from '../../lambdas/shared/payments/money-runner';
import type { MoneyDeps } from '../../lambdas/shared/payments/money-runner';
import type { PaymentWebhook } from '../../lambdas/shared/payments/money-webhooks';
import { getPayment } from '../../lambdas/shared/payments/payment-store';
import { receiveStripeWebhook } from '../../lambdas/stripe-webhook/stripe-webhook';
import { events } from '../../scripts/local/stripe/testing';
import { haulerIn } from '../support/testing-haulers';
import { chargedMoney } from '../support/testing-money';
import { moneyWorld } from '../support/testing-money-world';
import { seedDoneJob } from '../support/testing-ratings';

const SECRET = Buffer.from('unit-test-link-secret-0123456789abcdef');
const OPERATIONS = 'ops@example.com';
const START = new Date('2026-12-08T12:00:00.000Z');
const world = moneyWorld();
const { table, ses: sesMock } = world;
let hauler: Hauler;
let clock: Date;

const deps = (): MoneyDeps => world.moneyDeps(() => clock);
const jobDeps = (only: string): MoneyJobDeps => ({
  ...deps(),
  ses: new SESv2Client({ region: 'us-east-1' }),
  sender: 'quotes@example.com',
  secrets: () => Promise.resolve({ current: SECRET, accepted: [SECRET] }),
  publicBaseUrl: 'https://www.example.com',
  operationsAddress: OPERATIONS,
  only,
});

beforeEach(async () => {
  clock = START;
  hauler = await haulerIn(table, 'active', START, { email: 'hauler@example.com' });
});

/** The webhook's code as the function runs it, the signature taken as checked (tested apart). */
const deliver = (event: PaymentWebhook) =>
  receiveStripeWebhook(
    {
      table,
      now: () => clock,
      verify: async () => event,
      intentJob: (intentId) => deps().provider.intentJob(intentId),
    },
    Buffer.from(JSON.stringify(event)),
    't=1,v1=checked-apart',
  );

async function standInEvent(type: string, disputeId: string): Promise<PaymentWebhook> {
  const found = (await events(world.standIn, type)).find(
    (event) => event.data.object.id === disputeId,
  );
  if (found === undefined) throw new Error(`no ${type} for ${disputeId}`);
  return { id: found.id, type: found.type, data: found.data };
}

/** The money job's minute for this job; the clock moves a minute first. */
async function minute(jobId: string) {
  clock = new Date(clock.getTime() + 60_000);
  return runMoneyJob(jobDeps(jobId));
}

const haulerMails = () =>
  sesMock
    .commandCalls(SendEmailCommand)
    .filter((call) => call.args[0].input.Destination?.ToAddresses?.[0] === hauler.email)
    .map((call) => call.args[0].input.Content?.Simple?.Subject?.Data ?? '');

/** A's job charged $325 (fee $48.75, $276.25 transferred), its charge's emails sent. */
async function chargedJob(options: { refundCents?: number } = {}) {
  const submissionId = randomUUID();
  const { lead } = await seedDoneJob(table, submissionId, hauler, START);
  const charged = await chargedMoney(world.standIn.stripe, deps(), submissionId);
  await scheduleMoney(table, charged.jobId, clock);
  await minute(charged.jobId);
  if (options.refundCents !== undefined) {
    await advanceMoney(deps(), charged.jobId, {
      type: 'refund-requested',
      amountCents: options.refundCents,
      reason: 'One item stayed behind',
    });
  }
  sesMock.resetHistory();
  const intentId = charged.payment.holds.at(-1)!.intentId!;
  const charge = (
    await world.standIn.stripe.paymentIntents.retrieve(intentId, { expand: ['latest_charge'] })
  ).latest_charge as Stripe.Charge;
  const transfer = () => world.standIn.stripe.transfers.retrieve(charge.transfer as string);
  const transfersToHauler = async () =>
    (await world.standIn.stripe.transfers.list({ limit: 100 })).data.filter(
      (each) => each.source_transaction === charge.id,
    );
  const dispute = async () => {
    const opened = await world.standIn.admin<{ id: string }>('POST', '/_standin/disputes', {
      charge: charge.id,
    });
    return opened.id;
  };
  const payment = async () => (await getPayment(table, charged.jobId))!.payment;
  return { jobId: charged.jobId, lead, charge, transfer, transfersToHauler, dispute, payment };
}

describe('a dispute and the hauler’s payout', () => {
  it('reverses the transfer once whatever the deliveries and a lost answer, and pays it again once when won', async () => {
    const job = await chargedJob();
    const disputeId = await job.dispute();
    const created = await standInEvent('charge.dispute.created', disputeId);
    for (let i = 0; i < 3; i += 1) expect((await deliver(created)).statusCode).toBe(200);
    await world.standIn.admin('POST', '/_standin/faults', {
      method: 'POST',
      path: '/v1/transfers/*/reversals',
      mode: 'lost-answer',
      // The SDK retries twice with the same key: all three answers are lost.
      count: 3,
    });
    const lost = await minute(job.jobId);
    expect(lost.jobs[0]).toMatchObject({ after: 'disputed', owed: 1 });
    expect(haulerMails()).toEqual([]);
    await deliver(created);
    await minute(job.jobId);
    await minute(job.jobId);
    const held = await job.transfer();
    expect(held).toMatchObject({ amount: 27_625, amount_reversed: 27_625 });
    expect(held.reversals.data).toHaveLength(1);
    expect(payoutHoldOf(await job.payment())).toEqual({ state: 'held', amountCents: 27_625 });
    expect(haulerMails()).toEqual([
      `Your payout of $276.25 for job ${job.lead.reference} is held during a dispute`,
    ]);

    await world.standIn.admin('POST', `/_standin/disputes/${disputeId}/close`, { status: 'won' });
    const closed = await standInEvent('charge.dispute.closed', disputeId);
    await deliver(closed);
    await deliver(closed);
    await deliver(created);
    await minute(job.jobId);
    await deliver(closed);
    await minute(job.jobId);
    const transfers = await job.transfersToHauler();
    expect(transfers.map((each) => each.amount).sort()).toEqual([27_625, 27_625]);
    expect(transfers.find((each) => each.id !== held.id)).toMatchObject({
      destination: held.destination,
      transfer_group: `job_${job.jobId}`,
    });
    const balance = await world.standIn.stripe.balance.retrieve(
      {},
      { stripeAccount: held.destination as string },
    );
    expect(balance.available[0]!.amount).toBe(27_625);
    const after = await job.payment();
    expect(payoutHoldOf(after)?.state).toBe('paid-again');
    expect(moneyState(after)).toBe('charged');
    expect(haulerMails()).toEqual([
      `Your payout of $276.25 for job ${job.lead.reference} is held during a dispute`,
      `Your held payout of $276.25 for job ${job.lead.reference} is paid again`,
    ]);
  });

  it('keeps a lost dispute’s payout reversed, and pays nothing again', async () => {
    const job = await chargedJob();
    const disputeId = await job.dispute();
    await deliver(await standInEvent('charge.dispute.created', disputeId));
    await minute(job.jobId);
    await world.standIn.admin('POST', `/_standin/disputes/${disputeId}/close`, { status: 'lost' });
    await deliver(await standInEvent('charge.dispute.closed', disputeId));
    await minute(job.jobId);
    await minute(job.jobId);
    expect((await job.transfersToHauler()).map((each) => each.amount)).toEqual([27_625]);
    expect((await job.transfer()).amount_reversed).toBe(27_625);
    const after = await job.payment();
    expect(payoutHoldOf(after)?.state).toBe('kept');
    expect(moneyState(after)).toBe('refunded');
    expect(haulerMails()).toHaveLength(1);
  });

  it('holds only what a refund left of the transfer, and refunds nothing once disputed', async () => {
    // $200 of $325 refunded: $170 of the $276.25 transfer reversed with it, $106.25 left.
    const job = await chargedJob({ refundCents: 20_000 });
    const disputeId = await job.dispute();
    await deliver(await standInEvent('charge.dispute.created', disputeId));
    await minute(job.jobId);
    const transfer = await job.transfer();
    expect(transfer.reversals.data.map((each) => each.amount)).toEqual([10_625, 17_000]);
    expect(transfer.amount_reversed).toBe(transfer.amount);
    const moved = await advanceMoney(deps(), job.jobId, {
      type: 'refund-requested',
      amountCents: 1_000,
      reason: 'Goodwill',
    });
    expect(moved?.payment.refunds).toHaveLength(1);
    expect((await world.standIn.stripe.charges.retrieve(job.charge.id)).amount_refunded).toBe(
      20_000,
    );
  });
});
