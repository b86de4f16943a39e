import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type TestStandIn,
  eventsAbout,
  onboardedAccount,
  paidJob as paidJobOf,
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

const balance = async (account?: string) =>
  (await test.stripe.balance.retrieve({}, account === undefined ? {} : { stripeAccount: account }))
    .available[0]!.amount;

describe('transfer reversals and transfers by hand (a dispute’s hold of the payout)', () => {
  it('reverses part of a transfer once per idempotency key, and tells transfer.reversed', async () => {
    const { transferId } = await paidJob(32_500, 4_875);
    const before = await balance(hauler);
    const ask = () =>
      test.stripe.transfers.createReversal(
        transferId,
        { amount: 20_000, metadata: { job: 'j1' } },
        { idempotencyKey: 'job_j1:dispute:dp_1:hold' },
      );
    const first = await ask();
    const again = await ask();
    expect(first.id).toMatch(/^trr_/);
    expect(again.id).toBe(first.id);
    expect(first).toMatchObject({ amount: 20_000, transfer: transferId, metadata: { job: 'j1' } });
    const transfer = await test.stripe.transfers.retrieve(transferId);
    expect(transfer).toMatchObject({ amount_reversed: 20_000, reversed: false });
    expect(transfer.reversals.data).toHaveLength(1);
    expect(await eventsAbout(test, 'transfer.reversed', transferId)).toHaveLength(1);
    expect(await balance(hauler)).toBe(before - 20_000);
  });

  it('refuses to reverse more than is left of the transfer', async () => {
    const { transferId } = await paidJob(10_000, 1_500);
    await test.stripe.transfers.createReversal(transferId, { amount: 8_000 });
    await expect(
      test.stripe.transfers.createReversal(transferId, { amount: 501 }),
    ).rejects.toMatchObject({ code: 'amount_too_large', param: 'amount' });
    const rest = await test.stripe.transfers.createReversal(transferId);
    expect(rest.amount).toBe(500);
    expect(await test.stripe.transfers.retrieve(transferId)).toMatchObject({ reversed: true });
  });

  it('lets a later refund reverse only what the dispute’s reversal left', async () => {
    const { intent, transferId } = await paidJob(10_000, 1_500);
    await test.stripe.transfers.createReversal(transferId, { amount: 8_000 });
    const refund = await test.stripe.refunds.create({
      payment_intent: intent.id,
      amount: 10_000,
      reverse_transfer: true,
      refund_application_fee: true,
    });
    expect(refund.amount).toBe(10_000);
    const transfer = await test.stripe.transfers.retrieve(transferId);
    expect(transfer.amount_reversed).toBe(8_500);
    expect(transfer.reversals.data.map((each) => each.amount)).toEqual([500, 8_000]);
  });

  it('transfers a charge’s money to the account again, once per key, up to the charge', async () => {
    const { charge, transferId } = await paidJob(32_500, 4_875);
    await test.stripe.transfers.createReversal(transferId, { amount: 27_625 });
    const before = { hauler: await balance(hauler), platform: await balance() };
    const pay = () =>
      test.stripe.transfers.create(
        {
          amount: 27_625,
          currency: 'usd',
          destination: hauler,
          source_transaction: charge.id,
          transfer_group: 'job_j1',
        },
        { idempotencyKey: 'job_j1:dispute:dp_1:release' },
      );
    const first = await pay();
    expect((await pay()).id).toBe(first.id);
    expect(first).toMatchObject({
      object: 'transfer',
      amount: 27_625,
      destination: hauler,
      source_transaction: charge.id,
      transfer_group: 'job_j1',
    });
    expect(await eventsAbout(test, 'transfer.created', first.id)).toHaveLength(1);
    expect(await balance(hauler)).toBe(before.hauler + 27_625);
    expect(await balance()).toBe(before.platform - 27_625);
    await expect(
      test.stripe.transfers.create({
        amount: 32_501,
        currency: 'usd',
        destination: hauler,
        source_transaction: charge.id,
      }),
    ).rejects.toMatchObject({ code: 'amount_too_large' });
  });

  it('takes a disputed amount off the platform’s balance and gives it back when won', async () => {
    const { charge } = await paidJob(5_000, 500);
    const before = await balance();
    const dispute = await test.admin<{ id: string }>('POST', '/_standin/disputes', {
      charge: charge.id,
    });
    expect(await balance()).toBe(before - 5_000);
    await test.admin('POST', `/_standin/disputes/${dispute.id}/close`, { status: 'won' });
    expect(await balance()).toBe(before);
  });
});
