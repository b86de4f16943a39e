// @vitest-environment node
/**
 * `leads refund` and `leads show`'s money against the Stripe stand-in (real SDK) and dynalite: a
 * refund goes through the money runner, gives the hauler's transfer and our fee back in
 * proportion, is told to both parties once, survives a lost answer without refunding twice, and
 * is refused when nothing was charged, when the amount is more than is left, or in a dispute.
 */
import { randomUUID } from 'node:crypto';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import type Stripe from 'stripe';
import { beforeEach, describe, expect, it } from 'vitest';
import { getLead } from '../../../lambdas/shared/leads/lead-store';
import { dynamoOutbox } from '../../../lambdas/shared/mail/outbox';
import type { Hauler } from '../../../lambdas/shared/models/hauler-model';
import { advanceMoney } from '../../../lambdas/shared/payments/money-runner';
import { haulerIn } from '../../../test/support/testing-haulers';
import { chargedMoney, disputeEvent } from '../../../test/support/testing-money';
import { moneyWorld } from '../../../test/support/testing-money-world';
import { seedDoneJob } from '../../../test/support/testing-ratings';
import { parseArgs } from '../options';
import { leadMoney, moneyLines } from './job-money';
import { type RefundDeps, parseAmount, refundJob } from './refund';
import { MONEY_OPERATIONS_TEXTS } from '#contract/money/payments';

const NOW = new Date('2026-12-08T12:00:00.000Z');
const world = moneyWorld();
const { table, ses: sesMock } = world;
let hauler: Hauler;
let deps: RefundDeps;

beforeEach(async () => {
  hauler = await haulerIn(table, 'active', NOW);
  deps = {
    ...world.moneyDeps(() => NOW),
    ses: new SESv2Client({ region: 'us-east-1' }),
    sender: 'quotes@example.com',
    outbox: dynamoOutbox(table),
    operationsAddress: 'operations@example.com',
  };
});

/** A done job of `hauler`, its money charged $325 (fee $48.75, the hauler's $276.25). */
async function chargedJob(options: { holdOnly?: boolean } = {}) {
  const submissionId = randomUUID();
  const { lead } = await seedDoneJob(table, submissionId, hauler, NOW);
  const moved = await chargedMoney(world.standIn.stripe, deps, submissionId, {
    destination: world.account,
    ...options,
  });
  const hold = moved.payment.holds.at(-1)!;
  return { lead, moved, intentId: hold.intentId!, chargeId: hold.chargeId! };
}

const sent = () =>
  sesMock.commandCalls(SendEmailCommand).map((call) => ({
    to: call.args[0].input.Destination?.ToAddresses?.[0],
    subject: call.args[0].input.Content?.Simple?.Subject?.Data,
    text: call.args[0].input.Content?.Simple?.Body?.Text?.Data ?? '',
  }));

async function chargeAtStandIn(chargeId: string) {
  const charge = await world.standIn.stripe.charges.retrieve(chargeId);
  const transfer = await world.standIn.stripe.transfers.retrieve(String(charge.transfer));
  const fee = await world.standIn.stripe.applicationFees.retrieve(String(charge.application_fee));
  return { charge, transfer, fee };
}

describe('leads show: the money', () => {
  it('prints the state, price, hold, capture, fee, payout and every Stripe id', async () => {
    const { lead, intentId, chargeId } = await chargedJob();
    const [money] = await leadMoney(table, lead);
    const text = moneyLines(money!).join('\n');
    expect(text).toContain('charged: Charged. · price $325.00');
    expect(text).toContain(`#1 $325.00 · captured`);
    expect(text).toContain(intentId);
    expect(text).toContain(chargeId);
    expect(text).toContain('the job · $325.00 · fee $48.75 · succeeded');
    expect(text).toContain(`$276.25 to ${world.account}`);
    expect(text).toContain(money!.payment.card.customerId);
    expect(text).toContain(money!.payment.card.paymentMethodId);
  });

  it('shows a request without money as no money lines', async () => {
    const { lead } = await seedDoneJob(table, randomUUID(), hauler, NOW);
    expect(await leadMoney(table, lead)).toEqual([]);
  });
});

