/**
 * Lambda Function URL entry point for send-booking-emails (behind CloudFront at
 * /api/send-booking-emails).
 *
 * Environment: BUCKET_NAME, PUBLIC_BASE_URL, SENDER_ADDRESS, OPERATIONS_ADDRESS, LEADS_TABLE;
 * optional LEAD_RETENTION_DAYS (730), CONFIRMATION_DAILY_CAP (500), SES_CONFIGURATION_SET,
 * SES_OPERATIONS_CONFIGURATION_SET, LEADS_ARCHIVE_KMS_KEY_ID, LINK_SECRET_ARN; locally also S3_ENDPOINT,
 * S3_FORCE_PATH_STYLE, SES_ENDPOINT and DYNAMODB_ENDPOINT.
 */
import { requireEnv, s3ClientFromEnv, sesClientFromEnv } from '../shared/aws';
import { functionUrlHandler } from '../shared/http';
import { leadRetentionDaysFromEnv, leadTableFromEnv } from '../shared/lead-store';
import { optionalLinkSecretsFromEnv } from '../shared/link-secret';
import { sendBookingEmails } from './send-booking-emails';

const linkSecrets = optionalLinkSecretsFromEnv(process.env);

// Read once, at cold start: a missing variable fails the deployment's first call loudly.
const deps = {
  s3: s3ClientFromEnv(process.env),
  ses: sesClientFromEnv(process.env),
  leads: leadTableFromEnv(process.env),
  bucket: requireEnv(process.env, 'BUCKET_NAME'),
  publicBaseUrl: requireEnv(process.env, 'PUBLIC_BASE_URL'),
  sender: requireEnv(process.env, 'SENDER_ADDRESS'),
  operationsAddress: requireEnv(process.env, 'OPERATIONS_ADDRESS'),
  now: () => new Date(),
  retentionDays: leadRetentionDaysFromEnv(process.env),
  dailyConfirmationCap: Number(process.env.CONFIRMATION_DAILY_CAP ?? 500),
  configurationSets: {
    confirmation: process.env.SES_CONFIGURATION_SET || undefined,
    operations: process.env.SES_OPERATIONS_CONFIGURATION_SET || undefined,
  },
  archiveKmsKeyId: process.env.LEADS_ARCHIVE_KMS_KEY_ID || undefined,
  // Embedded Metric Format must be the whole log line: straight to stdout, past the JSON logger.
  emitMetric: (line: string) => void process.stdout.write(`${line}\n`),
  // The quote loop's links in both emails (LINK_SECRET_ARN; locally LINK_SECRET).
  ...(linkSecrets === undefined ? {} : { linkSecrets }),
};

// sendBookingEmails answers its own failures; the wrapper's catch is the last line of defence.
export const handler = functionUrlHandler('send-booking-emails', (body) =>
  sendBookingEmails(body, deps),
);
