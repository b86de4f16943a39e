import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LoggedRequest } from '../../../scripts/local/stripe/request-log';
import {
  CARD_FIELDS,
  TEST_KEY,
  type TestStandIn,
  eventsAbout,
  onboardedAccount,
  postForm,
  saveCard,
  startTestStandIn,
} from '../../../scripts/local/stripe/testing';
import { disputeKey, idempotencyKey } from './money-holds';
import type { PaymentCommand } from './money-machine';
import { type PaymentProvider, stripePayments } from './stripe-payments';

const WEBHOOK_SECRET = 'whsec_payments_module';

let test: TestStandIn;
let payments: PaymentProvider;
let hauler: string;
let jobs = 0;

beforeAll(async () => {
  test = await startTestStandIn();
  payments = stripePayments({
    secretKey: async () => TEST_KEY,
    webhookSecret: async () => WEBHOOK_SECRET,
    host: '127.0.0.1',
    port: test.standIn.port,
    protocol: 'http',
  });
  hauler = await onboardedAccount(test);
});
afterEach(() => test.admin('DELETE', '/_standin/faults'));
afterAll(() => test.close());

function holdCommand(card: { customerId: string; paymentMethodId: string }, amountCents = 32_500) {
  const jobId = `job${++jobs}`;
  return {
    kind: 'place-hold',
    key: idempotencyKey(jobId, 'hold', 1),
    jobId,
    ...card,
    destination: hauler,
    amountCents,
    feeCents: 4_875,
  } satisfies PaymentCommand;
}

async function heldJob(number = '4242424242424242') {
  const { customer, paymentMethod } = await saveCard(test, number);
  const command = holdCommand({ customerId: customer.id, paymentMethodId: paymentMethod });
  return { command, held: await payments.placeHold(command) };
}

const done = <T extends { outcome: string }>(outcome: T) => {
  expect(outcome.outcome).toBe('done');
  return outcome as Extract<T, { outcome: 'done' }>;
};

