import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_VERSION } from './core';
import type { LoggedRequest } from './request-log';
import { TEST_KEY, type TestStandIn, saveCard, startTestStandIn } from './testing';

let test: TestStandIn;
beforeAll(async () => {
  test = await startTestStandIn();
});
afterAll(() => test.close());

/** What a raw answer holds: an object, or an error. */
type ApiJson = { id: string; created: number; error: Record<string, unknown> } & Record<
  string,
  unknown
>;

/** A raw form POST, to see the status and headers the SDK hides. */
async function post(path: string, body: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${test.standIn.origin}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${TEST_KEY}`,
      'content-type': 'application/x-www-form-urlencoded',
      ...headers,
    },
    body,
  });
  return { response, json: (await response.json()) as ApiJson };
}

const requests = async (path: string) =>
  (await test.admin<{ requests: LoggedRequest[] }>('GET', `/_standin/requests?path=${path}`))
    .requests;

describe('the API surface', () => {
  it('refuses a request without a test secret key with 401 in Stripe’s error shape', async () => {
    const response = await fetch(`${test.standIn.origin}/v1/customers`, { method: 'POST' });
    expect(response.status).toBe(401);
    const body = (await response.json()) as { error: { type: string; message: string } };
    expect(body.error.type).toBe('invalid_request_error');
    const live = await fetch(`${test.standIn.origin}/v1/customers/cus_x`, {
      headers: { authorization: 'Bearer sk_live_nope' },
    });
    expect(live.status).toBe(401);
  });

  it('answers an unknown id with 404 resource_missing', async () => {
    await expect(test.stripe.customers.retrieve('cus_missing')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 404,
      code: 'resource_missing',
      param: 'id',
      message: "No such customer: 'cus_missing'",
    });
  });

  it('refuses an unknown parameter, as Stripe does', async () => {
    const { response, json } = await post('/v1/customers', 'emial=a%40b.c');
    expect(response.status).toBe(400);
    expect(json.error).toMatchObject({ code: 'parameter_unknown', param: 'emial' });
  });

  it('reads bracket notation and gives objects Stripe’s id prefix, created and livemode', async () => {
    const { json } = await post(
      '/v1/customers',
      'email=a%40b.c&metadata[job]=j-1&metadata[step]=card',
    );
    expect(json).toMatchObject({
      object: 'customer',
      email: 'a@b.c',
      metadata: { job: 'j-1', step: 'card' },
      livemode: false,
    });
    expect(json.id).toMatch(/^cus_/);
    expect(Math.abs(json.created - Date.now() / 1000)).toBeLessThan(5);
  });

  it('expands nested ids on request', async () => {
    const customer = await test.stripe.customers.create();
    const session = await test.stripe.checkout.sessions.create({
      mode: 'setup',
      customer: customer.id,
      success_url: 'http://site.test/ok',
    });
    expect(typeof session.setup_intent).toBe('string');
    const expanded = await test.stripe.checkout.sessions.retrieve(session.id, {
      expand: ['setup_intent', 'customer'],
    });
    expect((expanded.setup_intent as Stripe.SetupIntent).object).toBe('setup_intent');
    expect((expanded.customer as Stripe.Customer).id).toBe(customer.id);
    await expect(
      test.stripe.checkout.sessions.retrieve(session.id, { expand: ['nothing_here'] }),
    ).rejects.toMatchObject({ param: 'expand' });
  });

  it('stamps events with the API version the SDK pins', () => {
    expect(API_VERSION).toBe(Stripe.API_VERSION);
  });
});

describe('idempotent requests', () => {
  it('replays the first answer to the same key and parameters, marked Idempotent-Replayed', async () => {
    const first = await post('/v1/customers', 'email=once%40example.com', {
      'idempotency-key': 'customer-once',
    });
    const again = await post('/v1/customers', 'email=once%40example.com', {
      'idempotency-key': 'customer-once',
    });
    expect(again.json.id).toBe(first.json.id);
    expect(again.response.headers.get('idempotent-replayed')).toBe('true');
    expect(first.response.headers.get('idempotent-replayed')).toBeNull();
    expect(again.response.headers.get('original-request')).toBe(
      first.response.headers.get('request-id'),
    );
  });

  it('gives the SDK the same object back for a repeated key', async () => {
    const a = await test.stripe.customers.create({ name: 'A' }, { idempotencyKey: 'sdk-same' });
    const b = await test.stripe.customers.create({ name: 'A' }, { idempotencyKey: 'sdk-same' });
    expect(b.id).toBe(a.id);
    expect(b.lastResponse.headers['idempotent-replayed']).toBe('true');
  });

  it('refuses the same key with other parameters as an idempotency_error', async () => {
    await test.stripe.customers.create({ name: 'B' }, { idempotencyKey: 'sdk-mismatch' });
    const error = await test.stripe.customers
      .create({ name: 'C' }, { idempotencyKey: 'sdk-mismatch' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(error).toMatchObject({ statusCode: 400 });
  });

  it('replays a decline too, so a new attempt needs a new key', async () => {
    const { customer, paymentMethod } = await saveCard(test, '4000000000000341');
    const attempt = () =>
      test.stripe.paymentIntents
        .create(
          {
            amount: 5_000,
            currency: 'usd',
            customer: customer.id,
            payment_method: paymentMethod,
            confirm: true,
            off_session: true,
          },
          { idempotencyKey: 'job-9-hold' },
        )
        .then(
          () => undefined,
          (e: unknown) => e as Stripe.errors.StripeCardError,
        );
    const first = await attempt();
    const again = await attempt();
    expect(again?.statusCode).toBe(402);
    expect(again?.headers?.['idempotent-replayed']).toBe('true');
    expect(again?.payment_intent?.id).toBe(first?.payment_intent?.id);
    const intents = await test.stripe.paymentIntents.list({ customer: customer.id });
    expect(intents.data).toHaveLength(1);
  });

  it('does not save a refusal of the parameters themselves', async () => {
    const body = 'amount=100&currency=usd&payment_method=pm_missing';
    const first = await post('/v1/payment_intents', body, { 'idempotency-key': 'pi-missing' });
    const again = await post('/v1/payment_intents', body, { 'idempotency-key': 'pi-missing' });
    expect(first.response.status).toBe(404);
    expect(again.response.status).toBe(404);
    expect(again.response.headers.get('idempotent-replayed')).toBeNull();
  });

  it('logs every write with its key, telling the caller’s keys from the SDK’s own', async () => {
    await test.stripe.customers.create({ name: 'Keyed' }, { idempotencyKey: 'job-7-customer' });
    await test.stripe.customers.create({ name: 'Unkeyed' });
    const writes = (await requests('/v1/customers')).filter((r) => r.method === 'POST').slice(-2);
    expect(writes.map((r) => [r.idempotencyKey?.slice(0, 18), r.keySource, r.status])).toEqual([
      ['job-7-customer', 'caller', 200],
      ['stripe-node-retry-', 'sdk', 200],
    ]);
  });
});
