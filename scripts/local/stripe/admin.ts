/**
 * The stand-in's own endpoints, under `/_standin/` only (JSON in, JSON out): its clock, the
 * request log, the events and their deliveries, webhook endpoints and chaos, faults, disputes.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody } from '../read-body';
import { iso } from './clock';
import { type Core, type EventRecord, publicView } from './core';
import { closeDispute, openDispute } from './disputes';
import { StripeError, paramError } from './errors';
import { matchesType } from './events';
import type { Faults } from './faults';
import type { RequestLog } from './request-log';
import { type WebhookDeliverer, readChaos, readEndpoints } from './webhooks';

export interface AdminDeps {
  core: Core;
  faults: Faults;
  log: RequestLog;
  webhooks: WebhookDeliverer;
  sweep: () => void;
  flush: () => void;
}

const HELP = {
  'GET /_standin/clock': "the stand-in's time, and each customer's or account's own",
  'POST /_standin/clock':
    '{ advanceSeconds } or { at: ISO 8601 }, optionally with { customer } or { account } to move that one only',
  'GET /_standin/requests':
    'the API request log; ?since=<seq>&method=POST&path=/v1/payment_intents',
  'GET /_standin/events': 'events with their delivery attempts; ?type=charge.*&since=<index>',
  'GET|POST /_standin/webhooks':
    '{ endpoints: [{ url, secret }], chaos: { seed, duplicateRate, reorderWindow } | null }',
  'GET|POST|DELETE /_standin/faults': '{ method, path, mode: "500" | "lost-answer", count }',
  'POST /_standin/disputes': '{ charge | payment_intent, reason?, amount? }: opens a dispute',
  'POST /_standin/disputes/<id>/close': '{ status: "won" | "lost" }',
};

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body, null, 2));
}

const typeMatches = (type: string, filter: string | null) =>
  filter === null || matchesType(type, filter);

function clockChange(body: Record<string, unknown>) {
  const { advanceSeconds, at, customer, account } = body;
  const scope = [customer, account].find((s) => typeof s === 'string') as string | undefined;
  if (at !== undefined) {
    const time = typeof at === 'string' ? Date.parse(at) : Number.NaN;
    if (Number.isNaN(time)) throw paramError('at must be an ISO 8601 time', 'at');
    return { at: Math.floor(time / 1000), scope };
  }
  if (typeof advanceSeconds !== 'number') {
    throw paramError('Send { advanceSeconds: number } or { at: ISO 8601 }', 'advanceSeconds');
  }
  return { advanceSeconds, scope };
}

function eventsView(core: Core, query: URLSearchParams) {
  const since = Number(query.get('since') ?? 0) || 0;
  return core.store
    .all<EventRecord>('events')
    .map((event, index) => ({ index, event }))
    .filter(({ index, event }) => index >= since && typeMatches(event.type, query.get('type')))
    .map(({ index, event }) => ({
      index,
      ...publicView(event),
      deliveries: event._standin.deliveries,
    }));
}

export async function handleAdmin(
  req: IncomingMessage,
  res: ServerResponse,
  deps: AdminDeps,
): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://stand-in');
  const route = `${req.method} ${url.pathname.replace(/\/$/, '')}`;
  let body: Record<string, unknown> = {};
  if (req.method === 'POST') {
    const text = ((await readBody(req, 64 * 1024)) ?? Buffer.alloc(0)).toString().trim();
    try {
      body = text === '' ? {} : (JSON.parse(text) as Record<string, unknown>);
    } catch {
      sendJson(res, 400, {
        error: { type: 'invalid_request_error', message: 'The body must be JSON' },
      });
      return;
    }
  } else {
    req.resume();
  }
  try {
    const answer = answerAdmin(deps, route, url, body);
    deps.flush();
    if (answer === undefined) {
      sendJson(res, 404, {
        error: {
          type: 'invalid_request_error',
          message: 'No such admin endpoint',
          endpoints: HELP,
        },
      });
    } else sendJson(res, 200, answer);
  } catch (error) {
    if (!(error instanceof StripeError)) throw error;
    deps.flush();
    sendJson(res, error.status, { error: error.body });
  }
}

function answerAdmin(
  deps: AdminDeps,
  route: string,
  url: URL,
  body: Record<string, unknown>,
): unknown {
  const { core, faults, webhooks } = deps;
  const query = url.searchParams;
  const dispute = /^POST \/_standin\/disputes\/(dp_\w+)\/close$/.exec(route);
  if (dispute) return publicView(closeDispute(core, dispute[1]!, body.status));
  switch (route) {
    case 'GET /_standin':
      return { endpoints: HELP };
    case 'GET /_standin/clock':
      return core.clock.describe();
    case 'POST /_standin/clock': {
      core.clock.move(clockChange(body));
      core.store.touchMeta();
      // Whatever the move made due lapses now, before the answer: a test polls from here.
      deps.sweep();
      return { ...core.clock.describe(), movedTo: iso(core.clock.now()) };
    }
    case 'GET /_standin/requests':
      return {
        requests: deps.log.list({
          since: Number(query.get('since') ?? 0) || 0,
          method: query.get('method') ?? undefined,
          path: query.get('path') ?? undefined,
        }),
      };
    case 'GET /_standin/events':
      return { events: eventsView(core, query) };
    case 'GET /_standin/webhooks':
      return { endpoints: webhooks.endpoints, chaos: webhooks.chaos };
    case 'POST /_standin/webhooks':
      if (body.endpoints !== undefined) webhooks.setEndpoints(readEndpoints(body.endpoints));
      if (body.chaos !== undefined) webhooks.setChaos(readChaos(body.chaos));
      return { endpoints: webhooks.endpoints, chaos: webhooks.chaos };
    case 'GET /_standin/faults':
      return { faults: faults.rules };
    case 'POST /_standin/faults':
      faults.add(body);
      return { faults: faults.rules };
    case 'DELETE /_standin/faults':
      faults.clear();
      return { faults: faults.rules };
    case 'POST /_standin/disputes':
      return publicView(
        openDispute(core, {
          charge: typeof body.charge === 'string' ? body.charge : undefined,
          payment_intent: typeof body.payment_intent === 'string' ? body.payment_intent : undefined,
          reason: typeof body.reason === 'string' ? body.reason : undefined,
          amount: typeof body.amount === 'number' ? body.amount : undefined,
        }),
      );
    default:
      return undefined;
  }
}
