// Rotation and grace: docs/decisions/020-signed-links.md. The secret is never logged nor put in
// an error message, and leaves this module only as HMAC key bytes.
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { ENV, type EnvValues } from '#contract/core/env';

export interface LinkSecrets {
  current: Buffer;
  /** The current secret, then the previous one while its grace lasts. */
  accepted: Buffer[];
}

/** A rotation reaches every warm function within this time. */
export const LINK_SECRET_CACHE_MS = 5 * 60 * 1000;
/** As long as the operations link lives: a link mailed before a rotation still works. */
export const LINK_SECRET_GRACE_DAYS = 7;

export type LinkSecretLoader = () => Promise<LinkSecrets>;

function keyBytes(value: string | undefined, what: string): Buffer {
  const text = value?.trim() ?? '';
  // 32 characters of a generated secret carry well over 128 bits.
  if (text.length < 32)
    throw new Error(`The link secret (${what}) is missing or shorter than 32 characters`);
  return Buffer.from(text, 'utf8');
}

type SecretSource = Partial<
  Pick<EnvValues, 'linkSecretArn' | 'linkSecret' | 'linkSecretPrevious' | 'secretsManagerEndpoint'>
>;

/** The secret itself from the environment: the local stack and tests. */
export function secretsFromEnv(env: SecretSource): LinkSecrets {
  const current = keyBytes(env.linkSecret, ENV.linkSecret);
  const previous = env.linkSecretPrevious;
  return {
    current,
    accepted: previous ? [current, keyBytes(previous, ENV.linkSecretPrevious)] : [current],
  };
}

function isNotFound(error: unknown): boolean {
  return error instanceof Error && error.name === 'ResourceNotFoundException';
}

export function secretsManagerLoader(
  client: SecretsManagerClient,
  secretId: string,
  now: () => Date,
): LinkSecretLoader {
  return async () => {
    const [current, previous] = await Promise.all([
      client.send(new GetSecretValueCommand({ SecretId: secretId, VersionStage: 'AWSCURRENT' })),
      client
        .send(new GetSecretValueCommand({ SecretId: secretId, VersionStage: 'AWSPREVIOUS' }))
        .catch((error: unknown) => {
          if (isNotFound(error)) return undefined;
          throw error;
        }),
    ]);
    const currentKey = keyBytes(current.SecretString, 'AWSCURRENT');
    const rotatedAt = current.CreatedDate?.getTime() ?? 0;
    const inGrace = now().getTime() - rotatedAt < LINK_SECRET_GRACE_DAYS * 86_400_000;
    const accepted = [currentKey];
    if (previous?.SecretString !== undefined && inGrace) {
      accepted.push(keyBytes(previous.SecretString, 'AWSPREVIOUS'));
    }
    return { current: currentKey, accepted };
  };
}

/** A failed refresh serves the last good secrets: a Secrets Manager blip must not break links. */
export function cachedLoader(
  load: LinkSecretLoader,
  now: () => number = Date.now,
  ttlMs = LINK_SECRET_CACHE_MS,
): LinkSecretLoader {
  let cached: { secrets: LinkSecrets; at: number } | undefined;
  let pending: Promise<LinkSecrets> | undefined;
  return async () => {
    if (cached !== undefined && now() - cached.at < ttlMs) return cached.secrets;
    pending ??= load()
      .then((secrets) => {
        cached = { secrets, at: now() };
        return secrets;
      })
      .finally(() => {
        pending = undefined;
      });
    try {
      return await pending;
    } catch (error) {
      if (cached !== undefined) return cached.secrets;
      throw error;
    }
  };
}

export function linkSecretsFromEnv(env: SecretSource): LinkSecretLoader {
  const arn = env.linkSecretArn;
  if (arn) {
    const endpoint = env.secretsManagerEndpoint;
    const client = new SecretsManagerClient({
      maxAttempts: 2,
      requestHandler: {
        connectionTimeout: 1_000,
        requestTimeout: 2_000,
        throwOnRequestTimeout: true,
      },
      ...(endpoint ? { endpoint } : {}),
    });
    return cachedLoader(secretsManagerLoader(client, arn, () => new Date()));
  }
  const secrets = secretsFromEnv(env);
  return () => Promise.resolve(secrets);
}

/** For send-booking-emails, whose links are optional. */
export function optionalLinkSecretsFromEnv(env: SecretSource): LinkSecretLoader | undefined {
  return env.linkSecretArn || env.linkSecret ? linkSecretsFromEnv(env) : undefined;
}
