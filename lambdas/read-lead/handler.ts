import { depsFromEnv } from '../shared/handlers/deps';
import { functionUrlHandler } from '../shared/runtime/http';
import { readLead } from './read-lead';
import type { ReadLeadDeps } from './read-lead';
import { readEnv } from '#contract/core/env';
import { LOOP_LIMITS } from '#contract/loop/quote-loop';

const env = readEnv('read-lead', process.env);
const deps: ReadLeadDeps = { ...depsFromEnv(env), payments: { setting: env.payments } };

export const handler = functionUrlHandler('read-lead', (body) => readLead(body, deps), {
  maxBytes: LOOP_LIMITS.requestBodyMaxBytes,
  // Never the body: it holds the token.
  logContext: () => ({}),
});
