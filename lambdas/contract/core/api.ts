import { HAULER_API_PATHS } from '../haulers/hauler-api';
import { JOB_API_PATHS, JOB_API_PREFIX } from '../loop/jobs';

const { certificateUrl, apply, confirm, review, decide } = HAULER_API_PATHS;
const { account, accountChange, renewalUrl, renewal, freshLink } = HAULER_API_PATHS;

export const API_PATHS = {
  uploadUrls: '/api/upload-urls',
  sendBookingEmails: '/api/send-booking-emails',
  lead: '/api/lead',
  sendQuote: '/api/send-quote',
  decideQuote: '/api/decide-quote',
  cancelRequest: '/api/cancel-request',
  ...{ certificateUrl, apply, confirm, review, decide },
  ...{ account, accountChange, renewalUrl, renewal, freshLink },
  jobAddress: JOB_API_PATHS.address,
  jobOnMyWay: JOB_API_PATHS.onMyWay,
  jobUploadUrls: JOB_API_PATHS.uploadUrls,
  jobDone: JOB_API_PATHS.done,
  jobCantDo: JOB_API_PATHS.cantDo,
  jobPriceChange: JOB_API_PATHS.priceChange,
  jobPriceDecision: JOB_API_PATHS.priceDecision,
  jobProblem: JOB_API_PATHS.problem,
  jobRating: JOB_API_PATHS.rating,
  jobProof: JOB_API_PATHS.proof,
  /** Stripe's webhooks: signed by Stripe, not by CloudFront (decision 053). */
  stripeWebhook: '/api/stripe-webhook',
  payouts: HAULER_API_PATHS.payouts,
} as const;

export type ApiPath = (typeof API_PATHS)[keyof typeof API_PATHS];

/** The deployable functions; each is the folder `lambdas/{name}/` with a `handler.ts`. */
export const FUNCTION_NAMES = [
  'create-upload-urls',
  'send-booking-emails',
  'read-lead',
  'update-lead',
  'hauler-apply',
  'hauler-review',
  'hauler-account',
  'hauler-documents',
  'hauler-offers',
  'job-updates',
  'stripe-webhook',
] as const;

export type FunctionName = (typeof FUNCTION_NAMES)[number];

/** Run on a schedule: no path, so no Function URL and no CloudFront behaviour. */
export const SCHEDULED_FUNCTION_NAMES = [
  'hauler-documents',
  'hauler-offers',
] as const satisfies FunctionName[];
export type ScheduledFunctionName = (typeof SCHEDULED_FUNCTION_NAMES)[number];
export type RoutedFunctionName = Exclude<FunctionName, ScheduledFunctionName>;

/**
 * Called by a third party that cannot sign for CloudFront's origin access control: its Function
 * URL has no IAM auth, and the request's own signature is its only gate (decision 053).
 */
export const SIGNATURE_GATED_FUNCTION_NAMES = [
  'stripe-webhook',
] as const satisfies RoutedFunctionName[];

/** Stripe's events are a few kilobytes: the WAF and the function refuse a body above this. */
export const STRIPE_WEBHOOK_MAX_BYTES = 64 * 1024;

/** Which function answers each path: the stack's behaviours and the local server read it. */
export const API_ROUTES: Readonly<Record<ApiPath, RoutedFunctionName>> = {
  [API_PATHS.uploadUrls]: 'create-upload-urls',
  [API_PATHS.sendBookingEmails]: 'send-booking-emails',
  [API_PATHS.lead]: 'read-lead',
  [API_PATHS.sendQuote]: 'update-lead',
  [API_PATHS.decideQuote]: 'update-lead',
  [API_PATHS.cancelRequest]: 'update-lead',
  [API_PATHS.certificateUrl]: 'hauler-apply',
  [API_PATHS.apply]: 'hauler-apply',
  [API_PATHS.confirm]: 'hauler-apply',
  [API_PATHS.review]: 'hauler-review',
  [API_PATHS.decide]: 'hauler-review',
  [API_PATHS.account]: 'hauler-account',
  [API_PATHS.accountChange]: 'hauler-account',
  [API_PATHS.renewalUrl]: 'hauler-account',
  [API_PATHS.renewal]: 'hauler-account',
  [API_PATHS.freshLink]: 'hauler-account',
  [API_PATHS.stripeWebhook]: 'stripe-webhook',
  [API_PATHS.payouts]: 'hauler-account',
  ...(Object.fromEntries(
    Object.values(JOB_API_PATHS).map((path) => [path, 'job-updates']),
  ) as Record<(typeof JOB_API_PATHS)[keyof typeof JOB_API_PATHS], 'job-updates'>),
};

// CloudFront's path patterns: the job's routes share one under their prefix (a distribution holds
// 25 behaviours by default).
export const API_BEHAVIOURS: Readonly<Record<string, RoutedFunctionName>> = {
  ...Object.fromEntries(
    Object.entries(API_ROUTES).filter(([path]) => !path.startsWith(JOB_API_PREFIX)),
  ),
  [`${JOB_API_PREFIX}*`]: 'job-updates',
};

/** CloudFront's origin access control needs it on every POST to a function. */
export const CONTENT_SHA256_HEADER = 'x-amz-content-sha256';

/** Web Crypto, so the browser, the local server and the bench share it. */
export async function sha256Hex(text: string | Uint8Array): Promise<string> {
  const bytes = typeof text === 'string' ? new TextEncoder().encode(text) : new Uint8Array(text);
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** `code` stays a plain string on the wire, so a new code does not break an old browser. */
export type ApiErrorCode =
  | 'invalid_request'
  | 'invalid_json'
  | 'empty_body'
  | 'unsupported_media_type'
  | 'payload_too_large'
  | 'method_not_allowed'
  | 'invalid_media'
  | 'upload_limit'
  | 'limit_reached'
  | 'email_failed'
  | 'invalid_link'
  | 'conflict'
  | 'internal';

/** Every function's refusal: `fields` names each invalid field's message (a 400's). */
export interface ApiErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

/** `{ error: 'text' }` or `{ error: { message } }`; else undefined, for MESSAGES.submitFailed. */
export function errorMessageFrom(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined;
  const { error } = body;
  if (typeof error === 'string') return error.trim() === '' ? undefined : error;
  if (typeof error === 'object' && error !== null && 'message' in error) {
    const { message } = error;
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return undefined;
}
