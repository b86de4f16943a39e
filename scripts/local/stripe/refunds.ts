/** Refunds of captured charges, whole or in part, with the transfer and fee given back in proportion. */
import { type Core, type Route, base, list, load, publicView } from './core';
import { invalidRequest, paramError } from './errors';
import { emit, previousOf } from './events';
import { newId } from './ids';
import { type Charge, reverseShares } from './money';
import type { PaymentIntent } from './payment-lifecycle';
import { boolean, integer, metadata, oneOf, text } from './params';
import type { Stored } from './store';

export interface Refund extends Stored {
  object: 'refund';
  amount: number;
  charge: string;
  payment_intent: string;
}

function chargeToRefund(core: Core, params: Record<string, unknown>): Charge {
  const chargeId = text(params, ['charge']);
  const intentId = text(params, ['payment_intent']);
  if ((chargeId === undefined) === (intentId === undefined)) {
    throw paramError(
      'One of the following params should be provided for this request: payment_intent or charge.',
      chargeId === undefined ? 'payment_intent' : 'charge',
    );
  }
  if (chargeId !== undefined) return load<Charge>(core, 'charges', chargeId, 'charge', 'charge');
  const intent = load<PaymentIntent>(
    core,
    'payment_intents',
    intentId!,
    'payment_intent',
    'payment_intent',
  );
  if (intent.status !== 'succeeded' || intent.latest_charge === null) {
    throw invalidRequest(
      `This PaymentIntent (${intent.id}) does not have a successful charge to refund (status ${intent.status}): cancel it to release its hold.`,
      { param: 'payment_intent', code: 'charge_not_refundable' },
    );
  }
  return load<Charge>(core, 'charges', intent.latest_charge, 'charge');
}

export const refundRoutes: Route[] = [
  {
    method: 'POST',
    pattern: '/v1/refunds',
    params: [
      'charge',
      'payment_intent',
      'amount',
      'reason',
      'metadata',
      'reverse_transfer',
      'refund_application_fee',
    ],
    run: (core, { params }) => {
      const charge = chargeToRefund(core, params);
      if (!charge.captured || charge.status !== 'succeeded') {
        throw invalidRequest(`Charge ${charge.id} has not been captured: it cannot be refunded.`, {
          code: 'charge_not_refundable',
        });
      }
      if (charge.disputed) {
        throw invalidRequest(`Charge ${charge.id} has been charged back; cannot issue a refund.`, {
          code: 'charge_disputed',
        });
      }
      const remaining = charge.amount - charge.amount_refunded;
      if (remaining <= 0) {
        throw invalidRequest(`Charge ${charge.id} has already been refunded.`, {
          code: 'charge_already_refunded',
        });
      }
      const amount = integer(params, ['amount']) ?? remaining;
      if (amount < 1 || amount > remaining) {
        throw invalidRequest(
          `Refund amount (${amount}) is greater than unrefunded amount on charge (${remaining})`,
          { param: 'amount', code: 'amount_too_large' },
        );
      }
      const reverseTransfer = boolean(params, ['reverse_transfer']) ?? false;
      const refundFee = boolean(params, ['refund_application_fee']) ?? false;
      if (reverseTransfer && charge.transfer === null) {
        throw paramError(
          'reverse_transfer can only be used on a charge with a transfer (a destination charge).',
          'reverse_transfer',
        );
      }
      const scope = charge.customer;
      const refund: Refund = {
        id: newId('re'),
        ...base(core, 'refund', scope),
        object: 'refund',
        amount,
        balance_transaction: null,
        charge: charge.id,
        currency: charge.currency,
        payment_intent: charge.payment_intent,
        reason:
          oneOf(params, ['reason'], ['duplicate', 'fraudulent', 'requested_by_customer']) ?? null,
        status: 'succeeded',
        metadata: metadata(params) ?? {},
        transfer_reversal: null,
        source_transfer_reversal: null,
      };
      const { transferReversal } = reverseShares(
        core,
        charge,
        { id: refund.id, refundedBefore: charge._standin.refundedByRefunds, amount },
        { reverseTransfer, refundFee },
      );
      refund.transfer_reversal = transferReversal;
      core.store.put('refunds', refund);
      const previous = previousOf(charge, ['amount_refunded', 'refunded']);
      charge.amount_refunded += amount;
      charge._standin.refundedByRefunds += amount;
      charge.refunded = charge.amount_refunded >= charge.amount;
      core.store.put('charges', charge);
      emit(core, 'refund.created', refund, { scope });
      emit(core, 'charge.refunded', charge, { previous, scope });
      return publicView(refund);
    },
  },
  {
    method: 'GET',
    pattern: '/v1/refunds/:id',
    run: (core, call) => publicView(load(core, 'refunds', call.path.id!, 'refund')),
  },
  {
    method: 'GET',
    pattern: '/v1/refunds',
    params: ['charge', 'payment_intent', 'limit', 'starting_after'],
    run: (core, call) => {
      const charge = text(call.params, ['charge']);
      const intent = text(call.params, ['payment_intent']);
      const refunds = core.store
        .all<Refund>('refunds')
        .filter(
          (refund) =>
            (charge === undefined || refund.charge === charge) &&
            (intent === undefined || refund.payment_intent === intent),
        );
      return list(refunds, call);
    },
  },
];
