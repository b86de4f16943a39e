// A lead as the table stores it (decision 012), every attribute named. parseLead upgrades the
// older shapes and refuses, by name, an item that is no lead.
import * as z from 'zod/mini';
import {
  storedAddressSchema,
  storedJobSchema,
  storedProblemSchema,
  storedReassignmentSchema,
} from './job-model';
import { leadOffersSchema } from './offer-model';
import { parseStored } from '../runtime/stored-item';
import type { Agrees } from '../runtime/stored-item';
import { storedQuestionSchema } from './question-model';
import { looksLikeQuote, quoteSchema } from './quote-model';
import type { BookingRequest } from '#contract/booking/booking';
import { LOAD_SIZES, PICKUP_DAYS, PICKUP_WINDOWS } from '#contract/booking/job-choices';
import { DUE_SHARD, KEY_PREFIXES } from '#contract/core/table-keys';
import { LEAD_STATUSES, TIMELINE_STEPS } from '#contract/loop/quote-loop';

export type { LeadStatus } from '#contract/loop/quote-loop';

// 'sending' is a claim a concurrent duplicate cannot take; 'withheld': a limit stopped it;
// 'given-up': SES refused it for good (a bad or suppressed address, decision 054), final.
const EMAIL_STATUSES = ['pending', 'sending', 'sent', 'failed', 'withheld', 'given-up'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

export type ConfirmationWithheldReason = 'limit' | 'daily-cap';

export type ConfirmationAllowance = 'granted' | ConfirmationWithheldReason;

// Types only, not the form's rules: a rule tightened since must not make a request unreadable.
const storedRequestSchema = z.object({
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  description: z.string(),
  photoUrls: z.array(z.string()),
  photoCount: z.number(),
  hasVideo: z.boolean(),
  submissionId: z.string(),
  videoUrl: z.optional(z.string()),
  loadSize: z.optional(z.enum(LOAD_SIZES)),
  pickupDay: z.optional(z.enum(PICKUP_DAYS)),
  pickupDate: z.optional(z.string()),
  pickupWindow: z.optional(z.enum(PICKUP_WINDOWS)),
  website: z.optional(z.string()),
});
export type RequestAgrees = Agrees<z.output<typeof storedRequestSchema>, BookingRequest>;

const isObject = (value: unknown): value is object =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// As the readers always took them: a value of another type is no value (absent).
const orAbsent = <T extends z.core.SomeType>(schema: T) => z.catch(z.optional(schema), undefined);

const skipUnless = <T extends z.core.SomeType>(accepted: (value: unknown) => boolean, schema: T) =>
  z.optional(
    z.pipe(
      z.transform((value: unknown) => (accepted(value) ? value : undefined)),
      z.optional(schema) as z.core.$ZodType<z.output<T> | undefined, unknown>,
    ),
  );

const objectWith = (key: string, type: 'number' | 'string') => (value: unknown) =>
  isObject(value) && typeof Reflect.get(value, key) === type;

const listOf = <T extends z.core.SomeType>(item: T) => skipUnless(Array.isArray, z.array(item));

const decisionSchema = z.object({
  kind: z.enum(['accepted', 'declined']),
  at: z.string(),
  quote: z.number(),
  reason: z.optional(z.string()),
});
export type StoredDecision = z.output<typeof decisionSchema>;

const cancellationSchema = z.object({
  at: z.string(),
  closedQuotes: z.pipe(
    z.transform((value: unknown) =>
      Array.isArray(value) ? value.filter((n): n is number => typeof n === 'number') : [],
    ),
    z.array(z.number()),
  ),
});
export type StoredCancellation = z.output<typeof cancellationSchema>;

/** A Checkout Session opened to accept `quote` with a card (issue 39, decision 056). */
const checkoutSessionSchema = z.object({
  id: z.string(),
  quote: z.number(),
  attempt: z.number(),
  at: z.string(),
});
export type StoredCheckoutSession = z.output<typeof checkoutSessionSchema>;

export const leadSchema = z.object({
  submissionId: z.string(),
  reference: z.string(),
  status: z.enum(LEAD_STATUSES),
  receivedAt: z.string(),
  updatedAt: z.string(),
  request: storedRequestSchema,
  emails: z.record(z.string(), z.enum(EMAIL_STATUSES)),
  emailErrors: z.record(z.string(), z.string()),
  /** When each 'sending' claim was taken (epoch ms): one older than a minute may be retaken. */
  emailClaims: z.record(z.string(), z.number()),
  confirmationAllowance: z.optional(z.enum(['granted', 'limit', 'daily-cap'])),
  mediaClaimedAt: z.optional(z.number()),
  mediaReleasedAt: z.optional(z.string()),
  statusHistory: z.array(z.object({ status: z.enum(TIMELINE_STEPS), at: z.string() })),
  /** +1 on every status change: `expectedVersion` guards against lost updates. */
  version: z.number(),
  expiresAt: z.number(),
  /** When the offer job next has something to do (the sparse `by-due` index). */
  dueAt: orAbsent(z.string()),
  dueShard: z.optional(z.literal(DUE_SHARD)),

  quotes: listOf(quoteSchema),
  /** Absent on older leads: their highest quote number counts. */
  quoteCount: orAbsent(z.number()),
  firstQuoteAt: orAbsent(z.string()),
  decision: skipUnless(isObject, decisionSchema),
  cancellation: skipUnless(isObject, cancellationSchema),

  offers: z.optional(leadOffersSchema),
  offerCount: orAbsent(z.number()),
  offerRound: orAbsent(z.number()),
  offerRoundAt: orAbsent(z.string()),
  firstOfferAt: orAbsent(z.string()),
  offerCycle: orAbsent(z.number()),
  offersFrom: orAbsent(z.string()),

  /** The job of a quote given up since stays until the next accepted quote's (lead-job.ts). */
  job: skipUnless(objectWith('quote', 'number'), storedJobSchema),
  pickupAddress: skipUnless(objectWith('street', 'string'), storedAddressSchema),
  problems: listOf(storedProblemSchema),
  reassignments: listOf(storedReassignmentSchema),
  /** Questions before hiring; absent on leads from before them (issue 40). */
  questions: listOf(storedQuestionSchema),
  /** Acceptance through Stripe Checkout (decision 056): the customer, made once per request. */
  checkoutCustomer: orAbsent(z.string()),
  /** Every session opened (at most CHECKOUT_LIMITS.sessionsPerRequest); absent on older leads. */
  checkoutSessions: listOf(checkoutSessionSchema),
  /** The session whose saved card accepted the quote. */
  checkoutAccepted: orAbsent(z.string()),
});

export type Lead = z.output<typeof leadSchema>;

// Older shape: before several quotes per request (fa442c6) a lead held one `quote`, no `quotes`.
// Entries of `quotes` that are no quote were always skipped.
function upgrade(item: Record<string, unknown>): Record<string, unknown> {
  const { quote, quotes, ...rest } = item;
  if (Array.isArray(quotes)) return { ...rest, quotes: quotes.filter(looksLikeQuote) };
  return looksLikeQuote(quote) ? { ...rest, quotes: [quote] } : rest;
}

// Skipped attributes come out absent, not `undefined`: a lead round-trips.
function withoutAbsent(lead: Lead): Lead {
  return Object.fromEntries(
    Object.entries(lead).filter(([, value]) => value !== undefined),
  ) as Lead;
}

const LEAD_KIND = 'lead';

/** A lead item as read, keys and all; a StoredItemError (logged, counted) if it is no lead. */
export function parseLead(item: Record<string, unknown>): Lead {
  const { pk, sk: _sk, ...attributes } = item;
  const key =
    typeof pk === 'string' ? pk : `${KEY_PREFIXES.lead}${String(attributes.submissionId)}`;
  return withoutAbsent(parseStored(leadSchema, upgrade(attributes), LEAD_KIND, key));
}
