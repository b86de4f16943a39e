// Why: decision 021. Bodies in ./quote-loop-schemas (decision 040: these texts load no zod).
import type { PaymentSetting } from '../money/payments';
import { daysBetween, formatPickupDate } from '../core/calendar-date';
import { dollars } from '../core/en-us-format';
import { PICKUP_WINDOW_LABELS } from '../booking/job-choices';
import type { PickupWindow } from '../booking/job-choices';
import { MESSAGES } from '../core/messages';
import type { QuestionsView } from './questions';

/** Who a signed link is for and what it allows: docs/decisions/020-signed-links.md. */
export const LINK_ACTIONS = {
  operations: ['quote', 'review'],
  // `price`: its number is the price change's (`job.priceChanges[number - 1]`).
  homeowner: ['view', 'accept', 'decline', 'price'],
  // Decision 031: the id is the hauler's; a `manage` link carries its linkVersion as its number.
  applicant: ['confirm'],
  // `offer`, and `job` once its quote is accepted: the request's id, the offer's number.
  hauler: ['manage', 'offer', 'job'],
} as const;

export type LinkRole = keyof typeof LINK_ACTIONS;
export type LinkAction = (typeof LINK_ACTIONS)[LinkRole][number];
export type LinkActionOf<R extends LinkRole> = (typeof LINK_ACTIONS)[R][number];

/** What a link's id names: a request (`LEAD#{id}`) or a hauler (`HAULER#{id}`). */
export const LINK_KINDS = ['lead', 'hauler'] as const;
export type LinkKind = (typeof LINK_KINDS)[number];

/** The kind of id each action carries, signed as the token's first segment (decision 044). */
export const LINK_ACTION_KINDS = {
  operations: { quote: 'lead', review: 'hauler' },
  homeowner: { view: 'lead', accept: 'lead', decline: 'lead', price: 'lead' },
  applicant: { confirm: 'hauler' },
  hauler: { manage: 'hauler', offer: 'lead', job: 'lead' },
} as const satisfies { [R in LinkRole]: Record<LinkActionOf<R>, LinkKind> };

type ActionKinds = typeof LINK_ACTION_KINDS;

export type LinkActionOfKind<R extends LinkRole, K extends LinkKind> = {
  [A in keyof ActionKinds[R]]: ActionKinds[R][A] extends K ? A : never;
}[keyof ActionKinds[R]];

export type LinkAllowance<K extends LinkKind> = {
  [R in LinkRole]?: readonly LinkActionOfKind<R, K>[];
};

export function linkKindOf(role: LinkRole, action: string): LinkKind | undefined {
  const kinds: Readonly<Record<string, LinkKind>> = LINK_ACTION_KINDS[role];
  return Object.hasOwn(kinds, action) ? kinds[action] : undefined;
}

export function allowsLink<K extends LinkKind>(
  allowed: LinkAllowance<K>,
  role: LinkRole,
  action: LinkAction,
): boolean {
  const actions: readonly string[] | undefined = allowed[role];
  return actions?.includes(action) === true;
}

export function linkActionsOfKind<K extends LinkKind>(kind: K): LinkAllowance<K> {
  const allowance: Partial<Record<LinkRole, string[]>> = {};
  for (const role of Object.keys(LINK_ACTION_KINDS) as LinkRole[]) {
    const actions = Object.entries(LINK_ACTION_KINDS[role])
      .filter(([, of]) => of === kind)
      .map(([action]) => action);
    if (actions.length > 0) allowance[role] = actions;
  }
  return allowance as LinkAllowance<K>;
}

export const LINK_LIFETIME_DAYS: Readonly<Record<LinkAction, number>> = {
  quote: 7,
  view: 30,
  accept: 7,
  decline: 7,
  // An application never confirmed is deleted after it (HAULER_LIMITS.confirmLinkDays).
  confirm: 7,
  review: 14,
  manage: 90,
  // Outlives the offer's 48 hours so a late click still learns how the job ended.
  offer: 7,
  // A job may be booked up to 60 days ahead, and rated 14 days after it is done.
  job: 90,
  price: 7,
};

export const LEAD_STATUSES = [
  'received',
  'quoted',
  'accepted',
  'on-the-way',
  'done',
  'declined',
  'cancelled',
] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** Every status, and the events that keep it (rated, problem, price) or reopen offers. */
export const TIMELINE_STEPS = [
  ...LEAD_STATUSES,
  'reassigned',
  'price-changed',
  'problem',
  'rated',
] as const;
export type TimelineStep = (typeof TIMELINE_STEPS)[number];

