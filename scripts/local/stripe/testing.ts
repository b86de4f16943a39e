/**
 * For the stand-in's tests: one started in memory on a free port, the real SDK pointed at it, a
 * webhook receiver, and the card page driven by plain form POSTs.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import type { DeliveryAttempt } from './core';
import { type StripeStandIn, type StripeStandInOptions, startStripeStandIn } from './server';

export const TEST_KEY = 'sk_test_standin_tests';

export interface TestStandIn {
  standIn: StripeStandIn;
  stripe: Stripe;
  /** A client of its own, e.g. with retries for the fault tests. */
  client: (options?: { maxNetworkRetries?: number }) => Stripe;
  admin: <T = Record<string, unknown>>(method: string, path: string, body?: unknown) => Promise<T>;
  close: () => Promise<void>;
}

export async function startTestStandIn(
  options: Partial<StripeStandInOptions> = {},
): Promise<TestStandIn> {
  const standIn = await startStripeStandIn({ port: 0, sweepEveryMs: 60_000, ...options });
  const client = (settings: { maxNetworkRetries?: number } = {}) =>
    new Stripe(TEST_KEY, {
      host: '127.0.0.1',
      port: standIn.port,
      protocol: 'http',
      maxNetworkRetries: settings.maxNetworkRetries ?? 0,
      telemetry: false,
    });
  const admin = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${standIn.origin}${path}`, {
      method,
      ...(body === undefined
        ? {}
        : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
    });
    const json = (await response.json()) as T;
    if (!response.ok)
      throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
    return json;
  };
  return { standIn, stripe: client(), client, admin, close: () => standIn.close() };
}

export interface AdminEvent {
  index: number;
  id: string;
  type: string;
  account?: string;
  created: number;
  data: { object: Record<string, unknown> & { id: string } };
  deliveries: Record<string, { state: string; pendingCopies: number; attempts: DeliveryAttempt[] }>;
}

export async function events(test: TestStandIn, type?: string): Promise<AdminEvent[]> {
  const query = type === undefined ? '' : `?type=${encodeURIComponent(type)}`;
  return (await test.admin<{ events: AdminEvent[] }>('GET', `/_standin/events${query}`)).events;
}

/** Events of `type` about one object (its `data.object.id`). */
export async function eventsAbout(test: TestStandIn, type: string, id: string) {
  return (await events(test, type)).filter((event) => event.data.object.id === id);
}

/** Posts a form to a hosted page and returns the answer without following a redirect. */
export async function postForm(url: string, fields: Record<string, string>) {
  const response = await fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  return {
    status: response.status,
    location: response.headers.get('location'),
    html: await response.text(),
  };
}

export const CARD_FIELDS = { expiry: '12 / 34', cvc: '123' };

/** A customer and an open setup-mode Checkout Session for them. */
export async function openSession(test: TestStandIn) {
  const customer = await test.stripe.customers.create({ email: 'homeowner@example.com' });
  const session = await test.stripe.checkout.sessions.create({
    mode: 'setup',
    customer: customer.id,
    currency: 'usd',
    success_url: 'http://site.test/accepted?session={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://site.test/quote',
    metadata: { job: 'job-1' },
  });
  return { customer, session };
}

/** Saves a test card through the hosted page; cards that ask are authenticated. */
export async function saveCard(test: TestStandIn, number: string) {
  const { customer, session } = await openSession(test);
  let answer = await postForm(session.url!, { number, ...CARD_FIELDS });
  if (answer.html.includes('Complete authentication')) {
    answer = await postForm(`${session.url!}/authenticate`, { outcome: 'complete' });
  }
  if (answer.status !== 303) throw new Error(`card ${number} was not saved: ${answer.status}`);
  const saved = await test.stripe.checkout.sessions.retrieve(session.id, {
    expand: ['setup_intent'],
  });
  const intent = saved.setup_intent as Stripe.SetupIntent;
  return { customer, session: saved, paymentMethod: intent.payment_method as string };
}

/**
 * An off-session, manual-capture hold of a saved card, as the scheduled job asks for one; with a
 * hauler, a destination charge keeping the platform's fee. `extra` overrides any of it.
 */
export function holdParams(
  card: { customer: Stripe.Customer; paymentMethod: string },
  { hauler, ...extra }: { hauler?: string } & Partial<Stripe.PaymentIntentCreateParams> = {},
): Stripe.PaymentIntentCreateParams {
  return {
    amount: 32_500,
    currency: 'usd',
    customer: card.customer.id,
    payment_method: card.paymentMethod,
    capture_method: 'manual',
    confirm: true,
    off_session: true,
    ...(hauler === undefined
      ? {}
      : { transfer_data: { destination: hauler }, application_fee_amount: 4_875 }),
    ...extra,
  };
}

/** An Express account that finished onboarding, so it can receive transfers. */
export async function onboardedAccount(test: TestStandIn) {
  const account = await test.stripe.accounts.create({
    type: 'express',
    email: 'hauler@example.com',
    capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
  });
  const link = await test.stripe.accountLinks.create({
    account: account.id,
    type: 'account_onboarding',
    refresh_url: 'http://site.test/payouts/refresh',
    return_url: 'http://site.test/payouts/done',
  });
  await fetch(link.url);
  const answer = await postForm(link.url, {
    action: 'finish',
    name: 'Pat Hauler',
    routingNumber: '110000000',
    accountNumber: '000123456789',
  });
  if (answer.status !== 303) throw new Error(`onboarding failed: ${answer.status}`);
  return account.id;
}

export interface Received {
  body: string;
  signature: string;
}

/** A webhook endpoint on a free port; `answer` picks each delivery's status (200 by default). */
export async function webhookReceiver(
  answer: (delivery: number, body: string) => number = () => 200,
) {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      received.push({ body, signature: String(req.headers['stripe-signature']) });
      res.statusCode = answer(received.length, body);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A captured destination charge to `hauler` on a freshly saved card: `amount` charged, `fee`
 * kept, the rest transferred (the charge's `transfer`).
 */
export async function paidJob(test: TestStandIn, hauler: string, amount: number, fee: number) {
  const card = await saveCard(test, '4242424242424242');
  const intent = await test.stripe.paymentIntents.create(
    holdParams(card, { hauler, amount, application_fee_amount: fee }),
  );
  await test.stripe.paymentIntents.capture(intent.id);
  const charge = (
    await test.stripe.paymentIntents.retrieve(intent.id, { expand: ['latest_charge'] })
  ).latest_charge as Stripe.Charge;
  return { intent, charge, transferId: charge.transfer as string };
}
