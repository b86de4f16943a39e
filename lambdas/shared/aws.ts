/**
 * AWS client construction from the environment, and the few S3 error cases the functions branch on.
 *
 * Handlers build their clients once, at module scope (reused across warm invocations). Locally the
 * same clients point at s3rver, dynalite and aws-ses-v2-local through the optional *_ENDPOINT
 * variables.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

export type Env = Readonly<Record<string, string | undefined>>;

/** A required variable, or a start-up error naming it (better than a confusing failure per request). */
export function requireEnv(env: Env, name: string): string {
  const value = env[name]?.trim();
  if (value === undefined || value === '') {
    throw new Error(`Missing required environment variable ${name}`);
  }
  return value;
}

function optionalEnv(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

/**
 * S3 client for the media bucket. `WHEN_REQUIRED` checksums: otherwise the SDK adds a CRC32 of an
 * empty body to presigned PUT URLs (so every browser upload fails) and sends checksum headers
 * s3rver does not understand.
 */
export function s3ClientFromEnv(env: Env): S3Client {
  const endpoint = optionalEnv(env, 'S3_ENDPOINT');
  return new S3Client({
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // Lead records and HEAD checks are tiny: a call that hangs is failed and retried well inside
    // the function's timeout (3 attempts of at most 2 s), so the handler can still answer.
    // throwOnRequestTimeout: without it the SDK only logs a warning and keeps waiting.
    requestHandler: {
      connectionTimeout: 1_000,
      requestTimeout: 2_000,
      throwOnRequestTimeout: true,
    },
    ...(endpoint === undefined ? {} : { endpoint }),
    forcePathStyle: optionalEnv(env, 'S3_FORCE_PATH_STYLE') === 'true',
  });
}

/**
 * A slow SES must end as a recorded failure (lead kept, email marked for retry), not as the
 * function being killed at its 15 s timeout with nothing recorded: both emails go in parallel, each
 * with at most 2 attempts of 4 s.
 */
export const SES_TIMEOUTS = { maxAttempts: 2, connectionTimeout: 1_000, requestTimeout: 4_000 };

export function sesClientFromEnv(env: Env): SESv2Client {
  const endpoint = optionalEnv(env, 'SES_ENDPOINT');
  return new SESv2Client({
    maxAttempts: SES_TIMEOUTS.maxAttempts,
    requestHandler: {
      connectionTimeout: SES_TIMEOUTS.connectionTimeout,
      requestTimeout: SES_TIMEOUTS.requestTimeout,
      throwOnRequestTimeout: true,
    },
    ...(endpoint === undefined ? {} : { endpoint }),
  });
}

/**
 * DocumentClient for the lead table (DYNAMODB_ENDPOINT points it at dynalite locally). Same
 * timeout style as S3: items are small, so a call that hangs is failed after 2 s and retried (3
 * attempts), well inside the function's timeout. Undefined attributes are dropped, not an error.
 */
export function dynamoClientFromEnv(env: Env): DynamoDBDocumentClient {
  const endpoint = optionalEnv(env, 'DYNAMODB_ENDPOINT');
  const client = new DynamoDBClient({
    maxAttempts: 3,
    requestHandler: {
      connectionTimeout: 1_000,
      requestTimeout: 2_000,
      throwOnRequestTimeout: true,
    },
    ...(endpoint === undefined ? {} : { endpoint }),
  });
  return DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true },
  });
}

interface AwsErrorShape {
  name?: unknown;
  Code?: unknown;
  $metadata?: { httpStatusCode?: unknown };
}

/** The AWS error code, else the error's name: for decisions, logs and records, never a message. */
export function errorName(error: unknown): string {
  if (typeof error !== 'object' || error === null) return 'UnknownError';
  const { name, Code } = error as AwsErrorShape;
  if (typeof Code === 'string') return Code;
  return typeof name === 'string' ? name : 'UnknownError';
}

function httpStatus(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const status = (error as AwsErrorShape).$metadata?.httpStatusCode;
  return typeof status === 'number' ? status : undefined;
}

/**
 * HeadObject answers a bare 404 ('NotFound'), GetObject 'NoSuchKey'. A 403 is NOT treated as
 * missing: it means the function lacks s3:ListBucket or access, which must surface as a 500.
 */
export function isNotFound(error: unknown): boolean {
  const name = errorName(error);
  return name === 'NotFound' || name === 'NoSuchKey' || httpStatus(error) === 404;
}

/**
 * `IfNoneMatch: '*'` lost the race: the object exists (412), or another conditional write on the
 * same key is in flight (409 ConditionalRequestConflict). Either way another request owns the key.
 */
export function isConditionalWriteConflict(error: unknown): boolean {
  const name = errorName(error);
  const status = httpStatus(error);
  return (
    name === 'PreconditionFailed' ||
    name === 'ConditionalRequestConflict' ||
    status === 412 ||
    status === 409
  );
}

/** For logs: the error's name and message, never request data. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}
