/**
 * The money job (decision 057) against dynalite and the Stripe stand-in (real SDK), SES recorded:
 * found through the due index, the hold placed no earlier than 4 days before the window, renewed
 * once before it lapses, captured after the receipt and the objection window, a lost answer sent
 * again, a failed hold told to the homeowner once and to operations after 12 hours, the budget
 * kept; and the emails each money transition owes, once.
 */
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { beforeEach, describe, expect, it } from 'vitest';
import { runMoneyJob } from '../../lambdas/hauler-offers/money/money-job';
import type { MoneyJobDeps } from '../../lambdas/hauler-offers/money/money-job';
import { createLead, newLead } from '../../lambdas/shared/leads/lead-store';
import type { Hauler } from '../../lambdas/shared/models/hauler-model';
import {
  holdDueAt,
  listDueMoney,
  moneyDueOf,
  moveMoney,
  scheduleMoney,
} from '../../lambdas/shared/payments/money-due';
import { moneyJobId, startJobMoney } from '../../lambdas/shared/payments/money-runner';
import type { MoneyDeps } from '../../lambdas/shared/payments/money-runner';
import { getPayment } from '../../lambdas/shared/payments/payment-store';
import { saveCard } from '../../scripts/local/stripe/testing';
import { haulerIn } from '../support/testing-haulers';
import { seedAcceptedJob } from '../support/testing-jobs';
import { bookingRequest } from '../support/testing-leads';
import { moneyWorld } from '../support/testing-money-world';
import { pickupInstant } from '#contract/loop/jobs';
import { PAYMENT_TERMS } from '#contract/money/payments';

const SECRET = Buffer.from('unit-test-link-secret-0123456789abcdef');
const OPERATIONS = 'ops@example.com';
const HOUR = 3_600_000;

const world = moneyWorld();
const { table, ses: sesMock } = world;
let hauler: Hauler;
let clock: Date;
let customer: string;

function jobDeps(extra: Partial<MoneyJobDeps> = {}): MoneyJobDeps {
  return {
    ...world.moneyDeps(() => clock),
    ses: new SESv2Client({ region: 'us-east-1' }),
    sender: 'quotes@example.com',
    secrets: () => Promise.resolve({ current: SECRET, accepted: [SECRET] }),
    publicBaseUrl: 'https://www.example.com',
    operationsAddress: OPERATIONS,
    ...extra,
  };
}
const moneyDeps = (): MoneyDeps => world.moneyDeps(() => clock);

/** Our clock and the customer's at the stand-in move together. */
async function advance(hours: number) {
  clock = new Date(clock.getTime() + hours * HOUR);
  await world.standIn.admin('POST', '/_standin/clock', { advanceSeconds: hours * 3600, customer });
}
async function advanceTo(when: Date) {
  await advance((when.getTime() - clock.getTime()) / HOUR);
}

const mails = () =>
  sesMock.commandCalls(SendEmailCommand).map((call) => {
    const input = call.args[0].input;
    return {
      to: input.Destination?.ToAddresses ?? [],
      subject: input.Content?.Simple?.Subject?.Data ?? '',
      text: input.Content?.Simple?.Body?.Text?.Data ?? '',
    };
  });

interface Booked {
  jobId: string;
  reference: string;
  email: string;
  window: Date;
}

/** A job accepted with a saved card 6 days before its window; its money due now, as at acceptance. */
async function booked(card = '4242424242424242', priceDollars = 240): Promise<Booked> {
  const pickupDate = new Date(clock.getTime() + 6 * 24 * HOUR).toISOString().slice(0, 10);
  const request = bookingRequest({ zipCode: '85001' });
  await createLead(table, newLead(request, clock));
  const { lead } = await seedAcceptedJob(table, request.submissionId, hauler, clock, SECRET, {
    priceDollars,
    pickupDate,
  });
  const saved = await saveCard(world.standIn, card);
  customer = saved.customer.id;
  const window = pickupInstant(pickupDate, 'morning', 'start');
  const jobId = moneyJobId(request.submissionId, 1);
  await startJobMoney(moneyDeps(), {
    jobId,
    priceCents: priceDollars * 100,
    windowStartsAt: window.toISOString(),
    destination: world.account,
    card: { customerId: saved.customer.id, paymentMethodId: saved.paymentMethod },
  });
  await scheduleMoney(table, jobId, clock);
  return { jobId, reference: lead.reference, email: request.email, window };
}

const payment = async (jobId: string) => (await getPayment(table, jobId))!.payment;

beforeEach(async () => {
  clock = new Date(Math.ceil(Date.now() / 60_000) * 60_000);
  hauler = await haulerIn(table, 'active', clock, {
    businessName: 'Desert Haul Co',
    email: 'desert@example.com',
  });
});

