// stripe-webhook's Function URL (decision 053): no IAM auth, the Stripe signature is its gate.
import type { LambdaFunctionURLEvent } from 'aws-lambda';
import { stripePayments } from '../shared/payments/stripe-payments';
import { stripeSecretsFromEnv } from '../shared/payments/stripe-secrets';
import { leadTableFromEnv } from '../shared/runtime/table-handle';
import { stripeWebhookHandler } from './webhook-handler';
import { readEnv } from '#contract/core/env';

const env = readEnv('stripe-webhook', process.env);
const secrets = stripeSecretsFromEnv(env);
const local = env.stripeApiOrigin === undefined ? undefined : new URL(env.stripeApiOrigin);
const payments = stripePayments({
  ...secrets,
  ...(local === undefined
    ? {}
    : {
        host: local.hostname,
        port: Number(local.port),
        protocol: local.protocol === 'https:' ? 'https' : 'http',
      }),
});

export const handler: (event: LambdaFunctionURLEvent) => Promise<unknown> = stripeWebhookHandler({
  table: leadTableFromEnv(env),
  now: () => new Date(),
  verify: (payload, signature) => payments.verifyWebhook(payload, signature),
  intentJob: (intentId) => payments.intentJob(intentId),
});
