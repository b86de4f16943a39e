// The stage's payments as a function sees them (issue 39, decision 048): off, or on with the one
// payment module over the official SDK, pointed at the local stand-in when STRIPE_API_ORIGIN says.
import { type PaymentProvider, stripePayments } from './stripe-payments';
import { stripeSecretsFromEnv } from './stripe-secrets';
import type { EnvValues } from '#contract/core/env';
import type { PaymentSetting } from '#contract/money/payments';

type PaymentEnv = Pick<EnvValues, 'payments'> &
  Partial<
    Pick<
      EnvValues,
      | 'stripeSecretKeyArn'
      | 'stripeSecretKey'
      | 'stripeWebhookSecretArn'
      | 'stripeWebhookSecret'
      | 'stripeApiOrigin'
      | 'secretsManagerEndpoint'
    >
  >;

export type Payments =
  | { setting: Extract<PaymentSetting, 'off'> }
  | { setting: Extract<PaymentSetting, 'on'>; provider: PaymentProvider };

/** The Stripe module for these variables: the secrets are read at first use, not here. */
export function stripeProviderFromEnv(env: Omit<PaymentEnv, 'payments'>): PaymentProvider {
  const local = env.stripeApiOrigin === undefined ? undefined : new URL(env.stripeApiOrigin);
  return stripePayments({
    ...stripeSecretsFromEnv(env),
    ...(local === undefined
      ? {}
      : {
          host: local.hostname,
          port: Number(local.port),
          protocol: local.protocol === 'https:' ? 'https' : 'http',
        }),
  });
}

export function paymentsFromEnv(env: PaymentEnv): Payments {
  return env.payments === 'on'
    ? { setting: 'on', provider: stripeProviderFromEnv(env) }
    : { setting: 'off' };
}
