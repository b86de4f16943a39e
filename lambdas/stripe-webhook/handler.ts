// stripe-webhook's Function URL (decision 053): no IAM auth, the Stripe signature is its gate.
import type { LambdaFunctionURLEvent } from 'aws-lambda';
import { stripeProviderFromEnv } from '../shared/payments/payments-from-env';
import { leadTableFromEnv } from '../shared/runtime/table-handle';
import { stripeWebhookHandler } from './webhook-handler';
import { readEnv } from '#contract/core/env';

const env = readEnv('stripe-webhook', process.env);
const payments = stripeProviderFromEnv(env);

export const handler: (event: LambdaFunctionURLEvent) => Promise<unknown> = stripeWebhookHandler({
  table: leadTableFromEnv(env),
  now: () => new Date(),
  verify: (payload, signature) => payments.verifyWebhook(payload, signature),
  intentJob: (intentId) => payments.intentJob(intentId),
});
