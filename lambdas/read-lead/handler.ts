/**
 * Lambda Function URL entry point for read-lead (behind CloudFront at /api/lead).
 *
 * Environment: LEADS_TABLE, and LINK_SECRET_ARN (locally LINK_SECRET); locally also
 * DYNAMODB_ENDPOINT. Read only: the role may only GetItem on lead items and read the secret.
 */
import { functionUrlHandler } from '../shared/http';
import { leadTableFromEnv } from '../shared/lead-store';
import { linkSecretsFromEnv } from '../shared/link-secret';
import { readLead } from './read-lead';
import { LOOP_LIMITS } from '#contract/quote-loop';

const deps = {
  table: leadTableFromEnv(process.env),
  secrets: linkSecretsFromEnv(process.env),
  now: () => new Date(),
};

export const handler = functionUrlHandler('read-lead', (body) => readLead(body, deps), {
  maxBytes: LOOP_LIMITS.requestBodyMaxBytes,
  // Never the body: it holds the token.
  logContext: () => ({}),
});
