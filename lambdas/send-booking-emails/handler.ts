/**
 * Lambda Function URL entry point for send-booking-emails (behind CloudFront at
 * /api/send-booking-emails).
 *
 * Environment: BUCKET_NAME, PUBLIC_BASE_URL, SENDER_ADDRESS, OPERATIONS_ADDRESS; locally also
 * S3_ENDPOINT, S3_FORCE_PATH_STYLE and SES_ENDPOINT.
 */
import { requireEnv, s3ClientFromEnv, sesClientFromEnv } from '../shared/aws';
import { functionUrlHandler } from '../shared/http';
import { sendBookingEmails } from './send-booking-emails';

// Read once, at cold start: a missing variable fails the deployment's first call loudly.
const deps = {
  s3: s3ClientFromEnv(process.env),
  ses: sesClientFromEnv(process.env),
  bucket: requireEnv(process.env, 'BUCKET_NAME'),
  publicBaseUrl: requireEnv(process.env, 'PUBLIC_BASE_URL'),
  sender: requireEnv(process.env, 'SENDER_ADDRESS'),
  operationsAddress: requireEnv(process.env, 'OPERATIONS_ADDRESS'),
  now: () => new Date(),
};

// sendBookingEmails answers its own failures; the wrapper's catch is the last line of defence.
export const handler = functionUrlHandler('send-booking-emails', (body) =>
  sendBookingEmails(body, deps),
);
