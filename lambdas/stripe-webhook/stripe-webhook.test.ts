import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getHauler } from '../shared/haulers/hauler-store';
import { step, startMoney } from '../shared/payments/money-machine';
import { HANDLED_WEBHOOKS } from '../shared/payments/money-webhooks';
import { moneyDueOf, scheduleMoney } from '../shared/payments/money-due';
import { getPayment, getStripeEvent, putPayment } from '../shared/payments/payment-store';
import { stripePayments } from '../shared/payments/stripe-payments';
import type { StoredPayment } from '../shared/models/payment-model';
import type { LeadTable } from '../shared/runtime/table-handle';
import { functionUrlEvent } from '../../test/support/testing';
import { haulerIn } from '../../test/support/testing-haulers';
import { type TestLeadTable, startTestLeadTable } from '../../test/support/testing-leads';
import { type StripeWebhookDeps, WEBHOOK_MESSAGES } from './stripe-webhook';
import { stripeWebhookHandler } from './webhook-handler';
import { STRIPE_WEBHOOK_MAX_BYTES } from '#contract/core/api';

const SECRET = 'whsec_unit_test_secret_0123456789';
const NOW = new Date('2026-12-08T12:00:00.000Z');
const JOB = 'job-1';
const HOLD_KEY = `job_${JOB}:hold:1`;
const sdk = new Stripe('sk_test_unit');

let dynamo: TestLeadTable;
const table = {} as LeadTable;
const verifier = stripePayments({
  secretKey: () => Promise.reject(new Error('not used')),
  webhookSecret: () => Promise.resolve(SECRET),
});
const intentJobs = new Map<string, string>();
const deps: StripeWebhookDeps = {
  table,
  now: () => NOW,
  verify: (payload, signature) => verifier.verifyWebhook(payload, signature),
  intentJob: (intentId) => Promise.resolve(intentJobs.get(intentId)),
};
const handler = stripeWebhookHandler(deps);

beforeAll(async () => {
  dynamo = await startTestLeadTable();
});
afterAll(async () => dynamo.close());
beforeEach(async () => {
  Object.assign(table, await dynamo.freshTable());
  intentJobs.clear();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

let counter = 0;
function stripeEvent(
  type: string,
  object: Record<string, unknown>,
  created = NOW.getTime() / 1000,
) {
  counter += 1;
  return { id: `evt_${counter}`, object: 'event', type, created, data: { object } };
}

function signed(
  event: unknown,
  options: { secret?: string; timestamp?: number; base64?: boolean; tamper?: boolean } = {},
) {
  const payload = JSON.stringify(event);
  const signature = sdk.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? SECRET,
    ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
  });
  const sent = options.tamper === true ? payload.replace('"id":"', '"id":"x') : payload;
  return functionUrlEvent({
    path: '/api/stripe-webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: options.base64 === true ? Buffer.from(sent).toString('base64') : sent,
    isBase64Encoded: options.base64 === true,
  });
}

const deliver = async (event: ReturnType<typeof signed>) => {
  const result = await handler(event);
  return { status: result.statusCode, body: JSON.parse(result.body) as Record<string, unknown> };
};

/** The job's money with hold 1 asked for (and answered `authorized` when `held`). */
async function storedMoney(held = true): Promise<StoredPayment> {
  let state = step(
    startMoney({
      jobId: JOB,
      priceCents: 32_500,
      windowStartsAt: '2026-12-10T16:00:00.000Z',
      destination: 'acct_hauler',
      card: { customerId: 'cus_1', paymentMethodId: 'pm_1' },
    }),
    { type: 'hold-due', captureBy: '2026-12-12T00:00:00.000Z' },
  ).state;
  if (held) {
    state = step(state, {
      type: 'hold-placed',
      key: HOLD_KEY,
      intentId: 'pi_1',
      chargeId: 'ch_1',
    }).state;
  }
  expect(await putPayment(table, state, undefined)).toBe(true);
  return state;
}

const money = async () => (await getPayment(table, JOB))!.payment;
const intent = (fields: Record<string, unknown> = {}) => ({
  id: 'pi_1',
  object: 'payment_intent',
  metadata: { job: JOB, key: HOLD_KEY },
  ...fields,
});
const charge = (fields: Record<string, unknown> = {}) => ({
  id: 'ch_1',
  object: 'charge',
  payment_intent: 'pi_1',
  metadata: {},
  ...fields,
});

