// The job's bodies (decision 034), apart from ./jobs so that its texts load no zod (decision 040).
import * as z from 'zod/mini';
import { multiLine, oneLine, strictOptions, trimmedText } from '../core/fields';
import { MESSAGES } from '../core/messages';
import {
  AFTER_PHOTO_CONTENT_TYPES,
  JOB_LIMITS,
  JOB_MESSAGES,
  PROBLEM_KINDS,
  RECEIPT_CONTENT_TYPES,
} from './jobs';
import type { AfterPhotoContentType, PickupAddress, ProblemKind, ReceiptContentType } from './jobs';
import { freeText, priceDollarsSchema, token } from './quote-loop-schemas';
import { LOOP_MESSAGES } from './quote-loop';

const PROBLEM_KIND_KEYS = Object.keys(PROBLEM_KINDS) as [ProblemKind, ...ProblemKind[]];
const RECEIPT_TYPE_KEYS = Object.keys(RECEIPT_CONTENT_TYPES) as [
  ReceiptContentType,
  ...ReceiptContentType[],
];

const reason = (min: number, max: number) =>
  trimmedText(
    min,
    max,
    JOB_MESSAGES.reasonInvalid,
    JOB_MESSAGES.reasonInvalid,
    multiLine('Reason'),
  );

/** A street line needs a house number and a letter: "12 Main St", not "12" or "Main". */
const hasNumberAndLetter = (value: string) => /\d/.test(value) && /\p{L}/u.test(value);

const pickupAddressShape = {
  street: trimmedText(
    JOB_LIMITS.street.min,
    JOB_LIMITS.street.max,
    JOB_MESSAGES.streetInvalid,
    JOB_MESSAGES.streetInvalid,
    oneLine('Street address'),
  ).check(z.refine(hasNumberAndLetter, JOB_MESSAGES.streetInvalid)),
  accessNotes: freeText(
    'Access notes',
    JOB_LIMITS.accessNotes.max,
    JOB_MESSAGES.accessNotesNotText,
    JOB_MESSAGES.accessNotesTooLong,
  ),
};

/** Flat, so that each field's error is named by its field. */
export const addressRequestSchema = z.strictObject(
  { token, ...pickupAddressShape },
  strictOptions(),
) satisfies z.ZodMiniType<PickupAddress & { token: string }>;

export const jobTokenRequestSchema = z.strictObject({ token }, strictOptions());

export const cantDoRequestSchema = z.strictObject(
  { token, reason: reason(JOB_LIMITS.cantDoReason.min, JOB_LIMITS.cantDoReason.max) },
  strictOptions(),
);

export const priceChangeRequestSchema = z.strictObject(
  {
    token,
    priceDollars: priceDollarsSchema,
    reason: reason(JOB_LIMITS.priceChangeReason.min, JOB_LIMITS.priceChangeReason.max),
  },
  strictOptions(),
);

const changeNumber = z
  .number({ error: JOB_MESSAGES.priceChangeNumberInvalid })
  .check(
    z.int(JOB_MESSAGES.priceChangeNumberInvalid),
    z.gte(1, JOB_MESSAGES.priceChangeNumberInvalid),
    z.lte(JOB_LIMITS.priceChangesPerJob, JOB_MESSAGES.priceChangeNumberInvalid),
  );

export const priceDecisionRequestSchema = z.strictObject(
  {
    token,
    decision: z.enum(['approve', 'decline'], { error: JOB_MESSAGES.priceDecisionInvalid }),
    /** Required with a view link; a price link already names its change. */
    change: z.optional(changeNumber),
  },
  strictOptions(),
);

export const problemRequestSchema = z.strictObject(
  {
    token,
    kind: z.enum(PROBLEM_KIND_KEYS, { error: JOB_MESSAGES.problemKindInvalid }),
    description: trimmedText(
      JOB_LIMITS.problemDescription.min,
      JOB_LIMITS.problemDescription.max,
      JOB_MESSAGES.problemDescriptionInvalid,
      JOB_MESSAGES.problemDescriptionInvalid,
      multiLine('Description'),
    ),
  },
  strictOptions(),
);

export const ratingRequestSchema = z.strictObject(
  {
    token,
    stars: z
      .number({ error: JOB_MESSAGES.starsInvalid })
      .check(
        z.int(JOB_MESSAGES.starsInvalid),
        z.gte(1, JOB_MESSAGES.starsInvalid),
        z.lte(5, JOB_MESSAGES.starsInvalid),
      ),
    comment: freeText(
      'Comment',
      JOB_LIMITS.ratingComment.max,
      JOB_MESSAGES.commentNotText,
      JOB_MESSAGES.commentTooLong,
    ),
  },
  strictOptions(),
);

const AFTER_PHOTO_TYPE_KEYS = Object.keys(AFTER_PHOTO_CONTENT_TYPES) as [
  AfterPhotoContentType,
  ...AfterPhotoContentType[],
];

const uploadFile = <T extends string>(
  types: [T, ...T[]],
  typeMessage: string,
  maxBytes: number,
  tooLarge: string,
) =>
  z.strictObject(
    {
      contentType: z.enum(types, { error: typeMessage }),
      size: z
        .number({ error: MESSAGES.fileSizeInvalid })
        .check(
          z.int(MESSAGES.fileSizeInvalid),
          z.gte(1, MESSAGES.fileSizeInvalid),
          z.lte(maxBytes, tooLarge),
        ),
    },
    strictOptions(JOB_MESSAGES.receiptRequired),
  );

export const jobUploadUrlsRequestSchema = z.strictObject(
  {
    token,
    receipt: z.optional(
      uploadFile(
        RECEIPT_TYPE_KEYS,
        JOB_MESSAGES.receiptType,
        JOB_LIMITS.receiptMaxBytes,
        JOB_MESSAGES.receiptTooLarge,
      ),
    ),
    afterPhotos: z.optional(
      z
        .array(
          uploadFile(
            AFTER_PHOTO_TYPE_KEYS,
            JOB_MESSAGES.afterPhotoType,
            JOB_LIMITS.afterPhotoMaxBytes,
            JOB_MESSAGES.afterPhotoTooLarge,
          ),
        )
        .check(z.maxLength(JOB_LIMITS.afterPhotosMax, JOB_MESSAGES.afterPhotosTooMany)),
    ),
  },
  strictOptions(),
);

export const jobDoneRequestSchema = z.strictObject(
  {
    token,
    receiptKey: z
      .string({ error: JOB_MESSAGES.receiptRequired })
      .check(
        z.minLength(1, JOB_MESSAGES.receiptRequired),
        z.maxLength(300, JOB_MESSAGES.receiptRequired),
      ),
    facility: trimmedText(
      JOB_LIMITS.facility.min,
      JOB_LIMITS.facility.max,
      JOB_MESSAGES.facilityInvalid,
      JOB_MESSAGES.facilityInvalid,
      oneLine('Facility'),
    ),
    afterPhotoKeys: z.optional(
      z
        .array(z.string().check(z.maxLength(300)))
        .check(z.maxLength(JOB_LIMITS.afterPhotosMax, JOB_MESSAGES.afterPhotosTooMany)),
    ),
  },
  strictOptions(),
);

export const proofRequestSchema = z.strictObject({ token }, strictOptions());

/** The homeowner's new card (decision 060): no session opens a card page; a session comes back. */
export const updateCardRequestSchema = z.strictObject(
  {
    token,
    session: z.optional(
      z.string({ error: LOOP_MESSAGES.unexpected }).check(z.minLength(1), z.maxLength(255)),
    ),
  },
  strictOptions(),
);
