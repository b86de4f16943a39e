/**
 * A PaymentIntent's life: confirmed with its card (which behaves as its test number says), held
 * until `capture_before`, captured, cancelled, or lapsed when the hold runs out.
 */
import { type Decline, TEST_CARDS } from './cards';
import { type Core, base, load, publicView } from './core';
import type { PaymentMethod } from './customers';
import { StripeError, invalidRequest } from './errors';
import { emit, previousOf } from './events';
import { newId } from './ids';
import { type Charge, payOut } from './money';
import type { Stored } from './store';

const DAY = 24 * 60 * 60;
/** How long card networks keep a customer-initiated authorisation. */
export const HOLD_SECONDS = 7 * DAY;
/**
 * A merchant-initiated (off-session) Visa authorisation lasts 4 days 18 hours, so the hold the
 * scheduled job places without the homeowner lapses sooner (issue 39).
 */
export const OFF_SESSION_HOLD_SECONDS = 4 * DAY + 18 * 60 * 60;

type Status =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'requires_capture'
  | 'succeeded'
  | 'canceled';

export interface PaymentIntent extends Stored {
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  currency: string;
  customer: string | null;
  payment_method: string | null;
  capture_method: 'automatic' | 'automatic_async' | 'manual';
  status: Status;
  latest_charge: string | null;
  transfer_data: { destination: string } | null;
  application_fee_amount: number | null;
  metadata: Record<string, string>;
  description: string | null;
  canceled_at: number | null;
  cancellation_reason: string | null;
  last_payment_error: Record<string, unknown> | null;
  next_action: Record<string, unknown> | null;
}

export const CANCELABLE: readonly Status[] = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'requires_capture',
];

export function paymentMethodFor(core: Core, id: string, customer: string | null): PaymentMethod {
  const method = load<PaymentMethod>(
    core,
    'payment_methods',
    id,
    'PaymentMethod',
    'payment_method',
  );
  if (method.customer !== null && method.customer !== customer) {
    throw invalidRequest(
      customer === null
        ? `The provided PaymentMethod is attached to a Customer. To use it, you must also pass the Customer's ID (${method.customer}).`
        : `The provided PaymentMethod belongs to another Customer (${method.customer}), not ${customer}.`,
      { param: 'payment_method' },
    );
  }
  return method;
}

/** Confirms with the intent's card, which behaves as its test number says. */
export function confirm(core: Core, intent: PaymentIntent, offSession: boolean): void {
  if (intent.payment_method === null) {
    throw invalidRequest(
      "You cannot confirm this PaymentIntent because it's missing a payment method.",
      { code: 'payment_intent_unexpected_state' },
    );
  }
  const method = paymentMethodFor(core, intent.payment_method, intent.customer);
  const card = TEST_CARDS[method._standin.number]!;
  const outcome = offSession ? card.offSession : card.onSession;
  const scope = intent.customer;
  if (outcome === 'authenticate') {
    Object.assign(intent, { status: 'requires_action', next_action: { type: 'use_stripe_sdk' } });
    core.store.put('payment_intents', intent);
    emit(core, 'payment_intent.requires_action', intent, { scope });
    return;
  }
  const now = core.clock.now(scope);
  const manual = intent.capture_method === 'manual';
  const {
    fingerprint: _f,
    checks: _c,
    networks: _n,
    three_d_secure_usage: _t,
    wallet: _w,
    ...card_
  } = method.card;
  const charge: Charge = {
    id: newId('ch'),
    ...base(core, 'charge', scope),
    object: 'charge',
    amount: intent.amount,
    amount_captured: 0,
    amount_refunded: 0,
    captured: false,
    refunded: false,
    paid: outcome === 'ok',
    status: outcome === 'ok' ? 'succeeded' : 'failed',
    currency: intent.currency,
    customer: intent.customer,
    description: intent.description,
    payment_intent: intent.id,
    payment_method: method.id,
    application_fee: null,
    application_fee_amount: null,
    transfer: null,
    transfer_data: intent.transfer_data,
    transfer_group: intent.transfer_data ? `group_${intent.id}` : null,
    disputed: false,
    failure_code: outcome === 'ok' ? null : outcome.code,
    failure_message: outcome === 'ok' ? null : outcome.message,
    outcome:
      outcome === 'ok'
        ? { type: 'authorized', network_status: 'approved_by_network' }
        : {
            type: 'issuer_declined',
            network_status: 'declined_by_network',
            reason: outcome.decline_code,
          },
    payment_method_details: {
      type: 'card',
      card: {
        ...card_,
        network: method.card.brand,
        ...(manual && outcome === 'ok'
          ? { capture_before: now + (offSession ? OFF_SESSION_HOLD_SECONDS : HOLD_SECONDS) }
          : {}),
      },
    },
    metadata: {},
    _standin: { refundedByRefunds: 0 },
  };
  if (outcome !== 'ok') return decline(core, intent, method, charge, outcome);
  core.store.put('charges', charge);
  intent.latest_charge = charge.id;
  intent.last_payment_error = null;
  intent.next_action = null;
  emit(core, 'charge.succeeded', charge, { scope });
  if (manual) {
    intent.status = 'requires_capture';
    intent.amount_capturable = intent.amount;
    core.store.put('payment_intents', intent);
    emit(core, 'payment_intent.amount_capturable_updated', intent, { scope });
    return;
  }
  capture(core, intent, charge, intent.amount, intent.application_fee_amount ?? 0);
}

