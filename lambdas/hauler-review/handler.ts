// hauler-review's Function URL: operations' review of a hauler, and their decision.
import { depsFromEnv } from '../shared/handlers/deps';
import { routedFunctionUrlHandler } from '../shared/runtime/http';
import type { PathRoutes } from '../shared/runtime/http';
import { decide, review } from './hauler-review';
import type { HaulerReviewDeps } from './hauler-review';
import { API_PATHS } from '#contract/core/api';
import { readEnv } from '#contract/core/env';
import { HAULER_REQUEST_BODY_MAX_BYTES } from '#contract/haulers/hauler-api';

const env = readEnv('hauler-review', process.env);
const deps: HaulerReviewDeps = {
  ...depsFromEnv(env),
  retentionDays: env.leadRetentionDays,
  configurationSet: env.confirmationConfigurationSet,
  payments: { setting: env.payments },
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
