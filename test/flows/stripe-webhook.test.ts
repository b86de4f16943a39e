// @vitest-environment node
/**
 * Stripe's webhook end to end against the stand-in (decision 053): the stand-in signs and delivers
 * its real events (every one twice) over HTTP to the stripe-webhook handler, behind the same
 * Function URL adapter as the local server, which applies them to the job's money and the
 * hauler's payouts in dynalite. A forged delivery is refused.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { stripeWebhookHandler } from '../../lambdas/stripe-webhook/webhook-handler';
import { getHauler } from '../../lambdas/shared/haulers/hauler-store';
import { step, startMoney } from '../../lambdas/shared/payments/money-machine';
import { getPayment, putPayment } from '../../lambdas/shared/payments/payment-store';
import { stripePayments } from '../../lambdas/shared/payments/stripe-payments';
import type { LeadTable } from '../../lambdas/shared/runtime/table-handle';
import { invokeFunctionUrl, writeResult } from '../../scripts/local/function-url-adapter';
import { readBody } from '../../scripts/local/read-body';
import {
  type TestStandIn,
  TEST_KEY,
  postForm,
  saveCard,
  startTestStandIn,
} from '../../scripts/local/stripe/testing';
import { haulerIn } from '../support/testing-haulers';
import { type TestLeadTable, startTestLeadTable } from '../support/testing-leads';
import { API_PATHS } from '#contract/core/api';

const SECRET = 'whsec_flow_test_0123456789abcdef';
const NOW = new Date();
const table = {} as LeadTable;
let dynamo: TestLeadTable;
let test: TestStandIn;
let receiver: { url: string; close: () => Promise<void> };
let payments: ReturnType<typeof stripePayments>;

beforeAll(async () => {
  dynamo = await startTestLeadTable();
  Object.assign(table, await dynamo.freshTable());
  // The receiver first: the stand-in is told its URL when it starts.
  const route: { handler?: ReturnType<typeof stripeWebhookHandler> } = {};
  const server = createServer((req, res) => {
    void (async () => {
      const body = (await readBody(req, 6 * 1024 * 1024)) ?? Buffer.alloc(0);
      writeResult(
        res,
        await invokeFunctionUrl(route.handler!, req, body, { signatureGated: true }),
      );
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${API_PATHS.stripeWebhook}`;
  receiver = {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  test = await startTestStandIn({
    webhooks: {
      endpoints: [{ url, secret: SECRET }],
      // Every event delivered twice, and out of order among the next few.
      chaos: { seed: 39, duplicateRate: 1, reorderWindow: 3 },
      retryBaseMs: 50,
      retryMaxMs: 200,
      maxAttempts: 5,
    },
  });
  payments = stripePayments({
    secretKey: () => Promise.resolve(TEST_KEY),
    webhookSecret: () => Promise.resolve(SECRET),
    host: '127.0.0.1',
    port: test.standIn.port,
    protocol: 'http',
  });
  route.handler = stripeWebhookHandler({
    table,
    now: () => new Date(),
    verify: (payload, signature) => payments.verifyWebhook(payload, signature),
    intentJob: (intentId) => payments.intentJob(intentId),
  });
});

afterAll(async () => {
  await test.close();
  await receiver.close();
  await dynamo.close();
});

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

/** An Express account made as stripe-payments makes it, onboarded on the hosted page. */
async function onboard(haulerId: string): Promise<string> {
  const made = await payments.createExpressAccount({
    key: `hauler_${haulerId}:account`,
    haulerId,
    email: 'hauler@example.com',
  });
  if (made.outcome !== 'done') throw new Error(`no account: ${made.outcome}`);
  const link = await payments.accountLink({
    key: `hauler_${haulerId}:link:1`,
    accountId: made.accountId,
    refreshUrl: 'http://site.test/payouts/refresh',
    returnUrl: 'http://site.test/payouts/done',
  });
  if (link.outcome !== 'done') throw new Error(`no link: ${link.outcome}`);
  await fetch(link.url);
  const answer = await postForm(link.url, {
    action: 'finish',
    name: 'Pat Hauler',
    routingNumber: '110000000',
    accountNumber: '000123456789',
  });
  expect(answer.status).toBe(303);
  return made.accountId;
}

describe('Stripe’s webhook, delivered by the stand-in', () => {
  it('records the hauler’s payouts as enabled once onboarding finishes (account.updated)', async () => {
    const hauler = await haulerIn(table, 'active', NOW);
    const accountId = await onboard(hauler.haulerId);
    await vi.waitFor(
      async () => {
        const profile = await getHauler(table, hauler.haulerId);
        expect(profile?.payouts).toMatchObject({ accountId, state: 'enabled' });
      },
      { timeout: 10_000, interval: 100 },
    );
  });

  it('applies a real hold’s authorisation to the job’s money once, though delivered twice', async () => {
    const hauler = await haulerIn(table, 'active', NOW);
    const destination = await onboard(hauler.haulerId);
    const card = await saveCard(test, '4242424242424242');
    const jobId = `job-${hauler.haulerId}`;
    const asked = step(
      startMoney({
        jobId,
        priceCents: 32_500,
        windowStartsAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
        destination,
        card: { customerId: card.customer.id, paymentMethodId: card.paymentMethod },
      }),
      { type: 'hold-due', captureBy: new Date(Date.now() + 3 * 86_400_000).toISOString() },
    );
    expect(await putPayment(table, asked.state, undefined)).toBe(true);
    const [command] = asked.commands;
    expect(command?.kind).toBe('place-hold');
    // Only the webhook tells the stored money: the hold's own answer is not written here.
    const placed = await payments.placeHold(
      command as Extract<typeof command, { kind: 'place-hold' }>,
    );
    expect(placed.outcome).toBe('done');
    await vi.waitFor(
      async () => {
        const stored = await getPayment(table, jobId);
        expect(stored?.payment.holds[0]).toMatchObject({ status: 'authorized' });
      },
      { timeout: 10_000, interval: 100 },
    );
    const events = (
      await test.admin<{
        events: { id: string; type: string; data: { object: { id: string } } }[];
      }>('GET', '/_standin/events?type=payment_intent.amount_capturable_updated')
    ).events.filter(
      (event) => placed.outcome === 'done' && event.data.object.id === placed.intentId,
    );
    expect(events).toHaveLength(1);
    const stored = await getPayment(table, jobId);
    expect(stored?.payment.seenEvents.filter((id) => id === events[0]!.id)).toHaveLength(1);
  });

  it('refuses a forged event with 400 and stores nothing', async () => {
    const hauler = await haulerIn(table, 'active', NOW);
    const forged = JSON.stringify({
      id: 'evt_forged',
      type: 'account.updated',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: 'acct_forged',
          metadata: { hauler: hauler.haulerId },
          charges_enabled: true,
          payouts_enabled: true,
        },
      },
    });
    const response = await fetch(receiver.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`,
      },
      body: forged,
    });
    expect(response.status).toBe(400);
    expect((await getHauler(table, hauler.haulerId))?.payouts).toBeUndefined();
  });
});