/** A declined confirmation: saved as Stripe saves it, then answered 402 with the intent. */
function decline(
  core: Core,
  intent: PaymentIntent,
  method: PaymentMethod,
  charge: Charge,
  reason: Decline,
): never {
  const scope = intent.customer;
  // Stripe asks for authentication before it reaches the network: no charge is attempted.
  const attempted = reason.code !== 'authentication_required';
  if (attempted) {
    core.store.put('charges', charge);
    intent.latest_charge = charge.id;
    emit(core, 'charge.failed', charge, { scope });
  }
  const error = {
    type: 'card_error' as const,
    ...reason,
    ...(attempted ? { charge: charge.id } : {}),
    payment_method: publicView(method),
  };
  Object.assign(intent, {
    status: 'requires_payment_method',
    last_payment_error: error,
    next_action: null,
  });
  core.store.put('payment_intents', intent);
  emit(core, 'payment_intent.payment_failed', intent, { scope });
  throw new StripeError(402, { ...error, payment_intent: publicView(intent) });
}

export function capture(
  core: Core,
  intent: PaymentIntent,
  charge: Charge,
  amount: number,
  fee: number,
) {
  const scope = intent.customer;
  const manual = intent.capture_method === 'manual';
  const previous = previousOf(charge, ['amount_captured', 'captured', 'amount_refunded']);
  Object.assign(charge, {
    captured: true,
    amount_captured: amount,
    // What a partial capture leaves is released, and Stripe counts it as refunded.
    amount_refunded: charge.amount - amount,
  });
  core.store.put('charges', charge);
  payOut(core, charge, intent.transfer_data?.destination ?? null, fee);
  if (manual) emit(core, 'charge.captured', charge, { previous, scope });
  Object.assign(intent, {
    status: 'succeeded',
    amount_received: amount,
    amount_capturable: 0,
    application_fee_amount: intent.transfer_data ? fee : null,
  });
  core.store.put('payment_intents', intent);
  emit(core, 'payment_intent.succeeded', intent, { scope });
}

export function cancel(core: Core, intent: PaymentIntent, reason: string | null, lapsed = false) {
  const scope = intent.customer;
  if (intent.status === 'requires_capture' && intent.latest_charge !== null) {
    const charge = load<Charge>(core, 'charges', intent.latest_charge, 'charge');
    const previous = previousOf(charge, ['amount_refunded', 'refunded']);
    Object.assign(charge, { amount_refunded: charge.amount, refunded: true });
    core.store.put('charges', charge);
    emit(core, lapsed ? 'charge.expired' : 'charge.refunded', charge, { previous, scope });
  }
  Object.assign(intent, {
    status: 'canceled',
    amount_capturable: 0,
    canceled_at: core.clock.now(scope),
    cancellation_reason: reason,
    next_action: null,
  });
  core.store.put('payment_intents', intent);
  emit(core, 'payment_intent.canceled', intent, { scope });
}

/** Holds whose `capture_before` has passed on their customer's clock lapse, as at the bank. */
export function expireHolds(core: Core): void {
  for (const intent of core.store.all<PaymentIntent>('payment_intents')) {
    if (intent.status !== 'requires_capture' || intent.latest_charge === null) continue;
    const charge = core.store.get<Charge>('charges', intent.latest_charge);
    const before = charge?.payment_method_details.card.capture_before;
    if (typeof before === 'number' && core.clock.now(intent.customer) >= before) {
      cancel(core, intent, 'automatic', true);
    }
  }
}
