/**
 * Lambda Function URL entry point for job-updates, behind CloudFront at the job's paths
 * (JOB_API_PATHS): the homeowner's address, problem, price answer and rating, and the accepted
 * hauler's on my way, price change, can't do, uploads and job done.
 */
import { s3ClientFromEnv, sesClientFromEnv } from '../shared/runtime/aws';
import { routedFunctionUrlHandler } from '../shared/runtime/http';
import type { PathRoutes } from '../shared/runtime/http';
import { linkSecretsFromEnv } from '../shared/links/link-secret';
import { leadTableFromEnv } from '../shared/runtime/table-handle';
import type { JobDeps } from './job-deps';
import { JOB_ROUTES } from './routes';
import { readEnv } from '#contract/core/env';
import { LOOP_LIMITS } from '#contract/loop/quote-loop';

const env = readEnv('job-updates', process.env);
const deps: JobDeps = {
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
  now: () => new Date(),
  emitMetric: (line: string) => void process.stdout.write(`${line}\n`),
};

const ROUTES: PathRoutes<JobDeps> = JOB_ROUTES;

export const handler = routedFunctionUrlHandler(
  'job-updates',
  ROUTES,
  deps,
  LOOP_LIMITS.requestBodyMaxBytes,
);
