/**
 * Lambda Function URL entry point for create-upload-urls (behind CloudFront at /api/upload-urls).
 *
 * Environment: BUCKET_NAME, PUBLIC_BASE_URL; locally also S3_ENDPOINT and S3_FORCE_PATH_STYLE.
 */
import { LIMITS } from '../shared/quote-contract';
import { requireEnv, s3ClientFromEnv } from '../shared/aws';
import { functionUrlHandler } from '../shared/http';
import { createUploadUrls } from './create-upload-urls';

// Read once, at cold start: a missing variable fails the deployment's first call loudly.
const deps = {
  s3: s3ClientFromEnv(process.env),
  bucket: requireEnv(process.env, 'BUCKET_NAME'),
  publicBaseUrl: requireEnv(process.env, 'PUBLIC_BASE_URL'),
  now: () => new Date(),
  expiresIn: LIMITS.uploadUrlExpirySeconds,
};

// Presigning is local computation; a throw means missing credentials or region.
export const handler = functionUrlHandler('create-upload-urls', (body) =>
  createUploadUrls(body, deps),
);
