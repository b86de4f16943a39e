// Built once a cold start (deps.ts); locally *_ENDPOINT is s3rver, dynalite or aws-ses-v2-local.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { EnvValues } from '#contract/core/env';

// WHEN_REQUIRED: otherwise presigned PUT URLs carry a CRC32 of an empty body (every upload fails),
// and s3rver gets checksum headers it does not understand.
export function s3ClientFromEnv(
  env: Partial<Pick<EnvValues, 's3Endpoint' | 's3ForcePathStyle'>>,
): S3Client {
  const endpoint = env.s3Endpoint;
  return new S3Client({
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // Small objects: a hung call fails after 2 s and is retried (3 attempts) well inside the
    // function's timeout. Without throwOnRequestTimeout the SDK only warns and keeps waiting.
    requestHandler: {
      connectionTimeout: 1_000,
      requestTimeout: 2_000,
      throwOnRequestTimeout: true,
    },
    ...(endpoint === undefined ? {} : { endpoint }),
    forcePathStyle: env.s3ForcePathStyle ?? false,
  });
}

// A slow SES must end as a recorded failure (email marked for retry), not as the function killed
// at its 15 s timeout with nothing recorded.
export const SES_TIMEOUTS = { maxAttempts: 2, connectionTimeout: 1_000, requestTimeout: 4_000 };

export function sesClientFromEnv(env: Partial<Pick<EnvValues, 'sesEndpoint'>>): SESv2Client {
  const endpoint = env.sesEndpoint;
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

export function dynamoClientFromEnv(
  env: Partial<Pick<EnvValues, 'dynamodbEndpoint'>>,
): DynamoDBDocumentClient {
  const endpoint = env.dynamodbEndpoint;
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

/** A bare 404 or NoSuchKey; a 403 (no access, or no s3:ListBucket) must surface as a 500. */
export function isNotFound(error: unknown): boolean {
  const name = errorName(error);
  return name === 'NotFound' || name === 'NoSuchKey' || httpStatus(error) === 404;
}

/** `IfNoneMatch: '*'` lost: the object exists (412) or another write to it is in flight (409). */
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

export function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}
