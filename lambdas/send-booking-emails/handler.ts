// send-booking-emails' Function URL (/api/send-booking-emails).
import { depsFromEnv } from '../shared/handlers/deps';
import { functionUrlHandler } from '../shared/runtime/http';
import { sendBookingEmails } from './send-booking-emails';
import type { SendBookingEmailsDeps } from './send-booking-emails';
import { readEnv } from '#contract/core/env';

const env = readEnv('send-booking-emails', process.env);
const deps: SendBookingEmailsDeps = {
  // Without a link secret the two emails carry no quote-loop links.
  ...depsFromEnv(env, 'optional'),
  retentionDays: env.leadRetentionDays,
  dailyConfirmationCap: env.confirmationDailyCap,
  configurationSets: {
    confirmation: env.confirmationConfigurationSet,
    operations: env.operationsConfigurationSet,
  },
  archiveKmsKeyId: env.archiveKmsKeyId,
};

export const handler = functionUrlHandler('send-booking-emails', (body) =>
  sendBookingEmails(body, deps),
);