describe('the Stripe payment module against the stand-in', () => {
  it('makes a customer once per key and a setup-mode Checkout whose saved card it reads', async () => {
    const first = done(
      await payments.ensureCustomer({
        key: 'job_c1:customer:1',
        jobId: 'c1',
        email: 'a@example.com',
      }),
    );
    const again = done(
      await payments.ensureCustomer({
        key: 'job_c1:customer:1',
        jobId: 'c1',
        email: 'a@example.com',
      }),
    );
    expect(again.customerId).toBe(first.customerId);
    const session = done(
      await payments.setupCheckout({
        key: 'job_c1:checkout:1',
        jobId: 'c1',
        customerId: first.customerId,
        successUrl: 'http://site.test/accepted?session={CHECKOUT_SESSION_ID}',
        cancelUrl: 'http://site.test/quote',
      }),
    );
    expect(await payments.savedCard(session.sessionId)).toBeUndefined();
    const answer = await postForm(session.url, { number: '4242424242424242', ...CARD_FIELDS });
    expect(answer.status).toBe(303);
    const card = await payments.savedCard(session.sessionId);
    expect(card).toMatchObject({
      customerId: first.customerId,
      paymentMethodId: expect.stringMatching(/^pm_/),
    });
  });

  it('places an off-session manual-capture hold to the hauler with the fee and capture_before', async () => {
    const { command, held } = await heldJob();
    const placed = done(held);
    const intent = await test.stripe.paymentIntents.retrieve(placed.intentId);
    expect(intent).toMatchObject({
      status: 'requires_capture',
      amount: 32_500,
      application_fee_amount: 4_875,
      capture_method: 'manual',
      transfer_data: { destination: hauler },
      metadata: { job: command.jobId, key: command.key },
    });
    const lasts = Date.parse(placed.captureBefore!) - intent.created * 1000;
    expect(lasts).toBe((4 * 24 + 18) * 3_600_000);
  });

  it('captures at most the authorized amount with the fee, and the hauler gets the rest', async () => {
    const { command, held } = await heldJob();
    const { intentId } = done(held);
    const capture = {
      kind: 'capture',
      key: idempotencyKey(command.jobId, 'capture', 1),
      intentId,
      amountCents: 30_000,
      feeCents: 4_500,
    } as const;
    expect(done(await payments.capture(capture)).amountCents).toBe(30_000);
    const charge = (
      await test.stripe.paymentIntents.retrieve(intentId, { expand: ['latest_charge'] })
    ).latest_charge as Stripe.Charge;
    expect(charge).toMatchObject({ amount_captured: 30_000 });
    const transfer = await test.stripe.transfers.retrieve(charge.transfer as string);
    expect(transfer.amount).toBe(30_000 - 4_500);
    const tooMuch = await payments.capture({
      ...capture,
      key: `${capture.key}x`,
      amountCents: 40_000,
    });
    expect(tooMuch.outcome).toBe('refused');
  });

  it('releases a hold, and answers a release of a lapsed hold as released', async () => {
    const { command, held } = await heldJob();
    const { intentId } = done(held);
    const release = {
      kind: 'release',
      key: idempotencyKey(command.jobId, 'release', 1),
      intentId,
    } as const;
    done(await payments.release(release));
    expect((await test.stripe.paymentIntents.retrieve(intentId)).status).toBe('canceled');
    done(await payments.release({ ...release, key: `${release.key}x` }));
  });

  it('refunds part, reversing the transfer and the fee in proportion', async () => {
    const { command, held } = await heldJob();
    const { intentId } = done(held);
    done(
      await payments.capture({
        kind: 'capture',
        key: idempotencyKey(command.jobId, 'capture', 1),
        intentId,
        amountCents: 32_500,
        feeCents: 4_875,
      }),
    );
    const refund = done(
      await payments.refund({
        kind: 'refund',
        key: idempotencyKey(command.jobId, 'refund', 1),
        intentId,
        amountCents: 16_250,
      }),
    );
    expect(refund.amountCents).toBe(16_250);
    const charge = (
      await test.stripe.paymentIntents.retrieve(intentId, { expand: ['latest_charge'] })
    ).latest_charge as Stripe.Charge;
    expect(charge.amount_refunded).toBe(16_250);
    const fee = await test.stripe.applicationFees.retrieve(charge.application_fee as string);
    expect(fee.amount_refunded).toBe(Math.round(4_875 / 2));
  });

  it('holds a disputed payout by reversing the charge’s transfer, and pays it again by a new transfer', async () => {
    const { command, held } = await heldJob();
    const { intentId, chargeId } = done(held);
    done(
      await payments.capture({
        kind: 'capture',
        key: idempotencyKey(command.jobId, 'capture', 1),
        intentId,
        amountCents: 32_500,
        feeCents: 4_875,
      }),
    );
    const hold = {
      kind: 'hold-payout',
      key: disputeKey(command.jobId, 'dp_1', 'hold'),
      jobId: command.jobId,
      chargeId: chargeId!,
      amountCents: 27_625,
    } as const;
    const reversal = done(await payments.holdPayout(hold));
    expect(done(await payments.holdPayout(hold)).reversalId).toBe(reversal.reversalId);
    const charge = await test.stripe.charges.retrieve(chargeId!);
    const transfer = await test.stripe.transfers.retrieve(charge.transfer as string);
    expect(transfer).toMatchObject({ amount_reversed: 27_625, reversed: true });
    const tooMuch = await payments.holdPayout({ ...hold, key: `${hold.key}x`, amountCents: 1 });
    expect(tooMuch).toMatchObject({ outcome: 'refused', code: 'amount_too_large' });
    const release = {
      kind: 'release-payout',
      key: disputeKey(command.jobId, 'dp_1', 'release'),
      jobId: command.jobId,
      chargeId: chargeId!,
      destination: hauler,
      amountCents: 27_625,
    } as const;
    const paid = done(await payments.releasePayout(release));
    expect(done(await payments.releasePayout(release)).transferId).toBe(paid.transferId);
    expect(await test.stripe.transfers.retrieve(paid.transferId)).toMatchObject({
      amount: 27_625,
      destination: hauler,
      source_transaction: chargeId,
      transfer_group: `job_${command.jobId}`,
    });
  });

  it('answers a declined card with its code and decline code, and names the PaymentIntent', async () => {
    const { held } = await heldJob('4000000000000341');
    expect(held).toMatchObject({
      outcome: 'declined',
      code: 'card_declined',
      intentId: expect.stringMatching(/^pi_/),
    });
  });

  it('answers a card that asks to authenticate every time as authentication required', async () => {
    const { held } = await heldJob('4000002760003184');
    expect(held.outcome).toBe('authentication-required');
  });

  it('charges once when a capture’s answer is lost and it is sent again with the same key', async () => {
    const { command, held } = await heldJob();
    const { intentId } = done(held);
    await test.admin('POST', '/_standin/faults', {
      method: 'POST',
      path: '/v1/payment_intents/*/capture',
      mode: 'lost-answer',
    });
    const capture = {
      kind: 'capture',
      key: idempotencyKey(command.jobId, 'capture', 1),
      intentId,
      amountCents: 32_500,
      feeCents: 4_875,
    } as const;
    expect(done(await payments.capture(capture)).amountCents).toBe(32_500);
    expect(done(await payments.capture(capture)).amountCents).toBe(32_500);
    expect(await eventsAbout(test, 'payment_intent.succeeded', intentId)).toHaveLength(1);
    const requests = (await test.admin<{ requests: LoggedRequest[] }>('GET', '/_standin/requests'))
      .requests;
    const sent = requests.filter((r) => r.idempotencyKey === capture.key);
    expect(sent.map((r) => [r.fault, r.replayed])).toEqual([
      ['lost-answer', false],
      [null, true],
      [null, true],
    ]);
  });

  it('makes an Express account and an onboarding link, and reads its state', async () => {
    const account = done(
      await payments.createExpressAccount({
        key: 'hauler_h1:account:1',
        haulerId: 'h1',
        email: 'h@example.com',
      }),
    );
    expect(await payments.accountState(account.accountId)).toBe('not-started');
    const link = done(
      await payments.accountLink({
        key: 'hauler_h1:account-link:1',
        accountId: account.accountId,
        refreshUrl: 'http://site.test/r',
        returnUrl: 'http://site.test/d',
      }),
    );
    await fetch(link.url);
    await postForm(link.url, {
      action: 'finish',
      name: 'Pat',
      routingNumber: '110000000',
      accountNumber: '000123456789',
    });
    expect(await payments.accountState(account.accountId)).toBe('enabled');
  });

  it('verifies a webhook signed with the secret and refuses one signed otherwise', async () => {
    const payload = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'charge.refunded',
      data: { object: { id: 'ch_1' } },
    });
    const sign = (secret: string) => Stripe.webhooks.generateTestHeaderString({ payload, secret });
    expect(await payments.verifyWebhook(payload, sign(WEBHOOK_SECRET))).toMatchObject({
      id: 'evt_1',
      type: 'charge.refunded',
    });
    expect(await payments.verifyWebhook(payload, sign('whsec_other'))).toBeUndefined();
  });

  it('sends every write with a key of its caller, never one of the SDK’s', async () => {
    const { customer, paymentMethod } = await saveCard(test, '4242424242424242');
    const log = async (since = 0) =>
      (
        await test.admin<{ requests: LoggedRequest[] }>(
          'GET',
          `/_standin/requests?method=POST&since=${since}`,
        )
      ).requests;
    const since = Math.max(0, ...(await log()).map((r) => r.seq));
    const {
      jobId,
      key: _hold,
      ...card
    } = holdCommand({ customerId: customer.id, paymentMethodId: paymentMethod });
    const key = (step: 'hold' | 'capture' | 'refund' | 'release', n = 1) =>
      idempotencyKey(jobId, step, n);
    done(
      await payments.ensureCustomer({
        key: `job_${jobId}:customer:1`,
        jobId,
        email: 'k@example.com',
      }),
    );
    done(
      await payments.setupCheckout({
        key: `job_${jobId}:checkout:1`,
        jobId,
        customerId: customer.id,
        successUrl: 'http://s.test/a',
        cancelUrl: 'http://s.test/b',
      }),
    );
    const first = done(await payments.placeHold({ ...card, jobId, key: key('hold') }));
    const second = done(await payments.placeHold({ ...card, jobId, key: key('hold', 2) }));
    done(
      await payments.release({ kind: 'release', key: key('release', 1), intentId: first.intentId }),
    );
    done(
      await payments.capture({
        kind: 'capture',
        key: key('capture', 2),
        intentId: second.intentId,
        amountCents: 32_500,
        feeCents: 4_875,
      }),
    );
    done(
      await payments.refund({
        kind: 'refund',
        key: key('refund'),
        intentId: second.intentId,
        amountCents: 100,
      }),
    );
    const account = done(
      await payments.createExpressAccount({
        key: `hauler_${jobId}:account:1`,
        haulerId: jobId,
        email: 'h@example.com',
      }),
    );
    done(
      await payments.accountLink({
        key: `hauler_${jobId}:account-link:1`,
        accountId: account.accountId,
        refreshUrl: 'http://s.test/r',
        returnUrl: 'http://s.test/d',
      }),
    );
    const writes = await log(since);
    expect(writes).toHaveLength(9);
    expect(writes.filter((r) => r.keySource !== 'caller')).toEqual([]);
  });
});
