// @vitest-environment node
/**
 * A dispute from the Stripe stand-in to operations (decision 058): the stand-in's own
 * `charge.dispute.created` and `.closed`, applied by the webhook's code to the job's money in
 * dynalite, keep one email to operations in the outbox, which the minute job's sender sends once
 * however often Stripe delivers; `leads show` shows the dispute and the hauler's payout held.
 */
import { randomUUID } from 'node:crypto';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { beforeEach, describe, expect, it } from 'vitest';
import { keepDisputeNotice } from '../../lambdas/stripe-webhook/dispute-notice';
import { receiveStripeWebhook } from '../../lambdas/stripe-webhook/stripe-webhook';
import { getLead } from '../../lambdas/shared/leads/lead-store';
import { leadLedger } from '../../lambdas/shared/mail/mailer';
import { drainOutbox } from '../../lambdas/shared/mail/outbox-sender';
import { dynamoOutbox } from '../../lambdas/shared/mail/outbox';
import type { Hauler } from '../../lambdas/shared/models/hauler-model';
import type { PaymentWebhook } from '../../lambdas/shared/payments/money-webhooks';
import type { MoneyDeps } from '../../lambdas/shared/payments/money-runner';
import { leadMoney, moneyLines } from '../../scripts/leads/money/job-money';
import { events } from '../../scripts/local/stripe/testing';
import { haulerIn } from '../support/testing-haulers';
import { chargedMoney } from '../support/testing-money';
import { moneyWorld } from '../support/testing-money-world';
import { seedDoneJob } from '../support/testing-ratings';
import { DISPUTE_OUTCOME_TEXTS, MONEY_OPERATIONS_TEXTS } from '#contract/money/payments';

const NOW = new Date('2026-12-08T12:00:00.000Z');
const OPERATIONS = 'operations@example.com';
const world = moneyWorld();
const { table, ses: sesMock } = world;
let hauler: Hauler;
let deps: MoneyDeps;

beforeEach(async () => {
  hauler = await haulerIn(table, 'active', NOW);
  deps = world.moneyDeps(() => NOW);
});

/** The webhook's code as the function runs it, the signature taken as checked (tested apart). */
function deliver(event: PaymentWebhook, outboxDown = false) {
  const kept = dynamoOutbox(table);
  const outbox = outboxDown
    ? { ...kept, keep: () => Promise.reject(new Error('ProvisionedThroughputExceededException')) }
    : kept;
  return receiveStripeWebhook(
    {
      table,
      now: () => NOW,
      verify: async () => event,
      intentJob: (intentId) => deps.provider.intentJob(intentId),
      tellOperations: (applied, jobId) =>
        keepDisputeNotice(
          { table, outbox, operationsAddress: OPERATIONS, now: () => NOW },
          applied,
          jobId,
        ),
    },
    Buffer.from(JSON.stringify(event)),
    't=1,v1=checked-apart',
  );
}

/** The minute job's sender, as hauler-offers runs it. */
function drain() {
  return drainOutbox(
    {
      ses: new SESv2Client({ region: 'us-east-1' }),
      sender: 'quotes@example.com',
      now: () => NOW,
      outbox: dynamoOutbox(table),
      openLedger: async (ref) => {
        const lead = await getLead(table, ref.id);
        return lead === undefined ? undefined : leadLedger(table, lead);
      },
      sleep: async () => undefined,
    },
    { ratePerSecond: 100, budgetMs: 10_000 },
  );
}

async function standInEvent(type: string, disputeId: string): Promise<PaymentWebhook> {
  const found = (await events(world.standIn, type)).find(
    (event) => event.data.object.id === disputeId,
  );
  if (found === undefined) throw new Error(`no ${type} for ${disputeId}`);
  return { id: found.id, type: found.type, data: found.data };
}

const sent = () =>
  sesMock.commandCalls(SendEmailCommand).map((call) => ({
    to: call.args[0].input.Destination?.ToAddresses?.[0],
    subject: call.args[0].input.Content?.Simple?.Subject?.Data ?? '',
    text: call.args[0].input.Content?.Simple?.Body?.Text?.Data ?? '',
  }));

