/**
 * Webhook delivery as Stripe does it: each event POSTed as JSON to every endpoint, signed with
 * the endpoint's `whsec_…` secret in `Stripe-Signature: t=<ts>,v1=<HMAC-SHA256("<ts>.<payload>")>`,
 * at least once: a non-2xx answer or none at all is retried with exponential backoff.
 *
 * The signature's timestamp is real time, not the stand-in's clock: receivers (the SDK's
 * `constructEvent`) refuse a timestamp more than 5 minutes from their own clock.
 *
 * Each endpoint gets one delivery at a time, in queue order. "Chaos" (a seeded generator, so a run
 * can be repeated) delivers some events twice and picks the next delivery among the first few
 * queued, so events of one request arrive out of order; across requests the order also depends
 * on timing.
 */
import { createHmac } from 'node:crypto';
import type { Core, Delivery, EventRecord } from './core';
import { publicView } from './core';
import { paramError } from './errors';
import { seededRandom } from './random';

export interface WebhookEndpoint {
  url: string;
  secret: string;
}

export interface Chaos {
  seed: number;
  /** Share of deliveries sent twice, 0 to 1. */
  duplicateRate: number;
  /** The next delivery is picked at random among this many queued (1 keeps the order). */
  reorderWindow: number;
}

export interface WebhookOptions {
  endpoints?: WebhookEndpoint[];
  chaos?: Chaos | null;
  /** First retry after this long, doubling each time up to `retryMaxMs`. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** Attempts per delivery before it is given up as failed. */
  maxAttempts?: number;
  /** How long an endpoint has to answer. */
  timeoutMs?: number;
}

export function signatureHeader(payload: string, secret: string, timestamp: number): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

interface Queued {
  eventId: string;
  url: string;
  copy: number;
  attempt: number;
}

export function readEndpoints(input: unknown): WebhookEndpoint[] {
  if (!Array.isArray(input))
    throw paramError('endpoints is a list of { url, secret }', 'endpoints');
  return input.map((item: unknown) => {
    const { url, secret } = (item ?? {}) as Record<string, unknown>;
    if (typeof url !== 'string' || !/^https?:\/\//.test(url)) {
      throw paramError('Each endpoint needs an http(s) url', 'endpoints');
    }
    if (typeof secret !== 'string' || !secret.startsWith('whsec_')) {
      throw paramError('Each endpoint needs a signing secret starting whsec_', 'endpoints');
    }
    return { url, secret };
  });
}

export function readChaos(input: unknown): Chaos | null {
  if (input === null || input === false) return null;
  const { seed, duplicateRate, reorderWindow } = (input ?? {}) as Record<string, unknown>;
  const chaos = {
    seed: seed === undefined ? 1 : Number(seed),
    duplicateRate: duplicateRate === undefined ? 0.3 : Number(duplicateRate),
    reorderWindow: reorderWindow === undefined ? 3 : Number(reorderWindow),
  };
  if (
    !Number.isInteger(chaos.seed) ||
    !(chaos.duplicateRate >= 0 && chaos.duplicateRate <= 1) ||
    !(Number.isInteger(chaos.reorderWindow) && chaos.reorderWindow >= 1)
  ) {
    throw paramError(
      'chaos is { seed: integer, duplicateRate: 0..1, reorderWindow: 1 or more }',
      'chaos',
    );
  }
  return chaos;
}

export class WebhookDeliverer {
  private endpointList: WebhookEndpoint[];
  private chaosSettings: Chaos | null = null;
  private random: () => number = Math.random;
  private readonly queues = new Map<string, Queued[]>();
  private readonly busy = new Set<string>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly stopping = new AbortController();
  private readonly settings: Required<Omit<WebhookOptions, 'endpoints' | 'chaos'>>;

  constructor(
    private readonly core: Core,
    options: WebhookOptions,
    private readonly flush: () => void,
  ) {
    this.endpointList = options.endpoints ?? [];
    this.setChaos(options.chaos ?? null);
    this.settings = {
      retryBaseMs: options.retryBaseMs ?? 1000,
      retryMaxMs: options.retryMaxMs ?? 60_000,
      maxAttempts: options.maxAttempts ?? 10,
      timeoutMs: options.timeoutMs ?? 10_000,
    };
  }

  get endpoints(): readonly WebhookEndpoint[] {
    return this.endpointList;
  }

