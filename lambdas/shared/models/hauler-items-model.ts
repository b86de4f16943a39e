// The items beside a hauler's profile (RATING#…, DONE#…, MAIL#…, CERT_DUE) and its certificate's due
// items (CERT_DUE#{day} / {haulerId}), as read: their keys carry the ids, so only attributes are checked.
import * as z from 'zod/mini';
import { itemKeyOf } from './hauler-model';
import type { EmailStatus } from './lead-model';
import { parseStored } from '../runtime/stored-item';

const reader =
  <S extends z.core.$ZodType>(schema: S, kind: string) =>
  (item: Record<string, unknown>): z.output<S> =>
    parseStored(schema, item, kind, itemKeyOf(item));

export const storedRatingSchema = z.object({ stars: z.number(), at: z.string() });
export type StoredRating = z.output<typeof storedRatingSchema>;
/** The totals' Query reads the stars alone. */
export const ratingStarsFromItem = reader(z.pick(storedRatingSchema, { stars: true }), 'rating');

const MAIL_STATUSES = ['pending', 'sending', 'sent', 'failed', 'withheld', 'given-up'] as const;
export const haulerMailItemSchema = z.object({
  status: z.enum(MAIL_STATUSES satisfies readonly EmailStatus[]),
  claimedAt: z.optional(z.number()),
  claimToken: z.optional(z.string()),
  updatedAt: z.optional(z.string()),
  note: z.optional(z.string()),
  expiresAt: z.optional(z.number()),
});
export type HaulerMailItem = z.output<typeof haulerMailItemSchema>;
export const haulerMailFromItem = reader(haulerMailItemSchema, 'hauler mail');

export const certificateDueItemSchema = z.object({
  insuranceExpiresOn: z.string(),
  expiresAt: z.optional(z.number()),
});
export type CertificateDueItem = z.output<typeof certificateDueItemSchema>;
export const certificateDueFromItem = reader(certificateDueItemSchema, 'certificate due');

export const certificateDueListSchema = z.object({ days: z.optional(z.set(z.string())) });
export type CertificateDueList = z.output<typeof certificateDueListSchema>;
export const certificateDueListFromItem = reader(certificateDueListSchema, 'certificate due list');

/**
 * A pointer to a lead this hauler was offered or quoted (HAULER#{id} / WORK#OFFER#{endsAt}#{lead}
 * or WORK#QUOTE#{pickupDate}#{lead}): the home page reads the lead itself and trusts only that.
 */
export const haulerWorkItemSchema = z.object({
  submissionId: z.string(),
  expiresAt: z.optional(z.number()),
});
export type HaulerWorkItem = z.output<typeof haulerWorkItemSchema>;
export const haulerWorkFromItem = reader(haulerWorkItemSchema, 'hauler work');
