// After "accepted" (decision 034): the job's texts and numbers; its bodies in ./job-schemas (040).
import { CERTIFICATE_CONTENT_TYPES, HAULER_LIMITS } from '../haulers/haulers';
import { QUESTION_API_PATHS } from './questions';
import { LOOP_MESSAGES, formatPrice } from './quote-loop';
import type { HaulerRating, LeadStatus, LeadView, QuoteWindow } from './quote-loop';
import type { MoneyState } from '../money/payments';

/** One prefix, one function (`job-updates`): one CloudFront behaviour (25 per distribution). */
export const JOB_API_PREFIX = '/api/job/';

// The hauler's job link: on-my-way, upload-urls, done, cant-do, price-change. The homeowner's view
// link: address, problem, rating, price-decision (or a price link), proof (or operations' link).
// Before hiring: question (a hauler's offer link) and answer (the homeowner's view link).
export const JOB_API_PATHS = {
  address: '/api/job/address',
  onMyWay: '/api/job/on-my-way',
  uploadUrls: '/api/job/upload-urls',
  done: '/api/job/done',
  cantDo: '/api/job/cant-do',
  priceChange: '/api/job/price-change',
  priceDecision: '/api/job/price-decision',
  problem: '/api/job/problem',
  rating: '/api/job/rating',
  proof: '/api/job/proof',
  question: QUESTION_API_PATHS.ask,
  answer: QUESTION_API_PATHS.answer,
  /** The homeowner's new card after a failed hold (decision 060). */
  updateCard: '/api/job/update-card',
} as const;

export const JOB_BOOKED_STATUSES = [
  'accepted',
  'on-the-way',
  'done',
] as const satisfies readonly LeadStatus[];

export const JOB_LIMITS = {
  street: { min: 5, max: 120 },
  accessNotes: { max: 500 },
  /** The address given and corrected at most this often per request (each emails the hauler). */
  addressesPerRequest: 5,
  cantDoReason: { min: 3, max: 500 },
  priceChangeReason: { min: 3, max: 500 },
  /** Price changes one job may request (each emails the homeowner). */
  priceChangesPerJob: 3,
  facility: { min: 2, max: 120 },
  afterPhotosMax: 6,
  receiptMaxBytes: HAULER_LIMITS.certificateMaxBytes,
  afterPhotoMaxBytes: 20 * 1024 * 1024,
  /** Upload URLs one job may ask for (retries included): receipt and after-photos together. */
  uploadUrlsPerJob: 20,
  proofGetSeconds: 300,
  problemDescription: { min: 10, max: 1000 },
  problemsPerRequest: 3,
  /** Operations hear of a job still not done this long after its pickup window ends. */
  notDoneHours: 4,
  windowHours: {
    morning: { start: 8, end: 12 },
    afternoon: { start: 12, end: 17 },
  } satisfies Record<QuoteWindow, { start: number; end: number }>,
  ratingComment: { max: 500 },
  ratingDays: 14,
} as const;

export const STRIKE_RULES = {
  /** "I can't do this job" this close to the pickup is a strike. */
  lateCancelHours: 24,
  /** An average under `minAverage` once a hauler has `minRatings` ratings is a strike. */
  minRatings: 5,
  minAverage: 4.0,
  /** Below this many ratings a hauler shows "New" instead of an average. */
  newUnderRatings: 3,
} as const;

export const STRIKE_KINDS = ['no-show', 'late-cancel', 'low-rating'] as const;
export type StrikeKind = (typeof STRIKE_KINDS)[number];

export const PROBLEM_KINDS = {
  'no-show': 'No-show',
  late: 'Late',
  'price-changed': 'Price changed',
  damage: 'Damage',
  other: 'Other',
} as const;
export type ProblemKind = keyof typeof PROBLEM_KINDS;

/** The receipt: the certificate's types (a photo or a PDF), checked by their bytes alike. */
export const RECEIPT_CONTENT_TYPES = CERTIFICATE_CONTENT_TYPES;
export type ReceiptContentType = keyof typeof RECEIPT_CONTENT_TYPES;

