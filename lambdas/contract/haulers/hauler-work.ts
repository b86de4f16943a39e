// The hauler's one home (issue 40, item 7): open offers, quotes sent, booked and done jobs, each
// with its page's signed link. Read from the hauler's own partition (decision 052), never a scan.
import { JOB_TEXTS } from '../loop/jobs';
import type { QuoteWindow } from '../loop/quote-loop';
import type { MoneyState, PayoutHoldState } from '../money/payments';

export const HAULER_WORK_LIMITS = {
  /** Done jobs stay listed while their pickup day is at most this many days past. */
  doneDaysShown: 30,
  /** Leads read for one page at most: one BatchGet. */
  leadsRead: 100,
} as const;

/** The page each entry links to: the offer link's quote page, or the job link's job page. */
export type HaulerWorkPage = 'offer' | 'job';

/** What became of a quote the hauler sent that is not (or no longer) their job. */
export const QUOTE_OUTCOMES = [
  'waiting',
  'window-started',
  'declined',
  'went-elsewhere',
  'cancelled',
  'cancelled-booked',
  'given-up',
  'ended',
] as const;
export type QuoteOutcome = (typeof QUOTE_OUTCOMES)[number];

export const HAULER_WORK_TEXTS = {
  offers: 'Open offers',
  quotes: 'Quotes sent',
  booked: 'Booked jobs',
  done: 'Done jobs',
  noOffers: 'No open offers right now. New ones come by email too.',
  noQuotes: 'No quotes sent recently.',
  noBooked: 'No booked jobs.',
  noDone: `No jobs done in the last ${HAULER_WORK_LIMITS.doneDaysShown} days.`,
  pausedHidden:
    'While you are not taking jobs, your offers and quotes are not listed: their links work again when you resume. Booked jobs stay yours.',
  openOffer: 'Send a quote',
  openQuote: 'Open the quote',
  openJob: 'Open the job',
  outcomes: {
    waiting: 'Waiting for the homeowner',
    'window-started': 'Its window has started: it can no longer be accepted',
    declined: 'Declined by the homeowner',
    'went-elsewhere': 'Went to another hauler',
    cancelled: 'The homeowner cancelled the request',
    'cancelled-booked': JOB_TEXTS.cancelledHeading,
    'given-up': 'You gave this job up',
    ended: 'Closed',
  } satisfies Record<QuoteOutcome, string>,
} as const;

interface WorkBase {
  reference: string;
  /** '85001 · Phoenix, Arizona': the ZIP and place, never the homeowner's contact. */
  place: string;
  page: HaulerWorkPage;
  /** The page's signed link token, minted when the list is read. */
  token: string;
}

export interface OfferWorkItem extends WorkBase {
  page: 'offer';
  miles: number;
  /** 'Half truck · est. $250–$400', when the homeowner chose a size. */
  load?: string;
  /** What the homeowner asked for: 'Tue, Nov 24, morning'. */
  asked: string;
  /** ISO 8601: no quote after it. */
  endsAt?: string;
}

export interface QuoteWorkItem extends WorkBase {
  page: 'offer';
  priceDollars: number;
  pickupDate: string;
  pickupWindow: QuoteWindow;
  outcome: QuoteOutcome;
  sentAt: string;
}

export interface JobWorkItem extends WorkBase {
  page: 'job';
  /** The price now (an approved change moves it). */
  priceDollars: number;
  pickupDate: string;
  pickupWindow: QuoteWindow;
  status: 'accepted' | 'on-the-way' | 'done';
  doneAt?: string;
  /** The homeowner's stars, once rated. */
  stars?: number;
  /** With payments on, once the job's money exists: what the hauler is paid (decision 055). */
  money?: JobMoneyView;
}

/** A job's money as the hauler's page lists it. */
export interface JobMoneyView {
  amountCents: number;
  feeCents: number;
  payoutCents: number;
  state: MoneyState;
  /** A dispute's hold of the payout, once Stripe reversed it (decision 061). */
  dispute?: { state: PayoutHoldState; amountCents: number };
}

export interface HaulerWorkView {
  offers: OfferWorkItem[];
  quotes: QuoteWorkItem[];
  booked: JobWorkItem[];
  done: JobWorkItem[];
  /** Offers and quotes are left out: the hauler does not take jobs now, so their links refuse. */
  offersHidden: boolean;
}
