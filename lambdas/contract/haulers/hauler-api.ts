// The hauler side's endpoints and what they answer: one file the pages, the functions and the
// tests read, so the three agree. Why the hauler side looks as it does: decisions 030 and 031.
import type { CertificateContentType, ServiceRadiusMiles, Truck } from './haulers';
import { HAULER_STATUS_MESSAGES } from './hauler-status';
import type { HaulerStatus } from './hauler-status';
import type { StrikeKind } from '../loop/jobs';
import type { HaulerRating } from '../loop/quote-loop';

/** POST paths, each answered by the function named in `API_ROUTES` (./api). */
export const HAULER_API_PATHS = {
  /** Public: a presigned PUT for the application's certificate, into quarantine. */
  certificateUrl: '/api/hauler-certificate-url',
  /** Public: the application itself, once the certificate is uploaded. */
  apply: '/api/hauler-apply',
  /** Applicant's "Confirm my email" link. */
  confirm: '/api/hauler-confirm',
  /** Operations' "Review" link: read the application. */
  review: '/api/hauler-review',
  /** Operations' "Review" link: approve, reject, or approve a renewed certificate. */
  decide: '/api/hauler-decide',
  /** The hauler's "Open your hauler page" link: read the page. */
  account: '/api/hauler-account',
  /** The hauler's link: change radius or phone, pause, resume. */
  accountChange: '/api/hauler-account-change',
  /** The hauler's link: a presigned PUT for a renewed certificate, into quarantine. */
  renewalUrl: '/api/hauler-renewal-url',
  /** The hauler's link: the renewed certificate is uploaded; operations review it. */
  renewal: '/api/hauler-renewal',
  /** Public: "email me a fresh link to my hauler page". Same answer whether the address is known. */
  freshLink: '/api/hauler-link',
} as const;

export const HAULER_COUNTED_LIMITS = {
  /** Confirm-my-email emails to one address (applications naming it) in any 24 hours. */
  emailsPerAddressPerDay: 3,
  /** Applications accepted per UTC day, all addresses together, unless the stack says otherwise. */
  applicationDailyCap: 100,
  /** Fresh-link requests answered with an email per UTC day, all together. */
  freshLinkDailyCap: 300,
  /**
   * Fresh links to one address coalesce (decision 043): at most one email in this many minutes
   * and `freshLinkEmailsPerAddressPerDay` in any 24 hours. A request past either is answered the
   * same 200 and sends nothing; the links already mailed still work, so nobody loses access.
   */
  freshLinkMinutesPerAddress: 15,
  freshLinkEmailsPerAddressPerDay: 5,
  /** Certificate upload URLs for one application id (retries included). */
  certificateUrlsPerApplication: 5,
  /** A presigned GET of a certificate lives this long: operations open it from their page. */
  certificateGetSeconds: 300,
  /** Upload URLs for a new certificate, per hauler per UTC day. */
  renewalUrlsPerHaulerPerDay: 5,
} as const;

/** Days before the certificate's expiry that the reminder goes out. */
export const CERTIFICATE_REMINDER_DAYS = 30;

/** Every text the hauler pages and emails share; each lives here once. */
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

/** The answer to confirm: where the application stands (`pending-review` once confirmed). */
export interface HaulerConfirmAnswer {
  status: HaulerStatus;
}

/** One covered ZIP, nearest first. */
export interface CoveredZipView {
  zipCode: string;
  city: string;
  /** Two letters. */
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
  /** The first day the hauler takes jobs again. */
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

/** A certificate for operations: a presigned GET that lives `certificateGetSeconds`. */
export interface CertificateView {
  url: string;
  contentType: CertificateContentType;
  size: number;
  uploadedAt: string;
}

/** The answer to review and decide: `{ review: HaulerReviewView }`. */
export interface HaulerReviewView {
  hauler: HaulerProfileView;
  certificate?: CertificateView;
  /** A renewed certificate waiting for review. */
  renewal?: CertificateView;
  coverage: CoveredZipView[];
  can: { approve: boolean; reject: boolean; approveRenewal: boolean };
}

/** The answer to account, accountChange and renewal: `{ account: HaulerAccountView }`. */
export interface HaulerAccountView {
  hauler: HaulerProfileView;
  coverage: CoveredZipView[];
  renewalPending: boolean;
  can: { changeDetails: boolean; pause: boolean; resume: boolean; renewCertificate: boolean };
  /** What homeowners see on the hauler's quotes. */
  rating: HaulerRating;
  /** Oldest first: why (STRIKE_REASONS), the request, when. */
  strikes: { kind: StrikeKind; reference: string; at: string }[];
}

/** Bodies stay small: the largest is an application, a few hundred bytes. */
export const HAULER_REQUEST_BODY_MAX_BYTES = 8 * 1024;
