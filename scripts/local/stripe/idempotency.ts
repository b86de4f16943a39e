/**
 * Idempotent requests as Stripe keeps them: the first answer to a key is saved and replayed to
 * any later request with that key and the same method, path and parameters (with
 * `Idempotent-Replayed: true`); the same key with anything else is refused. Keys are kept 24
 * hours on the stand-in's clock, and per API key.
 */
import { createHash } from 'node:crypto';
import type { Core } from './core';
import { StripeError } from './errors';
import type { Params } from './params';
import type { Stored } from './store';

export const KEY_LIFETIME_SECONDS = 24 * 60 * 60;

export interface SavedAnswer extends Stored {
  key: string;
  request: string;
  status: number;
  body: string;
  requestId: string;
  created: number;
}

/** Parameters in one canonical order, so a re-encoded body with the same values matches. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, canonical((value as Params)[key])]),
  );
}

const recordId = (apiKey: string, key: string) =>
  `${createHash('sha256').update(apiKey).digest('hex').slice(0, 12)}:${key}`;

const requestOf = (method: string, path: string, params: Params) =>
  `${method} ${path} ${JSON.stringify(canonical(params))}`;

/** The saved answer to replay, or undefined when the key is new; throws on a mismatch. */
export function savedAnswer(
  core: Core,
  apiKey: string,
  key: string,
  method: string,
  path: string,
  params: Params,
): SavedAnswer | undefined {
  const saved = core.store.get<SavedAnswer>('idempotency', recordId(apiKey, key));
  if (saved === undefined) return undefined;
  if (saved.request !== requestOf(method, path, params)) {
    throw new StripeError(
      400,
      {
        type: 'idempotency_error',
        message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
      },
      false,
    );
  }
  return saved;
}

export function saveAnswer(
  core: Core,
  apiKey: string,
  key: string,
  request: { method: string; path: string; params: Params; requestId: string },
  status: number,
  body: string,
): void {
  core.store.put<SavedAnswer>('idempotency', {
    id: recordId(apiKey, key),
    key,
    request: requestOf(request.method, request.path, request.params),
    status,
    body,
    requestId: request.requestId,
    created: core.clock.now(),
  });
}

export function forgetOldKeys(core: Core): void {
  const cutoff = core.clock.now() - KEY_LIFETIME_SECONDS;
  for (const saved of core.store.all<SavedAnswer>('idempotency')) {
    if (saved.created < cutoff) core.store.delete('idempotency', saved.id);
  }
}
