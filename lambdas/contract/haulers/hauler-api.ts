// The hauler side's endpoints and answers, one file for pages, functions and tests (030, 031).
import type { CertificateContentType, ServiceRadiusMiles, Truck } from './haulers';
import { HAULER_STATUS_MESSAGES } from './hauler-status';
import type { HaulerStatus } from './hauler-status';
import type { StrikeKind } from '../loop/jobs';
import type { HaulerRating } from '../loop/quote-loop';
import type { HaulerWorkView } from './hauler-work';
import type { PayoutState } from '../money/payments';

// Each answered by the function named in `API_ROUTES` (./api). Public: certificateUrl, apply,
// freshLink. Confirm: the applicant's link; review, decide: operations'; the rest: the hauler's.
export const HAULER_API_PATHS = {
  certificateUrl: '/api/hauler-certificate-url',
  apply: '/api/hauler-apply',
  confirm: '/api/hauler-confirm',
  review: '/api/hauler-review',
  decide: '/api/hauler-decide',
  account: '/api/hauler-account',
  accountChange: '/api/hauler-account-change',
  renewalUrl: '/api/hauler-renewal-url',
  renewal: '/api/hauler-renewal',
  freshLink: '/api/hauler-link',
  /** "Set up payouts": the Express account once, an Account Link each time (decision 055). */
  payouts: '/api/hauler-payouts',
} as const;

export const HAULER_COUNTED_LIMITS = {
  /** Confirm-my-email emails to one address (applications naming it) in any 24 hours. */
  emailsPerAddressPerDay: 3,
  /** Applications accepted per UTC day, all addresses together, unless the stack says otherwise. */
  applicationDailyCap: 100,
  freshLinkDailyCap: 300,
  // Fresh links to one address coalesce (decision 043): past either limit, the same 200 and no
  // email; the links already mailed still work, so nobody loses access.
  freshLinkMinutesPerAddress: 15,
  freshLinkEmailsPerAddressPerDay: 5,
  certificateUrlsPerApplication: 5,
  /** A presigned GET of a certificate lives this long: operations open it from their page. */
  certificateGetSeconds: 300,
  /** Upload URLs for a new certificate, per hauler per UTC day. */
  renewalUrlsPerHaulerPerDay: 5,
  /** Stripe onboarding links (Account Links) per hauler per UTC day: each is a write to Stripe. */
  payoutLinksPerHaulerPerDay: 10,
} as const;

export const CERTIFICATE_REMINDER_DAYS = 30;

export const HAULER_TEXTS = {
  applyButton: 'Apply',
  applied: 'Check your email',
  appliedDetail:
    'We sent you a link to confirm your email address. Your application reaches our team once you confirm it, within 7 days.',
  confirmButton: 'Confirm my email',
  confirmed: 'Thank you: your email is confirmed',
  confirmedDetail:
    'Our team will check your application and insurance certificate, and email you when it is approved.',
  reviewButton: 'Review',
  operationsSubject: (business: string) => `New hauler application: ${business}`,
  renewalSubject: (business: string) => `New insurance certificate: ${business}`,
  approveButton: 'Approve',
  rejectButton: 'Reject',
  approveRenewalButton: 'Approve the new certificate',
  insuranceExpiresLabel: "Certificate's expiry date",
  rejectionReasonLabel: 'Reason (emailed to the applicant)',
  accountLinkButton: 'Open your hauler page',
  approvedSubject: 'You are approved to haul with us',
  rejectedSubject: 'Your hauler application',
  freshLinkHeading: 'Already approved? Get a link to your hauler page',
  freshLinkButton: 'Email me a link',
  // The same words whether a link went out, was coalesced or the address is no hauler's: they say
  // nothing about who hauls with us, and the hauler asking again knows to look for a recent one.
  freshLinkSent: `If an approved hauler uses this address, we have emailed a link to their hauler page. We send at most one every ${HAULER_COUNTED_LIMITS.freshLinkMinutesPerAddress} minutes, so look for a recent one: earlier links keep working.`,
  freshLinkSubject: 'Your hauler page link',
  pausedUntil: (date: string) => `Not taking jobs until ${date}`,
  pauseButton: 'Pause',
  resumeButton: 'Resume taking jobs',
  saveDetailsButton: 'Save changes',
  renewButton: 'Upload a new certificate',
  renewalPending: 'Your new certificate is waiting for our review.',
  reminderSubject: (date: string) => `Your insurance certificate expires on ${date}`,
  expiredSubject: 'Your insurance certificate has expired: you are paused',
  expiredOperationsSubject: (business: string) => `Insurance expired, hauler paused: ${business}`,
} as const;