describe('the money job', () => {
  it('finds due money through the index and places the hold no earlier than 4 days before the window', async () => {
    const job = await booked();
    const first = await runMoneyJob(jobDeps());
    expect(first.jobs).toEqual([
      expect.objectContaining({ jobId: job.jobId, after: 'card-saved', dueAt: expect.any(String) }),
    ]);
    const holdAt = holdDueAt(await payment(job.jobId));
    expect(holdAt.getTime()).toBe(job.window.getTime() - PAYMENT_TERMS.holdLeadHours * HOUR);
    expect(await moneyDueOf(table, job.jobId)).toBe(holdAt.toISOString());
    expect(await listDueMoney(table, clock, 10)).toEqual([]);

    await advanceTo(new Date(holdAt.getTime() - 60_000));
    expect((await runMoneyJob(jobDeps())).due).toBe(0);
    await advanceTo(holdAt);
    const placed = await runMoneyJob(jobDeps());
    expect(placed.jobs[0]).toMatchObject({ event: 'hold-due', after: 'held', owed: 0 });
    const hold = (await payment(job.jobId)).holds[0]!;
    const intent = await world.standIn.stripe.paymentIntents.retrieve(hold.intentId!);
    expect(intent).toMatchObject({ status: 'requires_capture', amount: 24_000 });
    expect(mails()).toEqual([]);
  });

  it('renews a hold that would lapse before its capture, once, and releases the old one', async () => {
    const job = await booked();
    await advanceTo(holdDueAt(await payment(job.jobId)));
    await runMoneyJob(jobDeps());
    const first = (await payment(job.jobId)).holds[0]!;
    const renewAt = Date.parse(first.captureBefore!) - PAYMENT_TERMS.holdRenewalLeadHours * HOUR;
    expect(await moneyDueOf(table, job.jobId)).toBe(new Date(renewAt).toISOString());

    await advanceTo(new Date(renewAt));
    const renewed = await runMoneyJob(jobDeps());
    expect(renewed.jobs[0]).toMatchObject({ event: 'hold-due', after: 'held', owed: 0 });
    const holds = (await payment(job.jobId)).holds;
    expect(holds.map((h) => h.status)).toEqual(['released', 'authorized']);
    expect((await world.standIn.stripe.paymentIntents.retrieve(first.intentId!)).status).toBe(
      'canceled',
    );
    // The new hold lasts past any capture this job can have: nothing more until then.
    await advance(1);
    expect((await runMoneyJob(jobDeps())).due).toBe(0);
    expect((await payment(job.jobId)).holds).toHaveLength(2);
  });

  it('captures the locked price after the receipt and the objection window, and tells both once', async () => {
    const job = await booked();
    await advanceTo(holdDueAt(await payment(job.jobId)));
    await runMoneyJob(jobDeps());
    await advanceTo(new Date(job.window.getTime() + 2 * HOUR));
    // "Job done" with the receipt, as job-updates sends it after its own write.
    await moveMoney(moneyDeps(), job.jobId, {
      type: 'job-done',
      at: clock.toISOString(),
      receipt: true,
    });
    const doneAt = clock.getTime();
    const doneRun = await runMoneyJob(jobDeps());
    expect(doneRun.jobs[0]).toMatchObject({ after: 'objection-window' });
    // A hold placed 4 days ahead lapses (4 days 18 hours) before the window's end plus 24 hours:
    // it is renewed first, 12 hours before it lapses.
    const first = (await payment(job.jobId)).holds[0]!;
    const renewAt = Date.parse(first.captureBefore!) - PAYMENT_TERMS.holdRenewalLeadHours * HOUR;
    expect(await moneyDueOf(table, job.jobId)).toBe(new Date(renewAt).toISOString());
    await advanceTo(new Date(renewAt));
    expect((await runMoneyJob(jobDeps())).jobs[0]).toMatchObject({
      event: 'hold-due',
      after: 'objection-window',
    });
    const objectionEnds = new Date(doneAt + PAYMENT_TERMS.objectionHours * HOUR);
    expect(await moneyDueOf(table, job.jobId)).toBe(objectionEnds.toISOString());

    await advanceTo(objectionEnds);
    const charged = await runMoneyJob(jobDeps());
    expect(charged.jobs[0]).toMatchObject({ event: 'window-passed', after: 'charged' });
    const hold = (await payment(job.jobId)).holds.find((h) => h.status === 'captured')!;
    const intent = await world.standIn.stripe.paymentIntents.retrieve(hold.intentId!);
    expect(intent).toMatchObject({ status: 'succeeded', amount_received: 24_000 });

    const sent = mails();
    const homeowner = sent.find((mail) => mail.to.includes(job.email))!;
    expect(homeowner.subject).toBe(`Your card was charged $240 for job ${job.reference}`);
    // The platform's fee is nowhere in the homeowner's email.
    expect(homeowner.text).not.toMatch(/fee|\$36/i);
    const payout = sent.find((mail) => mail.to.includes(hauler.email))!;
    expect(payout.subject).toBe(`Your payout of $204 for job ${job.reference} is on its way`);
    expect(payout.text).toContain('platform fee of $36');
    expect(sent).toHaveLength(2);
    expect(await moneyDueOf(table, job.jobId)).toBeUndefined();

    await moveMoney(moneyDeps(), job.jobId);
    await runMoneyJob(jobDeps());
    expect(mails()).toHaveLength(2);
  });

  it('sends a write whose answer was lost again in the next minute: one hold at Stripe', async () => {
    const job = await booked();
    await advanceTo(holdDueAt(await payment(job.jobId)));
    await world.standIn.admin('POST', '/_standin/faults', {
      method: 'POST',
      path: '/v1/payment_intents',
      mode: 'lost-answer',
      count: 3,
    });
    const lost = await runMoneyJob(jobDeps());
    expect(lost.jobs[0]).toMatchObject({ after: 'holding', owed: 1 });
    expect(await moneyDueOf(table, job.jobId)).toBe(
      new Date(clock.getTime() + 60_000).toISOString(),
    );
    await advance(1 / 60);
    const again = await runMoneyJob(jobDeps());
    expect(again.jobs[0]).toMatchObject({ after: 'held', owed: 0 });
    const intents = await world.standIn.stripe.paymentIntents.list({ customer });
    expect(intents.data).toHaveLength(1);
  });

  it('emails the homeowner once per failed hold, and operations once after 12 hours', async () => {
    const job = await booked('4000000000000341');
    await advanceTo(holdDueAt(await payment(job.jobId)));
    const failed = await runMoneyJob(jobDeps());
    expect(failed.jobs[0]).toMatchObject({ after: 'hold-failed' });
    const toHomeowner = mails().filter((mail) => mail.to.includes(job.email));
    expect(toHomeowner.map((mail) => mail.subject)).toEqual([
      `Payment not yet secured for job ${job.reference}: please update your card`,
    ]);
    expect(toHomeowner[0]!.text).toContain('Update your card: https://www.example.com/');

    await advance(PAYMENT_TERMS.holdFailureEscalationHours - 1);
    expect((await runMoneyJob(jobDeps())).due).toBe(0);
    await advance(1);
    await runMoneyJob(jobDeps());
    const toOperations = mails().filter((mail) => mail.to.includes(OPERATIONS));
    expect(toOperations.map((mail) => mail.subject)).toEqual([
      `Payment not secured for job ${job.reference} after ${PAYMENT_TERMS.holdFailureEscalationHours} hours`,
    ]);
    expect(await moneyDueOf(table, job.jobId)).toBeUndefined();
    await advance(1);
    await scheduleMoney(table, job.jobId, clock);
    await runMoneyJob(jobDeps());
    expect(mails()).toHaveLength(2);
  });

  it('releases on an early cancellation ("Nothing was charged") and takes the late fee on a late one', async () => {
    const early = await booked();
    await advanceTo(holdDueAt(await payment(early.jobId)));
    await runMoneyJob(jobDeps());
    await moveMoney(moneyDeps(), early.jobId, { type: 'cancelled', at: clock.toISOString() });
    await runMoneyJob(jobDeps());
    expect(mails().map((mail) => mail.subject)).toEqual([
      `Nothing was charged for job ${early.reference}`,
    ]);
    sesMock.resetHistory();

    const late = await booked();
    await advanceTo(holdDueAt(await payment(late.jobId)));
    await runMoneyJob(jobDeps());
    await advanceTo(new Date(late.window.getTime() - 2 * HOUR));
    const moved = await moveMoney(moneyDeps(), late.jobId, {
      type: 'cancelled',
      at: clock.toISOString(),
    });
    expect(moved?.after).toBe('charged');
    await runMoneyJob(jobDeps());
    const subjects = mails().map((mail) => mail.subject);
    expect(subjects).toContain(
      `Your card was charged the $50 late-cancellation fee for job ${late.reference}`,
    );
    expect(subjects).toContain(`Your payout of $50 for job ${late.reference} is on its way`);
  });

  it('says nothing of a hold to a homeowner who cancelled before any hold was placed', async () => {
    const early = await booked();
    await moveMoney(moneyDeps(), early.jobId, { type: 'cancelled', at: clock.toISOString() });
    const report = await runMoneyJob(jobDeps());
    expect(report.jobs.map((job) => job.after)).toEqual(['released']);
    expect((await payment(early.jobId)).holds).toEqual([]);
    expect(mails()).toEqual([]);
  });

  it('stops starting jobs when its budget is spent; the rest stay due for the next run', async () => {
    const one = await booked();
    const two = await booked();
    let spent = 0;
    const report = await runMoneyJob(jobDeps({ budgetMs: 1, elapsedMs: () => spent++ }));
    expect(report).toMatchObject({ due: 2, left: 1 });
    const ran = report.jobs[0]!.jobId;
    const other = ran === one.jobId ? two.jobId : one.jobId;
    expect(await moneyDueOf(table, other)).toBe(clock.toISOString());
  });
});
