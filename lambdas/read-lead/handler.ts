/**
 * Lambda Function URL entry point for read-lead (behind CloudFront at /api/lead). Read only: the
 * role may only GetItem on lead items and read the secret.
 */
import { functionUrlHandler } from '../shared/http';
import { linkSecretsFromEnv } from '../shared/link-secret';
import { leadTableFromEnv } from '../shared/table-handle';
import { readLead } from './read-lead';
import { readEnv } from '#contract/env';
import { LOOP_LIMITS } from '#contract/quote-loop';

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
