import { depsFromEnv } from '../shared/handlers/deps';
import { functionUrlHandler } from '../shared/runtime/http';
import { createUploadUrls } from './create-upload-urls';
import type { CreateUploadUrlsDeps } from './create-upload-urls';
import { readEnv } from '#contract/core/env';
import { LIMITS } from '#contract/core/limits';

const env = readEnv('create-upload-urls', process.env);
const deps: CreateUploadUrlsDeps = {
  ...depsFromEnv(env),
  expiresIn: LIMITS.uploadUrlExpirySeconds,
};

// Presigning is local: a throw means no credentials or region, or the batch's table unreachable.
export const handler = functionUrlHandler('create-upload-urls', (body) =>
  createUploadUrls(body, deps),
);
