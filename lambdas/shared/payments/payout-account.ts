// A hauler's Express account as the hauler page and the quote rule will read it (issue 39 flow 1):
// from `account.updated`, newest event first, so that a late redelivery cannot undo a change.
import type { PayoutState } from '#contract/money/payments';

export interface KnownPayouts {
  accountId: string;
  state: PayoutState;
  /** The `created` (epoch seconds) of the event it was read from. */
  asOf: number;
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

export function payoutState(account: Record<string, unknown>): PayoutState {
  if (account.charges_enabled === true && account.payouts_enabled === true) return 'enabled';
  if (typeof record(account.requirements).disabled_reason === 'string') {
    return account.details_submitted === true ? 'restricted' : 'not-started';
  }
  return account.details_submitted === true ? 'pending' : 'not-started';
}

export function applyAccountUpdate(
  known: KnownPayouts | undefined,
  event: { type: string; created: number; data: { object: Record<string, unknown> } },
): KnownPayouts | undefined {
  const accountId = event.data.object.id;
  if (event.type !== 'account.updated' || typeof accountId !== 'string') return known;
  if (known !== undefined && (known.accountId !== accountId || known.asOf > event.created)) {
    return known;
  }
  return { accountId, state: payoutState(event.data.object), asOf: event.created };
}
