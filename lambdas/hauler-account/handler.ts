/**
 * Lambda Function URL entry point for hauler-account, behind CloudFront at the hauler's page's
 * paths (HAULER_API_PATHS: account, accountChange, renewalUrl, renewal) and the public freshLink.
 */
import { s3ClientFromEnv, sesClientFromEnv } from '../shared/runtime/aws';
import { routedFunctionUrlHandler } from '../shared/runtime/http';
import type { PathRoutes } from '../shared/runtime/http';
import { linkSecretsFromEnv } from '../shared/links/link-secret';
import { leadTableFromEnv } from '../shared/runtime/table-handle';
import { changeAccount, readAccount } from './account';
import type { HaulerAccountDeps } from './account';
import { freshLink } from './fresh-link';
import { renewal, renewalUrl } from './renewal';
import { readEnv } from '#contract/core/env';
import { HAULER_API_PATHS, HAULER_REQUEST_BODY_MAX_BYTES } from '#contract/haulers/hauler-api';
import { LIMITS } from '#contract/core/limits';

const env = readEnv('hauler-account', process.env);
const deps: HaulerAccountDeps = {
  table: leadTableFromEnv(env),
  s3: s3ClientFromEnv(env),
  ses: sesClientFromEnv(env),
  bucket: env.bucketName,
  secrets: linkSecretsFromEnv(env),
  publicBaseUrl: env.publicBaseUrl,
  sender: env.senderAddress,
  operationsAddress: env.operationsAddress,
  ...(env.confirmationConfigurationSet === undefined
    ? {}
    : { haulerConfigurationSet: env.confirmationConfigurationSet }),
  ...(env.operationsConfigurationSet === undefined
    ? {}
    : { operationsConfigurationSet: env.operationsConfigurationSet }),
  uploadUrlSeconds: LIMITS.uploadUrlExpirySeconds,
  now: () => new Date(),
};

const ROUTES: PathRoutes<HaulerAccountDeps> = {
  [HAULER_API_PATHS.account]: readAccount,
  [HAULER_API_PATHS.accountChange]: changeAccount,
  [HAULER_API_PATHS.renewalUrl]: renewalUrl,
  [HAULER_API_PATHS.renewal]: renewal,
  [HAULER_API_PATHS.freshLink]: freshLink,
};

export const handler = routedFunctionUrlHandler(
  'hauler-account',
  ROUTES,
  deps,
  HAULER_REQUEST_BODY_MAX_BYTES,
);
