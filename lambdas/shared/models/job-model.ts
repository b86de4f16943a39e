// The job and the request's job-time records as the lead stores them (decision 034).
import * as z from 'zod/mini';
import { parseStored } from '../runtime/stored-item';
import type { Agrees } from '../runtime/stored-item';
import { KEY_PREFIXES } from '#contract/core/table-keys';
import { PROBLEM_KINDS, RECEIPT_CONTENT_TYPES } from '#contract/loop/jobs';
import type {
  PickupAddress,
  PriceChangeView,
  ProblemKind,
  ReceiptContentType,
} from '#contract/loop/jobs';

const keysOf = <K extends string>(record: Record<K, unknown>) => Object.keys(record) as [K, ...K[]];

export const storedReceiptSchema = z.object({
  /** `job-proof/…`: private, never shown. */
  key: z.string(),
  contentType: z.enum(keysOf<ReceiptContentType>(RECEIPT_CONTENT_TYPES)),
  facility: z.string(),
  at: z.string(),
});
export type StoredReceipt = z.output<typeof storedReceiptSchema>;

export const storedRatingSchema = z.object({
  stars: z.number(),
  comment: z.optional(z.string()),
  at: z.string(),
  commentHidden: z.optional(z.boolean()),
});
export type StoredRating = z.output<typeof storedRatingSchema>;

export const storedPriceChangeSchema = z.object({
  number: z.number(),
  priceDollars: z.number(),
  fromDollars: z.number(),
  reason: z.string(),
  state: z.enum(['pending', 'approved', 'declined']),
  at: z.string(),
  answeredAt: z.optional(z.string()),
});
export type StoredPriceChange = z.output<typeof storedPriceChangeSchema>;
export type PriceChangeAgrees = Agrees<StoredPriceChange, PriceChangeView>;

export const storedJobSchema = z.object({
  quote: z.number(),
  /** Undefined when operations' own quote was accepted: no hauler acts on the job's page. */
  haulerId: z.optional(z.string()),
  onTheWayAt: z.optional(z.string()),
  doneAt: z.optional(z.string()),
  receipt: z.optional(storedReceiptSchema),
  afterPhotoKeys: z.optional(z.array(z.string())),
  priceChanges: z.optional(z.array(storedPriceChangeSchema)),
  rating: z.optional(storedRatingSchema),
  uploadUrls: z.optional(z.number()),
});
export type StoredJob = z.output<typeof storedJobSchema>;

// Addresses given before corrections were counted (decision 034) have no `version`; readers
// default it where they count (0 given) and where they name the email (address-1).
export const storedAddressSchema = z.object({
  street: z.string(),
  accessNotes: z.optional(z.string()),
  at: z.string(),
  version: z.optional(z.number()),
});
export type StoredAddress = z.output<typeof storedAddressSchema>;
export type AddressAgrees = Agrees<Omit<StoredAddress, 'at' | 'version'>, PickupAddress>;

export const storedProblemSchema = z.object({
  kind: z.enum(keysOf<ProblemKind>(PROBLEM_KINDS)),
  description: z.string(),
  at: z.string(),
  haulerId: z.optional(z.string()),
  confirmedAt: z.optional(z.string()),
});
export type StoredProblem = z.output<typeof storedProblemSchema>;

export const storedReassignmentSchema = z.object({
  haulerId: z.string(),
  quote: z.number(),
  reason: z.string(),
  at: z.string(),
  late: z.boolean(),
});
export type StoredReassignment = z.output<typeof storedReassignmentSchema>;

const countedUploadsSchema = z.object({
  job: z.optional(z.object({ uploadUrls: z.optional(z.number()) })),
});

/** What an upload count's write returns (`UPDATED_NEW`): the lead's count, under `job`. */
export function countedUploads(
  attributes: Record<string, unknown> | undefined,
  submissionId: string,
) {
  const key = `${KEY_PREFIXES.lead}${submissionId}`;
  return parseStored(countedUploadsSchema, attributes ?? {}, 'lead', key);
}