export const JOB_TEXTS = {
  removedReason: 'The hauler is no longer working with us (removed by operations).',
  onMyWay: 'On my way',
  jobDone: 'Job done',
  cantDo: "I can't do this job",
  requestPriceChange: 'Request a price change',
  reportProblem: 'Report a problem',
  approve: 'Approve',
  decline: 'Decline',
  rate: 'Rate your hauler',
  viewReceipt: 'View the receipt',
  openReceiptPdf: 'Open the receipt (PDF)',
  newHauler: 'New',
  onTheWaySubject: 'Your hauler is on the way',
  doneSubject: 'Your pickup is done',
  /** Operations, when a job is not done by the end of its window plus `notDoneHours`. */
  notDoneSubject: (reference: string) => `Not marked done: ${reference}`,
  problemSubject: (reference: string, kind: ProblemKind) =>
    `Problem reported: ${reference} · ${PROBLEM_KINDS[kind]}`,
  priceChangeSubject: (reference: string, priceDollars: number) =>
    `New price for ${reference}: ${formatPrice(priceDollars)}`,
  /** Hauler and operations, on the homeowner's answer. */
  priceApprovedSubject: (reference: string, priceDollars: number) =>
    `Price change approved: ${reference} · ${formatPrice(priceDollars)}`,
  priceDeclinedSubject: (reference: string, priceDollars: number) =>
    `Price change declined: ${reference} · the price stays ${formatPrice(priceDollars)}`,
  reassignedSubject: (reference: string) =>
    `Your hauler can't do ${reference}: we're finding another`,
  addressSubject: (reference: string) => `Pickup address for ${reference}`,
  /** To the hauler, once, when the homeowner rates the job. */
  ratedSubject: (reference: string, stars: number) => `Rated: ${reference} · ${stars} of 5 stars`,
  strikeSubject: 'Your hauler account is paused',
  noLongerYours: 'This job is no longer yours.',
  /** The banner at the top of a booked hauler's job and offer pages once the homeowner cancels. */
  cancelledHeading: 'Cancelled: do not go',
  cancelledBanner: (date: string) =>
    `The homeowner cancelled this pickup on ${date}. There is nothing for you to do.`,
  openJobPage: 'Open your job page',
  /** "On my way" or "Job done" pressed on another day than the booked one asks first. */
  offDayQuestion: (date: string) => `This job is booked for ${date}. Mark it now?`,
  offDayConfirm: 'Mark it now',
  offDayCancel: 'Not yet',
} as const;

export const STRIKE_REASONS: Readonly<Record<StrikeKind, string>> = {
  'no-show': 'A homeowner reported a no-show, and operations confirmed it.',
  'late-cancel': `You gave up a job less than ${STRIKE_RULES.lateCancelHours} hours before its pickup.`,
  'low-rating': `Your average rating is under ${STRIKE_RULES.minAverage.toFixed(1)} after ${STRIKE_RULES.minRatings} ratings.`,
};

export const JOB_MESSAGES = {
  streetInvalid: `Enter the street address with its house number (${JOB_LIMITS.street.min} to ${JOB_LIMITS.street.max} characters)`,
  accessNotesTooLong: `Access notes must be at most ${JOB_LIMITS.accessNotes.max} characters`,
  accessNotesNotText: 'Access notes must be text',
  reasonInvalid: `Enter a reason (${JOB_LIMITS.cantDoReason.min} to ${JOB_LIMITS.cantDoReason.max} characters)`,
  facilityInvalid: `Enter the facility's name (${JOB_LIMITS.facility.min} to ${JOB_LIMITS.facility.max} characters)`,
  receiptRequired: 'Upload the disposal receipt: a photo or PDF',
  receiptType: 'The receipt must be a PDF, JPEG or PNG file',
  receiptTooLarge: `The receipt must be at most ${JOB_LIMITS.receiptMaxBytes / 1024 / 1024} MB`,
  receiptNotUploaded: 'The receipt has not been uploaded yet. Please upload it again.',
  afterPhotoType: 'After-photos must be JPEG or PNG images',
  afterPhotoTooLarge: `Each after-photo must be at most ${JOB_LIMITS.afterPhotoMaxBytes / 1024 / 1024} MB`,
  afterPhotosTooMany: `At most ${JOB_LIMITS.afterPhotosMax} after-photos`,
  afterPhotoNotUploaded: 'An after-photo has not been uploaded yet. Please upload it again.',
  problemKindInvalid: `Choose what went wrong: ${Object.values(PROBLEM_KINDS).join(', ')}`,
  problemDescriptionInvalid: `Describe the problem (${JOB_LIMITS.problemDescription.min} to ${JOB_LIMITS.problemDescription.max} characters)`,
  starsInvalid: 'Choose from 1 to 5 stars',
  commentTooLong: `The comment must be at most ${JOB_LIMITS.ratingComment.max} characters`,
  commentNotText: 'The comment must be text',
  priceDecisionInvalid: 'decision must be "approve" or "decline"',
  priceChangeNumberInvalid: 'change must be the number of a price change on this job',
  samePrice: 'The new price is the same as the current one',

  notYourJob: JOB_TEXTS.noLongerYours,
  jobNotOpen: 'This job is not open: it is done, cancelled or not booked.',
  jobDone: 'This job is already done.',
  addressTooEarly: 'The pickup address is asked for once you accept a quote.',
  addressesExhausted: `The address has been changed ${JOB_LIMITS.addressesPerRequest} times, the most one request may. Please call your hauler.`,
  addressClosed: 'The address can no longer be changed: the job is done or closed.',
  priceChangePending: 'A price change is waiting for the homeowner. Wait for their answer.',
  priceChangesExhausted: `This job has had ${JOB_LIMITS.priceChangesPerJob} price changes, the most one job may have.`,
  priceChangeAnswered: 'This price change has already been answered.',
  priceChangeReplaced: 'This price change is no longer the latest one.',
  problemsExhausted: `This request has had ${JOB_LIMITS.problemsPerRequest} problem reports. Please reply to your confirmation email.`,
  problemTooEarly: 'A problem can be reported once a quote is accepted.',
  notDoneYet: 'The job is not done yet: it can be rated once it is.',
  ratingClosed: `A job can be rated within ${JOB_LIMITS.ratingDays} days of being done.`,
  alreadyRated: 'You have already rated this job.',
  noHauler: 'This job has no hauler to rate.',
  uploadsExhausted: `This job has had ${JOB_LIMITS.uploadUrlsPerJob} upload links, the most one job may have.`,
  noReceiptYet: 'There is no receipt yet: the hauler adds it when the job is done.',
  unexpected: LOOP_MESSAGES.unexpected,
} as const;

