/**
 * The local server routes POST /api/stripe-webhook to its function without asking for
 * x-amz-content-sha256 (decision 053): the stand-in's own signed account.updated is answered 200,
 * a forged one 400.
 */
import { expect, test } from '@playwright/test';
import Stripe from 'stripe';
import { E2E_STRIPE_PORT } from '../../playwright.config';
import { API_PATHS } from '#contract/core/api';

const STAND_IN = `http://127.0.0.1:${E2E_STRIPE_PORT}`;
const stripe = new Stripe('sk_test_e2e_webhook', {
  host: '127.0.0.1',
  port: E2E_STRIPE_PORT,
  protocol: 'http',
  telemetry: false,
});

interface StandInEvent {
  id: string;
  data: { object: { id: string } };
  deliveries: Record<string, { attempts: { status?: number }[] }>;
}

test('a signed account.updated from the stand-in reaches the function and is answered 200', async () => {
  const account = await stripe.accounts.create({
    type: 'express',
    email: 'hauler@example.com',
    metadata: { hauler: 'no-such-hauler' },
  });
  // An update is an account.updated event, signed and delivered to the local server.
  await stripe.accounts.update(account.id, { metadata: { note: 'e2e' } });
  await expect
    .poll(
      async () => {
        const response = await fetch(`${STAND_IN}/_standin/events?type=account.updated`);
        const { events } = (await response.json()) as { events: StandInEvent[] };
        return events
          .filter((event) => event.data.object.id === account.id)
          .flatMap((event) => Object.values(event.deliveries))
          .flatMap((delivery) => delivery.attempts.map((attempt) => attempt.status));
      },
      { timeout: 15_000 },
    )
    .toContain(200);
});

test('a forged event is refused with 400 before anything reads it', async ({ request }) => {
  const response = await request.post(API_PATHS.stripeWebhook, {
    headers: {
      'content-type': 'application/json',
      'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`,
    },
    data: JSON.stringify({ id: 'evt_forged', type: 'account.updated', data: { object: {} } }),
  });
  expect(response.status()).toBe(400);
  expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
    'invalid_request',
  );
});
