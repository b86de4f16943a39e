// What acceptance with a saved card starts (issue 39 flow 2, decision 056): the job's money, with
// the hold asked for at once when the pickup window is near enough that the scheduled job would
// already have placed it.
import type { MoneyEvent, MoneyStart } from './money-machine';
import type { Hauler } from '../models/hauler-model';
import type { StoredQuote } from '../models/quote-model';
import { PAYMENT_TERMS } from '#contract/money/payments';
import { pickupInstant } from '#contract/loop/jobs';

const HOUR_MS = 3_600_000;

/**
 * Where the job's money goes: the hauler's Express account. The one place the rule lives, so the
 * merge with "no quote without payouts" tightens it here; undefined: no account (yet).
 */
export function moneyDestination(hauler: Pick<Hauler, 'payouts'> | undefined): string | undefined {
  return hauler?.payouts?.accountId;
}

/** The job's money as acceptance starts it, and the hold due now when the pickup is near. */
export function acceptedMoney(
  jobId: string,
  quote: Pick<StoredQuote, 'priceDollars' | 'pickupDate' | 'pickupWindow'>,
  destination: string,
  card: MoneyStart['card'],
  now: Date,
): { start: MoneyStart; event?: MoneyEvent } {
  const starts = pickupInstant(quote.pickupDate, quote.pickupWindow, 'start');
  const ends = pickupInstant(quote.pickupDate, quote.pickupWindow, 'end');
  const start: MoneyStart = {
    jobId,
    priceCents: Math.round(quote.priceDollars * 100),
    windowStartsAt: starts.toISOString(),
    destination,
    card,
  };
  if (starts.getTime() - now.getTime() > PAYMENT_TERMS.holdLeadHours * HOUR_MS) return { start };
  // The hold must last past the objection window, but no hold outlasts what a bank gives it.
  const wanted = ends.getTime() + PAYMENT_TERMS.objectionHours * HOUR_MS;
  const longest = now.getTime() + PAYMENT_TERMS.holdLastsHours * HOUR_MS;
  const captureBy = new Date(Math.min(wanted, longest)).toISOString();
  return { start, event: { type: 'hold-due', captureBy } };
}
