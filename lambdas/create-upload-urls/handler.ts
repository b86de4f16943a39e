/** Lambda Function URL entry point for create-upload-urls (behind CloudFront at /api/upload-urls). */
import { s3ClientFromEnv } from '../shared/runtime/aws';
import { functionUrlHandler } from '../shared/runtime/http';
import { leadTableFromEnv } from '../shared/runtime/table-handle';
import { createUploadUrls } from './create-upload-urls';
import { readEnv } from '#contract/core/env';
import { LIMITS } from '#contract/core/limits';

// Read once, at cold start: a missing or wrong variable fails the first call, naming it.
const env = readEnv('create-upload-urls', process.env);
const deps = {
  s3: s3ClientFromEnv(env),
  leads: leadTableFromEnv(env),
  bucket: env.bucketName,
  publicBaseUrl: env.publicBaseUrl,
  now: () => new Date(),
  expiresIn: LIMITS.uploadUrlExpirySeconds,
};

// Presigning is local computation; a throw means missing credentials or region, or the lead
// table (the upload batch record) is unreachable.
export const handler = functionUrlHandler('create-upload-urls', (body) =>
  createUploadUrls(body, deps),
);
