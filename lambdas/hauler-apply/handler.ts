/**
 * Lambda Function URL entry point for hauler-apply, behind CloudFront at three paths: the
 * certificate's upload URL, the application and the applicant's confirmation (the Function URL
 * sees the viewer's path).
 */
import type { LambdaFunctionURLEvent, LambdaFunctionURLResult } from 'aws-lambda';
import { s3ClientFromEnv, sesClientFromEnv } from '../shared/aws';
import { apiError, functionUrlHandler, jsonResult } from '../shared/http';
import type { JsonResult } from '../shared/http';
import { linkSecretsFromEnv } from '../shared/link-secret';
import { leadTableFromEnv } from '../shared/table-handle';
import { apply, certificateUrl, confirm } from './hauler-apply';
import type { HaulerApplyDeps } from './hauler-apply';
import { API_PATHS } from '#contract/api';
import { readEnv } from '#contract/env';
import { HAULER_REQUEST_BODY_MAX_BYTES } from '#contract/hauler-api';
import { LIMITS } from '#contract/limits';

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

const ROUTES: Record<
  string,
  (body: Record<string, unknown>, deps: HaulerApplyDeps) => Promise<JsonResult>
> = {
  [API_PATHS.certificateUrl]: certificateUrl,
  [API_PATHS.apply]: apply,
  [API_PATHS.confirm]: confirm,
};

const run = functionUrlHandler(
  'hauler-apply',
  // handler() below has already answered 404 for any path without a route.
  (body, event) => ROUTES[event.rawPath]!(body, deps),
  {
    maxBytes: HAULER_REQUEST_BODY_MAX_BYTES,
    // Never the body: it holds personal data or a token.
    logContext: (_body, event) => ({ path: event.rawPath }),
  },
);

export async function handler(event: LambdaFunctionURLEvent): Promise<LambdaFunctionURLResult> {
  if (!Object.hasOwn(ROUTES, event.rawPath)) {
    return jsonResult(404, apiError('invalid_request', 'There is nothing at this address.'));
  }
  return run(event);
}