export const STATUS_LABELS: Readonly<Record<TimelineStep, string>> = {
  received: 'Request received',
  quoted: 'Quote sent',
  accepted: 'Quote accepted',
  'on-the-way': 'On the way',
  done: 'Done',
  declined: 'Quote declined',
  cancelled: 'Request cancelled',
  reassigned: 'Reassigned',
  'price-changed': 'Price changed',
  problem: 'Problem reported',
  rated: 'Rated',
};

/** The windows a hauler commits to: the form's, minus "any time". */
export const QUOTE_WINDOWS = {
  morning: { label: PICKUP_WINDOW_LABELS.morning, short: 'morning' },
  afternoon: { label: PICKUP_WINDOW_LABELS.afternoon, short: 'afternoon' },
} as const satisfies Partial<Record<PickupWindow, { label: string; short: string }>>;
export type QuoteWindow = keyof typeof QUOTE_WINDOWS;

export const LOOP_LIMITS = {
  priceDollars: { min: 25, max: 5000 },
  hauler: { min: 2, max: 100 },
  note: { max: 500 },
  declineReason: { max: 500 },
  pickupMaxDaysAhead: 60,
  // Live quotes a request holds at once, from haulers and operations together.
  quotesPerRequest: 5,
  // Each quote sent or revised emails the homeowner: even a leaked link can send only this many.
  quoteEmailsPerRequest: 15,
  // The offer numbers a hauler link may carry (the token allows up to 4 digits).
  offerNumberMax: 9999,
  // A token is about 120 characters; this only bounds garbage.
  tokenMaxLength: 300,
  // The loop's bodies are a few hundred bytes; the booking's 64 KB would be generous.
  requestBodyMaxBytes: 8 * 1024,
} as const;

/** The other haulers' email subject and what their links' page says once a quote is accepted. */
export const JOB_WENT_ELSEWHERE = 'This job went to another hauler';

export const LOOP_MESSAGES = {
  linkInvalid: 'This link is not valid or has expired',
  otherPage: 'This link belongs to another page. Please open it from the email it came in.',
  priceInvalid: `Enter a price in whole dollars from ${dollars(LOOP_LIMITS.priceDollars.min)} to ${dollars(LOOP_LIMITS.priceDollars.max)}`,
  pickupDateInvalid: 'Choose a pickup date',
  pickupDatePast: 'The pickup date cannot be in the past',
  pickupDateTooFar: `The pickup date must be within ${LOOP_LIMITS.pickupMaxDaysAhead} days`,
  pickupWindowInvalid: 'Choose a pickup window',
  haulerInvalid: `Enter the hauler's name (${LOOP_LIMITS.hauler.min} to ${LOOP_LIMITS.hauler.max} characters)`,
  noteTooLong: `The note must be at most ${LOOP_LIMITS.note.max} characters`,
  noteNotText: 'The note must be text',
  reasonTooLong: `The reason must be at most ${LOOP_LIMITS.declineReason.max} characters`,
  reasonNotText: 'The reason must be text',
  quoteNotObject: 'quote must be an object with priceDollars, pickupDate, pickupWindow and hauler',
  decisionInvalid: 'decision must be "accept" or "decline"',
  decisionMismatch: 'This link cannot be used for that choice',

  quoteCancelled: 'This request was cancelled by the homeowner, so it can no longer be quoted.',
  quoteAccepted: 'The homeowner has already accepted a quote for this request.',
  quoteDeclined:
    'The homeowner declined the quote. Contact them directly before offering another price.',
  quoteReplaced:
    'This quote has been replaced by a newer one. Please use the link in the latest quote email.',
  tooManyQuotes: `This request already has ${LOOP_LIMITS.quotesPerRequest} quotes, the most it may hold at once.`,
  quoteEmailsExhausted: `This request has had ${LOOP_LIMITS.quoteEmailsPerRequest} quotes and revisions, the most one request may receive.`,
  yourQuoteAccepted: 'The homeowner accepted your quote: the job is yours.',
  yourQuoteDeclined: 'The homeowner declined your quote.',
  youGaveItUp: 'You gave this job up, so it has gone back to other haulers.',
  quoteWindowStarted:
    "This quote's pickup window has started, so it can no longer be accepted. Choose another quote or wait for a new one.",
  haulerUnavailable:
    'This hauler is not taking jobs right now, so their quote cannot be accepted. Choose another quote or wait for a new one.',
  pickupWindowStarted: 'This pickup window has already started: choose a later one',
  wentElsewhere: `${JOB_WENT_ELSEWHERE}.`,
  requestClosed: 'The homeowner has closed this request.',
  acceptedAnother: 'You have already accepted another quote for this request.',
  quoteNumberInvalid: 'quote must be the number of a quote on this request',
  notQuotedYet: 'There is no quote to answer yet.',
  alreadyAccepted: 'You have already accepted this quote.',
  alreadyDeclined: 'You have already declined this quote.',
  requestCancelled: 'This request has been cancelled.',
  cancelTooLate:
    'The pickup date has arrived, so this request can no longer be cancelled online. Please reply to your quote email.',
  cancelClosed: 'This request is already closed.',
  cancelUnderWay:
    'Your hauler is on the way or has done the job, so it can no longer be cancelled online. Please call your hauler, or report a problem below.',
  contended:
    'This request changed at the same moment from another link. Please check it as it is now and try again.',
  emailRetry: 'Your choice is saved, but we could not send the email yet. Please try again.',
  unexpected: MESSAGES.unexpected,
} as const;

