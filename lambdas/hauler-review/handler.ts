/**
 * Lambda Function URL entry point for hauler-review, behind CloudFront at two paths: operations'
 * review of a hauler and their decision (the Function URL sees the viewer's path).
 */
import { s3ClientFromEnv, sesClientFromEnv } from '../shared/runtime/aws';
import { routedFunctionUrlHandler } from '../shared/runtime/http';
import type { PathRoutes } from '../shared/runtime/http';
import { linkSecretsFromEnv } from '../shared/links/link-secret';
import { leadTableFromEnv } from '../shared/runtime/table-handle';
import { decide, review } from './hauler-review';
import type { HaulerReviewDeps } from './hauler-review';
import { API_PATHS } from '#contract/core/api';
import { readEnv } from '#contract/core/env';
import { HAULER_REQUEST_BODY_MAX_BYTES } from '#contract/haulers/hauler-api';

const env = readEnv('hauler-review', process.env);
const deps: HaulerReviewDeps = {
  table: leadTableFromEnv(env),
  s3: s3ClientFromEnv(env),
  ses: sesClientFromEnv(env),
  bucket: env.bucketName,
  secrets: linkSecretsFromEnv(env),
  publicBaseUrl: env.publicBaseUrl,
  sender: env.senderAddress,
  retentionDays: env.leadRetentionDays,
  configurationSet: env.confirmationConfigurationSet,
  now: () => new Date(),
};

const ROUTES: PathRoutes<HaulerReviewDeps> = {
  [API_PATHS.review]: review,
  [API_PATHS.decide]: decide,
};

export const handler = routedFunctionUrlHandler(
  'hauler-review',
  ROUTES,
  deps,
  HAULER_REQUEST_BODY_MAX_BYTES,
);
