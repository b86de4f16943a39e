import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import {
  LINK_SECRET_CACHE_MS,
  LINK_SECRET_GRACE_DAYS,
  cachedLoader,
  secretsFromEnv,
  secretsManagerLoader,
} from './link-secret';
import type { LinkSecrets } from './link-secret';

const CURRENT = 'c'.repeat(64);
const PREVIOUS = 'p'.repeat(64);
const ROTATED = new Date('2026-11-20T00:00:00Z');
const DAY = 86_400_000;

const smMock = mockClient(SecretsManagerClient);
afterAll(() => smMock.restore());

function notFound(): Error {
  return Object.assign(new Error('no previous version'), { name: 'ResourceNotFoundException' });
}

describe('the link secret from Secrets Manager', () => {
  beforeEach(() => {
    smMock.reset();
    smMock
      .on(GetSecretValueCommand, { VersionStage: 'AWSCURRENT' })
      .resolves({ SecretString: CURRENT, CreatedDate: ROTATED });
    smMock
      .on(GetSecretValueCommand, { VersionStage: 'AWSPREVIOUS' })
      .resolves({ SecretString: PREVIOUS });
  });

  const load = (now: Date) =>
    secretsManagerLoader(
      new SecretsManagerClient({ region: 'us-east-1' }),
      'arn:secret',
      () => now,
    )();

  it('signs with AWSCURRENT and also accepts AWSPREVIOUS during the grace period', async () => {
    const secrets = await load(new Date(ROTATED.getTime() + DAY));
    expect(secrets.current.toString()).toBe(CURRENT);
    expect(secrets.accepted.map(String)).toEqual([CURRENT, PREVIOUS]);
  });

  it('stops accepting AWSPREVIOUS once the grace period has passed', async () => {
    const secrets = await load(new Date(ROTATED.getTime() + LINK_SECRET_GRACE_DAYS * DAY + 1));
    expect(secrets.accepted.map(String)).toEqual([CURRENT]);
  });

  it('works before the first rotation, when there is no previous version', async () => {
    smMock.on(GetSecretValueCommand, { VersionStage: 'AWSPREVIOUS' }).rejects(notFound());
    const secrets = await load(new Date(ROTATED.getTime() + DAY));
    expect(secrets.accepted.map(String)).toEqual([CURRENT]);
  });

  it('refuses a secret too short to be a real one, without quoting it', async () => {
    smMock
      .on(GetSecretValueCommand, { VersionStage: 'AWSCURRENT' })
      .resolves({ SecretString: 'short' });
    await expect(load(ROTATED)).rejects.toThrow(/missing or shorter than 32 characters/);
    await expect(load(ROTATED)).rejects.not.toThrow(/short\b(?! than)/);
  });
});

describe('the secret cache', () => {
  const secrets = (name: string): LinkSecrets => ({
    current: Buffer.from(name),
    accepted: [Buffer.from(name)],
  });

  it('re-reads the secret only after the cache time, so a rotation arrives within it', async () => {
    let clock = 0;
    let version = 1;
    let loads = 0;
    const loader = cachedLoader(
      async () => {
        loads += 1;
        return secrets(`v${version}`);
      },
      () => clock,
    );
    expect(String((await loader()).current)).toBe('v1');
    version = 2;
    clock = LINK_SECRET_CACHE_MS - 1;
    expect(String((await loader()).current)).toBe('v1');
    clock = LINK_SECRET_CACHE_MS;
    expect(String((await loader()).current)).toBe('v2');
    expect(loads).toBe(2);
  });

  it('keeps the last good secrets when a refresh fails, and fails when it never had any', async () => {
    let clock = 0;
    let fail = false;
    const loader = cachedLoader(
      async () => {
        if (fail) throw new Error('Secrets Manager unavailable');
        return secrets('good');
      },
      () => clock,
    );
    await loader();
    fail = true;
    clock = LINK_SECRET_CACHE_MS * 2;
    expect(String((await loader()).current)).toBe('good');
    const never = cachedLoader(async () => {
      throw new Error('Secrets Manager unavailable');
    });
    await expect(never()).rejects.toThrow('Secrets Manager unavailable');
  });
});

describe('the link secret from the environment', () => {
  it('reads LINK_SECRET and an optional LINK_SECRET_PREVIOUS', () => {
    expect(secretsFromEnv({ linkSecret: CURRENT }).accepted).toHaveLength(1);
    expect(
      secretsFromEnv({ linkSecret: CURRENT, linkSecretPrevious: PREVIOUS }).accepted.map(String),
    ).toEqual([CURRENT, PREVIOUS]);
    expect(() => secretsFromEnv({})).toThrow(/LINK_SECRET/);
  });
});
