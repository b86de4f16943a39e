// A failed hold and the card updated (issue 39 flow 3, decision 060): what a card saved on the
// update's card page asks of the job's money. Pure: the caller runs the events through the runner.
import type { StoredPayment } from '../models/payment-model';
import type { LeadTable } from '../runtime/table-handle';
import { earliestCapture } from './money-due';
import { type MoneyEvent, moneyState } from './money-machine';
import { getPayment } from './payment-store';
import type { MoneyState } from '#contract/money/payments';

export interface SavedCard {
  customerId: string;
  paymentMethodId: string;
}

export type CardUpdate =
  /** Not this job's customer: a session of another request, never ours to use. */
  { kind: 'foreign' } | { kind: 'events'; events: MoneyEvent[] };

/**
 * The new card, then a hold at once, unless a hold was already asked with this card: the same
 * session posted twice (a reload, a second tab) runs the hold once, and a crash between the two
 * events is finished by the next post. A job no longer waiting for a card gets no hold from here.
 */
export function cardUpdateEvents(payment: StoredPayment, card: SavedCard, now: Date): CardUpdate {
  if (card.customerId !== payment.card.customerId) return { kind: 'foreign' };
  const events: MoneyEvent[] = [];
  const same = payment.card.paymentMethodId === card.paymentMethodId;
  if (!same) events.push({ type: 'card-saved', ...card });
  const asked = payment.holds.some((hold) => hold.card.paymentMethodId === card.paymentMethodId);
  // After the new card alone the newest hold is still the failed one: still waiting.
  if (!asked && moneyState(payment) === 'hold-failed') {
    events.push({ type: 'hold-due', captureBy: earliestCapture(payment, now).toISOString() });
  }
  return { kind: 'events', events };
}

/** The job's money state as a page shows it: one read by key; undefined: the job has no money. */
export async function moneyStateOf(
  table: LeadTable,
  jobId: string,
): Promise<MoneyState | undefined> {
  const stored = await getPayment(table, jobId);
  return stored === undefined ? undefined : moneyState(stored.payment);
}
