// job-updates' Function URL: the job's paths (JOB_API_PATHS), the homeowner's and the hauler's.
import { depsFromEnv } from '../shared/handlers/deps';
import { paymentsFromEnv } from '../shared/payments/payments-from-env';
import { routedFunctionUrlHandler } from '../shared/runtime/http';
import type { JobDeps } from './job-deps';
import { JOB_ROUTES } from './routes';
import { readEnv } from '#contract/core/env';
import { LOOP_LIMITS } from '#contract/loop/quote-loop';

const env = readEnv('job-updates', process.env);
const deps: JobDeps = { ...depsFromEnv(env), payments: paymentsFromEnv(env) };

export const handler = routedFunctionUrlHandler(
  'job-updates',
  JOB_ROUTES,
  deps,
  LOOP_LIMITS.requestBodyMaxBytes,
);