export function quotePickupDateError(pickupDate: string, today: string): string | undefined {
  const ahead = daysBetween(today, pickupDate);
  if (ahead < 0) return LOOP_MESSAGES.pickupDatePast;
  if (ahead > LOOP_LIMITS.pickupMaxDaysAhead) return LOOP_MESSAGES.pickupDateTooFar;
  return undefined;
}

// closed: another quote was accepted, or the request ended; withdrawn: accepted, then the hauler
// could not do the job (it went back to offers).
export const QUOTE_STATES = ['live', 'accepted', 'declined', 'closed', 'withdrawn'] as const;
export type QuoteState = (typeof QUOTE_STATES)[number];

export type HaulerRating =
  { kind: 'new'; count: number } | { kind: 'rated'; average: number; count: number };

/**
 * Who a hauler is, as the homeowner compares quotes: what we held when the quote was sent (the
 * hauler's profile and the offer), never their contact details. Texts: ./quote-cards.
 */
export interface QuoteHaulerFacts {
  /** The insurance certificate's expiry as operations checked it (YYYY-MM-DD). */
  insuredUntil?: string;
  /** One of TRUCKS (../haulers/haulers). */
  truck?: string;
  /** From the hauler's base ZIP to the pickup ZIP, as the offer measured it. */
  miles?: number;
  /** Jobs done through us. */
  jobsDone?: number;
}

/** How a quote's pickup differs from the day and window the homeowner asked for. */
export type OffAsked = 'day' | 'window' | 'both';

export interface QuoteView {
  /** The request's quote counter: a revised quote takes a new number, ending its old links. */
  number: number;
  from: 'operations' | 'hauler';
  state: QuoteState;
  priceDollars: number;
  pickupDate: string;
  pickupWindow: QuoteWindow;
  hauler: string;
  note?: string;
  sentAt: string;
  /** A hauler's quote: the hauler's rating when it was read (docs/decisions/034-jobs.md). */
  rating?: HaulerRating;
  /** A hauler's quote: who they are (docs/decisions/050-who-the-hauler-is.md). */
  haulerFacts?: QuoteHaulerFacts;
  /** The homeowner's view: the quote's day or window is not the one they asked for. */
  offAsked?: OffAsked;
  /** A live quote that cannot be accepted now: its window has started, or its hauler is away. */
  unacceptable?: 'window-started' | 'hauler-unavailable';
  /**
   * The homeowner's view, the stage's setting known: true when the card pays this quote through
   * us, false when it is paid directly (an operations quote, decision 062).
   */
  paidThroughUs?: boolean;
}

export interface StatusStep {
  status: TimelineStep;
  at: string;
}

export interface LeadViewBase {
  reference: string;
  status: LeadStatus;
  receivedAt: string;
  history: StatusStep[];
  /** The quote this link is about: its own (accept, decline, a hauler's), else the accepted one. */
  quote?: QuoteView;
  declineReason?: string;
  can: { quote: boolean; accept: boolean; decline: boolean; cancel: boolean };
  /** Questions before hiring, on the homeowner's and offered haulers' pages (./questions). */
  questions?: QuestionsView;
}

