// What acceptance with a saved card starts (issue 39 flow 2, decision 056): the job's money, with
// the hold asked for at once when the pickup window is near enough that the scheduled job would
// already have placed it.
import type { MoneyEvent, MoneyStart } from './money-machine';
import type { Hauler } from '../models/hauler-model';
import type { StoredQuote } from '../models/quote-model';
import { PAYMENT_TERMS } from '#contract/money/payments';
import type { PaymentSetting } from '#contract/money/payments';
import { pickupInstant } from '#contract/loop/jobs';

const HOUR_MS = 3_600_000;

/**
 * Where the job's money goes: the hauler's Express account. The one place the rule lives, so the
 * merge with "no quote without payouts" tightens it here; undefined: no account (yet).
 */
export function moneyDestination(hauler: Pick<Hauler, 'payouts'> | undefined): string | undefined {
  return hauler?.payouts?.accountId;
}

/**
 * Whether the homeowner pays this quote through us (decision 062): payments on and a hauler on the
 * platform. A quote with no `haulerId` (operations quoted it for a hauler who is not on the
 * platform) has nowhere for the money to go, so it is paid directly, as with payments off. A
 * hauler's quote has a payouts account: "no quote without payouts" refuses one without.
 */
export function paidThroughUs(
  quote: Pick<StoredQuote, 'haulerId'>,
  setting: PaymentSetting | undefined,
): boolean {
  return setting === 'on' && quote.haulerId !== undefined;
}

/**
 * How this quote is paid, as the homeowner's emails and pages say it: 'on' through us, 'off'
 * directly; undefined when the stage's setting is not known (then nothing is said).
 */
export function quotePayments(
  quote: Pick<StoredQuote, 'haulerId'>,
  setting: PaymentSetting | undefined,
): PaymentSetting | undefined {
  if (setting === undefined) return undefined;
  return paidThroughUs(quote, setting) ? 'on' : 'off';
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
