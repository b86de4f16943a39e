/**
 * One API request, as Stripe handles it: the secret key, then any fault switched on, then the
 * idempotency key (replay or refuse), then the endpoint itself, its `expand`, and an answer in
 * Stripe's shape with Stripe's headers.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody } from '../read-body';
import { API_VERSION, type Core, expand } from './core';
import { StripeError } from './errors';
import type { Faults } from './faults';
import { saveAnswer, savedAnswer } from './idempotency';
import { randomChars } from './ids';
import { expandPaths, parseParams, refuseUnknown } from './params';
import type { RequestLog } from './request-log';
import { matchRoute } from './routes';

export interface ApiDeps {
  core: Core;
  faults: Faults;
  log: RequestLog;
  /** Lapses holds and sessions due on the clock, before the request sees them. */
  sweep: () => void;
  /** Persists what changed. */
  flush: () => void;
}

interface Answer {
  status: number;
  body: string;
  headers: Record<string, string>;
}

const json = (value: unknown) => JSON.stringify(value, null, 2);

const errorAnswer = (error: StripeError): Answer => ({
  status: error.status,
  body: json({ error: error.body }),
  headers: {},
});

const header = (req: IncomingMessage, name: string) => {
  const value = req.headers[name];
  return typeof value === 'string' && value !== '' ? value : null;
};

export async function handleApi(
  req: IncomingMessage,
  res: ServerResponse,
  deps: ApiDeps,
): Promise<void> {
  const method = req.method ?? 'GET';
  const url = new URL(req.url ?? '/', 'http://stand-in');
  const requestId = `req_${randomChars(14)}`;
  const key = method === 'POST' ? header(req, 'idempotency-key') : null;
  const entry = deps.log.add({
    method,
    path: url.pathname,
    idempotencyKey: key,
    status: null,
    replayed: false,
    fault: null,
    requestId,
  });
  const send = (answer: Answer) => {
    entry.status = answer.status;
    res.writeHead(answer.status, {
      'content-type': 'application/json',
      'request-id': requestId,
      'stripe-version': header(req, 'stripe-version') ?? API_VERSION,
      ...(key === null ? {} : { 'idempotency-key': key }),
      ...answer.headers,
    });
    res.end(answer.body);
  };

  const apiKey = /^Bearer (sk_test_\S+)$/.exec(header(req, 'authorization') ?? '')?.[1];
  if (apiKey === undefined) {
    req.resume();
    send({
      status: 401,
      headers: { 'www-authenticate': 'Bearer realm="Stripe"' },
      body: json({
        error: {
          type: 'invalid_request_error',
          message:
            "You did not provide a test secret key. Send it in the Authorization header as 'Bearer sk_test_…' (the local stand-in takes any sk_test_ key).",
        },
      }),
    });
    return;
  }

  const fault = deps.faults.take(method, url.pathname);
  entry.fault = fault;
  if (fault === '500') {
    req.resume();
    send({
      status: 500,
      headers: {},
      body: json({
        error: {
          type: 'api_error',
          message: 'An unknown error occurred (local fault switched on).',
        },
      }),
    });
    return;
  }

  const raw = method === 'POST' ? ((await readBody(req, 1024 * 1024)) ?? Buffer.alloc(0)) : null;
  const answer = answerFor(deps, {
    method,
    path: url.pathname,
    params: parseParams(raw === null ? url.search.slice(1) : raw.toString()),
    apiKey,
    key,
    requestId,
    account: header(req, 'stripe-account'),
  });
  entry.replayed = answer.headers['idempotent-replayed'] === 'true';
  if (fault === 'lost-answer') {
    entry.status = answer.status;
    res.socket?.destroy();
    return;
  }
  send(answer);
}

function answerFor(
  deps: ApiDeps,
  request: {
    method: string;
    path: string;
    params: Record<string, unknown>;
    apiKey: string;
    key: string | null;
    requestId: string;
    account: string | null;
  },
): Answer {
  const { core } = deps;
  const { method, path, params, apiKey, key, requestId } = request;
  const matched = matchRoute(method, path);
  if (matched === undefined) {
    return errorAnswer(
      new StripeError(404, {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${method}: ${path}). The local stand-in implements only what docs/local-stack.md lists.`,
      }),
    );
  }
  if (key !== null) {
    try {
      const saved = savedAnswer(core, apiKey, key, method, path, params);
      if (saved !== undefined) {
        return {
          status: saved.status,
          body: saved.body,
          headers: { 'idempotent-replayed': 'true', 'original-request': saved.requestId },
        };
      }
    } catch (error) {
      if (error instanceof StripeError) return errorAnswer(error);
      throw error;
    }
  }

  deps.sweep();
  core.request = { id: requestId, idempotencyKey: key };
  let answer: Answer;
  let save = true;
  try {
    refuseUnknown(params, matched.route.params ?? []);
    const result = matched.route.run(core, {
      params,
      path: matched.path,
      url: path,
      account: request.account,
    });
    const expanded = expand(core, result as Record<string, unknown>, expandPaths(params));
    answer = { status: 200, body: json(expanded), headers: {} };
  } catch (error) {
    if (!(error instanceof StripeError)) throw error;
    answer = errorAnswer(error);
    save = error.saved;
  } finally {
    core.request = { id: null, idempotencyKey: null };
  }
  if (key !== null && save) {
    saveAnswer(core, apiKey, key, { method, path, params, requestId }, answer.status, answer.body);
  }
  deps.flush();
  return answer;
}
