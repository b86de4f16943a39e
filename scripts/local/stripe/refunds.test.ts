import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type TestStandIn,
  eventsAbout,
  onboardedAccount,
  holdParams,
  paidJob as paidJobOf,
  saveCard,
  startTestStandIn,
} from './testing';

let test: TestStandIn;
let hauler: string;
beforeAll(async () => {
  test = await startTestStandIn();
  hauler = await onboardedAccount(test);
});
afterAll(() => test.close());

/** A captured destination charge to the hauler: `amount` charged, `fee` kept, the rest transferred. */
const paidJob = (amount: number, fee: number) => paidJobOf(test, hauler, amount, fee);

const money = async (charge: Stripe.Charge) => ({
  charge: await test.stripe.charges.retrieve(charge.id),
  transfer: await test.stripe.transfers.retrieve(charge.transfer as string),
  fee: await test.stripe.applicationFees.retrieve(charge.application_fee as string),
});

const refund = (intent: Stripe.PaymentIntent, amount?: number) =>
  test.stripe.refunds.create({
    payment_intent: intent.id,
    ...(amount === undefined ? {} : { amount }),
    reverse_transfer: true,
    refund_application_fee: true,
  });

describe('refunds of a destination charge', () => {
  it('reverses the transfer and refunds the fee in proportion to a partial refund', async () => {
    const { intent, charge } = await paidJob(32_500, 4_875);
    const partial = await refund(intent, 10_000);
    expect(partial).toMatchObject({ object: 'refund', amount: 10_000, status: 'succeeded' });
    expect(partial.id).toMatch(/^re_/);
    const after = await money(charge);
    expect(after.charge).toMatchObject({ amount_refunded: 10_000, refunded: false });
    expect(after.transfer.amount).toBe(27_625);
    expect(after.transfer.amount_reversed).toBe(8_500);
    expect(after.transfer.reversals.data[0]).toMatchObject({ amount: 8_500 });
    expect(partial.transfer_reversal).toBe(after.transfer.reversals.data[0]!.id);
    expect(after.fee).toMatchObject({ amount_refunded: 1_500, refunded: false });
    expect(await eventsAbout(test, 'charge.refunded', charge.id)).toHaveLength(1);
  });

  it('leaves no cent behind when refunds in thirds add up to the whole charge', async () => {
    const { intent, charge } = await paidJob(10_000, 1_500);
    await refund(intent, 3_333);
    await refund(intent, 3_333);
    await refund(intent); // the rest: 3,334
    const after = await money(charge);
    expect(after.charge).toMatchObject({ amount_refunded: 10_000, refunded: true });
    expect(after.transfer.reversals.data.map((r) => r.amount)).toEqual([2_834, 2_833, 2_833]);
    expect(after.transfer).toMatchObject({ amount_reversed: 8_500, reversed: true });
    expect(after.fee.refunds.data.map((r) => r.amount)).toEqual([500, 500, 500]);
    expect(after.fee).toMatchObject({ amount_refunded: 1_500, refunded: true });
  });

  it('keeps the transfer and fee whole when not asked to give them back', async () => {
    const { intent, charge } = await paidJob(20_000, 3_000);
    await test.stripe.refunds.create({ payment_intent: intent.id, amount: 5_000 });
    const after = await money(charge);
    expect(after.transfer.amount_reversed).toBe(0);
    expect(after.fee.amount_refunded).toBe(0);
    expect(after.charge.amount_refunded).toBe(5_000);
  });

  it('refuses to refund more than is left', async () => {
    const { intent } = await paidJob(10_000, 1_000);
    await refund(intent, 9_000);
    await expect(refund(intent, 1_001)).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'amount_too_large',
      param: 'amount',
    });
    await refund(intent);
    await expect(refund(intent)).rejects.toMatchObject({ code: 'charge_already_refunded' });
  });

  it('refuses a refund of a hold that was never captured', async () => {
    const card = await saveCard(test, '4242424242424242');
    const held = await test.stripe.paymentIntents.create(holdParams(card, { amount: 5_000 }));
    await expect(refund(held)).rejects.toMatchObject({ code: 'charge_not_refundable' });
  });
});

describe('disputes', () => {
  it('opens a dispute on request, tells charge.dispute.created and can be retrieved', async () => {
    const { intent, charge } = await paidJob(32_500, 4_875);
    const opened = await test.admin<{ id: string }>('POST', '/_standin/disputes', {
      payment_intent: intent.id,
      reason: 'product_not_received',
    });
    expect(opened.id).toMatch(/^dp_/);
    const dispute = await test.stripe.disputes.retrieve(opened.id);
    expect(dispute).toMatchObject({
      object: 'dispute',
      amount: 32_500,
      charge: charge.id,
      payment_intent: intent.id,
      reason: 'product_not_received',
      status: 'needs_response',
    });
    expect(await eventsAbout(test, 'charge.dispute.created', dispute.id)).toHaveLength(1);
    expect((await test.stripe.charges.retrieve(charge.id)).disputed).toBe(true);
    await expect(refund(intent, 1_000)).rejects.toMatchObject({ code: 'charge_disputed' });
  });

  it('closes a dispute as won or lost with charge.dispute.closed', async () => {
    const { charge } = await paidJob(5_000, 500);
    const opened = await test.admin<{ id: string }>('POST', '/_standin/disputes', {
      charge: charge.id,
    });
    await test.admin('POST', `/_standin/disputes/${opened.id}/close`, { status: 'lost' });
    expect((await test.stripe.disputes.retrieve(opened.id)).status).toBe('lost');
    expect(await eventsAbout(test, 'charge.dispute.closed', opened.id)).toHaveLength(1);
  });
});