  get chaos(): Chaos | null {
    return this.chaosSettings;
  }

  /** Endpoints apply to events from now on; deliveries already queued go on. */
  setEndpoints(endpoints: WebhookEndpoint[]): void {
    this.endpointList = endpoints;
  }

  setChaos(chaos: Chaos | null): void {
    this.chaosSettings = chaos;
    this.random = chaos === null ? Math.random : seededRandom(chaos.seed);
  }

  /** A new event: one delivery per endpoint (two, now and then, under chaos). */
  accept(event: EventRecord): void {
    event.pending_webhooks = this.endpointList.length;
    for (const { url } of this.endpointList) {
      const twice = this.chaosSettings !== null && this.random() < this.chaosSettings.duplicateRate;
      const delivery: Delivery = { state: 'pending', pendingCopies: twice ? 2 : 1, attempts: [] };
      event._standin.deliveries[url] = delivery;
      this.enqueue({ eventId: event.id, url, copy: 0, attempt: 1 });
      if (twice) this.enqueue({ eventId: event.id, url, copy: 1, attempt: 1 });
    }
  }

  /** Deliveries left pending when the stand-in last stopped. */
  resume(): void {
    for (const event of this.core.store.all<EventRecord>('events')) {
      for (const [url, delivery] of Object.entries(event._standin.deliveries)) {
        if (delivery.state !== 'pending') continue;
        delivery.pendingCopies = 1;
        this.enqueue({ eventId: event.id, url, copy: 0, attempt: delivery.attempts.length + 1 });
      }
    }
  }

  stop(): void {
    this.stopping.abort();
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private enqueue(item: Queued): void {
    if (this.stopping.signal.aborted) return;
    const queue = this.queues.get(item.url) ?? [];
    this.queues.set(item.url, queue);
    queue.push(item);
    if (this.busy.has(item.url)) return;
    this.busy.add(item.url);
    // Later in this turn, so that all events of one request are queued before one is picked.
    setImmediate(() => void this.drain(item.url));
  }

  private async drain(url: string): Promise<void> {
    const queue = this.queues.get(url)!;
    while (queue.length > 0 && !this.stopping.signal.aborted) {
      const window = Math.min(this.chaosSettings?.reorderWindow ?? 1, queue.length);
      const index = window > 1 ? Math.floor(this.random() * window) : 0;
      const [item] = queue.splice(index, 1);
      await this.deliver(item!);
    }
    this.busy.delete(url);
  }

  private async deliver(item: Queued): Promise<void> {
    const event = this.core.store.get<EventRecord>('events', item.eventId);
    const delivery = event?._standin.deliveries[item.url];
    if (event === undefined || delivery === undefined) return;
    const endpoint = this.endpointList.find((e) => e.url === item.url);
    let status: number | undefined;
    let error: string | undefined;
    if (endpoint === undefined) {
      error = 'endpoint removed';
    } else {
      const payload = JSON.stringify(publicView(event), null, 2);
      try {
        const response = await fetch(endpoint.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
            'stripe-signature': signatureHeader(
              payload,
              endpoint.secret,
              Math.floor(Date.now() / 1000),
            ),
          },
          body: payload,
          signal: AbortSignal.any([
            this.stopping.signal,
            AbortSignal.timeout(this.settings.timeoutMs),
          ]),
        });
        await response.arrayBuffer();
        status = response.status;
      } catch (caught) {
        error = caught instanceof Error ? caught.message : String(caught);
      }
    }
    if (this.stopping.signal.aborted) return;
    delivery.attempts.push({ at: new Date().toISOString(), copy: item.copy, status, error });
    const ok = status !== undefined && status >= 200 && status < 300;
    if (ok) delivery.state = 'delivered';
    if (ok || endpoint === undefined || item.attempt >= this.settings.maxAttempts) {
      delivery.pendingCopies -= 1;
      if (delivery.pendingCopies <= 0 && delivery.state !== 'delivered') delivery.state = 'failed';
    } else {
      const delay = Math.min(
        this.settings.retryBaseMs * 2 ** (item.attempt - 1),
        this.settings.retryMaxMs,
      );
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        this.enqueue({ ...item, attempt: item.attempt + 1 });
      }, delay);
      this.timers.add(timer);
    }
    this.core.store.put('events', event);
    this.flush();
  }
}
