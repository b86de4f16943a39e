/** The PaymentIntents API: create (and confirm), retrieve, list, update, confirm, capture, cancel. */
import type { Account } from './connect';
import { type Core, type Route, base, list, load, publicView } from './core';
import { invalidRequest, paramError, resourceMissing } from './errors';
import { emit } from './events';
import { newId, randomChars } from './ids';
import type { Charge } from './money';
import {
  CANCELABLE,
  type PaymentIntent,
  cancel,
  capture,
  confirm,
  paymentMethodFor,
} from './payment-lifecycle';
import { boolean, integer, mergeMetadata, metadata, oneOf, text } from './params';

/** A destination must exist and be able to receive transfers (onboarding finished). */
function destinationFor(core: Core, id: string): string {
  const param = 'transfer_data[destination]';
  const account = core.store.get<Account>('accounts', id);
  if (account === undefined) throw resourceMissing('destination', id, param);
  if (account.capabilities.transfers !== 'active') {
    throw invalidRequest(
      'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
      { param, code: 'insufficient_capabilities_for_transfer' },
    );
  }
  return id;
}

function checkFee(fee: number | undefined, amount: number, destination: string | null) {
  if (fee === undefined) return;
  if (destination === null) {
    throw paramError(
      'Can only apply an application_fee_amount when the PaymentIntent is attempting a direct payment (using an OAuth key or Stripe-Account header) or destination payment (using `transfer_data[destination]`).',
      'application_fee_amount',
    );
  }
  if (fee < 0 || fee > amount) {
    throw paramError(
      'The application fee must be at least 0 and at most the amount.',
      'application_fee_amount',
    );
  }
}

const loadIntent = (core: Core, id: string) =>
  load<PaymentIntent>(core, 'payment_intents', id, 'payment_intent');

