// A job belongs to one accepted quote (decision 034): given up, the next accepted quote starts a
// new one. The address and problem reports belong to the request and survive it.
import { storedQuotes } from '../leads/lead-quotes';
import type { Lead } from '../models/lead-model';
import type { StoredQuote } from '../models/quote-model';
import type {
  StoredAddress,
  StoredJob,
  StoredPriceChange,
  StoredProblem,
  StoredReassignment,
} from '../models/job-model';
import { JOB_LIMITS, pickupInstant } from '#contract/loop/jobs';

/** When operations hear of a job not marked done: its window's end plus `notDoneHours`. */
export function notDoneDueAt(quote: Pick<StoredQuote, 'pickupDate' | 'pickupWindow'>): Date {
  const end = pickupInstant(quote.pickupDate, quote.pickupWindow, 'end').getTime();
  return new Date(end + JOB_LIMITS.notDoneHours * 3_600_000);
}

export function acceptedStoredQuote(lead: Lead): StoredQuote | undefined {
  return storedQuotes(lead).find((quote) => quote.state === 'accepted');
}

/** The job of the accepted quote; undefined before acceptance, after cancellation, or reassigned. */
export function jobOf(lead: Lead): StoredJob | undefined {
  const accepted = acceptedStoredQuote(lead);
  if (accepted === undefined) return undefined;
  const stored = lead.job;
  const fresh: StoredJob = {
    quote: accepted.number,
    ...(accepted.haulerId === undefined ? {} : { haulerId: accepted.haulerId }),
  };
  // A job stored for an earlier accepted quote (reassigned since) is not this one's.
  return stored?.quote === accepted.number ? { ...fresh, ...stored } : fresh;
}

/** The locked price: the accepted quote's, moved only by an approved price change. */
export function jobPrice(lead: Lead, job: StoredJob | undefined = jobOf(lead)): number | undefined {
  const accepted = acceptedStoredQuote(lead);
  if (accepted === undefined) return undefined;
  const approved = (job?.priceChanges ?? []).filter((change) => change.state === 'approved');
  return approved.at(-1)?.priceDollars ?? accepted.priceDollars;
}

export function pendingPriceChange(job: StoredJob | undefined): StoredPriceChange | undefined {
  return job?.priceChanges?.find((change) => change.state === 'pending');
}

export function pickupAddressOf(lead: Pick<Lead, 'pickupAddress'>): StoredAddress | undefined {
  return lead.pickupAddress;
}

export function problemsOf(lead: Pick<Lead, 'problems'>): StoredProblem[] {
  return lead.problems ?? [];
}

export function reassignmentsOf(lead: Pick<Lead, 'reassignments'>): StoredReassignment[] {
  return lead.reassignments ?? [];
}
