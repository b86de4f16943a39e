// hauler-apply's Function URL: the certificate's upload URL, the application, the confirmation.
import { depsFromEnv } from '../shared/handlers/deps';
import { routedFunctionUrlHandler } from '../shared/runtime/http';
import type { PathRoutes } from '../shared/runtime/http';
import { apply, certificateUrl, confirm } from './hauler-apply';
import type { HaulerApplyDeps } from './hauler-apply';
import { API_PATHS } from '#contract/core/api';
import { readEnv } from '#contract/core/env';
import { HAULER_REQUEST_BODY_MAX_BYTES } from '#contract/haulers/hauler-api';
import { LIMITS } from '#contract/core/limits';

const env = readEnv('hauler-apply', process.env);
const deps: HaulerApplyDeps = {
  ...depsFromEnv(env),
  applicationDailyCap: env.haulerApplicationDailyCap,
  uploadUrlSeconds: LIMITS.uploadUrlExpirySeconds,
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
