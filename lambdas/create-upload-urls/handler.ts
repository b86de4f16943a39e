/**
 * Lambda Function URL entry point for create-upload-urls (behind CloudFront at /api/upload-urls).
 *
 * Environment: BUCKET_NAME, PUBLIC_BASE_URL, LEADS_TABLE; locally also S3_ENDPOINT,
 * S3_FORCE_PATH_STYLE and DYNAMODB_ENDPOINT.
 */
import { requireEnv, s3ClientFromEnv } from '../shared/aws';
import { functionUrlHandler } from '../shared/http';
import { leadTableFromEnv } from '../shared/lead-store';
import { createUploadUrls } from './create-upload-urls';
import { LIMITS } from '#contract/limits';

// Read once, at cold start: a missing variable fails the deployment's first call loudly.
const deps = {
  s3: s3ClientFromEnv(process.env),
  leads: leadTableFromEnv(process.env),
  bucket: requireEnv(process.env, 'BUCKET_NAME'),
  publicBaseUrl: requireEnv(process.env, 'PUBLIC_BASE_URL'),
  now: () => new Date(),
  expiresIn: LIMITS.uploadUrlExpirySeconds,
};

// Presigning is local computation; a throw means missing credentials or region, or the lead
// table (the upload batch record) is unreachable.
export const handler = functionUrlHandler('create-upload-urls', (body) =>
  createUploadUrls(body, deps),
);