describe('the Stripe webhook refuses what Stripe did not sign, and stores nothing', () => {
  const event = () => stripeEvent('payment_intent.canceled', intent({ status: 'canceled' }));

  it('without a Stripe-Signature header', async () => {
    await storedMoney();
    const request = signed(event());
    delete request.headers['stripe-signature'];
    const answer = await deliver(request);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: { message: WEBHOOK_MESSAGES.unsigned } });
    expect((await money()).holds[0]!.status).toBe('authorized');
  });

  it('signed with another secret', async () => {
    await storedMoney();
    const sent = event();
    const answer = await deliver(signed(sent, { secret: 'whsec_someone_else' }));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: { message: WEBHOOK_MESSAGES.badSignature } });
    expect(await getStripeEvent(table, sent.id)).toBeUndefined();
    expect((await money()).holds[0]!.status).toBe('authorized');
  });

  it('whose body was changed after signing', async () => {
    await storedMoney();
    const answer = await deliver(signed(event(), { tamper: true }));
    expect(answer.status).toBe(400);
    expect((await money()).holds[0]!.status).toBe('authorized');
  });

  it('signed more than five minutes ago (a replayed capture)', async () => {
    await storedMoney();
    const sent = event();
    const answer = await deliver(signed(sent, { timestamp: Math.floor(Date.now() / 1000) - 301 }));
    expect(answer.status).toBe(400);
    expect(await getStripeEvent(table, sent.id)).toBeUndefined();
  });

  it('larger than any Stripe event', async () => {
    const big = stripeEvent(
      'payment_intent.canceled',
      intent({ padding: 'x'.repeat(STRIPE_WEBHOOK_MAX_BYTES) }),
    );
    const answer = await deliver(signed(big));
    expect(answer.status).toBe(413);
    expect(await getStripeEvent(table, big.id)).toBeUndefined();
  });
});

describe('a signed event', () => {
  it('is read from the body exactly as received, base64-encoded or not', async () => {
    await storedMoney();
    const answer = await deliver(
      signed(stripeEvent('payment_intent.canceled', intent({ status: 'canceled' })), {
        base64: true,
      }),
    );
    expect(answer).toEqual({ status: 200, body: { received: true, result: 'applied' } });
    expect((await money()).holds[0]!.status).toBe('released');
  });

  it('delivered twice has one effect, and the second answer says so', async () => {
    await storedMoney();
    const dispute = stripeEvent('charge.dispute.created', {
      id: 'dp_1',
      object: 'dispute',
      charge: 'ch_1',
      payment_intent: 'pi_1',
      amount: 32_500,
      status: 'needs_response',
    });
    intentJobs.set('pi_1', JOB);
    expect((await deliver(signed(dispute))).body.result).toBe('applied');
    const once = await getPayment(table, JOB);
    expect((await deliver(signed(dispute))).body.result).toBe('duplicate');
    const twice = await getPayment(table, JOB);
    expect(twice).toEqual(once);
    expect(twice!.payment.seenEvents).toEqual([dispute.id]);
  });

  it('of a type we do not act on is answered 200 and not stored', async () => {
    const other = stripeEvent('customer.created', { id: 'cus_1', object: 'customer' });
    expect(await deliver(signed(other))).toEqual({
      status: 200,
      body: { received: true, result: 'ignored' },
    });
    expect(await getStripeEvent(table, other.id)).toBeUndefined();
  });

  it('about a PaymentIntent that is none of ours is recorded as ignored', async () => {
    const stranger = stripeEvent('payment_intent.canceled', {
      id: 'pi_other',
      object: 'payment_intent',
      metadata: {},
    });
    expect((await deliver(signed(stranger))).body.result).toBe('ignored');
    expect((await getStripeEvent(table, stranger.id))?.outcome).toBe('ignored');
  });

  it('for a job with no money yet is answered 200 and kept whole for later', async () => {
    const early = stripeEvent(
      'payment_intent.amount_capturable_updated',
      intent({ amount_capturable: 32_500 }),
    );
    expect((await deliver(signed(early))).body.result).toBe('waiting');
    const kept = await getStripeEvent(table, early.id);
    expect(kept).toMatchObject({ outcome: 'waiting', jobId: JOB });
    expect(JSON.parse(kept!.payload!)).toEqual(early);
    // Stripe's redelivery, once the money exists, applies it.
    await storedMoney(false);
    expect((await deliver(signed(early))).body.result).toBe('applied');
    expect((await money()).holds[0]).toMatchObject({ status: 'authorized' });
    expect((await getStripeEvent(table, early.id))?.payload).toBeUndefined();
  });

  it('is answered 500 when our own storage fails, so that Stripe delivers it again', async () => {
    await storedMoney();
    const failing = stripeWebhookHandler({
      ...deps,
      table: {
        ...table,
        client: { send: () => Promise.reject(new Error('DynamoDB is down')) },
      } as unknown as LeadTable,
    });
    const result = await failing(signed(stripeEvent('payment_intent.canceled', intent())));
    expect(result.statusCode).toBe(500);
  });
});

