/**
 * Transfers as the platform moves them by hand (decision 061): a reversal of a destination
 * charge's transfer (`POST /v1/transfers/:id/reversals`), a new transfer to a connected account
 * (`POST /v1/transfers`, from a charge with `source_transaction`), their list (`GET
 * /v1/transfers`, by `destination` or `transfer_group`), and `GET /v1/balance` for the
 * platform or, with the `Stripe-Account` header, a connected account. Both writes replay by their
 * idempotency key like every POST here (api.ts).
 *
 * Balances are Stripe's sums without its settling delay (everything is `available`, nothing
 * `pending`) and without dispute fees: captured charges less refunds and money held or lost to
 * disputes, less transfers, plus their reversals; an account's: its transfers less reversals.
 */
import { type Core, type Route, base, list, load, publicView } from './core';
import { invalidRequest, paramError } from './errors';
import { emit, previousOf } from './events';
import { newId } from './ids';
import type { Charge, Transfer } from './money';
import type { Dispute } from './disputes';
import { integer, metadata, text } from './params';

const subList = (url: string) => ({
  object: 'list' as const,
  data: [] as Record<string, unknown>[],
  has_more: false as const,
  total_count: 0,
  url,
});

function reverse(core: Core, transferId: string, params: Record<string, unknown>) {
  const transfer = load<Transfer>(core, 'transfers', transferId, 'transfer');
  const left = transfer.amount - transfer.amount_reversed;
  const amount = integer(params, ['amount']) ?? left;
  if (amount < 1) throw paramError('amount must be a positive integer', 'amount');
  if (amount > left) {
    throw invalidRequest(
      `Transfer ${transfer.id} has only ${left} left to reverse; you asked for ${amount}.`,
      { param: 'amount', code: 'amount_too_large' },
    );
  }
  const source =
    typeof transfer.source_transaction === 'string'
      ? core.store.get<Charge>('charges', transfer.source_transaction)
      : undefined;
  const scope = source?.customer ?? null;
  const previous = previousOf(transfer, ['amount_reversed', 'reversed']);
  const reversal = {
    id: newId('trr'),
    ...base(core, 'transfer_reversal', scope),
    amount,
    currency: transfer.currency,
    transfer: transfer.id,
    source_refund: null,
    destination_payment_refund: newId('pyr'),
    metadata: metadata(params) ?? {},
  };
  transfer.reversals.data.unshift(reversal);
  transfer.reversals.total_count += 1;
  transfer.amount_reversed += amount;
  transfer.reversed = transfer.amount_reversed >= transfer.amount;
  core.store.put('transfers', transfer);
  emit(core, 'transfer.reversed', transfer, { previous, scope });
  return reversal;
}

function transferOut(core: Core, params: Record<string, unknown>): Transfer {
  const amount = integer(params, ['amount'], true);
  const currency = text(params, ['currency'], true);
  const destination = text(params, ['destination'], true);
  if (amount < 1) throw paramError('amount must be a positive integer', 'amount');
  load(core, 'accounts', destination, 'account', 'destination');
  const sourceId = text(params, ['source_transaction']);
  let scope: string | null = null;
  if (sourceId !== undefined) {
    const charge = load<Charge>(core, 'charges', sourceId, 'charge', 'source_transaction');
    if (!charge.captured) {
      throw invalidRequest(`Charge ${charge.id} is not captured.`, {
        param: 'source_transaction',
      });
    }
    if (amount > charge.amount_captured) {
      throw invalidRequest(
        `The transfer amount (${amount}) is more than its source_transaction ${charge.id} (${charge.amount_captured}).`,
        { param: 'amount', code: 'amount_too_large' },
      );
    }
    scope = charge.customer;
  }
  const id = newId('tr');
  const transfer: Transfer = {
    id,
    ...base(core, 'transfer', scope),
    object: 'transfer',
    amount,
    amount_reversed: 0,
    reversed: false,
    currency,
    destination,
    destination_payment: newId('py'),
    source_transaction: sourceId ?? null,
    transfer_group: text(params, ['transfer_group']) ?? null,
    description: text(params, ['description']) ?? null,
    metadata: metadata(params) ?? {},
    reversals: subList(`/v1/transfers/${id}/reversals`),
  };
  core.store.put('transfers', transfer);
  emit(core, 'transfer.created', transfer, { scope });
  return transfer;
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** The platform's balance, or a connected account's, in cents of the one currency used here. */
export function balanceOf(core: Core, account: string | undefined): number {
  const transfers = core.store.all<Transfer>('transfers');
  if (account !== undefined) {
    load(core, 'accounts', account, 'account', 'Stripe-Account');
    return sum(
      transfers
        .filter((transfer) => transfer.destination === account)
        .map((transfer) => transfer.amount - transfer.amount_reversed),
    );
  }
  const charges = sum(
    core.store
      .all<Charge>('charges')
      .filter((charge) => charge.captured)
      .map((charge) => charge.amount_captured - charge._standin.refundedByRefunds),
  );
  const disputed = sum(
    core.store
      .all<Dispute>('disputes')
      .filter((dispute) => dispute.status !== 'won')
      .map((dispute) => dispute.amount),
  );
  const out = sum(transfers.map((transfer) => transfer.amount - transfer.amount_reversed));
  return charges - disputed - out;
}

export const transferRoutes: Route[] = [
  {
    method: 'POST',
    pattern: '/v1/transfers/:id/reversals',
    params: ['amount', 'description', 'metadata', 'refund_application_fee'],
    run: (core, call) => reverse(core, call.path.id!, call.params),
  },
  {
    method: 'POST',
    pattern: '/v1/transfers',
    params: [
      'amount',
      'currency',
      'destination',
      'source_transaction',
      'transfer_group',
      'description',
      'metadata',
    ],
    run: (core, call) => publicView(transferOut(core, call.params)),
  },
  {
    method: 'GET',
    pattern: '/v1/transfers',
    params: ['limit', 'starting_after', 'destination', 'transfer_group'],
    run: (core, call) => {
      const destination = text(call.params, ['destination']);
      const group = text(call.params, ['transfer_group']);
      const found = core.store
        .all<Transfer>('transfers')
        .filter(
          (transfer) =>
            (destination === undefined || transfer.destination === destination) &&
            (group === undefined || transfer.transfer_group === group),
        );
      return list(found, call);
    },
  },
  {
    method: 'GET',
    pattern: '/v1/balance',
    run: (core, call) => {
      const amount = balanceOf(core, call.account ?? undefined);
      return {
        object: 'balance',
        livemode: false,
        available: [{ amount, currency: 'usd', source_types: { card: amount } }],
        pending: [{ amount: 0, currency: 'usd', source_types: { card: 0 } }],
      };
    },
  },
];
