/**
 * A stateful stand-in for Stripe that the official `stripe` SDK talks to
 * (`new Stripe(key, { host, port, protocol: 'http' })`): the API under /v1, hosted card and
 * onboarding pages, signed webhooks, its own clock, faults, and admin endpoints under /_standin.
 * docs/local-stack.md lists what it implements.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { handleAdmin } from './admin';
import { handleApi } from './api';
import { handleCardPage } from './card-page';
import { expireSessions } from './checkout';
import { Clock } from './clock';
import type { Core } from './core';
import { Faults } from './faults';
import { forgetOldKeys } from './idempotency';
import { handleOnboardingPage } from './onboarding-page';
import { expireHolds } from './payment-lifecycle';
import { RequestLog } from './request-log';
import { Store } from './store';
import { WebhookDeliverer, type WebhookOptions } from './webhooks';

export interface StripeStandInOptions {
  /** 0 picks a free port (tests). */
  port: number;
  host?: string;
  /** State in `<dataDir>/stripe/*.json`; in memory only without one. */
  dataDir?: string;
  /** Where browsers reach the hosted pages; `http://localhost:<port>` by default. */
  publicOrigin?: string;
  /** The business name the hosted pages show. */
  platformName?: string;
  webhooks?: WebhookOptions;
  /** How often holds and sessions due on the clock are lapsed, besides before each request. */
  sweepEveryMs?: number;
  /** Real time in milliseconds, for tests that pin it. */
  realMs?: () => number;
}

export interface StripeStandIn {
  origin: string;
  port: number;
  webhooks: WebhookDeliverer;
  close: () => Promise<void>;
}

export async function startStripeStandIn(options: StripeStandInOptions): Promise<StripeStandIn> {
  const store = new Store(options.dataDir);
  const clock = new Clock(store.meta.clock, options.realMs);
  const core: Core = {
    store,
    clock,
    origin: options.publicOrigin ?? '',
    platformName: options.platformName ?? 'The platform',
    request: { id: null, idempotencyKey: null },
    onEvent: (event) => webhooks.accept(event),
  };
  const flush = () => store.flush();
  const webhooks = new WebhookDeliverer(core, options.webhooks ?? {}, flush);
  const faults = new Faults();
  const log = new RequestLog();
  const sweep = () => {
    expireHolds(core);
    expireSessions(core);
    forgetOldKeys(core);
  };

  const server = createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://stand-in').pathname;
    let handled: Promise<void>;
    if (pathname.startsWith('/v1/'))
      handled = handleApi(req, res, { core, faults, log, sweep, flush });
    else if (pathname === '/_standin' || pathname.startsWith('/_standin/')) {
      handled = handleAdmin(req, res, { core, faults, log, webhooks, sweep, flush });
    } else if (pathname.startsWith('/c/pay/'))
      handled = handleCardPage(req, res, { core, sweep, flush });
    else if (pathname.startsWith('/setup/e/'))
      handled = handleOnboardingPage(req, res, { core, flush });
    else {
      req.resume();
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          error: {
            type: 'invalid_request_error',
            message: `Unrecognized request URL (${req.method}: ${pathname}).`,
          },
        }),
      );
      return;
    }
    handled.catch((error: unknown) => {
      console.error('Stripe stand-in error', error);
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { type: 'api_error', message: 'Stand-in error' } }));
      } else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  core.origin = options.publicOrigin ?? `http://localhost:${port}`;
  webhooks.resume();
  sweep();
  flush();
  const timer = setInterval(() => {
    sweep();
    flush();
  }, options.sweepEveryMs ?? 1000);
  timer.unref();

  return {
    origin: core.origin,
    port,
    webhooks,
    close: async () => {
      clearInterval(timer);
      webhooks.stop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      flush();
    },
  };
}