export interface JobDetails {
  city: string;
  state: string;
  zipCode: string;
  description: string;
  photoUrls: string[];
  videoUrl?: string;
  /** The form's optional extras (load size, preferred window) when it sent them. */
  details: Array<{ label: string; value: string }>;
}

export interface OperationsLeadView extends LeadViewBase {
  role: 'operations';
  quotes: QuoteView[];
  request: JobDetails & { name: string; phone: string; email: string };
}

/** No contact details: the link may be forwarded. */
export interface HomeownerLeadView extends LeadViewBase {
  role: 'homeowner';
  /** `price`: a price change's Approve or Decline link (docs/decisions/034-jobs.md). */
  action: 'view' | 'accept' | 'decline' | 'price';
  quotes: QuoteView[];
  acceptable: number[];
  /** The request as the homeowner sent it: contact written into the description is masked. */
  request: JobDetails & {
    media: string;
    /** The day and window the homeowner asked for, when they chose one. */
    asked?: { date?: string; window?: QuoteWindow };
  };
  /** A request with no quote yet: where its offers stand (docs/decisions/033-offers.md). */
  waiting?: WaitingView;
  /** The stage's payments (issue 39): on, the card is saved at acceptance; off, paid directly. */
  payments?: PaymentSetting;
}

/**
 * Where a request without a quote stands, from its offers. finding: no round has run yet;
 * offered: sent to `haulers` nearby haulers; no-hauler: a round ran and nobody covers the ZIP;
 * ended: the offers' hours are over. Times are ISO 8601: `since` the offers began, `teamAt`
 * operations are told if nobody has quoted (at once when nobody covers the ZIP), `endsAt` offers end.
 */
export interface WaitingView {
  kind: 'finding' | 'offered' | 'no-hauler' | 'ended';
  haulers: number;
  since: string;
  teamAt: string;
  endsAt: string;
}

// No homeowner contact until this hauler's quote is accepted, and no other hauler's quote.
export interface HaulerLeadView extends LeadViewBase {
  role: 'hauler';
  businessName: string;
  /** open: may quote; won: this hauler's quote was accepted; lost: another was; closed: ended. */
  outcome: 'open' | 'won' | 'lost' | 'closed';
  request: JobDetails;
  contact?: { name: string; phone: string; email: string };
  /** Only for the hauler whose quote the homeowner accepted: their job, as it stands now. */
  jobPage?: OfferJobPage;
  /** The offer link's own facts, as its email gives them. */
  offer?: OfferFacts;
  /** Payments on and the hauler's payouts not enabled: no quote, and their page's link (055). */
  payoutsNeeded?: { token: string };
  /** The stage's setting, so the page says who pays the hauler (decision 055). */
  payments?: PaymentSetting;
}

/** What the offer email says beside the job: distance, load and estimate, the day asked for. */
export interface OfferFacts {
  /** From the hauler's base ZIP to the job's. */
  miles: number;
  /** The price table's range for the load chosen ('$250–$400'), when the homeowner chose one. */
  estimate?: string;
  /** The day (YYYY-MM-DD, the homeowner's local date) and window the homeowner asked for. */
  asked: { pickupDate?: string; pickupWindow?: PickupWindow };
}

/**
 * The quote form's day and window from what the homeowner asked for: the day if it is today or
 * later and quotable, the window if it is one a hauler commits to ("any time" is not).
 */
export function suggestedPickup(
  asked: OfferFacts['asked'],
  today: string,
): { pickupDate?: string; pickupWindow?: QuoteWindow } {
  const { pickupDate, pickupWindow } = asked;
  const date =
    pickupDate !== undefined && quotePickupDateError(pickupDate, today) === undefined
      ? { pickupDate }
      : {};
  const window = pickupWindow === 'morning' || pickupWindow === 'afternoon' ? { pickupWindow } : {};
  return { ...date, ...window };
}

export interface OfferJobPage {
  /** The job link's token (HAULER_PAGE_PATHS.job); none once cancelled: nothing is left to do. */
  token?: string;
  status: Extract<LeadStatus, 'accepted' | 'on-the-way' | 'done' | 'cancelled'>;
  /** The price now: the accepted quote's, moved by an approved price change. */
  priceDollars: number;
  doneAt?: string;
  cancelledAt?: string;
}

export type LeadView = OperationsLeadView | HomeownerLeadView | HaulerLeadView;

export const formatPrice = dollars;

export function formatPickup(date: string, window: QuoteWindow): string {
  return `${formatPickupDate(date)}, ${QUOTE_WINDOWS[window].short}`;
}
