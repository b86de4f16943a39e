// A hauler's application and what operations and the hauler later send about it. The rules the
// booking already has (names, phone, email, ZIP, one-line hygiene) are reused from ./fields, with
// their texts. Why the hauler side looks as it does: docs/decisions/030-hauler-coverage.md.
import * as z from 'zod/mini';
import { addDays, isIsoDate } from './calendar-date';
import { HONEYPOT_FIELD } from './booking';
import {
  firstMessagePerField,
  homeownerFieldsSchema,
  multiLine,
  oneLine,
  trimmedText,
} from './fields';
import { MESSAGES } from './messages';
import { LINK_LIFETIME_DAYS } from './quote-loop';

export const SERVICE_RADII_MILES = [10, 25, 50, 100] as const;
export type ServiceRadiusMiles = (typeof SERVICE_RADII_MILES)[number];

export const TRUCKS = ['pickup-truck', 'box-truck', 'dump-truck', 'trailer'] as const;
export type Truck = (typeof TRUCKS)[number];
export const TRUCK_LABELS: Readonly<Record<Truck, string>> = {
  'pickup-truck': 'Pickup truck',
  'box-truck': 'Box truck',
  'dump-truck': 'Dump truck',
  trailer: 'Trailer',
};

/** What the certificate may be, with the extension it is stored under. */
export const CERTIFICATE_CONTENT_TYPES = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
} as const;
export type CertificateContentType = keyof typeof CERTIFICATE_CONTENT_TYPES;
const CERTIFICATE_TYPE_KEYS = Object.keys(CERTIFICATE_CONTENT_TYPES) as [
  CertificateContentType,
  ...CertificateContentType[],
];

export const HAULER_LIMITS = {
  businessName: { min: 2, max: 100 },
  licenceNumber: { max: 40 },
  certificateMaxBytes: 10 * 1024 * 1024,
  /** The "Confirm my email" link's life; an application never confirmed is deleted after it. */
  confirmLinkDays: LINK_LIFETIME_DAYS.confirm,
  rejectionReason: { min: 2, max: 500 },
  /** Policies run a year, some three; further out is a typing mistake. */
  insuranceMaxDaysAhead: 3 * 366,
  pauseMaxDaysAhead: 180,
} as const;

const megabytes = (bytes: number): number => Math.round(bytes / (1024 * 1024));

export const HAULER_MESSAGES = {
  businessNameRequired: 'Please enter your business name',
  businessNameTooLong: `Business name must be at most ${HAULER_LIMITS.businessName.max} characters`,
  radiusInvalid: `Please choose a service radius of ${SERVICE_RADII_MILES.slice(0, -1).join(', ')} or ${SERVICE_RADII_MILES.at(-1)} miles`,
  truckInvalid: 'Please choose your truck: pickup truck, box truck, dump truck or trailer',
  licenceNumberNotText: 'Licence number must be text',
  licenceNumberTooLong: `Licence number must be at most ${HAULER_LIMITS.licenceNumber.max} characters`,
  certificateRequired: 'Please add your insurance certificate',
  certificateType: 'The insurance certificate must be a PDF, JPEG or PNG file',
  certificateTooLarge: `The insurance certificate must be at most ${megabytes(HAULER_LIMITS.certificateMaxBytes)} MB`,
  certificateEmpty: 'The insurance certificate file is empty',
  agreementRequired: 'Please tick the box to confirm your details and insurance',
  applicationIdInvalid: 'applicationId must be a UUID',
  baseZipCodeUnknown: 'We could not find this ZIP code in the 50 states or DC. Please check it.',
  insuranceExpiryInvalid: "Enter the certificate's expiry date",
  insuranceExpired: 'This certificate has expired. Ask the hauler for a current one.',
  insuranceExpiryTooFar: `The expiry date must be within ${Math.floor(HAULER_LIMITS.insuranceMaxDaysAhead / 366)} years`,
  rejectionReasonRequired: 'Please give a reason: it is emailed to the applicant',
  rejectionReasonTooLong: `The reason must be at most ${HAULER_LIMITS.rejectionReason.max} characters`,
  pauseUntilInvalid: 'Choose the date you will take jobs again',
  pauseUntilPast: 'The date you take jobs again must be after today',
  pauseUntilTooFar: `You can pause for at most ${HAULER_LIMITS.pauseMaxDaysAhead} days`,
  nothingToChange: 'Choose a new service radius or phone number',
} as const;

