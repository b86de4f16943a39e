// A hauler's application and later changes: choices, limits, texts (decision 030). The checks are
// in ./hauler-schemas, with the booking's rules, so that these texts load no zod (decision 040).
import { addDays, isIsoDate } from '../core/calendar-date';
import { LINK_LIFETIME_DAYS } from '../loop/quote-loop';

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

export const CERTIFICATE_CONTENT_TYPES = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
} as const;
export type CertificateContentType = keyof typeof CERTIFICATE_CONTENT_TYPES;

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
  licenceNumberNotText: 'License number must be text',
  licenceNumberTooLong: `License number must be at most ${HAULER_LIMITS.licenceNumber.max} characters`,
  certificateRequired: 'Please add your insurance certificate',
  certificateType: 'The insurance certificate must be a PDF, JPEG or PNG file',
  certificateTooLarge: `The insurance certificate must be at most ${megabytes(HAULER_LIMITS.certificateMaxBytes)} MB`,
  certificateEmpty: 'The insurance certificate file is empty',
  agreementRequired: 'Please check the box to confirm your details and insurance',
  applicationIdInvalid: 'applicationId must be a UUID',
  // An id the certificate URL did not mint, or minted over two days ago (decision 044).
  applicationIdUnknown:
    'This application was not started here or has expired. Please press Apply again.',
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

export const HAULER_FIELD_LABELS = {
  businessName: 'Business name',
  name: 'Your name',
  email: 'Email',
  phone: 'Mobile phone',
  baseZipCode: 'Base ZIP code',
  serviceRadiusMiles: 'Service radius',
  truck: 'Truck',
  licenceNumber: 'License number',
  insuranceCertificate: 'Insurance certificate',
  agreement:
    'I confirm these details are true and that my business holds the insurance shown on the certificate',
} as const;

/** Operations' pages and emails read the applicant's "Your name" as who to ask for at the business. */
export const HAULER_CONTACT_NAME_LABEL = 'Contact name';

export const HAULER_FIELD_HINTS = {
  licenceNumber: 'if your state or city requires one',
  insuranceCertificate: `PDF, JPEG or PNG, at most ${megabytes(HAULER_LIMITS.certificateMaxBytes)} MB`,
} as const;

// Dates are the hauler's calendar days (YYYY-MM-DD): their range needs today's date.

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

export function hasDetailsChange(change: { serviceRadiusMiles?: unknown; phone?: unknown }) {
  return change.serviceRadiusMiles !== undefined || change.phone !== undefined;
}
