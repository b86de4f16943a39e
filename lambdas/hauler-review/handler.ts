/**
 * Lambda Function URL entry point for hauler-review, behind CloudFront at two paths: operations'
 * review of a hauler and their decision (the Function URL sees the viewer's path).
 */
import type { LambdaFunctionURLEvent, LambdaFunctionURLResult } from 'aws-lambda';
import { s3ClientFromEnv, sesClientFromEnv } from '../shared/aws';
import { apiError, functionUrlHandler, jsonResult } from '../shared/http';
import type { JsonResult } from '../shared/http';
import { linkSecretsFromEnv } from '../shared/link-secret';
import { leadTableFromEnv } from '../shared/table-handle';
import { decide, review } from './hauler-review';
import type { HaulerReviewDeps } from './hauler-review';
import { API_PATHS } from '#contract/api';
import { readEnv } from '#contract/env';
import { HAULER_REQUEST_BODY_MAX_BYTES } from '#contract/hauler-api';

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

const ROUTES: Record<
  string,
  (body: Record<string, unknown>, deps: HaulerReviewDeps) => Promise<JsonResult>
> = {
  [API_PATHS.review]: review,
  [API_PATHS.decide]: decide,
};

const run = functionUrlHandler(
  'hauler-review',
  // handler() below has already answered 404 for any path without a route.
  (body, event) => ROUTES[event.rawPath]!(body, deps),
  {
    maxBytes: HAULER_REQUEST_BODY_MAX_BYTES,
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