export const AFTER_PHOTO_CONTENT_TYPES = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
} as const;
export type AfterPhotoContentType = keyof typeof AFTER_PHOTO_CONTENT_TYPES;

export interface PickupAddress {
  street: string;
  accessNotes?: string | undefined;
}

export interface PriceChangeView {
  number: number;
  priceDollars: number;
  /** The price before it: the accepted quote's, or the last approved change's. */
  fromDollars: number;
  reason: string;
  state: 'pending' | 'approved' | 'declined';
  at: string;
  answeredAt?: string;
}

export interface JobView {
  /** The locked price: the accepted quote's, moved only by an approved change. */
  priceDollars: number;
  /** Shown to the homeowner, the accepted hauler and operations only. */
  address?: PickupAddress;
  onTheWayAt?: string;
  doneAt?: string;
  /** The receipt's facility and when; its file only through `proof`. */
  receipt?: { facility: string; contentType: ReceiptContentType; at: string };
  afterPhotos: number;
  priceChanges: PriceChangeView[];
  rating?: { stars: number; comment?: string; at: string };
  /** The homeowner cancelled the booked job then: nothing is left to do, and the hauler loses the address. */
  cancelledAt?: string;
  /** The hauler doing the job (homeowner's view: name and phone once on the way). */
  hauler?: { businessName: string; phone?: string };
  can: {
    address: boolean;
    onMyWay: boolean;
    done: boolean;
    cantDo: boolean;
    priceChange: boolean;
    decidePrice: boolean;
    report: boolean;
    rate: boolean;
  };
  /** Payments on: the job's money, for the homeowner and the booked hauler only (decision 060). */
  money?: MoneyState;
}

/** One presigned PUT, like the certificate's: send `headers` with the file; `key` names it to `done`. */
export interface JobUpload {
  url: string;
  key: string;
  headers: Record<string, string>;
}

/** What `upload-urls` answers: a URL for each file asked for, after-photos in the order asked. */
export interface JobUploadUrls {
  receipt?: JobUpload;
  afterPhotos: JobUpload[];
}

export interface ProofUrls {
  receipt?: { url: string; contentType: ReceiptContentType; facility: string; at: string };
  afterPhotos: string[];
  expiresInSeconds: number;
}

export function formatRating(rating: HaulerRating): string {
  return rating.kind === 'new'
    ? JOB_TEXTS.newHauler
    : `${rating.average.toFixed(1)} (${rating.count} ratings)`;
}

/** What a screen reader says for the rating: the star and the brackets read badly. */
export function ratingLabel(rating: HaulerRating): string {
  return rating.kind === 'new'
    ? `New: fewer than ${STRIKE_RULES.newUnderRatings} ratings`
    : `Rated ${rating.average.toFixed(1)} out of 5 from ${rating.count} ratings`;
}

export type LeadWithJob = LeadView & { job?: JobView };

// A request names no time zone: its hours are read in the last US zone (Hawaii, UTC−10), as
// `usToday` reads days, so the "not marked done" alert is never early anywhere, and a late "I can't
// do this job" is judged in the hauler's favour.
export function pickupInstant(date: string, window: QuoteWindow, edge: 'start' | 'end'): Date {
  const hour = JOB_LIMITS.windowHours[window][edge];
  return new Date(Date.parse(`${date}T00:00:00Z`) + (hour + 10) * 3_600_000);
}