describe('leads refund', () => {
  it('refunds all that is left, reversing the transfer and the fee, and tells both once', async () => {
    const { lead, chargeId } = await chargedJob();
    const done = await refundJob(deps, lead.reference, { reason: 'Left the <couch> behind' });
    expect(done).toMatchObject({ kind: 'new', owed: false, leftCents: 0 });
    expect(done.refund).toMatchObject({ amountCents: 32_500, status: 'succeeded' });
    const { charge, transfer, fee } = await chargeAtStandIn(chargeId);
    expect(charge).toMatchObject({ amount_refunded: 32_500, refunded: true });
    expect(transfer.amount_reversed).toBe(transfer.amount);
    expect(fee.amount_refunded).toBe(fee.amount);
    const mail = sent();
    expect(mail.map((m) => [m.to, m.subject])).toEqual([
      [lead.request.email, MONEY_OPERATIONS_TEXTS.refundSubject],
      [hauler.email, MONEY_OPERATIONS_TEXTS.haulerRefundSubject],
    ]);
    expect(mail[0]!.text).toContain('Refunded now: $325.00');
    expect(mail[1]!.text).toContain('Payout reduced by: $276.25');
    const html =
      sesMock.commandCalls(SendEmailCommand)[0]!.args[0].input.Content?.Simple?.Body?.Html?.Data;
    expect(html).toContain('&lt;couch&gt;');
    const [money] = await leadMoney(table, (await getLead(table, lead.submissionId))!);
    expect(moneyLines(money!).join('\n')).toContain('refunded: Refunded.');
    await expect(refundJob(deps, lead.reference, { reason: 'Again' })).rejects.toThrow(
      'already refunded in full',
    );
    expect(sent()).toHaveLength(2);
  });

  it('refunds in part, in proportion, and refuses more than is left', async () => {
    const { lead, chargeId } = await chargedJob();
    const first = await refundJob(deps, lead.reference, {
      amountCents: parseAmount('100.00'),
      reason: 'One item stayed',
    });
    expect(first).toMatchObject({ leftCents: 22_500, refund: { amountCents: 10_000 } });
    const { transfer, fee } = await chargeAtStandIn(chargeId);
    // $276.25 × 100 / 325 = $85.00; $48.75 × 100 / 325 = $15.00.
    expect(transfer.amount_reversed).toBe(8_500);
    expect(fee.amount_refunded).toBe(1_500);
    expect(sent()[1]!.text).toContain('Payout reduced by: $85.00');
    expect(sent()[1]!.text).toContain('Payout now: $191.25');
    await expect(
      refundJob(deps, lead.reference, { amountCents: 22_501, reason: 'Too much' }),
    ).rejects.toThrow('A refund of $225.01 is more than the $225.00 left to refund');
    const second = await refundJob(deps, lead.reference, { reason: 'The rest' });
    expect(second).toMatchObject({ leftCents: 0, refund: { number: 2, amountCents: 22_500 } });
    expect((await chargeAtStandIn(chargeId)).transfer.amount_reversed).toBe(27_625);
    expect(sent()).toHaveLength(4);
  });

  it('refunds once when a rerun follows a lost answer, and tells each party once', async () => {
    const { lead, intentId } = await chargedJob();
    await world.standIn.admin('POST', '/_standin/faults', {
      method: 'POST',
      path: '/v1/refunds',
      mode: 'lost-answer',
      count: 3,
    });
    const lost = await refundJob(deps, lead.reference, {
      amountCents: 5_000,
      reason: 'Late',
    });
    expect(lost).toMatchObject({ owed: true, kind: 'new', emails: {} });
    expect(sent()).toEqual([]);
    const again = await refundJob(deps, lead.reference, { amountCents: 5_000, reason: 'Late' });
    expect(again).toMatchObject({ owed: false, kind: 'resent', refund: { number: 1 } });
    const refunds = await world.standIn.stripe.refunds.list({ payment_intent: intentId });
    expect(refunds.data.map((refund: Stripe.Refund) => refund.amount)).toEqual([5_000]);
    expect(sent()).toHaveLength(2);
  });

  it('refuses when nothing was charged, and names why', async () => {
    const { lead } = await chargedJob({ holdOnly: true });
    await expect(refundJob(deps, lead.reference, { reason: 'x' })).rejects.toThrow(
      `Nothing was charged for request ${lead.reference}`,
    );
    const { lead: without } = await seedDoneJob(table, randomUUID(), hauler, NOW);
    await expect(refundJob(deps, without.reference, { reason: 'x' })).rejects.toThrow(
      'has no money',
    );
  });

  it('refuses while a dispute is open', async () => {
    const { lead, moved, chargeId, intentId } = await chargedJob();
    const dispute = await world.standIn.admin<Record<string, unknown>>(
      'POST',
      '/_standin/disputes',
      {
        charge: chargeId,
      },
    );
    await advanceMoney(deps, moved.jobId, {
      type: 'webhook',
      event: disputeEvent('evt_dispute_1', 'charge.dispute.created', {
        ...dispute,
        payment_intent: intentId,
      }),
    });
    await expect(refundJob(deps, lead.reference, { reason: 'x' })).rejects.toThrow('is disputed');
    const [money] = await leadMoney(table, lead);
    const text = moneyLines(money!).join('\n');
    expect(text).toContain(`dispute    ${String(dispute.id)} · open · $325.00`);
    expect(text).toContain(MONEY_OPERATIONS_TEXTS.payoutHeld);
  });

  it('shows the payout reversed for a dispute and transferred again once won, and refuses a refund after', async () => {
    const { lead, moved, chargeId, intentId } = await chargedJob();
    const dispute = await world.standIn.admin<Record<string, unknown>>(
      'POST',
      '/_standin/disputes',
      {
        charge: chargeId,
      },
    );
    const deliver = (id: string, type: 'charge.dispute.created' | 'charge.dispute.closed') =>
      advanceMoney(deps, moved.jobId, {
        type: 'webhook',
        event: disputeEvent(id, type, { ...dispute, payment_intent: intentId }),
      });
    await deliver('evt_dispute_2', 'charge.dispute.created');
    const shown = async () => moneyLines((await leadMoney(table, lead))[0]!).join('\n');
    expect(await shown()).toMatch(
      /reversal {3}\$276\.25 · held for the dispute · succeeded · trr_\w+ · job_.+:dispute:dp_\w+:hold/,
    );
    expect(await shown()).toContain('payout     $0.00 to');
    await world.standIn.admin('POST', `/_standin/disputes/${String(dispute.id)}/close`, {
      status: 'won',
    });
    dispute.status = 'won';
    await deliver('evt_dispute_3', 'charge.dispute.closed');
    const text = await shown();
    expect(text).toMatch(
      /transfer {3}\$276\.25 · paid again · succeeded · tr_\w+ · job_.+:dispute:dp_\w+:release/,
    );
    expect(text).toContain('payout     $276.25 to');
    await expect(refundJob(deps, lead.reference, { reason: 'x' })).rejects.toThrow('was disputed');
  });

  it('takes dollars and a reason on the command line, and refuses a refund without a reason', () => {
    expect(parseAmount('12.34')).toBe(1_234);
    expect(parseAmount('$12.5')).toBe(1_250);
    expect(() => parseAmount('12.345')).toThrow('--amount takes dollars');
    expect(() => parseAmount('0')).toThrow('more than $0.00');
    expect(parseArgs(['refund', 'ABCD1234', '--reason', 'Why', '--amount', '3'])).toMatchObject({
      command: 'refund',
      target: 'ABCD1234',
      reason: 'Why',
      amount: '3',
    });
    expect(() => parseArgs(['refund', 'ABCD1234'])).toThrow('refund needs --reason');
  });
});
