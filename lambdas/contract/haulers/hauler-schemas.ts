// A hauler's application and details as zod checks, apart from ./haulers' texts (decision 040).
import * as z from 'zod/mini';
import { HONEYPOT_FIELD } from '../booking/booking';
import {
  firstErrorPerField,
  homeownerFieldsSchema,
  multiLine,
  oneLine,
  strictOptions,
  trimmedText,
} from '../core/fields';
import {
  CERTIFICATE_CONTENT_TYPES,
  HAULER_FIELD_LABELS,
  HAULER_LIMITS,
  HAULER_MESSAGES,
  SERVICE_RADII_MILES,
  TRUCKS,
  hasDetailsChange,
} from './haulers';
import type { CertificateContentType } from './haulers';
import { MESSAGES } from '../core/messages';

const CERTIFICATE_TYPE_KEYS = Object.keys(CERTIFICATE_CONTENT_TYPES) as [
  CertificateContentType,
  ...CertificateContentType[],
];

const { name, email, phone, zipCode } = homeownerFieldsSchema.shape;

/** Any ZIP the booking accepts; coverage is computed from its first five digits. */
const baseZipCode = zipCode.check(z.overwrite((zip) => zip.slice(0, 5)));

const serviceRadiusMiles = z.literal(SERVICE_RADII_MILES, { error: HAULER_MESSAGES.radiusInvalid });

/** The file as declared by the browser; its bytes are checked once uploaded. */
export const certificateFileSchema = z.strictObject(
  {
    contentType: z.enum(CERTIFICATE_TYPE_KEYS, { error: HAULER_MESSAGES.certificateType }),
    size: z
      .number({ error: MESSAGES.fileSizeInvalid })
      .check(
        z.int(MESSAGES.fileSizeInvalid),
        z.gte(1, HAULER_MESSAGES.certificateEmpty),
        z.lte(HAULER_LIMITS.certificateMaxBytes, HAULER_MESSAGES.certificateTooLarge),
      ),
  },
  strictOptions(HAULER_MESSAGES.certificateRequired),
);
export type CertificateFile = z.output<typeof certificateFileSchema>;

/** Unknown keys are ignored here: the form's values carry the File itself. */
export const haulerApplicationFieldsSchema = z.object({
  businessName: trimmedText(
    HAULER_LIMITS.businessName.min,
    HAULER_LIMITS.businessName.max,
    HAULER_MESSAGES.businessNameRequired,
    HAULER_MESSAGES.businessNameTooLong,
    oneLine(HAULER_FIELD_LABELS.businessName),
  ),
  name,
  email,
  phone,
  baseZipCode,
  serviceRadiusMiles,
  truck: z.enum(TRUCKS, { error: HAULER_MESSAGES.truckInvalid }),
  // Optional: the form sends '' when it is left empty.
  licenceNumber: z.optional(
    trimmedText(
      0,
      HAULER_LIMITS.licenceNumber.max,
      HAULER_MESSAGES.licenceNumberNotText,
      HAULER_MESSAGES.licenceNumberTooLong,
      oneLine(HAULER_FIELD_LABELS.licenceNumber),
    ),
  ),
  insuranceCertificate: certificateFileSchema,
  agreement: z.literal(true, { error: HAULER_MESSAGES.agreementRequired }),
});

export type HaulerApplicationFields = z.output<typeof haulerApplicationFieldsSchema>;
export type HaulerApplicationField = keyof HaulerApplicationFields;
export const HAULER_APPLICATION_FIELDS = Object.keys(
  haulerApplicationFieldsSchema.shape,
) as HaulerApplicationField[];

/** Minted by the function, never the client (decision 044); kept in lower case. */
export const applicationIdSchema = z
  .uuid({ error: HAULER_MESSAGES.applicationIdInvalid })
  .check(z.toLowerCase());

export const haulerApplicationRequestSchema = z.strictObject(
  {
    ...haulerApplicationFieldsSchema.shape,
    applicationId: applicationIdSchema,
    [HONEYPOT_FIELD]: z.optional(
      z.string({ error: MESSAGES.honeypotFilled }).check(z.maxLength(0, MESSAGES.honeypotFilled)),
    ),
  },
  strictOptions(MESSAGES.bodyNotObject),
);
export type HaulerApplicationRequest = z.output<typeof haulerApplicationRequestSchema>;
export type HaulerApplicationRequestInput = z.input<typeof haulerApplicationRequestSchema>;

export function validateHaulerApplicationFields(
  values: unknown,
): Partial<Record<HaulerApplicationField, string>> {
  return firstErrorPerField(haulerApplicationFieldsSchema, HAULER_APPLICATION_FIELDS, values);
}

export const rejectionReasonSchema = trimmedText(
  HAULER_LIMITS.rejectionReason.min,
  HAULER_LIMITS.rejectionReason.max,
  HAULER_MESSAGES.rejectionReasonRequired,
  HAULER_MESSAGES.rejectionReasonTooLong,
  multiLine('Reason'),
);

/** What the hauler may change on their page; at least one of them. */
export const haulerDetailsChangeSchema = z
  .strictObject(
    { serviceRadiusMiles: z.optional(serviceRadiusMiles), phone: z.optional(phone) },
    strictOptions(MESSAGES.bodyNotObject),
  )
  .check(z.refine(hasDetailsChange, HAULER_MESSAGES.nothingToChange));
export type HaulerDetailsChange = z.output<typeof haulerDetailsChangeSchema>;
