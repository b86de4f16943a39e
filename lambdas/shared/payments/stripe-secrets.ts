// The Stripe secret key and the webhook signing secret (decision 053): in AWS, Secrets Manager
// secrets the stack creates empty and the operator sets; locally and in tests, the values
// themselves. Read at first use and cached; never logged nor put in an error message.
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { ENV, type EnvValues } from '#contract/core/env';

/** A new value reaches every warm function within this time. */
export const STRIPE_SECRET_CACHE_MS = 5 * 60 * 1000;

export type SecretText = () => Promise<string>;

type StripeSecretEnv = Partial<
  Pick<
    EnvValues,
    | 'stripeSecretKeyArn'
    | 'stripeSecretKey'
    | 'stripeWebhookSecretArn'
    | 'stripeWebhookSecret'
    | 'secretsManagerEndpoint'
  >
>;

/** Refuses an unset secret by name and by what the operator does about it. */
function checked(value: string | undefined, variable: string): string {
  const text = value?.trim() ?? '';
  if (text === '') {
    throw new Error(
      `The Stripe secret ${variable} is not set: docs/deploy.md#stripe says how to set it`,
    );
  }
  return text;
}

/** A failed refresh serves the last good value: a Secrets Manager blip must not stop payments. */
export function cachedSecret(
  load: SecretText,
  now: () => number = Date.now,
  ttlMs = STRIPE_SECRET_CACHE_MS,
): SecretText {
  let cached: { value: string; at: number } | undefined;
  let pending: Promise<string> | undefined;
  return async () => {
    if (cached !== undefined && now() - cached.at < ttlMs) return cached.value;
    pending ??= load()
      .then((value) => {
        cached = { value, at: now() };
        return value;
      })
      .finally(() => {
        pending = undefined;
      });
    try {
      return await pending;
    } catch (error) {
      if (cached !== undefined) return cached.value;
      throw error;
    }
  };
}

export function secretsManagerText(
  client: Pick<SecretsManagerClient, 'send'>,
  secretId: string,
  variable: string,
): SecretText {
  return async () => {
    try {
      const answer = await client.send(new GetSecretValueCommand({ SecretId: secretId }));
      return checked(answer.SecretString, variable);
    } catch (error) {
      // A secret created empty has no version yet: the operator has not set it.
      if (error instanceof Error && error.name === 'ResourceNotFoundException') {
        return checked(undefined, variable);
      }
      throw error;
    }
  };
}

export interface StripeSecretLoaders {
  secretKey: SecretText;
  webhookSecret: SecretText;
}

export function stripeSecretsFromEnv(env: StripeSecretEnv): StripeSecretLoaders {
  let client: SecretsManagerClient | undefined;
  const secretsManager = () =>
    (client ??= new SecretsManagerClient({
      maxAttempts: 2,
      requestHandler: {
        connectionTimeout: 1_000,
        requestTimeout: 2_000,
        throwOnRequestTimeout: true,
      },
      ...(env.secretsManagerEndpoint ? { endpoint: env.secretsManagerEndpoint } : {}),
    }));
  const one = (arn: string | undefined, value: string | undefined, variable: string) =>
    arn
      ? cachedSecret(() => secretsManagerText(secretsManager(), arn, variable)())
      : () => Promise.resolve(checked(value, variable));
  return {
    secretKey: one(env.stripeSecretKeyArn, env.stripeSecretKey, ENV.stripeSecretKey),
    webhookSecret: one(
      env.stripeWebhookSecretArn,
      env.stripeWebhookSecret,
      ENV.stripeWebhookSecret,
    ),
  };
}
