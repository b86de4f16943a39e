import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFF_SESSION_HOLD_SECONDS } from './payment-lifecycle';
import {
  type TestStandIn,
  eventsAbout,
  onboardedAccount,
  holdParams,
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

let keys = 0;
const key = (step: string) => `job-${(keys += 1)}-${step}`;

/** An off-session manual-capture hold on a freshly saved card, as the scheduled job places it. */
async function hold(number = '4242424242424242', amount = 32_500, fee = 4_875) {
  const card = await saveCard(test, number);
  const intent = await test.stripe.paymentIntents.create(
    holdParams(card, {
      hauler,
      amount,
      application_fee_amount: fee,
      metadata: { job: 'job-1', step: 'hold' },
    }),
    { idempotencyKey: key('hold') },
  );
  return { customer: card.customer, paymentMethod: card.paymentMethod, intent };
}

const charge = async (intent: Stripe.PaymentIntent) =>
  (await test.stripe.paymentIntents.retrieve(intent.id, { expand: ['latest_charge'] }))
    .latest_charge as Stripe.Charge;

describe('manual-capture PaymentIntents confirmed off session', () => {
  it('authorises the amount and holds it until capture_before, 4 days 18 hours ahead', async () => {
    const { intent } = await hold();
    expect(intent).toMatchObject({
      object: 'payment_intent',
      status: 'requires_capture',
      amount: 32_500,
      amount_capturable: 32_500,
      amount_received: 0,
      capture_method: 'manual',
      transfer_data: { destination: hauler },
      application_fee_amount: 4_875,
      metadata: { job: 'job-1', step: 'hold' },
      livemode: false,
    });
    expect(intent.id).toMatch(/^pi_/);
    const held = await charge(intent);
    expect(held).toMatchObject({ captured: false, amount_captured: 0, status: 'succeeded' });
    expect(held.payment_method_details?.card?.capture_before).toBe(
      intent.created + OFF_SESSION_HOLD_SECONDS,
    );
    expect(OFF_SESSION_HOLD_SECONDS).toBe(4 * 86_400 + 18 * 3_600);
  });

  it('answers a declined card with a 402 card_error that carries the PaymentIntent', async () => {
    const saved = await saveCard(test, '4000000000000341');
    const error = await test.stripe.paymentIntents
      .create(holdParams(saved, { amount: 10_000 }), { idempotencyKey: key('hold') })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    const card = error as Stripe.errors.StripeCardError;
    expect(card.statusCode).toBe(402);
    expect(card.code).toBe('card_declined');
    expect(card.decline_code).toBe('generic_decline');
    const intent = card.payment_intent!;
    expect(intent.status).toBe('requires_payment_method');
    expect(intent.last_payment_error?.code).toBe('card_declined');
    const stored = await test.stripe.paymentIntents.retrieve(intent.id);
    expect(stored.status).toBe('requires_payment_method');
    expect(await eventsAbout(test, 'payment_intent.payment_failed', intent.id)).toHaveLength(1);
  });

  it('fails a card that always asks for authentication with authentication_required', async () => {
    const card = await saveCard(test, '4000002760003184');
    const error = await test.stripe.paymentIntents
      .create(holdParams(card, { amount: 10_000 }))
      .then(
        () => undefined,
        (e: unknown) => e as Stripe.errors.StripeCardError,
      );
    expect(error).toMatchObject({ type: 'StripeCardError', code: 'authentication_required' });
    expect(error?.payment_intent?.status).toBe('requires_payment_method');
  });

  it('holds a card authenticated once when it was saved (4000 0025 0000 3155)', async () => {
    const { intent } = await hold('4000002500003155');
    expect(intent.status).toBe('requires_capture');
  });

  it('refuses to capture more than was authorised', async () => {
    const { intent } = await hold();
    await expect(
      test.stripe.paymentIntents.capture(intent.id, { amount_to_capture: 32_501 }),
    ).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      code: 'amount_too_large',
      param: 'amount_to_capture',
    });
    expect((await test.stripe.paymentIntents.retrieve(intent.id)).status).toBe('requires_capture');
  });

  it('captures: the charge, the fee kept and the rest transferred to the hauler', async () => {
    const { intent } = await hold();
    const captured = await test.stripe.paymentIntents.capture(
      intent.id,
      { amount_to_capture: 30_000, application_fee_amount: 4_500 },
      { idempotencyKey: key('capture') },
    );
    expect(captured).toMatchObject({
      status: 'succeeded',
      amount_received: 30_000,
      amount_capturable: 0,
      application_fee_amount: 4_500,
    });
    const paid = await charge(captured);
    expect(paid).toMatchObject({
      captured: true,
      amount_captured: 30_000,
      amount_refunded: 2_500,
      application_fee_amount: 4_500,
    });
    const transfer = await test.stripe.transfers.retrieve(paid.transfer as string);
    expect(transfer).toMatchObject({
      amount: 25_500,
      destination: hauler,
      source_transaction: paid.id,
    });
    const fee = await test.stripe.applicationFees.retrieve(paid.application_fee as string);
    expect(fee).toMatchObject({ amount: 4_500, account: hauler, charge: paid.id });
    expect(await eventsAbout(test, 'payment_intent.succeeded', intent.id)).toHaveLength(1);
    await expect(test.stripe.paymentIntents.capture(intent.id)).rejects.toMatchObject({
      code: 'payment_intent_unexpected_state',
    });
  });

  it('cancels a hold: nothing captured, the authorisation released', async () => {
    const { intent } = await hold();
    const canceled = await test.stripe.paymentIntents.cancel(intent.id, {
      cancellation_reason: 'requested_by_customer',
    });
    expect(canceled).toMatchObject({
      status: 'canceled',
      amount_capturable: 0,
      cancellation_reason: 'requested_by_customer',
    });
    expect(await charge(canceled)).toMatchObject({ refunded: true, amount_refunded: 32_500 });
    await expect(test.stripe.paymentIntents.capture(intent.id)).rejects.toMatchObject({
      code: 'payment_intent_unexpected_state',
    });
  });

  it('lets a hold lapse once its customer’s clock passes capture_before', async () => {
    const { customer, intent } = await hold();
    const other = await hold();
    await test.admin('POST', '/_standin/clock', {
      advanceSeconds: OFF_SESSION_HOLD_SECONDS - 60,
      customer: customer.id,
    });
    expect((await test.stripe.paymentIntents.retrieve(intent.id)).status).toBe('requires_capture');
    await test.admin('POST', '/_standin/clock', { advanceSeconds: 60, customer: customer.id });
    const lapsed = await test.stripe.paymentIntents.retrieve(intent.id);
    expect(lapsed).toMatchObject({ status: 'canceled', cancellation_reason: 'automatic' });
    expect(await eventsAbout(test, 'payment_intent.canceled', intent.id)).toHaveLength(1);
    expect((await test.stripe.paymentIntents.retrieve(other.intent.id)).status).toBe(
      'requires_capture',
    );
  });

  it('moves the whole clock with an ISO time and never back', async () => {
    const { intent } = await hold();
    const clock = await test.admin<{ now: number }>('GET', '/_standin/clock');
    const later = new Date((clock.now + OFF_SESSION_HOLD_SECONDS + 5) * 1000).toISOString();
    await test.admin('POST', '/_standin/clock', { at: later });
    expect((await test.stripe.paymentIntents.retrieve(intent.id)).status).toBe('canceled');
    await expect(
      test.admin('POST', '/_standin/clock', { at: new Date(clock.now * 1000).toISOString() }),
    ).rejects.toThrow(/only moves forward/);
  });

  it('refuses a destination that has not finished onboarding', async () => {
    const card = await saveCard(test, '4242424242424242');
    const fresh = await test.stripe.accounts.create({ type: 'express' });
    await expect(
      test.stripe.paymentIntents.create(
        holdParams(card, { amount: 5_000, transfer_data: { destination: fresh.id } }),
      ),
    ).rejects.toMatchObject({ code: 'insufficient_capabilities_for_transfer' });
  });

  it('refuses a card that belongs to another customer', async () => {
    const { paymentMethod } = await saveCard(test, '4242424242424242');
    const stranger = await test.stripe.customers.create();
    await expect(
      test.stripe.paymentIntents.create({
        amount: 5_000,
        currency: 'usd',
        customer: stranger.id,
        payment_method: paymentMethod,
      }),
    ).rejects.toMatchObject({ param: 'payment_method' });
  });

  it('captures at once and pays out when capture is automatic', async () => {
    const { customer, paymentMethod } = await saveCard(test, '4242424242424242');
    const intent = await test.stripe.paymentIntents.create({
      amount: 9_000,
      currency: 'usd',
      customer: customer.id,
      payment_method: paymentMethod,
      confirm: true,
      off_session: true,
      transfer_data: { destination: hauler },
      application_fee_amount: 1_000,
    });
    expect(intent.status).toBe('succeeded');
    const paid = await charge(intent);
    expect(paid.captured).toBe(true);
    expect((await test.stripe.transfers.retrieve(paid.transfer as string)).amount).toBe(8_000);
  });
});
