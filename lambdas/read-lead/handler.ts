/**
 * Lambda Function URL entry point for read-lead (behind CloudFront at /api/lead). Read only: the
 * role may only GetItem on lead items and read the secret.
 */
import { functionUrlHandler } from '../shared/runtime/http';
import { linkSecretsFromEnv } from '../shared/links/link-secret';
import { leadTableFromEnv } from '../shared/runtime/table-handle';
import { readLead } from './read-lead';
import { readEnv } from '#contract/core/env';
import { LOOP_LIMITS } from '#contract/loop/quote-loop';

const env = readEnv('read-lead', process.env);
const deps = {
  table: leadTableFromEnv(env),
  secrets: linkSecretsFromEnv(env),
  now: () => new Date(),
};

export const handler = functionUrlHandler('read-lead', (body) => readLead(body, deps), {
  maxBytes: LOOP_LIMITS.requestBodyMaxBytes,
  // Never the body: it holds the token.
  logContext: () => ({}),
});
