import { createServer } from 'node:http';
import type { ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterEach, describe, expect, it } from 'vitest';
import type { StripeStandInOptions } from './server';
import {
  type TestStandIn,
  events,
  onboardedAccount,
  holdParams,
  saveCard,
  startTestStandIn,
  webhookReceiver,
} from './testing';

const SECRET = 'whsec_test_standin_secret';
const verifier = new Stripe('sk_test_verifier');

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function standIn(options: Partial<StripeStandInOptions> = {}): Promise<TestStandIn> {
  const test = await startTestStandIn(options);
  cleanups.push(test.close);
  return test;
}

async function receiver(answer?: (delivery: number) => number) {
  const made = await webhookReceiver(answer);
  cleanups.push(made.close);
  return made;
}

/** Waits until no delivery of any event is still pending. */
async function settled(test: TestStandIn) {
  await expect
    .poll(
      async () =>
        (await events(test)).filter((e) =>
          Object.values(e.deliveries).some((d) => d.state === 'pending'),
        ).length,
    )
    .toBe(0);
  return events(test);
}

describe('webhook delivery', () => {
  it('signs each delivery so that the SDK’s constructEvent verifies it', async () => {
    const endpoint = await receiver();
    const test = await standIn({
      webhooks: { endpoints: [{ url: endpoint.url, secret: SECRET }] },
    });
    const account = await onboardedAccount(test);
    await test.stripe.customers.create({ email: 'signed@example.com' });
    const all = await settled(test);
    expect(endpoint.received).toHaveLength(all.length);
    for (const { body, signature } of endpoint.received) {
      expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      const event = verifier.webhooks.constructEvent(body, signature, SECRET);
      expect(event.id).toMatch(/^evt_/);
      expect(event.api_version).toBe(Stripe.API_VERSION);
      expect(() => verifier.webhooks.constructEvent(body, signature, 'whsec_wrong')).toThrow(
        Stripe.errors.StripeSignatureVerificationError,
      );
    }
    const types = endpoint.received.map((r) => (JSON.parse(r.body) as { type: string }).type);
    expect(types).toEqual(all.map((e) => e.type));
    const updated = endpoint.received
      .map((r) => JSON.parse(r.body) as Stripe.Event)
      .find((e) => e.type === 'account.updated');
    expect(updated?.account).toBe(account);
    expect(all.every((e) => Object.values(e.deliveries)[0]?.state === 'delivered')).toBe(true);
  });

  it('retries with backoff after the receiver answers 500, until it takes the event', async () => {
    const endpoint = await receiver((n) => (n <= 2 ? 500 : 200));
    const test = await standIn({
      webhooks: { endpoints: [{ url: endpoint.url, secret: SECRET }], retryBaseMs: 100 },
    });
    const customer = await test.stripe.customers.create();
    const [event] = await settled(test);
    expect(event?.data.object.id).toBe(customer.id);
    const delivery = event!.deliveries[endpoint.url]!;
    expect(delivery.state).toBe('delivered');
    expect(delivery.attempts.map((a) => a.status)).toEqual([500, 500, 200]);
    // Each retry waits at least its backoff: 100 ms, then 200 ms (timers may fire 1 ms early).
    const [first, second, third] = delivery.attempts.map((a) => Date.parse(a.at));
    expect(second! - first!).toBeGreaterThanOrEqual(99);
    expect(third! - second!).toBeGreaterThanOrEqual(199);
  });

  it('retries a receiver that does not answer in time', async () => {
    const waiting: ServerResponse[] = [];
    const server = createServer((req, res) => {
      req.resume();
      if (waiting.length === 0) waiting.push(res);
      else res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    const test = await standIn({
      webhooks: { endpoints: [{ url, secret: SECRET }], retryBaseMs: 10, timeoutMs: 200 },
    });
    await test.stripe.customers.create();
    const [event] = await settled(test);
    const attempts = event!.deliveries[url]!.attempts;
    expect(attempts[0]?.status).toBeUndefined();
    expect(attempts[0]?.error).toBeTruthy();
    expect(attempts.at(-1)?.status).toBe(200);
  });

  it('gives a delivery up as failed after its last attempt', async () => {
    const endpoint = await receiver(() => 503);
    const test = await standIn({
      webhooks: {
        endpoints: [{ url: endpoint.url, secret: SECRET }],
        retryBaseMs: 5,
        maxAttempts: 3,
      },
    });
    await test.stripe.customers.create();
    const [event] = await settled(test);
    expect(event!.deliveries[endpoint.url]).toMatchObject({ state: 'failed', pendingCopies: 0 });
    expect(event!.deliveries[endpoint.url]!.attempts).toHaveLength(3);
  });
});

describe('chaotic delivery (duplicates, out of order)', () => {
  const chaos = { seed: 7, duplicateRate: 0.5, reorderWindow: 3 };

  /** A hold captured with chaos on: the capture's events, as the receiver got them. */
  async function captureUnderChaos(chaosAtStart: boolean) {
    const endpoint = await receiver();
    const test = await standIn(chaosAtStart ? { webhooks: { chaos } } : {});
    const hauler = await onboardedAccount(test);
    const card = await saveCard(test, '4242424242424242');
    const intent = await test.stripe.paymentIntents.create(holdParams(card, { hauler }));
    await test.admin('POST', '/_standin/webhooks', {
      endpoints: [{ url: endpoint.url, secret: SECRET }],
      ...(chaosAtStart ? {} : { chaos }),
    });
    await test.stripe.paymentIntents.capture(intent.id);
    const created = (await settled(test)).filter((e) => Object.keys(e.deliveries).length > 0);
    const received = endpoint.received.map(
      (r) => verifier.webhooks.constructEvent(r.body, r.signature, SECRET).type,
    );
    return { created: created.map((e) => e.type), received };
  }

  it('delivers some events twice and out of order, and every event at least once', async () => {
    const { created, received } = await captureUnderChaos(false);
    expect(created).toEqual([
      'transfer.created',
      'application_fee.created',
      'charge.captured',
      'payment_intent.succeeded',
    ]);
    expect(new Set(received)).toEqual(new Set(created));
    expect(received.length).toBeGreaterThan(created.length);
    const firstArrivals = received.filter((type, i) => received.indexOf(type) === i);
    expect(firstArrivals).not.toEqual(created);
  });

  it('repeats the same deliveries from the same seed, set at start or later', async () => {
    const fromAdmin = await captureUnderChaos(false);
    const fromStart = await captureUnderChaos(true);
    expect(fromStart.received).toEqual(fromAdmin.received);
  });

  it('keeps order and sends each event once with chaos off', async () => {
    const endpoint = await receiver();
    const test = await standIn({
      webhooks: { endpoints: [{ url: endpoint.url, secret: SECRET }] },
    });
    await test.admin('POST', '/_standin/webhooks', { chaos: null });
    for (let i = 0; i < 5; i += 1) await test.stripe.customers.create({ name: `c${i}` });
    const all = await settled(test);
    expect(endpoint.received.map((r) => (JSON.parse(r.body) as { id: string }).id)).toEqual(
      all.map((e) => e.id),
    );
  });
});
