/**
 * Lambda Function URL entry point for update-lead, behind CloudFront at three paths:
 * /api/send-quote, /api/decide-quote and /api/cancel-request (the Function URL sees the viewer's
 * path).
 */
import type { LambdaFunctionURLEvent, LambdaFunctionURLResult } from 'aws-lambda';
import { sesClientFromEnv } from '../shared/aws';
import { apiError, functionUrlHandler, jsonResult } from '../shared/http';
import type { JsonResult } from '../shared/http';
import { linkSecretsFromEnv } from '../shared/link-secret';
import { leadTableFromEnv } from '../shared/table-handle';
import { cancelRequest, decideQuote, sendQuote } from './update-lead';
import type { UpdateLeadDeps } from './update-lead';
import { API_PATHS } from '#contract/api';
import { readEnv } from '#contract/env';
import { LOOP_LIMITS } from '#contract/quote-loop';

const env = readEnv('update-lead', process.env);
const deps: UpdateLeadDeps = {
  table: leadTableFromEnv(env),
  ses: sesClientFromEnv(env),
  secrets: linkSecretsFromEnv(env),
  publicBaseUrl: env.publicBaseUrl,
  sender: env.senderAddress,
  operationsAddress: env.operationsAddress,
  now: () => new Date(),
};

const ROUTES: Record<
  string,
  (body: Record<string, unknown>, deps: UpdateLeadDeps) => Promise<JsonResult>
> = {
  [API_PATHS.sendQuote]: sendQuote,
  [API_PATHS.decideQuote]: decideQuote,
  [API_PATHS.cancelRequest]: cancelRequest,
};

const run = functionUrlHandler(
  'update-lead',
  // handler() below has already answered 404 for any path without a route.
  (body, event) => ROUTES[event.rawPath]!(body, deps),
  {
    maxBytes: LOOP_LIMITS.requestBodyMaxBytes,
    // Never the body: it holds the token.
    logContext: (_body, event) => ({ path: event.rawPath }),
  },
);

export async function handler(event: LambdaFunctionURLEvent): Promise<LambdaFunctionURLResult> {
  if (!Object.hasOwn(ROUTES, event.rawPath)) {
    return jsonResult(404, apiError('invalid_request', 'There is nothing at this address.'));
  }
  return run(event);
}
