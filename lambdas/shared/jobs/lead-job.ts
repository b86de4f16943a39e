// The job, once a quote is accepted, as the lead stores it (docs/decisions/034-jobs.md). A job
// belongs to one accepted quote: when that hauler cannot do it the request goes back to offers,
// and the next accepted quote starts a new job. The address and problem reports belong to the
// request and survive it.
import { storedQuotes } from '../leads/lead-quotes';
import type { StoredQuote } from '../leads/lead-quotes';
import type { Lead } from '../leads/lead-store';
import { JOB_LIMITS, pickupInstant } from '#contract/loop/jobs';
import type {
  PickupAddress,
  PriceChangeView,
  ProblemKind,
  ReceiptContentType,
} from '#contract/loop/jobs';

export type StoredPriceChange = PriceChangeView;

export interface StoredReceipt {
  /** The private object's key (`job-proof/…`), never shown to anyone. */
  key: string;
  contentType: ReceiptContentType;
  facility: string;
  at: string;
}

export interface StoredRating {
  stars: number;
  comment?: string;
  at: string;
  /** Operations hid the comment (`npm run haulers -- hide-comment`); the stars still count. */
  commentHidden?: boolean;
}

export interface StoredJob {
  /** The accepted quote this job belongs to. */
  quote: number;
  /** Undefined when operations' own quote was accepted: no hauler acts on the job's page. */
  haulerId?: string;
  onTheWayAt?: string;
  doneAt?: string;
  receipt?: StoredReceipt;
  afterPhotoKeys?: string[];
  priceChanges?: StoredPriceChange[];
  rating?: StoredRating;
  /** Upload URLs handed out for this job (receipt and after-photos together). */
  uploadUrls?: number;
}

export interface StoredAddress extends PickupAddress {
  at: string;
  /** 1 for the first address given, +1 for each correction. */
  version?: number;
}

export interface StoredProblem {
  kind: ProblemKind;
  description: string;
  at: string;
  /** The hauler of the job at the time (a confirmed no-show strikes them). */
  haulerId?: string;
  /** Operations confirmed a no-show (`npm run leads -- confirm-no-show REF N`). */
  confirmedAt?: string;
}

export interface StoredReassignment {
  haulerId: string;
  quote: number;
  reason: string;
  at: string;
  /** Within STRIKE_RULES.lateCancelHours of the pickup. */
  late: boolean;
}

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
  const stored = lead.job as StoredJob | undefined;
  const fresh: StoredJob = {
    quote: accepted.number,
    ...(accepted.haulerId === undefined ? {} : { haulerId: accepted.haulerId }),
  };
  // A job stored for an earlier accepted quote (reassigned since) is not this one's.
  return typeof stored === 'object' && stored !== null && stored.quote === accepted.number
    ? { ...fresh, ...stored }
    : fresh;
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

export function pickupAddressOf(lead: Lead): StoredAddress | undefined {
  const address = lead.pickupAddress as StoredAddress | undefined;
  return typeof address === 'object' && address !== null && typeof address.street === 'string'
    ? address
    : undefined;
}

export function problemsOf(lead: Lead): StoredProblem[] {
  return Array.isArray(lead.problems) ? (lead.problems as StoredProblem[]) : [];
}

export function reassignmentsOf(lead: Lead): StoredReassignment[] {
  return Array.isArray(lead.reassignments) ? (lead.reassignments as StoredReassignment[]) : [];
}