describe('a dispute', () => {
  it('emails operations once with the job, amount, reason and the evidence command', async () => {
    const submissionId = randomUUID();
    const { lead } = await seedDoneJob(table, submissionId, hauler, NOW);
    const charged = await chargedMoney(world.standIn.stripe, deps, submissionId);
    const hold = charged.payment.holds.at(-1)!;
    const dispute = await world.standIn.admin<{ id: string }>('POST', '/_standin/disputes', {
      payment_intent: hold.intentId,
      reason: 'product_not_received',
    });
    const created = await standInEvent('charge.dispute.created', dispute.id);
    // Stripe delivers at least once: three times here.
    for (let i = 0; i < 3; i += 1) expect((await deliver(created)).statusCode).toBe(200);
    expect((await drain()).sent).toBe(1);
    await deliver(created);
    expect((await drain()).sent).toBe(0);
    const mail = sent();
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({
      to: OPERATIONS,
      subject: `${MONEY_OPERATIONS_TEXTS.disputeSubject}: ${lead.reference}`,
    });
    expect(mail[0]!.text).toContain(`Job: ${charged.jobId}`);
    expect(mail[0]!.text).toContain('Amount: $325.00');
    expect(mail[0]!.text).toContain('Reason: product_not_received');
    expect(mail[0]!.text).toContain(`npm run leads -- evidence ${lead.reference}`);
    expect(mail[0]!.text).toContain("The hauler's payout for this job is held");

    const [money] = await leadMoney(table, lead);
    const shown = moneyLines(money!).join('\n');
    expect(shown).toContain('disputed: The charge is disputed with the bank.');
    expect(shown).toContain(`${dispute.id} · open · $325.00`);
    expect(shown).toContain(MONEY_OPERATIONS_TEXTS.payoutHeld);

    await world.standIn.admin('POST', `/_standin/disputes/${dispute.id}/close`, { status: 'won' });
    const closed = await standInEvent('charge.dispute.closed', dispute.id);
    await deliver(closed);
    await deliver(closed);
    expect((await drain()).sent).toBe(1);
    expect(sent()[1]).toMatchObject({
      to: OPERATIONS,
      subject: `${MONEY_OPERATIONS_TEXTS.disputeClosedSubject}: ${lead.reference}`,
    });
    expect(sent()[1]!.text).toContain(DISPUTE_OUTCOME_TEXTS.won);
    const [after] = await leadMoney(table, lead);
    const again = moneyLines(after!).join('\n');
    expect(again).toContain(`${dispute.id} · won`);
    expect(again).not.toContain(MONEY_OPERATIONS_TEXTS.payoutHeld);
  });

  it('fails the delivery (the handler’s 500) when the email cannot be kept, so that Stripe’s redelivery tells operations', async () => {
    const submissionId = randomUUID();
    await seedDoneJob(table, submissionId, hauler, NOW);
    const charged = await chargedMoney(world.standIn.stripe, deps, submissionId);
    const dispute = await world.standIn.admin<{ id: string }>('POST', '/_standin/disputes', {
      payment_intent: charged.payment.holds.at(-1)!.intentId,
    });
    const created = await standInEvent('charge.dispute.created', dispute.id);
    await expect(deliver(created, true)).rejects.toThrow('ProvisionedThroughputExceededException');
    expect((await drain()).due).toBe(0);
    expect((await deliver(created)).body).toMatchObject({ result: 'applied' });
    expect((await drain()).sent).toBe(1);
    expect(sent().map((mail) => mail.to)).toEqual([OPERATIONS]);
  });

  it('tells nobody of a dispute about a charge that is none of ours', async () => {
    const event: PaymentWebhook = {
      id: 'evt_foreign',
      type: 'charge.dispute.created',
      data: { object: { id: 'dp_foreign', charge: 'ch_foreign', metadata: {} } },
    };
    expect((await deliver(event)).body).toMatchObject({ result: 'ignored' });
    expect((await drain()).due).toBe(0);
  });
});
