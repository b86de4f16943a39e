import {
  API_VERSION,
  type Core,
  type EventRecord,
  type Route,
  list,
  load,
  publicView,
} from './core';
import { newId } from './ids';
import type { Stored } from './store';

export interface EmitOptions {
  /** The connected account an event happened on (Connect events carry it). */
  account?: string;
  previous?: Record<string, unknown>;
  /** Whose clock the event's `created` follows (a customer or account id). */
  scope?: string | null;
}

/** Records an event with a snapshot of `object` as it is now, and hands it to the deliverer. */
export function emit(core: Core, type: string, object: Stored, options: EmitOptions = {}): void {
  const event: EventRecord = {
    id: newId('evt'),
    object: 'event',
    api_version: API_VERSION,
    created: core.clock.now(options.scope),
    data: {
      object: publicView(object),
      ...(options.previous ? { previous_attributes: options.previous } : {}),
    },
    livemode: false,
    pending_webhooks: 0,
    request: { id: core.request.id, idempotency_key: core.request.idempotencyKey },
    type,
    ...(options.account ? { account: options.account } : {}),
    _standin: { deliveries: {} },
  };
  core.store.put('events', event);
  core.onEvent(event);
}

/** The fields of `item` named in `fields`, as they are before a change. */
export function previousOf(item: object, fields: readonly string[]): Record<string, unknown> {
  const source = item as Record<string, unknown>;
  return Object.fromEntries(fields.map((field) => [field, structuredClone(source[field])]));
}

export const eventRoutes: Route[] = [
  {
    method: 'GET',
    pattern: '/v1/events',
    params: ['type', 'limit', 'starting_after'],
    run: (core, call) => {
      const type = call.params.type;
      const events = core.store
        .all<EventRecord>('events')
        .filter((event) => typeof type !== 'string' || matchesType(event.type, type));
      return list(events, call);
    },
  },
  {
    method: 'GET',
    pattern: '/v1/events/:id',
    run: (core, call) => publicView(load(core, 'events', call.path.id!, 'event')),
  },
];

/** Stripe's `type` filter takes `*` as a wildcard (`charge.dispute.*`). */
export function matchesType(type: string, filter: string): boolean {
  const pattern = filter.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${pattern.join('.*')}$`).test(type);
}