/** The form's labels (the issue's names) and helper texts, read by the page and the emails. */
export const HAULER_FIELD_LABELS = {
  businessName: 'Business name',
  name: 'Your name',
  email: 'Email',
  phone: 'Mobile phone',
  baseZipCode: 'Base ZIP code',
  serviceRadiusMiles: 'Service radius',
  truck: 'Truck',
  licenceNumber: 'Licence number',
  insuranceCertificate: 'Insurance certificate',
  agreement:
    'I confirm these details are true and that my business holds the insurance shown on the certificate',
} as const;

export const HAULER_FIELD_HINTS = {
  licenceNumber: 'if your state or city requires one',
  insuranceCertificate: `PDF, JPEG or PNG, at most ${megabytes(HAULER_LIMITS.certificateMaxBytes)} MB`,
} as const;

const strictOptions = (notObject: string) => ({
  error: (issue: { code: string; keys?: readonly string[] }) =>
    issue.code === 'unrecognized_keys' ? MESSAGES.unknownFields(issue.keys ?? []) : notObject,
});

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

/** The body a script or the form posts: the fields, the id made once per attempt, the honeypot. */
export const haulerApplicationRequestSchema = z.strictObject(
  {
    ...haulerApplicationFieldsSchema.shape,
    applicationId: z.uuid({ error: HAULER_MESSAGES.applicationIdInvalid }).check(z.toLowerCase()),
    [HONEYPOT_FIELD]: z.optional(
      z.string({ error: MESSAGES.honeypotFilled }).check(z.maxLength(0, MESSAGES.honeypotFilled)),
    ),
  },
  strictOptions(MESSAGES.bodyNotObject),
);
export type HaulerApplicationRequest = z.output<typeof haulerApplicationRequestSchema>;
export type HaulerApplicationRequestInput = z.input<typeof haulerApplicationRequestSchema>;

/** The form's errors: the first message of each field. */
export function validateHaulerApplicationFields(
  values: unknown,
): Partial<Record<HaulerApplicationField, string>> {
  const result = haulerApplicationFieldsSchema.safeParse(
    typeof values === 'object' && values !== null ? values : {},
  );
  if (result.success) return {};
  const messages = firstMessagePerField(result.error.issues);
  const errors: Partial<Record<HaulerApplicationField, string>> = {};
  for (const field of HAULER_APPLICATION_FIELDS) {
    const message = messages[field];
    if (message !== undefined) errors[field] = message;
  }
  return errors;
}

// What operations and the hauler send once the application exists. Dates are the hauler's
// calendar days (YYYY-MM-DD); their range needs today's date, so it is a function of it.

/** After today (an expired certificate cannot be approved) and not absurdly far ahead. */
export function insuranceExpiryError(date: string, today: string): string | undefined {
  if (!isIsoDate(date)) return HAULER_MESSAGES.insuranceExpiryInvalid;
  if (date <= today) return HAULER_MESSAGES.insuranceExpired;
  if (date > addDays(today, HAULER_LIMITS.insuranceMaxDaysAhead)) {
    return HAULER_MESSAGES.insuranceExpiryTooFar;
  }
  return undefined;
}

/** The first day the hauler takes jobs again: tomorrow at the earliest. */
export function pauseUntilError(date: string, today: string): string | undefined {
  if (!isIsoDate(date)) return HAULER_MESSAGES.pauseUntilInvalid;
  if (date <= today) return HAULER_MESSAGES.pauseUntilPast;
  if (date > addDays(today, HAULER_LIMITS.pauseMaxDaysAhead)) {
    return HAULER_MESSAGES.pauseUntilTooFar;
  }
  return undefined;
}

export const rejectionReasonSchema = trimmedText(
  HAULER_LIMITS.rejectionReason.min,
  HAULER_LIMITS.rejectionReason.max,
  HAULER_MESSAGES.rejectionReasonRequired,
  HAULER_MESSAGES.rejectionReasonTooLong,
  multiLine('Reason'),
);

export function hasDetailsChange(change: { serviceRadiusMiles?: unknown; phone?: unknown }) {
  return change.serviceRadiusMiles !== undefined || change.phone !== undefined;
}

/** What the hauler may change on their page; at least one of them. */
export const haulerDetailsChangeSchema = z
  .strictObject(
    { serviceRadiusMiles: z.optional(serviceRadiusMiles), phone: z.optional(phone) },
    strictOptions(MESSAGES.bodyNotObject),
  )
  .check(z.refine(hasDetailsChange, HAULER_MESSAGES.nothingToChange));
export type HaulerDetailsChange = z.output<typeof haulerDetailsChangeSchema>;
