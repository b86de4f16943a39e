/**
 * Lambda Function URL entry point for hauler-apply, behind CloudFront at three paths: the
 * certificate's upload URL, the application and the applicant's confirmation (the Function URL
 * sees the viewer's path).
 */
import { s3ClientFromEnv, sesClientFromEnv } from '../shared/runtime/aws';
import { routedFunctionUrlHandler } from '../shared/runtime/http';
import type { PathRoutes } from '../shared/runtime/http';
import { linkSecretsFromEnv } from '../shared/links/link-secret';
import { leadTableFromEnv } from '../shared/runtime/table-handle';
import { apply, certificateUrl, confirm } from './hauler-apply';
import type { HaulerApplyDeps } from './hauler-apply';
import { API_PATHS } from '#contract/core/api';
import { readEnv } from '#contract/core/env';
import { HAULER_REQUEST_BODY_MAX_BYTES } from '#contract/haulers/hauler-api';
import { LIMITS } from '#contract/core/limits';

const env = readEnv('hauler-apply', process.env);
const deps: HaulerApplyDeps = {
  table: leadTableFromEnv(env),
  s3: s3ClientFromEnv(env),
  ses: sesClientFromEnv(env),
  bucket: env.bucketName,
  secrets: linkSecretsFromEnv(env),
  publicBaseUrl: env.publicBaseUrl,
  sender: env.senderAddress,
  operationsAddress: env.operationsAddress,
  applicationDailyCap: env.haulerApplicationDailyCap,
  uploadUrlSeconds: LIMITS.uploadUrlExpirySeconds,
  configurationSets: {
    applicant: env.confirmationConfigurationSet,
    operations: env.operationsConfigurationSet,
  },
  now: () => new Date(),
};

const ROUTES: PathRoutes<HaulerApplyDeps> = {
  [API_PATHS.certificateUrl]: certificateUrl,
  [API_PATHS.apply]: apply,
  [API_PATHS.confirm]: confirm,
};

export const handler = routedFunctionUrlHandler(
  'hauler-apply',
  ROUTES,
  deps,
  HAULER_REQUEST_BODY_MAX_BYTES,
);
