// The hauler's profile item (HAULER#{id} / PROFILE). zod drops keys it does not know, so every
// attribute a writer sets is listed. Older profiles lack fields added since (each optional) and may
// hold a certificate without key or upload time: they read as they are, nothing filled in, as the
// readers' `??` defaults expect (test/fixtures/stored/hauler-*.json).
import * as z from 'zod/mini';
import { parseStored } from '../runtime/stored-item';
import type { Agrees } from '../runtime/stored-item';
import { HAULER_EVENTS, HAULER_STATUSES } from '#contract/haulers/hauler-status';
import { CERTIFICATE_CONTENT_TYPES, SERVICE_RADII_MILES, TRUCKS } from '#contract/haulers/haulers';
import type { CertificateContentType } from '#contract/haulers/haulers';
import type { CertificateFile } from '#contract/haulers/hauler-schemas';
import { STRIKE_KINDS } from '#contract/loop/jobs';
import { PAYOUT_STATES } from '#contract/money/payments';

const CONTENT_TYPES = Object.keys(CERTIFICATE_CONTENT_TYPES) as [
  CertificateContentType,
  ...CertificateContentType[],
];

export const storedDocumentSchema = z.object({
  key: z.string(),
  contentType: z.enum(CONTENT_TYPES),
  size: z.number(),
  uploadedAt: z.string(),
});
export type StoredDocument = z.output<typeof storedDocumentSchema>;
export type DocumentAgrees = Agrees<Omit<StoredDocument, 'key' | 'uploadedAt'>, CertificateFile>;

export const storedStrikeSchema = z.object({
  kind: z.enum(STRIKE_KINDS),
  submissionId: z.string(),
  reference: z.string(),
  at: z.string(),
});
export type StoredStrike = z.output<typeof storedStrikeSchema>;

const historyEntrySchema = z.object({
  event: z.enum([...HAULER_EVENTS, 'apply']),
  status: z.enum(HAULER_STATUSES),
  at: z.string(),
});

export const haulerSchema = z.object({
  haulerId: z.string(),
  status: z.enum(HAULER_STATUSES),
  businessName: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  baseZipCode: z.string(),
  serviceRadiusMiles: z.literal(SERVICE_RADII_MILES),
  truck: z.enum(TRUCKS),
  licenceNumber: z.optional(z.string()),
  /** As declared when applying; the application's handler adds where the checked copy is kept. */
  certificate: z.partial(storedDocumentSchema, { key: true, uploadedAt: true }),
  renewal: z.optional(storedDocumentSchema),
  pausedForInsurance: z.optional(z.boolean()),
  insuranceExpiresOn: z.optional(z.string()),
  appliedAt: z.string(),
  updatedAt: z.string(),
  emailConfirmedAt: z.optional(z.string()),
  approvedAt: z.optional(z.string()),
  rejectionReason: z.optional(z.string()),
  pausedUntil: z.optional(z.string()),
  pausedForStrike: z.optional(z.boolean()),
  strikes: z.optional(z.array(storedStrikeSchema)),
  lowRatingStrikeFor: z.optional(z.string()),
  ratingCount: z.optional(z.number()),
  ratingSum: z.optional(z.number()),
  /** Jobs marked done, recounted from the DONE# items beside the profile (hauler-jobs-done.ts). */
  jobsDone: z.optional(z.number()),
  /** Written by the offer store for the ranking's rotation. */
  lastOfferedAt: z.optional(z.string()),
  removedAt: z.optional(z.string()),
  /** The Express account as Stripe's newest `account.updated` described it (issue 39 flow 1). */
  payouts: z.optional(
    z.object({
      accountId: z.string(),
      state: z.enum(PAYOUT_STATES),
      /** The event's `created`, epoch seconds: an older redelivery never undoes a newer one. */
      asOf: z.number(),
    }),
  ),
  history: z.array(historyEntrySchema),
  version: z.number(),
  /** Signed into the hauler's links; a new link or a removal adds 1, so older links stop working. */
  linkVersion: z.number(),
  /** DynamoDB TTL: an unconfirmed application, a rejected or removed hauler. */
  expiresAt: z.optional(z.number()),
});
export type Hauler = z.output<typeof haulerSchema>;

export const itemKeyOf = (item: Record<string, unknown>): string =>
  `${String(item.pk)}/${String(item.sk)}`;

export function haulerFromItem(item: Record<string, unknown>): Hauler {
  return parseStored(haulerSchema, item, 'hauler', itemKeyOf(item));
}
