/**
 * Disputes. Stripe opens them when a cardholder's bank does, so the stand-in opens them only on
 * request (`POST /_standin/disputes`), and closes them as won or lost the same way.
 */
import { type Core, type Route, base, load, publicView } from './core';
import { invalidRequest, paramError } from './errors';
import { emit, previousOf } from './events';
import { newId } from './ids';
import type { Charge } from './money';
import { boolean, metadata } from './params';
import type { PaymentIntent } from './payment-lifecycle';
import type { Stored } from './store';

const REASONS = [
  'fraudulent',
  'product_not_received',
  'product_unacceptable',
  'duplicate',
  'subscription_canceled',
  'credit_not_processed',
  'general',
] as const;

export interface Dispute extends Stored {
  object: 'dispute';
  amount: number;
  charge: string;
  status: 'needs_response' | 'won' | 'lost';
}

export interface OpenDispute {
  charge?: string;
  payment_intent?: string;
  reason?: string;
  amount?: number;
}

export function openDispute(core: Core, request: OpenDispute): Dispute {
  let chargeId = request.charge;
  if (chargeId === undefined && request.payment_intent !== undefined) {
    chargeId =
      load<PaymentIntent>(core, 'payment_intents', request.payment_intent, 'payment_intent')
        .latest_charge ?? undefined;
  }
  if (chargeId === undefined) throw paramError('Name a charge or a payment_intent', 'charge');
  const charge = load<Charge>(core, 'charges', chargeId, 'charge', 'charge');
  if (!charge.captured || charge.disputed) {
    throw invalidRequest(`Charge ${charge.id} is not captured or is already disputed.`);
  }
  const reason = request.reason ?? 'fraudulent';
  if (!(REASONS as readonly string[]).includes(reason)) {
    throw paramError(`reason must be one of ${REASONS.join(', ')}`, 'reason');
  }
  const amount = request.amount ?? charge.amount - charge.amount_refunded;
  const scope = charge.customer;
  const dispute: Dispute = {
    id: newId('dp'),
    ...base(core, 'dispute', scope),
    object: 'dispute',
    amount,
    currency: charge.currency,
    charge: charge.id,
    payment_intent: charge.payment_intent,
    reason,
    status: 'needs_response',
    is_charge_refundable: false,
    balance_transactions: [],
    evidence: {},
    evidence_details: {
      due_by: core.clock.now(scope) + 7 * 24 * 60 * 60,
      has_evidence: false,
      past_due: false,
      submission_count: 0,
    },
  };
  core.store.put('disputes', dispute);
  const previous = previousOf(charge, ['disputed']);
  charge.disputed = true;
  core.store.put('charges', charge);
  emit(core, 'charge.dispute.created', dispute, { scope });
  emit(core, 'charge.updated', charge, { previous, scope });
  return dispute;
}

export function closeDispute(core: Core, id: string, status: unknown): Dispute {
  const dispute = load<Dispute>(core, 'disputes', id, 'dispute');
  if (status !== 'won' && status !== 'lost')
    throw paramError('status must be won or lost', 'status');
  if (dispute.status !== 'needs_response') {
    throw invalidRequest(`Dispute ${id} is already closed (${dispute.status}).`);
  }
  const previous = previousOf(dispute, ['status']);
  dispute.status = status;
  core.store.put('disputes', dispute);
  const charge = core.store.get<Charge>('charges', dispute.charge);
  emit(core, 'charge.dispute.closed', dispute, { previous, scope: charge?.customer });
  return dispute;
}

/** Stripe's text evidence fields the stand-in keeps (files are not uploaded here). */
const EVIDENCE_FIELDS = [
  'customer_name',
  'customer_email_address',
  'product_description',
  'service_date',
  'uncategorized_text',
  'refund_policy_disclosure',
  'cancellation_policy_disclosure',
] as const;

/** disputes.update: text evidence kept, and with `submit` sent to the bank (once it is closed, refused). */
function updateDispute(core: Core, id: string, params: Record<string, unknown>): Dispute {
  const dispute = load<Dispute & { evidence: Record<string, unknown> }>(
    core,
    'disputes',
    id,
    'dispute',
  );
  if (dispute.status !== 'needs_response') {
    throw invalidRequest(`This dispute is already closed (${dispute.status}).`);
  }
  const evidence = (params.evidence ?? {}) as Record<string, unknown>;
  for (const field of Object.keys(evidence)) {
    if (!(EVIDENCE_FIELDS as readonly string[]).includes(field)) {
      throw paramError(`Received unknown parameter: evidence[${field}]`, `evidence[${field}]`);
    }
    if (typeof evidence[field] !== 'string') {
      throw paramError(`evidence[${field}] must be text`, `evidence[${field}]`);
    }
  }
  const previous = previousOf(dispute, ['evidence', 'evidence_details']);
  dispute.evidence = { ...dispute.evidence, ...evidence };
  const details = dispute.evidence_details as Record<string, unknown>;
  details.has_evidence = Object.keys(dispute.evidence).length > 0;
  if (boolean(params, ['submit']) ?? true) {
    details.submission_count = Number(details.submission_count ?? 0) + 1;
  }
  const given = metadata(params);
  if (given !== undefined) {
    dispute.metadata = { ...(dispute.metadata as Record<string, string>), ...given };
  }
  core.store.put('disputes', dispute);
  const charge = core.store.get<Charge>('charges', dispute.charge);
  emit(core, 'charge.dispute.updated', dispute, { previous, scope: charge?.customer });
  return dispute;
}

export const disputeRoutes: Route[] = [
  {
    method: 'POST',
    pattern: '/v1/disputes/:id',
    params: ['evidence', 'metadata', 'submit'],
    run: (core, call) => publicView(updateDispute(core, call.path.id!, call.params)),
  },
  {
    method: 'GET',
    pattern: '/v1/disputes/:id',
    run: (core, call) => publicView(load(core, 'disputes', call.path.id!, 'dispute')),
  },
];
