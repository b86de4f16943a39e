// Stripe's webhooks (issue 39, decisions 048 and 053). The signature is checked before anything
// else reads the body; an unsigned, badly signed or too old request is a 400 and stores nothing.
// Each event is then recorded once by its id (a conditional write) and applied: a job's money
// through the money machine, a hauler's payouts from `account.updated`. Only our own storage
// failing answers 5xx, so that Stripe delivers again.
import {
  getPayment,
  putPayment,
  recordStripeEvent,
  settleStripeEvent,
} from '../shared/payments/payment-store';
import { recordHaulerPayouts } from '../shared/haulers/hauler-payouts';
import { moneyState, step } from '../shared/payments/money-machine';
import { scheduleMoney } from '../shared/payments/money-due';
import { HANDLED_WEBHOOKS, type PaymentWebhook } from '../shared/payments/money-webhooks';
import { applyAccountUpdate } from '../shared/payments/payout-account';
import type { LeadTable } from '../shared/runtime/table-handle';
import type { Outcome } from '../shared/runtime/http';
import { apiError } from '../shared/runtime/http';
import { STRIPE_WEBHOOK_MAX_BYTES } from '#contract/core/api';

export interface StripeWebhookDeps {
  table: LeadTable;
  now: () => Date;
  /** The event if its signature is Stripe's (stripe-payments' verifyWebhook). */
  verify: (payload: Buffer, signature: string) => Promise<PaymentWebhook | undefined>;
  /** The job a PaymentIntent names in its metadata, for a charge or a dispute that does not. */
  intentJob: (intentId: string) => Promise<string | undefined>;
  /**
   * Operations told of a dispute applied to a job's money (dispute-notice.ts), before the event
   * is settled: a failure answers 5xx and Stripe's redelivery tells them.
   */
  tellOperations?: (event: PaymentWebhook, jobId: string) => Promise<void>;
}

export const ACCOUNT_UPDATED = 'account.updated';

export const WEBHOOK_MESSAGES = {
  unsigned: 'Missing Stripe-Signature header.',
  badSignature: 'The Stripe-Signature does not match this body, or it is too old.',
  tooLarge: `A Stripe event is smaller than ${STRIPE_WEBHOOK_MAX_BYTES} bytes.`,
} as const;

export type WebhookResult = 'applied' | 'ignored' | 'waiting' | 'duplicate';

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

const handled = (type: string): boolean =>
  type === ACCOUNT_UPDATED || (HANDLED_WEBHOOKS as readonly string[]).includes(type);

/** The job as stripe-payments names it: `metadata.job` of the PaymentIntent (its charge's, too). */
async function jobOf(deps: StripeWebhookDeps, event: PaymentWebhook): Promise<string | undefined> {
  const object = record(event.data.object);
  const named = text(record(object.metadata).job);
  if (named !== undefined) return named;
  const intentId = text(object.payment_intent);
  return intentId === undefined ? undefined : deps.intentJob(intentId);
}

/** Conflicting writers are rare (the scheduled job, another delivery): read and step again. */
const ATTEMPTS = 4;

async function applyToJob(
  deps: StripeWebhookDeps,
  event: PaymentWebhook,
): Promise<Exclude<WebhookResult, 'duplicate'>> {
  const jobId = await jobOf(deps, event);
  if (jobId === undefined) {
    await settleStripeEvent(deps.table, event.id, { outcome: 'ignored' });
    return 'ignored';
  }
  const applied = async () => {
    if (event.type.startsWith('charge.dispute.')) await deps.tellOperations?.(event, jobId);
    await settleStripeEvent(deps.table, event.id, { outcome: 'applied', jobId });
    return 'applied' as const;
  };
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const stored = await getPayment(deps.table, jobId);
    if (stored?.payment.seenEvents.includes(event.id) === true) return applied();
    const next = stored && step(stored.payment, { type: 'webhook', event }).state;
    // No money yet, or no hold it names yet: kept whole for whoever stores that hold.
    if (stored === undefined || next === undefined || !next.seenEvents.includes(event.id)) {
      await settleStripeEvent(deps.table, event.id, {
        outcome: 'waiting',
        jobId,
        payload: JSON.stringify(event),
      });
      return 'waiting';
    }
    if (await putPayment(deps.table, next, stored.version)) {
      // A state Stripe moved (a hold lapsed, a capture confirmed): the money job looks now, to
      // tell whoever it concerns and to ask for what comes next (decision 057).
      if (moneyState(next) !== moneyState(stored.payment)) {
        await scheduleMoney(deps.table, jobId, deps.now());
      }
      return applied();
    }
  }
  // A 500: Stripe delivers again later.
  throw new Error(`The payment of job ${jobId} changed ${ATTEMPTS} times while applying an event`);
}

async function applyToHauler(
  deps: StripeWebhookDeps,
  event: PaymentWebhook,
): Promise<Exclude<WebhookResult, 'duplicate'>> {
  const object = record(event.data.object);
  const haulerId = text(record(object.metadata).hauler);
  const created = (event as { created?: unknown }).created;
  const known =
    typeof created === 'number'
      ? applyAccountUpdate(undefined, { type: event.type, created, data: { object } })
      : undefined;
  const recorded =
    haulerId !== undefined && known !== undefined
      ? await recordHaulerPayouts(deps.table, haulerId, known)
      : 'stale-or-unknown';
  const outcome = recorded === 'recorded' ? 'applied' : 'ignored';
  await settleStripeEvent(deps.table, event.id, { outcome });
  return outcome;
}

const answer = (result: WebhookResult): Outcome => ({
  statusCode: 200,
  body: { received: true, result },
});

/** `signature`: the Stripe-Signature header; `payload`: the body exactly as it arrived. */
export async function receiveStripeWebhook(
  deps: StripeWebhookDeps,
  payload: Buffer,
  signature: string | undefined,
): Promise<Outcome> {
  if (payload.byteLength > STRIPE_WEBHOOK_MAX_BYTES) {
    return { statusCode: 413, body: apiError('payload_too_large', WEBHOOK_MESSAGES.tooLarge) };
  }
  if (signature === undefined || signature.trim() === '') {
    return { statusCode: 400, body: apiError('invalid_request', WEBHOOK_MESSAGES.unsigned) };
  }
  const event = await deps.verify(payload, signature);
  if (event === undefined) {
    return { statusCode: 400, body: apiError('invalid_request', WEBHOOK_MESSAGES.badSignature) };
  }
  if (!handled(event.type)) return answer('ignored');
  const seen = await recordStripeEvent(deps.table, event, deps.now());
  // Handled before: once applied or ignored, a redelivery changes nothing. One still `received`
  // (our storage failed half-way) or `waiting` (for its job's money) is tried again.
  if (seen.outcome === 'applied' || seen.outcome === 'ignored') return answer('duplicate');
  const result =
    event.type === ACCOUNT_UPDATED
      ? await applyToHauler(deps, event)
      : await applyToJob(deps, event);
  return answer(result);
}
