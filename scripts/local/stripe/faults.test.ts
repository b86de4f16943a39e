import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LoggedRequest } from './request-log';
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
afterEach(() => test.admin('DELETE', '/_standin/faults'));
afterAll(() => test.close());

const logged = async (key: string) =>
  (await test.admin<{ requests: LoggedRequest[] }>('GET', '/_standin/requests')).requests.filter(
    (r) => r.idempotencyKey === key,
  );

async function savedCardHold() {
  const card = await saveCard(test, '4242424242424242');
  return { customer: card.customer.id, params: holdParams(card, { hauler }) };
}

describe('faults switched on through /_standin/faults', () => {
  it('answers 500 without doing anything, and a retry with the same key then succeeds once', async () => {
    const { customer, params } = await savedCardHold();
    await test.admin('POST', '/_standin/faults', {
      method: 'POST',
      path: '/v1/payment_intents',
      mode: '500',
      count: 1,
    });
    const failed = await test.stripe.paymentIntents
      .create(params, { idempotencyKey: 'job-1-hold' })
      .catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(Stripe.errors.StripeAPIError);
    expect((await test.stripe.paymentIntents.list({ customer })).data).toEqual([]);
    const held = await test.stripe.paymentIntents.create(params, { idempotencyKey: 'job-1-hold' });
    expect(held.status).toBe('requires_capture');
    expect((await test.stripe.paymentIntents.list({ customer })).data).toHaveLength(1);
    expect((await logged('job-1-hold')).map((r) => [r.status, r.fault, r.replayed])).toEqual([
      [500, '500', false],
      [200, null, false],
    ]);
  });

  it('lets the SDK’s own retries ride over a 500 with the same key', async () => {
    const { customer, params } = await savedCardHold();
    await test.admin('POST', '/_standin/faults', {
      method: 'POST',
      path: '/v1/payment_intents',
      mode: '500',
    });
    const retrying = test.client({ maxNetworkRetries: 2 });
    const held = await retrying.paymentIntents.create(params, { idempotencyKey: 'job-2-hold' });
    expect(held.status).toBe('requires_capture');
    expect((await test.stripe.paymentIntents.list({ customer })).data).toHaveLength(1);
    expect(await logged('job-2-hold')).toHaveLength(2);
  });

  it('performs a request whose answer is lost; the retry returns the original object, no double charge', async () => {
    const { customer, params } = await savedCardHold();
    await test.admin('POST', '/_standin/faults', {
      method: 'POST',
      path: '/v1/payment_intents',
      mode: 'lost-answer',
    });
    // The SDK retries a dropped connection once even with retries off, with the same key.
    const held = await test.stripe.paymentIntents.create(params, { idempotencyKey: 'job-3-hold' });
    const intents = await test.stripe.paymentIntents.list({ customer });
    expect(intents.data.map((i) => i.id)).toEqual([held.id]);
    expect(held.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect((await logged('job-3-hold')).map((r) => [r.status, r.fault, r.replayed])).toEqual([
      [200, 'lost-answer', false],
      [200, null, true],
    ]);
  });

  it('captures once when the capture’s answer is lost and it is sent again', async () => {
    const { params } = await savedCardHold();
    const held = await test.stripe.paymentIntents.create(params, { idempotencyKey: 'job-4-hold' });
    await test.admin('POST', '/_standin/faults', {
      method: 'POST',
      path: '/v1/payment_intents/*/capture',
      mode: 'lost-answer',
    });
    const captured = await test.stripe.paymentIntents.capture(
      held.id,
      {},
      { idempotencyKey: 'job-4-capture' },
    );
    expect(captured.status).toBe('succeeded');
    expect(await eventsAbout(test, 'payment_intent.succeeded', held.id)).toHaveLength(1);
    const transfers = (
      await test.admin<{ events: unknown[] }>('GET', '/_standin/events?type=transfer.created')
    ).events as { data: { object: { source_transaction: string } } }[];
    const charge = (await test.stripe.paymentIntents.retrieve(held.id)).latest_charge;
    expect(transfers.filter((e) => e.data.object.source_transaction === charge)).toHaveLength(1);
  });

  it('counts a fault down and then lets requests through', async () => {
    await test.admin('POST', '/_standin/faults', {
      method: 'GET',
      path: '/v1/customers/*',
      mode: '500',
      count: 2,
    });
    const customer = await test.stripe.customers.create();
    await expect(test.stripe.customers.retrieve(customer.id)).rejects.toThrow();
    await expect(test.stripe.customers.retrieve(customer.id)).rejects.toThrow();
    await expect(test.stripe.customers.retrieve(customer.id)).resolves.toMatchObject({
      id: customer.id,
    });
  });

  it('refuses a fault it cannot apply', async () => {
    await expect(
      test.admin('POST', '/_standin/faults', { method: 'POST', path: '/v1/x', mode: 'slow' }),
    ).rejects.toThrow(/400/);
  });
});
