/**
 * Where a destination charge's money goes: the charge, the transfer to the connected account and
 * the platform's application fee, and their proportional reversal on a refund.
 *
 * Simplified on purpose: Stripe transfers the whole amount and then takes the fee back from the
 * connected account; here the transfer is the net (amount − fee), which is what the account keeps.
 */
import { type Core, type Route, base, load, publicView } from './core';
import { emit, previousOf } from './events';
import { newId } from './ids';
import type { Stored } from './store';

export interface Charge extends Stored {
  object: 'charge';
  amount: number;
  amount_captured: number;
  /** Includes what a partial capture released, as in Stripe. */
  amount_refunded: number;
  captured: boolean;
  refunded: boolean;
  paid: boolean;
  status: 'succeeded' | 'failed';
  currency: string;
  customer: string | null;
  payment_intent: string;
  payment_method: string;
  application_fee: string | null;
  application_fee_amount: number | null;
  transfer: string | null;
  transfer_data: { destination: string } | null;
  disputed: boolean;
  failure_code: string | null;
  failure_message: string | null;
  payment_method_details: { type: 'card'; card: Record<string, unknown> };
  metadata: Record<string, string>;
  /** What refunds (not the released part of a partial capture) have given back. */
  _standin: { refundedByRefunds: number };
}

interface SubList<T> {
  object: 'list';
  data: T[];
  has_more: false;
  total_count: number;
  url: string;
}

export interface Transfer extends Stored {
  object: 'transfer';
  amount: number;
  amount_reversed: number;
  reversed: boolean;
  currency: string;
  destination: string;
  reversals: SubList<Record<string, unknown>>;
}

export interface ApplicationFee extends Stored {
  object: 'application_fee';
  amount: number;
  amount_refunded: number;
  refunded: boolean;
  currency: string;
  refunds: SubList<Record<string, unknown>>;
}

const subList = <T>(url: string): SubList<T> => ({
  object: 'list',
  data: [],
  has_more: false,
  total_count: 0,
  url,
});

/** After a capture: the transfer of (captured − fee) to the destination, and the fee itself. */
export function payOut(core: Core, charge: Charge, destination: string | null, fee: number): void {
  if (destination === null) return;
  const scope = charge.customer;
  const transferId = newId('tr');
  const transfer: Transfer = {
    id: transferId,
    ...base(core, 'transfer', scope),
    object: 'transfer',
    amount: charge.amount_captured - fee,
    amount_reversed: 0,
    reversed: false,
    currency: charge.currency,
    destination,
    destination_payment: newId('py'),
    source_transaction: charge.id,
    transfer_group: `group_${charge.payment_intent}`,
    reversals: subList(`/v1/transfers/${transferId}/reversals`),
  };
  core.store.put('transfers', transfer);
  charge.transfer = transfer.id;
  charge.application_fee_amount = fee > 0 ? fee : null;
  emit(core, 'transfer.created', transfer, { scope });
  if (fee > 0) {
    const feeId = newId('fee');
    const applicationFee: ApplicationFee = {
      id: feeId,
      ...base(core, 'application_fee', scope),
      object: 'application_fee',
      account: destination,
      amount: fee,
      amount_refunded: 0,
      refunded: false,
      currency: charge.currency,
      charge: charge.id,
      originating_transaction: null,
      refunds: subList(`/v1/application_fees/${feeId}/refunds`),
    };
    core.store.put('application_fees', applicationFee);
    charge.application_fee = applicationFee.id;
    emit(core, 'application_fee.created', applicationFee, { scope });
  }
  core.store.put('charges', charge);
}

/**
 * A refund's share of the transfer and of the fee, in proportion to the amount refunded. The
 * share is taken of the running total, so rounding never leaves a cent behind once the whole
 * charge is refunded.
 */
export function reverseShares(
  core: Core,
  charge: Charge,
  refund: { id: string; refundedBefore: number; amount: number },
  options: { reverseTransfer: boolean; refundFee: boolean },
): { transferReversal: string | null } {
  const scope = charge.customer;
  const after = refund.refundedBefore + refund.amount;
  const share = (whole: number) => Math.round((whole * after) / charge.amount_captured);
  let transferReversal: string | null = null;
  if (options.reverseTransfer && charge.transfer !== null) {
    const transfer = load<Transfer>(core, 'transfers', charge.transfer, 'transfer');
    const whole = transfer.amount;
    // A reversal made by hand (a dispute's hold, decision 061) is not a refund's: the refund
    // reverses its share less what refunds reversed before, and never more than is left.
    const byRefunds = transfer.reversals.data
      .filter((each) => typeof each.source_refund === 'string')
      .reduce((total, each) => total + Number(each.amount), 0);
    const amount = Math.min(share(whole) - byRefunds, transfer.amount - transfer.amount_reversed);
    if (amount > 0) {
      const previous = previousOf(transfer, ['amount_reversed', 'reversed']);
      const reversal = {
        id: newId('trr'),
        ...base(core, 'transfer_reversal', scope),
        amount,
        currency: transfer.currency,
        transfer: transfer.id,
        source_refund: refund.id,
        destination_payment_refund: newId('pyr'),
      };
      transfer.reversals.data.unshift(reversal);
      transfer.reversals.total_count += 1;
      transfer.amount_reversed += amount;
      transfer.reversed = transfer.amount_reversed >= transfer.amount;
      transferReversal = reversal.id;
      core.store.put('transfers', transfer);
      emit(core, 'transfer.reversed', transfer, { previous, scope });
    }
  }
  if (options.refundFee && charge.application_fee !== null) {
    const fee = load<ApplicationFee>(core, 'application_fees', charge.application_fee, 'fee');
    const amount = share(fee.amount) - fee.amount_refunded;
    if (amount > 0) {
      const previous = previousOf(fee, ['amount_refunded', 'refunded']);
      fee.refunds.data.unshift({
        id: newId('fr'),
        ...base(core, 'fee_refund', scope),
        amount,
        currency: fee.currency,
        fee: fee.id,
      });
      fee.refunds.total_count += 1;
      fee.amount_refunded += amount;
      fee.refunded = fee.amount_refunded >= fee.amount;
      core.store.put('application_fees', fee);
      emit(core, 'application_fee.refunded', fee, { previous, scope });
    }
  }
  return { transferReversal };
}

export const moneyRoutes: Route[] = [
  {
    method: 'GET',
    pattern: '/v1/charges/:id',
    run: (core, call) => publicView(load(core, 'charges', call.path.id!, 'charge')),
  },
  {
    method: 'GET',
    pattern: '/v1/transfers/:id',
    run: (core, call) => publicView(load(core, 'transfers', call.path.id!, 'transfer')),
  },
  {
    method: 'GET',
    pattern: '/v1/application_fees/:id',
    run: (core, call) =>
      publicView(load(core, 'application_fees', call.path.id!, 'application fee')),
  },
];
