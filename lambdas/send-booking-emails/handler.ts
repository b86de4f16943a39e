/**
 * Lambda Function URL entry point for send-booking-emails (behind CloudFront at
 * /api/send-booking-emails).
 */
import { s3ClientFromEnv, sesClientFromEnv } from '../shared/runtime/aws';
import { functionUrlHandler } from '../shared/runtime/http';
import { optionalLinkSecretsFromEnv } from '../shared/links/link-secret';
import { leadTableFromEnv } from '../shared/runtime/table-handle';
import { sendBookingEmails } from './send-booking-emails';
import { readEnv } from '#contract/core/env';

// Read once, at cold start: a missing or wrong variable fails the first call, naming it.
const env = readEnv('send-booking-emails', process.env);
const linkSecrets = optionalLinkSecretsFromEnv(env);
const deps = {
  s3: s3ClientFromEnv(env),
  ses: sesClientFromEnv(env),
  leads: leadTableFromEnv(env),
  bucket: env.bucketName,
  publicBaseUrl: env.publicBaseUrl,
  sender: env.senderAddress,
  operationsAddress: env.operationsAddress,
  now: () => new Date(),
  retentionDays: env.leadRetentionDays,
  dailyConfirmationCap: env.confirmationDailyCap,
  configurationSets: {
    confirmation: env.confirmationConfigurationSet,
    operations: env.operationsConfigurationSet,
  },
  archiveKmsKeyId: env.archiveKmsKeyId,
  // Embedded Metric Format must be the whole log line: straight to stdout, past the JSON logger.
  emitMetric: (line: string) => void process.stdout.write(`${line}\n`),
  // Without a link secret the two emails carry no quote-loop links.
  ...(linkSecrets === undefined ? {} : { linkSecrets }),
};

// sendBookingEmails answers its own failures; the wrapper's catch is the last line of defence.
export const handler = functionUrlHandler('send-booking-emails', (body) =>
  sendBookingEmails(body, deps),
);
