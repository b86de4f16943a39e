// Stripe's webhook events applied to a job's money: once per event id, and by the state of the
// object they carry, so that a duplicate or a delivery out of order has the effect of one.
import type { StoredPayment } from '../models/payment-model';
import { type HoldMatch, findHold, updateHold } from './money-holds';

/** What the endpoint hands on after `verifyWebhook`: a Stripe event, read field by field here. */
export interface PaymentWebhook {
  id: string;
  type: string;
  account?: string | null | undefined;
  data: { object: Record<string, unknown> };
}

/** Enough to tell a redelivery from a new event: Stripe retries for days, not hundreds of events. */
const SEEN_KEPT = 200;

export const HANDLED_WEBHOOKS = [
  'payment_intent.amount_capturable_updated',
  'payment_intent.payment_failed',
  'payment_intent.succeeded',
  'payment_intent.canceled',
  'charge.captured',
  'charge.expired',
  'charge.refunded',
  'charge.dispute.created',
  'charge.dispute.closed',
] as const;

const text = (object: Record<string, unknown>, field: string): string | undefined => {
  const value = object[field];
  return typeof value === 'string' ? value : undefined;
};
const whole = (object: Record<string, unknown>, field: string): number | undefined => {
  const value = object[field];
  return typeof value === 'number' && Number.isInteger(value) ? value : undefined;
};
const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/** A PaymentIntent names its hold by id, or by the key we put in its metadata before its answer. */
const intentMatch = (intent: Record<string, unknown>): HoldMatch => ({
  intentId: text(intent, 'id'),
  key: text(record(intent.metadata), 'key'),
});
const chargeMatch = (charge: Record<string, unknown>): HoldMatch => ({
  intentId: text(charge, 'payment_intent'),
});

function captured(state: StoredPayment, match: HoldMatch, amount: number | undefined) {
  const hold = findHold(state, match);
  if (hold === undefined || amount === undefined || hold.status === 'released') return state;
  const capture =
    hold.capture === undefined ? undefined : { ...hold.capture, status: 'succeeded' as const };
  return updateHold(state, match, { status: 'captured', capturedCents: amount, capture });
}

/** The hold an event is about, if it is one of this job's. */
function holdOf(state: StoredPayment, type: string, object: Record<string, unknown>) {
  if (type.startsWith('payment_intent.')) return findHold(state, intentMatch(object));
  if (!type.startsWith('charge.dispute.')) return findHold(state, chargeMatch(object));
  return (
    findHold(state, chargeMatch(object)) ??
    state.holds.find((hold) => hold.chargeId !== undefined && hold.chargeId === object.charge)
  );
}

function disputed(
  state: StoredPayment,
  dispute: Record<string, unknown>,
  closed: boolean,
): StoredPayment {
  const id = text(dispute, 'id');
  if (id === undefined) return state;
  const status = closed ? text(dispute, 'status') : 'open';
  if (status !== 'open' && status !== 'won' && status !== 'lost') return state;
  if (state.dispute !== undefined && state.dispute.status !== 'open') return state;
  // The payout's hold (decision 061) stays with its dispute: a closing event only moves the status.
  const kept = state.dispute?.id === id ? state.dispute : {};
  return { ...state, dispute: { ...kept, id, status, amountCents: whole(dispute, 'amount') ?? 0 } };
}

function applyObject(state: StoredPayment, type: string, object: Record<string, unknown>) {
  switch (type) {
    case 'payment_intent.amount_capturable_updated':
      return (whole(object, 'amount_capturable') ?? 0) > 0
        ? updateHold(state, intentMatch(object), {
            status: 'authorized',
            chargeId: text(object, 'latest_charge'),
          })
        : state;
    case 'payment_intent.payment_failed': {
      const error = record(object.last_payment_error);
      return updateHold(state, intentMatch(object), {
        status: 'failed',
        failure: {
          code: text(error, 'code') ?? 'card_declined',
          ...(text(error, 'decline_code') === undefined
            ? {}
            : { declineCode: text(error, 'decline_code') }),
        },
      });
    }
    case 'payment_intent.succeeded':
      return captured(state, intentMatch(object), whole(object, 'amount_received'));
    case 'charge.captured':
      return captured(state, chargeMatch(object), whole(object, 'amount_captured'));
    case 'payment_intent.canceled':
      return updateHold(state, intentMatch(object), { status: 'released' });
    case 'charge.expired':
      return updateHold(state, chargeMatch(object), { status: 'released' });
    case 'charge.refunded': {
      const total = whole(object, 'amount_refunded');
      if (total === undefined) return state;
      return { ...state, refundedCents: Math.max(state.refundedCents, total) };
    }
    case 'charge.dispute.created':
      return disputed(state, object, false);
    case 'charge.dispute.closed':
      return disputed(state, object, true);
    default:
      // account.updated is the hauler's, not a job's: ./payout-account reads it.
      return state;
  }
}

export function applyWebhook(state: StoredPayment, event: PaymentWebhook): StoredPayment {
  if (state.seenEvents.includes(event.id)) return state;
  const object = record(event.data.object);
  // An event about a hold not yet known is not taken as seen: its redelivery may still apply.
  if (holdOf(state, event.type, object) === undefined) return state;
  const applied = applyObject(state, event.type, object);
  return { ...applied, seenEvents: [...state.seenEvents, event.id].slice(-SEEN_KEPT) };
}
