// hauler-account's Function URL: the hauler's page's paths and the public freshLink.
import { depsFromEnv } from '../shared/handlers/deps';
import { routedFunctionUrlHandler } from '../shared/runtime/http';
import type { PathRoutes } from '../shared/runtime/http';
import { changeAccount, readAccount } from './account';
import type { HaulerAccountDeps } from './account';
import { freshLink } from './fresh-link';
import { payouts } from './payouts';
import { paymentsFromEnv } from '../shared/payments/payments-from-env';
import { renewal, renewalUrl } from './renewal';
import { readEnv } from '#contract/core/env';
import { HAULER_API_PATHS, HAULER_REQUEST_BODY_MAX_BYTES } from '#contract/haulers/hauler-api';
import { LIMITS } from '#contract/core/limits';

const env = readEnv('hauler-account', process.env);
const deps: HaulerAccountDeps = {
  ...depsFromEnv(env),
  uploadUrlSeconds: LIMITS.uploadUrlExpirySeconds,
  payments: paymentsFromEnv(env),
};

const ROUTES: PathRoutes<HaulerAccountDeps> = {
  [HAULER_API_PATHS.account]: readAccount,
  [HAULER_API_PATHS.accountChange]: changeAccount,
  [HAULER_API_PATHS.renewalUrl]: renewalUrl,
  [HAULER_API_PATHS.renewal]: renewal,
  [HAULER_API_PATHS.freshLink]: freshLink,
  [HAULER_API_PATHS.payouts]: payouts,
};

export const handler = routedFunctionUrlHandler(
  'hauler-account',
  ROUTES,
  deps,
  HAULER_REQUEST_BODY_MAX_BYTES,
);
