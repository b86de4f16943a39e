import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { cachedSecret, secretsManagerText, stripeSecretsFromEnv } from './stripe-secrets';

const sm = mockClient(SecretsManagerClient);
afterEach(() => sm.reset());

const notFound = () =>
  Object.assign(new Error('no version'), { name: 'ResourceNotFoundException' });

describe('the Stripe secrets', () => {
  it('are the values themselves locally, with no Secrets Manager call', async () => {
    const secrets = stripeSecretsFromEnv({
      stripeSecretKey: 'sk_test_local',
      stripeWebhookSecret: 'whsec_local',
    });
    expect(await secrets.secretKey()).toBe('sk_test_local');
    expect(await secrets.webhookSecret()).toBe('whsec_local');
    expect(sm.calls()).toHaveLength(0);
  });

  it('are read from Secrets Manager by ARN once, then served from the cache', async () => {
    sm.on(GetSecretValueCommand, { SecretId: 'arn:webhook' }).resolves({
      SecretString: 'whsec_live\n',
    });
    const secrets = stripeSecretsFromEnv({
      stripeSecretKeyArn: 'arn:key',
      stripeWebhookSecretArn: 'arn:webhook',
    });
    expect(await secrets.webhookSecret()).toBe('whsec_live');
    expect(await secrets.webhookSecret()).toBe('whsec_live');
    expect(sm.commandCalls(GetSecretValueCommand)).toHaveLength(1);
  });

  it('not yet set by the operator is an error naming what to do, never a value', async () => {
    sm.on(GetSecretValueCommand).rejects(notFound());
    const read = secretsManagerText(new SecretsManagerClient({}), 'arn:key', 'STRIPE_SECRET_KEY');
    await expect(read()).rejects.toThrow(
      'The Stripe secret STRIPE_SECRET_KEY is not set: docs/deploy.md#stripe says how to set it',
    );
    sm.on(GetSecretValueCommand).resolves({ SecretString: '  ' });
    await expect(read()).rejects.toThrow(/is not set/);
  });

  it('keep serving the last value when a refresh fails', async () => {
    let now = 0;
    let calls = 0;
    const read = cachedSecret(
      () => {
        calls += 1;
        return calls === 1 ? Promise.resolve('whsec_1') : Promise.reject(new Error('blip'));
      },
      () => now,
      1_000,
    );
    expect(await read()).toBe('whsec_1');
    now = 5_000;
    expect(await read()).toBe('whsec_1');
    expect(calls).toBe(2);
  });
});
