import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { localStripeOptions, localWebhookSecret, stripeConfigFromEnv } from './local-config';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
const folder = () => {
  const made = mkdtempSync(path.join(tmpdir(), 'stripe-config-'));
  folders.push(made);
  return made;
};

const context = (dataDir: string) => ({
  dataDir,
  siteOrigin: 'http://localhost:3000',
  platformName: 'Bulk Trash Pickup',
  webhookSecret: 'whsec_x',
});

describe('the local stack’s Stripe settings', () => {
  it('run the stand-in on port 4568, its data beside the lead table’s', () => {
    expect(stripeConfigFromEnv({})).toEqual({ port: 4568, inMemory: false, webhookUrl: undefined });
    expect(stripeConfigFromEnv({ DYNAMO_IN_MEMORY: '1' }).inMemory).toBe(true);
    expect(stripeConfigFromEnv({ DYNAMO_IN_MEMORY: '1', STRIPE_IN_MEMORY: '0' }).inMemory).toBe(
      false,
    );
    expect(stripeConfigFromEnv({ STRIPE_PORT: '4668' }).port).toBe(4668);
  });

  it('post webhooks to the local API’s /api/stripe-webhook unless told otherwise', () => {
    const dir = folder();
    const byDefault = localStripeOptions(stripeConfigFromEnv({}), context(dir));
    expect(byDefault.webhooks?.endpoints).toEqual([
      { url: 'http://localhost:3000/api/stripe-webhook', secret: 'whsec_x' },
    ]);
    expect(byDefault.dataDir).toBe(dir);
    const none = localStripeOptions(stripeConfigFromEnv({ STRIPE_WEBHOOK_URL: '' }), context(dir));
    expect(none.webhooks?.endpoints).toEqual([]);
    const memory = localStripeOptions(stripeConfigFromEnv({ STRIPE_IN_MEMORY: '1' }), context(dir));
    expect(memory.dataDir).toBeUndefined();
  });

  it('make a webhook secret once, keep it for the owner only, and prefer the environment’s', () => {
    const dir = folder();
    const made = localWebhookSecret(dir, {});
    expect(made).toMatch(/^whsec_[\w-]{32}$/);
    expect(localWebhookSecret(dir, {})).toBe(made);
    const file = path.join(dir, 'stripe-webhook-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(made);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(localWebhookSecret(dir, { STRIPE_WEBHOOK_SECRET: 'whsec_env' })).toBe('whsec_env');
  });
});
