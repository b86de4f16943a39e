/**
 * Lambda Function URL entry point for update-lead, behind CloudFront at three paths:
 * /api/send-quote, /api/decide-quote and /api/cancel-request (the Function URL sees the viewer's
 * path).
 */
import { sesClientFromEnv } from '../shared/runtime/aws';
import { routedFunctionUrlHandler } from '../shared/runtime/http';
import type { PathRoutes } from '../shared/runtime/http';
import { linkSecretsFromEnv } from '../shared/links/link-secret';
import { leadTableFromEnv } from '../shared/runtime/table-handle';
import { cancelRequest, decideQuote, sendQuote } from './update-lead';
import type { UpdateLeadDeps } from './update-lead-deps';
import { API_PATHS } from '#contract/core/api';
import { readEnv } from '#contract/core/env';
import { LOOP_LIMITS } from '#contract/loop/quote-loop';

const env = readEnv('update-lead', process.env);
const deps: UpdateLeadDeps = {
  table: leadTableFromEnv(env),
  ses: sesClientFromEnv(env),
  secrets: linkSecretsFromEnv(env),
  publicBaseUrl: env.publicBaseUrl,
  sender: env.senderAddress,
  operationsAddress: env.operationsAddress,
  now: () => new Date(),
  emitMetric: (line: string) => void process.stdout.write(`${line}\n`),
};

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
