// The hauler side's bodies (030, 031), apart from ./hauler-api so its texts load no zod (040).
import * as z from 'zod/mini';
import { homeownerFieldsSchema, strictOptions } from '../core/fields';
import { HAULER_API_MESSAGES } from './hauler-api';
import { HAULER_MESSAGES, hasDetailsChange } from './haulers';
import {
  applicationIdSchema,
  certificateFileSchema,
  haulerDetailsChangeSchema,
} from './hauler-schemas';
import { token } from '../loop/quote-loop-schemas';

// Without an id the function mints one (decision 044); a retry of the attempt names the id it got.
export const certificateUrlRequestSchema = z.strictObject(
  { applicationId: z.optional(applicationIdSchema), insuranceCertificate: certificateFileSchema },
  strictOptions(),
);
export type CertificateUrlRequest = z.output<typeof certificateUrlRequestSchema>;

export const renewalUrlRequestSchema = z.strictObject(
  { token, insuranceCertificate: certificateFileSchema },
  strictOptions(),
);

export const tokenOnlyRequestSchema = z.strictObject({ token }, strictOptions());

/** Dates are YYYY-MM-DD; their range needs today's date (insuranceExpiryError in ./haulers). */
export const haulerDecisionRequestSchema = z.strictObject(
  {
    token,
    decision: z.enum(['approve', 'reject', 'approve-renewal'], {
      error: HAULER_API_MESSAGES.decisionInvalid,
    }),
    insuranceExpiresOn: z.optional(z.string()),
    reason: z.optional(z.string()),
  },
  strictOptions(),
);
export type HaulerDecisionRequest = z.output<typeof haulerDecisionRequestSchema>;

export const accountChangeSchema = z.discriminatedUnion(
  'kind',
  [
    // The shape alone would drop the details schema's "at least one of them" check.
    z
      .strictObject({ kind: z.literal('details'), ...haulerDetailsChangeSchema.shape })
      .check(z.refine(hasDetailsChange, HAULER_MESSAGES.nothingToChange)),
    z.strictObject({ kind: z.literal('pause'), until: z.string() }),
    z.strictObject({ kind: z.literal('resume') }),
  ],
  { error: HAULER_API_MESSAGES.changeInvalid },
);
export type AccountChange = z.output<typeof accountChangeSchema>;

export const accountChangeRequestSchema = z.strictObject(
  { token, change: accountChangeSchema },
  strictOptions(),
);

export const freshLinkRequestSchema = z.strictObject(
  { email: homeownerFieldsSchema.shape.email },
  strictOptions(),
);

/** "Set up payouts" asks for an onboarding link; coming back from Stripe refreshes the state. */
export const payoutsRequestSchema = z.strictObject(
  { token, step: z.enum(['link', 'refresh']) },
  strictOptions(),
);
export type PayoutsRequest = z.output<typeof payoutsRequestSchema>;
