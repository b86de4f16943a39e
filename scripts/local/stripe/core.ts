/**
 * What every resource's handlers share: the store, the clock, where the hosted pages live, and
 * how an API object is shown (internal fields under `_standin` never leave the stand-in).
 */
import type { Clock } from './clock';
import { invalidRequest, resourceMissing } from './errors';
import type { Params } from './params';
import type { Collection, Store, Stored } from './store';

/** Stripe pins an API version per SDK release; events carry the one stripe@23.1.0 sends. */
export const API_VERSION = '2026-10-28.endive';

export interface EventRecord extends Stored {
  object: 'event';
  type: string;
  created: number;
  account?: string;
  data: { object: Record<string, unknown>; previous_attributes?: Record<string, unknown> };
  _standin: { deliveries: Record<string, Delivery> };
  [field: string]: unknown;
}

export interface DeliveryAttempt {
  at: string;
  copy: number;
  status?: number;
  error?: string;
}

export interface Delivery {
  state: 'pending' | 'delivered' | 'failed';
  pendingCopies: number;
  attempts: DeliveryAttempt[];
}

export interface Core {
  store: Store;
  clock: Clock;
  origin: string;
  /** The name the hosted pages show, as Stripe shows the platform's business name. */
  platformName: string;
  request: { id: string | null; idempotencyKey: string | null };
  onEvent: (event: EventRecord) => void;
}

export interface ApiCall {
  params: Params;
  path: Record<string, string>;
  url: string;
  /** The `Stripe-Account` header: a call made as a connected account. */
  account?: string | null;
}

export interface Route {
  method: 'GET' | 'POST' | 'DELETE';
  pattern: string;
  /** Top-level parameters the endpoint takes, besides `expand`. */
  params?: readonly string[];
  run: (core: Core, call: ApiCall) => object;
}

/** The object as the API shows it: a deep copy without the stand-in's own fields. */
export function publicView(item: object): Record<string, unknown> {
  const { _standin: _internal, ...rest } = structuredClone(item) as Record<string, unknown>;
  return rest;
}

export function load<T extends Stored>(
  core: Core,
  collection: Collection,
  id: string,
  kind: string,
  param = 'id',
): T {
  const item = core.store.get<T>(collection, id);
  if (item === undefined) throw resourceMissing(kind, id, param);
  return item;
}

/** Ids replaced by their objects along each path: `setup_intent.payment_method`, `data.x`. */
export function expand(core: Core, view: Record<string, unknown>, paths: string[]): object {
  let result: unknown = view;
  for (const path of paths) result = expandAt(core, result, path.split('.'), path);
  return result as object;
}

function expandAt(core: Core, value: unknown, segments: string[], path: string): unknown {
  if (segments.length === 0) return value;
  if (Array.isArray(value)) return value.map((item) => expandAt(core, item, segments, path));
  if (value === null || typeof value !== 'object') return value;
  const [head, ...rest] = segments as [string, ...string[]];
  const copy = { ...(value as Record<string, unknown>) };
  if (!(head in copy)) {
    throw invalidRequest(`This property cannot be expanded (${path}).`, { param: 'expand' });
  }
  let field = copy[head];
  if (typeof field === 'string') {
    const found = core.store.byId(field);
    if (found !== undefined) field = publicView(found);
  }
  copy[head] = expandAt(core, field, rest, path);
  return copy;
}

/** Stripe's list object, newest first, with `limit` (1–100, 10 by default) and `starting_after`. */
export function list(items: object[], call: ApiCall): object {
  const newestFirst = [...items].reverse().map(publicView);
  const limit = Math.min(Math.max(Number(call.params.limit ?? 10) || 10, 1), 100);
  const after = call.params.starting_after;
  const start =
    typeof after === 'string' ? newestFirst.findIndex((item) => item.id === after) + 1 : 0;
  const page = newestFirst.slice(start, start + limit);
  return {
    object: 'list',
    data: page,
    has_more: start + limit < newestFirst.length,
    url: call.url,
  };
}

export function base(core: Core, object: string, scope?: string | null) {
  return { object, created: core.clock.now(scope), livemode: false, metadata: {} };
}