export const paymentIntentRoutes: Route[] = [
  {
    method: 'POST',
    pattern: '/v1/payment_intents',
    params: [
      'amount',
      'currency',
      'customer',
      'payment_method',
      'payment_method_types',
      'capture_method',
      'confirm',
      'off_session',
      'transfer_data',
      'application_fee_amount',
      'metadata',
      'description',
      'statement_descriptor_suffix',
      'transfer_group',
      'receipt_email',
    ],
    run: (core, { params }) => {
      const amount = integer(params, ['amount'], true);
      if (amount < 50) {
        throw paramError('Amount must be at least $0.50 usd', 'amount', 'amount_too_small');
      }
      const currency = text(params, ['currency'], true).toLowerCase();
      const customer = text(params, ['customer']) ?? null;
      if (customer !== null) load(core, 'customers', customer, 'customer', 'customer');
      const methodId = text(params, ['payment_method']) ?? null;
      if (methodId !== null) paymentMethodFor(core, methodId, customer);
      const confirmNow = boolean(params, ['confirm']) ?? false;
      const offSession = boolean(params, ['off_session']) ?? false;
      if (offSession && !confirmNow) {
        throw paramError('off_session can only be used when confirm=true', 'off_session');
      }
      const destinationId = text(params, ['transfer_data', 'destination']);
      const destination = destinationId === undefined ? null : destinationFor(core, destinationId);
      const fee = integer(params, ['application_fee_amount']);
      checkFee(fee, amount, destination);
      const intent: PaymentIntent = {
        id: newId('pi'),
        ...base(core, 'payment_intent', customer),
        object: 'payment_intent',
        amount,
        amount_capturable: 0,
        amount_received: 0,
        currency,
        customer,
        payment_method: methodId,
        payment_method_types: ['card'],
        capture_method:
          oneOf(params, ['capture_method'], ['automatic', 'automatic_async', 'manual']) ??
          'automatic_async',
        confirmation_method: 'automatic',
        status: methodId === null ? 'requires_payment_method' : 'requires_confirmation',
        latest_charge: null,
        transfer_data: destination === null ? null : { destination },
        application_fee_amount: fee ?? null,
        metadata: metadata(params) ?? {},
        description: text(params, ['description']) ?? null,
        canceled_at: null,
        cancellation_reason: null,
        last_payment_error: null,
        next_action: null,
        client_secret: '',
      };
      intent.client_secret = `${intent.id}_secret_${randomChars(24)}`;
      core.store.put('payment_intents', intent);
      emit(core, 'payment_intent.created', intent, { scope: customer });
      if (confirmNow) confirm(core, intent, offSession);
      return publicView(intent);
    },
  },
  {
    method: 'GET',
    pattern: '/v1/payment_intents',
    params: ['customer', 'limit', 'starting_after'],
    run: (core, call) => {
      const customer = text(call.params, ['customer']);
      const intents = core.store
        .all<PaymentIntent>('payment_intents')
        .filter((intent) => customer === undefined || intent.customer === customer);
      return list(intents, call);
    },
  },
  {
    method: 'GET',
    pattern: '/v1/payment_intents/:id',
    run: (core, call) => publicView(loadIntent(core, call.path.id!)),
  },
  {
    method: 'POST',
    pattern: '/v1/payment_intents/:id',
    params: ['metadata', 'description'],
    run: (core, { params, path }) => {
      const intent = loadIntent(core, path.id!);
      intent.metadata = mergeMetadata(intent.metadata, metadata(params));
      intent.description = text(params, ['description']) ?? intent.description;
      core.store.put('payment_intents', intent);
      return publicView(intent);
    },
  },
  {
    method: 'POST',
    pattern: '/v1/payment_intents/:id/confirm',
    params: ['payment_method', 'off_session', 'return_url'],
    run: (core, { params, path }) => {
      const intent = loadIntent(core, path.id!);
      if (
        intent.status !== 'requires_payment_method' &&
        intent.status !== 'requires_confirmation'
      ) {
        throw invalidRequest(
          `You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`,
          { code: 'payment_intent_unexpected_state' },
        );
      }
      const methodId = text(params, ['payment_method']);
      if (methodId !== undefined) {
        intent.payment_method = paymentMethodFor(core, methodId, intent.customer).id;
      }
      confirm(core, intent, boolean(params, ['off_session']) ?? false);
      return publicView(intent);
    },
  },
  {
    method: 'POST',
    pattern: '/v1/payment_intents/:id/capture',
    params: ['amount_to_capture', 'application_fee_amount', 'metadata', 'final_capture'],
    run: (core, { params, path }) => {
      const intent = loadIntent(core, path.id!);
      if (intent.status !== 'requires_capture') {
        throw invalidRequest(
          `This PaymentIntent could not be captured because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`,
          { code: 'payment_intent_unexpected_state' },
        );
      }
      const amount = integer(params, ['amount_to_capture']) ?? intent.amount_capturable;
      if (amount > intent.amount_capturable || amount < 1) {
        throw invalidRequest(
          `The amount to capture (${amount}) must be at least 1 and at most the amount capturable (${intent.amount_capturable}).`,
          { param: 'amount_to_capture', code: 'amount_too_large' },
        );
      }
      const fee = integer(params, ['application_fee_amount']);
      checkFee(fee, amount, intent.transfer_data?.destination ?? null);
      intent.metadata = mergeMetadata(intent.metadata, metadata(params));
      const charge = load<Charge>(core, 'charges', intent.latest_charge!, 'charge');
      capture(core, intent, charge, amount, fee ?? intent.application_fee_amount ?? 0);
      return publicView(intent);
    },
  },
  {
    method: 'POST',
    pattern: '/v1/payment_intents/:id/cancel',
    params: ['cancellation_reason'],
    run: (core, { params, path }) => {
      const intent = loadIntent(core, path.id!);
      const reason =
        oneOf(
          params,
          ['cancellation_reason'],
          ['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned'],
        ) ?? null;
      if (!CANCELABLE.includes(intent.status)) {
        throw invalidRequest(
          `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${CANCELABLE.join(', ')}.`,
          { code: 'payment_intent_unexpected_state' },
        );
      }
      cancel(core, intent, reason);
      return publicView(intent);
    },
  },
];