export const HAULER_API_MESSAGES = {
  certificateNotUploaded: 'Please upload your insurance certificate again: we did not receive it',
  certificateNotReal:
    'The insurance certificate is not a real PDF, JPEG or PNG file of the type it claims',
  tooManyApplications: 'We have received too many applications today. Please try again tomorrow.',
  tooManyEmails:
    'We have already sent several emails to this address today. Please check your inbox, or try again tomorrow.',
  tooManyCertificateUrls:
    'This application has asked to upload its certificate too many times. Please reload the page and apply again.',
  decisionInvalid: 'decision must be "approve", "reject" or "approve-renewal"',
  changeInvalid: 'change must be an object whose kind is "details", "pause" or "resume"',
  noRenewal: 'There is no new certificate to review.',
  tooManyLinkRequests: 'We have received too many link requests today. Please try again tomorrow.',
  tooManyRenewalUploads:
    'You have asked to upload a new certificate several times today. Please try again tomorrow.',
  insuranceExpiredPaused: HAULER_STATUS_MESSAGES.insuranceExpiredPaused,
} as const;

/** The answer to certificateUrl and renewalUrl: PUT the file there with exactly these headers. */
export interface CertificateUpload {
  url: string;
  headers: Record<string, string>;
}

/** The answer to certificateUrl: also the application's id, minted by the function (decision 044). */
export interface ApplicationCertificateUpload extends CertificateUpload {
  applicationId: string;
}

/** The answer to apply (also to a filled honeypot): the page then says HAULER_TEXTS.applied. */
export interface HaulerApplyAnswer {
  ok: true;
}

export interface HaulerConfirmAnswer {
  status: HaulerStatus;
}

/** One covered ZIP, nearest first. */
export interface CoveredZipView {
  zipCode: string;
  city: string;
  state: string;
  miles: number;
}

export interface HaulerProfileView {
  haulerId: string;
  status: HaulerStatus;
  businessName: string;
  name: string;
  email: string;
  phone: string;
  baseZipCode: string;
  serviceRadiusMiles: ServiceRadiusMiles;
  truck: Truck;
  licenceNumber?: string;
  insuranceExpiresOn?: string;
  pausedUntil?: string;
  /** Paused by the certificate's expiry: resuming waits for an approved renewal. */
  pausedForInsurance?: boolean;
  /** Paused by a strike: resuming is operations' to do. */
  pausedForStrike?: boolean;
  appliedAt: string;
  emailConfirmedAt?: string;
  approvedAt?: string;
  rejectionReason?: string;
}

export interface CertificateView {
  url: string;
  contentType: CertificateContentType;
  size: number;
  uploadedAt: string;
}

export interface HaulerReviewView {
  hauler: HaulerProfileView;
  certificate?: CertificateView;
  renewal?: CertificateView;
  coverage: CoveredZipView[];
  can: { approve: boolean; reject: boolean; approveRenewal: boolean };
}

export interface HaulerAccountView {
  hauler: HaulerProfileView;
  coverage: CoveredZipView[];
  renewalPending: boolean;
  can: { changeDetails: boolean; pause: boolean; resume: boolean; renewCertificate: boolean };
  rating: HaulerRating;
  /** Oldest first: why (STRIKE_REASONS), the request, when. */
  strikes: { kind: StrikeKind; reference: string; at: string }[];
  /** Open offers, quotes sent, booked and done jobs, each with its page's link. */
  work: HaulerWorkView;
  /** With payments on only: the Express account's state (decision 055). */
  payouts?: { state: PayoutState };
}

/** Bodies stay small: the largest is an application, a few hundred bytes. */
export const HAULER_REQUEST_BODY_MAX_BYTES = 8 * 1024;
