// update-lead's Function URL: /api/send-quote, /api/decide-quote and /api/cancel-request.
import { depsFromEnv } from '../shared/handlers/deps';
import { routedFunctionUrlHandler } from '../shared/runtime/http';
import type { PathRoutes } from '../shared/runtime/http';
import { cancelRequest, decideQuote, sendQuote } from './update-lead';
import type { UpdateLeadDeps } from './update-lead-deps';
import { paymentsFromEnv } from '../shared/payments/payments-from-env';
import { API_PATHS } from '#contract/core/api';
import { readEnv } from '#contract/core/env';
import { LOOP_LIMITS } from '#contract/loop/quote-loop';

const env = readEnv('update-lead', process.env);
const deps: UpdateLeadDeps = { ...depsFromEnv(env), payments: paymentsFromEnv(env) };

const ROUTES: PathRoutes<UpdateLeadDeps> = {
  [API_PATHS.sendQuote]: sendQuote,
  [API_PATHS.decideQuote]: decideQuote,
  [API_PATHS.cancelRequest]: cancelRequest,
};

export const handler = routedFunctionUrlHandler(
  'update-lead',
  ROUTES,
  deps,
  LOOP_LIMITS.requestBodyMaxBytes,
);
