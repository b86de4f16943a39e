// stripe-webhook's Function URL (decision 053): no IAM auth, the Stripe signature is its gate.
import type { LambdaFunctionURLEvent } from 'aws-lambda';
import { stripeProviderFromEnv } from '../shared/payments/payments-from-env';
import { leadTableFromEnv } from '../shared/runtime/table-handle';
import { dynamoOutbox } from '../shared/mail/outbox';
import { keepDisputeNotice } from './dispute-notice';
import { stripeWebhookHandler } from './webhook-handler';
import { readEnv } from '#contract/core/env';

const env = readEnv('stripe-webhook', process.env);
const payments = stripeProviderFromEnv(env);

const table = leadTableFromEnv(env);
const now = () => new Date();

export const handler: (event: LambdaFunctionURLEvent) => Promise<unknown> = stripeWebhookHandler({
  table,
  now,
  verify: (payload, signature) => payments.verifyWebhook(payload, signature),
  intentJob: (intentId) => payments.intentJob(intentId),
  tellOperations: (event, jobId) =>
    keepDisputeNotice(
      { table, outbox: dynamoOutbox(table), operationsAddress: env.operationsAddress, now },
      event,
      jobId,
    ),
});
