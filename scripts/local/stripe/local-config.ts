// Webhooks go to the local server's /api/stripe-webhook, the stripe-webhook function (decision 053).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { StripeStandInOptions } from './server';
import { API_PATHS } from '#contract/core/api';

export const STRIPE_WEBHOOK_PATH = API_PATHS.stripeWebhook;

export interface LocalStripeConfig {
  port: number;
  inMemory: boolean;
  webhookUrl: string | undefined;
}

export function stripeConfigFromEnv(env: NodeJS.ProcessEnv): LocalStripeConfig {
  return {
    port: Number(env.STRIPE_PORT ?? 4568),
    // The stand-in's objects belong with the lead table's: in memory when it is.
    inMemory: (env.STRIPE_IN_MEMORY ?? env.DYNAMO_IN_MEMORY) === '1',
    webhookUrl: env.STRIPE_WEBHOOK_URL,
  };
}

/** STRIPE_WEBHOOK_SECRET, else one made once into the data folder (owner only, like link-secret). */
export function localWebhookSecret(dataDir: string, env: NodeJS.ProcessEnv): string {
  const fromEnv = env.STRIPE_WEBHOOK_SECRET?.trim();
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, 'stripe-webhook-secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.startsWith('whsec_')) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = `whsec_${randomBytes(24).toString('base64url')}`;
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

export const stripeWebhookUrl = (config: LocalStripeConfig, siteOrigin: string): string =>
  config.webhookUrl ?? `${siteOrigin}${STRIPE_WEBHOOK_PATH}`;

export function localStripeOptions(
  config: LocalStripeConfig,
  context: { dataDir: string; siteOrigin: string; platformName: string; webhookSecret: string },
): StripeStandInOptions {
  const url = stripeWebhookUrl(config, context.siteOrigin);
  return {
    port: config.port,
    ...(config.inMemory ? {} : { dataDir: context.dataDir }),
    platformName: context.platformName,
    webhooks: {
      endpoints: url === '' ? [] : [{ url, secret: context.webhookSecret }],
      // A receiver that is not there yet is asked 8 times over about 4 minutes, then left alone.
      retryBaseMs: 2000,
      retryMaxMs: 120_000,
      maxAttempts: 8,
    },
  };
}