describe('each webhook type money-webhooks handles, applied to the stored job’s money', () => {
  const cases: Record<(typeof HANDLED_WEBHOOKS)[number], () => Promise<void>> = {
    'payment_intent.amount_capturable_updated': async () => {
      await storedMoney(false);
      await deliver(
        signed(
          stripeEvent(
            'payment_intent.amount_capturable_updated',
            intent({ amount_capturable: 32_500, latest_charge: 'ch_1' }),
          ),
        ),
      );
      expect((await money()).holds[0]).toMatchObject({ status: 'authorized', chargeId: 'ch_1' });
    },
    'payment_intent.payment_failed': async () => {
      await storedMoney(false);
      await deliver(
        signed(
          stripeEvent(
            'payment_intent.payment_failed',
            intent({
              last_payment_error: { code: 'card_declined', decline_code: 'insufficient_funds' },
            }),
          ),
        ),
      );
      expect((await money()).holds[0]).toMatchObject({
        status: 'failed',
        failure: { code: 'card_declined', declineCode: 'insufficient_funds' },
      });
    },
    'payment_intent.succeeded': async () => {
      await storedMoney();
      await deliver(
        signed(stripeEvent('payment_intent.succeeded', intent({ amount_received: 32_500 }))),
      );
      expect((await money()).holds[0]).toMatchObject({ status: 'captured', capturedCents: 32_500 });
    },
    'payment_intent.canceled': async () => {
      await storedMoney();
      await deliver(signed(stripeEvent('payment_intent.canceled', intent())));
      expect((await money()).holds[0]!.status).toBe('released');
    },
    'charge.captured': async () => {
      await storedMoney();
      intentJobs.set('pi_1', JOB);
      await deliver(signed(stripeEvent('charge.captured', charge({ amount_captured: 30_000 }))));
      expect((await money()).holds[0]).toMatchObject({ status: 'captured', capturedCents: 30_000 });
    },
    'charge.expired': async () => {
      await storedMoney();
      intentJobs.set('pi_1', JOB);
      await deliver(signed(stripeEvent('charge.expired', charge())));
      expect((await money()).holds[0]!.status).toBe('released');
    },
    'charge.refunded': async () => {
      await storedMoney();
      await deliver(
        signed(
          stripeEvent(
            'charge.refunded',
            charge({ amount_refunded: 10_000, metadata: { job: JOB } }),
          ),
        ),
      );
      expect((await money()).refundedCents).toBe(10_000);
    },
    'charge.dispute.created': async () => {
      await storedMoney();
      intentJobs.set('pi_1', JOB);
      await deliver(
        signed(
          stripeEvent('charge.dispute.created', {
            id: 'dp_1',
            charge: 'ch_1',
            payment_intent: 'pi_1',
            amount: 32_500,
          }),
        ),
      );
      expect((await money()).dispute).toEqual({ id: 'dp_1', status: 'open', amountCents: 32_500 });
    },
    'charge.dispute.closed': async () => {
      await storedMoney();
      intentJobs.set('pi_1', JOB);
      await deliver(
        signed(
          stripeEvent('charge.dispute.closed', {
            id: 'dp_1',
            charge: 'ch_1',
            payment_intent: 'pi_1',
            amount: 32_500,
            status: 'won',
          }),
        ),
      );
      expect((await money()).dispute).toEqual({ id: 'dp_1', status: 'won', amountCents: 32_500 });
    },
  };
  for (const type of HANDLED_WEBHOOKS) it(`${type} changes it as the machine says`, cases[type]);
});

describe('account.updated', () => {
  const account = (haulerId: string, fields: Record<string, unknown>) => ({
    id: 'acct_hauler',
    object: 'account',
    metadata: { hauler: haulerId },
    ...fields,
  });

  it('records the hauler’s payout state on their profile, newest event first', async () => {
    const hauler = await haulerIn(table, 'active', NOW);
    const enabled = stripeEvent(
      'account.updated',
      account(hauler.haulerId, {
        charges_enabled: true,
        payouts_enabled: true,
        details_submitted: true,
      }),
      2_000,
    );
    const older = stripeEvent(
      'account.updated',
      account(hauler.haulerId, { details_submitted: false }),
      1_000,
    );
    expect((await deliver(signed(enabled))).body.result).toBe('applied');
    expect((await deliver(signed(older))).body.result).toBe('ignored');
    const profile = await getHauler(table, hauler.haulerId);
    expect(profile?.payouts).toEqual({ accountId: 'acct_hauler', state: 'enabled', asOf: 2_000 });
    expect(profile?.version).toBe(hauler.version + 1);
  });

  it('about no hauler of ours changes nothing', async () => {
    const stranger = stripeEvent('account.updated', account('nobody', { details_submitted: true }));
    expect((await deliver(signed(stranger))).body.result).toBe('ignored');
  });
});

describe('a state Stripe moved', () => {
  it('makes the money job due now; a delivery that changes no state leaves its time alone', async () => {
    await storedMoney();
    await deliver(signed(stripeEvent('payment_intent.canceled', intent())));
    expect(await moneyDueOf(table, JOB)).toBe(NOW.toISOString());
    await scheduleMoney(table, JOB, undefined);
    await deliver(signed(stripeEvent('payment_intent.canceled', intent())));
    expect(await moneyDueOf(table, JOB)).toBeUndefined();
  });
});
