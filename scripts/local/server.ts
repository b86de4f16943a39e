/**
 * `npm start` / `npm run serve`: the whole product on one machine, as ARCHITECTURE.md describes.
 * - the pre-rendered site with CloudFront's routing, 404 and security headers;
 * - every function's handler at its /api paths (the contract's route table), called the way a
 *   Function URL behind CloudFront origin access control calls them (function-url-adapter.ts);
 * - s3rver as S3, dynalite as DynamoDB (the lead table) and aws-ses-v2-local as SES, which the
 *   handlers' real SDK clients talk to, and a stateful Stripe stand-in (stripe/) for the SDK;
 * - /quote-photos/* served from local S3, like the distribution's read-only photo behaviour: only
 *   released copies (uploads wait in incoming/, which nothing serves), with the photo response
 *   headers (Cache-Control 3600 s whatever the object says, no Content-Disposition).
 */
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import {
  PHOTO_REMOVED_HEADERS,
  photoResponseHeaders,
  securityHeaders,
} from '../../infra/security-headers';
import { LOCAL_BUCKET, startDynamo, startS3, startSes } from './aws-stand-ins';
import { LOCAL_SES_MAX_SEND_RATE, sesLimitRule } from './ses-limits';
import {
  type Faults,
  dynamoFaultRule,
  noFaults,
  s3FaultRule,
  startFaultProxy,
} from './fault-proxy';
import { type FunctionUrlHandler, invokeFunctionUrl, writeResult } from './function-url-adapter';
import { localLinkSecret } from './link-secret';
import { offerRunOptions } from './offer-run-options';
import { isPhotoPath, releasedMediaKey } from './photo-route';
import { readBody } from './read-body';
import { staticSite } from './static-site';
import {
  type LocalStripeConfig,
  localStripeOptions,
  localWebhookSecret,
  stripeConfigFromEnv,
  stripeWebhookUrl,
} from './stripe/local-config';
import { startStripeStandIn } from './stripe/server';
import { API_ROUTES, type FunctionName, SIGNATURE_GATED_FUNCTION_NAMES } from '#contract/core/api';
import { ENV, type FunctionEnvInput, environmentOf } from '#contract/core/env';
import type { PaymentSetting } from '#contract/money/payments';
import { SITE_NAME } from '#contract/core/site-name';

const root = path.resolve(import.meta.dirname, '../..');

const isSesApiCall = (req: IncomingMessage) => /^\/v[12]\//.test(req.url ?? '');

export interface LocalConfig {
  host: string;
  port: number;
  s3Port: number;
  sesPort: number;
  dynamoPort: number;
  dataDir: string;
  /** Keep the lead table in memory (the e2e stack: counters start from zero on every run). */
  dynamoInMemory: boolean;
  /** Lets tests switch AWS faults on through POST /__local/faults. Off unless LOCAL_FAULTS=1. */
  faults: boolean;
  /** How often the certificate job runs (daily in AWS); 0 never. */
  haulerDocumentsEveryMs: number;
  /** How often the offer job runs (every minute in AWS); 0 never (POST /__local/run-offers still does). */
  haulerOffersEveryMs: number;
  /** The Stripe stand-in: port, memory or data folder, webhook URL. */
  stripe: LocalStripeConfig;
  /** SES's sending rate in the stand-in (emails per second, decision 054). */
  sesMaxSendRate: number;
  /** Pay on proof against the Stripe stand-in: on unless `PAYMENTS=off`. */
  payments: PaymentSetting;
}

function localPayments(value: string | undefined): PaymentSetting {
  const setting = value?.trim() || 'on';
  if (setting !== 'on' && setting !== 'off') {
    throw new Error(`PAYMENTS must be on or off (unset: on), got '${setting}'.`);
  }
  return setting;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): LocalConfig {
  return {
    host: env.HOST ?? '127.0.0.1',
    port: Number(env.PORT ?? 3000),
    s3Port: Number(env.S3_PORT ?? 4569),
    sesPort: Number(env.SES_PORT ?? 8005),
    dynamoPort: Number(env.DYNAMO_PORT ?? 4567),
    dataDir: path.resolve(root, env.LOCAL_DATA_DIR ?? '.local'),
    dynamoInMemory: env.DYNAMO_IN_MEMORY === '1',
    faults: env.LOCAL_FAULTS === '1',
    haulerDocumentsEveryMs: Number(env.HAULER_DOCUMENTS_EVERY_MS ?? 60_000),
    haulerOffersEveryMs: Number(env.HAULER_OFFERS_EVERY_MS ?? 15_000),
    stripe: stripeConfigFromEnv(env),
    sesMaxSendRate: Number(env.SES_MAX_SEND_RATE ?? LOCAL_SES_MAX_SEND_RATE),
    payments: localPayments(env.PAYMENTS),
  };
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.statusCode = status;
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.end(JSON.stringify(body));
}

/**
 * Forwards a request to a local stand-in and streams its answer back; `override` headers replace
 * the stand-in's, and `removed` ones are never passed on.
 */
async function forward(
  req: IncomingMessage,
  res: ServerResponse,
  target: string,
  options: { override?: Record<string, string>; removed?: readonly string[] } = {},
) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string' && !['host', 'connection', 'content-length'].includes(name)) {
      headers.set(name, value);
    }
  }
  const response = await fetch(target, { method: req.method, headers });
  res.statusCode = response.status;
  for (const name of ['content-type', 'content-length', 'etag', 'last-modified', 'cache-control']) {
    const value = response.headers.get(name);
    if (value && !options.removed?.includes(name)) res.setHeader(name, value);
  }
  for (const [name, value] of Object.entries(options.override ?? {})) res.setHeader(name, value);
  res.end(Buffer.from(await response.arrayBuffer()));
}

/** Every function's variables at once: they all run in this one process. */
type LocalEnvironment = {
  [N in FunctionName]: (env: FunctionEnvInput<N>) => void;
}[FunctionName] extends (env: infer All) => void
  ? All
  : never;

/** Any sk_test_ key opens the stand-in; nothing local ever reaches Stripe. */
const LOCAL_STRIPE_KEY = 'sk_test_local_stand_in';

/** Paths CloudFront reaches without origin access control: the request signs itself. */
const SIGNATURE_GATED_PATHS = new Set(
  Object.entries(API_ROUTES)
    .filter(([, name]) => (SIGNATURE_GATED_FUNCTION_NAMES as readonly string[]).includes(name))
    .map(([path]) => path),
);

/** Path → handler, as CloudFront routes them; import only once the environment is set. */
async function routeHandlers(): Promise<Map<string, FunctionUrlHandler>> {
  const byName = new Map<FunctionName, FunctionUrlHandler>();
  // Only functions a path routes to: a scheduled one runs on the timer below.
  for (const name of new Set(Object.values(API_ROUTES))) {
    const module = (await import(`../../lambdas/${name}/handler.ts`)) as {
      handler: FunctionUrlHandler;
    };
    byName.set(name, module.handler);
  }
  return new Map(Object.entries(API_ROUTES).map(([path, name]) => [path, byName.get(name)!]));
}

/**
 * The scheduled certificate job on a timer, one run at a time (as its reserved concurrency of 1
 * makes it in AWS); a failed run is logged by the handler and tried again on the next tick.
 */
async function startHaulerDocumentsTimer(everyMs: number): Promise<() => Promise<void>> {
  if (!(everyMs > 0)) return async () => undefined;
  const { handler } = (await import('../../lambdas/hauler-documents/handler.ts')) as {
    handler: () => Promise<unknown>;
  };
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = running.then(() => handler().catch(() => undefined));
  };
  const timer = setInterval(tick, everyMs);
  tick();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

type OfferRun = (at?: Date, only?: string) => Promise<unknown>;
type OutboxDrain = (at?: Date) => Promise<unknown>;
type MoneyRun = (at?: Date, only?: string) => Promise<unknown>;

/**
 * The offer job on a timer and on request (`POST /__local/run-offers`), one run at a time in
 * both cases, as its reserved concurrency of 1 makes it in AWS. A run on request may name the
 * time it runs at, so tests move the clock on instead of waiting for it.
 */
async function startHaulerOffers(everyMs: number): Promise<{
  runAt: OfferRun;
  drainAt: OutboxDrain;
  moneyAt: MoneyRun;
  stop: () => Promise<void>;
}> {
  const { handler, runOffers, sendOwedEmails, runMoney } =
    (await import('../../lambdas/hauler-offers/handler.ts')) as {
      handler: () => Promise<unknown>;
      runOffers: OfferRun;
      sendOwedEmails: (options?: { at?: Date }) => Promise<unknown>;
      runMoney: MoneyRun;
    };
  let running: Promise<unknown> = Promise.resolve();
  const queue = (job: () => Promise<unknown>) => {
    const next = running.then(job);
    running = next.catch(() => undefined);
    return next;
  };
  // The handler logs a failed run itself; the next tick tries again.
  const timer =
    everyMs > 0 ? setInterval(() => void queue(handler).catch(() => {}), everyMs) : undefined;
  return {
    runAt: (at, only) => queue(() => runOffers(at, only)),
    // The outbox's sender (decision 054), as the job runs it after its offers.
    drainAt: (at) => queue(() => sendOwedEmails(at === undefined ? {} : { at })),
    // The money job (decision 057), as the minute runs it after the offers.
    moneyAt: (at, only) => queue(() => runMoney(at, only)),
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}

export async function startLocalStack(config: LocalConfig = configFromEnv()) {
  const siteOrigin = `http://localhost:${config.port}`;
  const s3Endpoint = `http://localhost:${config.s3Port}`;
  const faults: Faults = { ...noFaults(), sesMaxSendRate: config.sesMaxSendRate };

  // s3rver listens on an internal port; the advertised S3 port is a pass-through proxy where the
  // tests can switch S3 faults on. SES likewise sits behind a proxy of its own. The internal
  // ports are whatever the system hands out, so they never collide with a configured port.
  const s3 = await startS3({
    port: 0,
    dataDir: config.dataDir,
    siteOrigins: [siteOrigin, `http://127.0.0.1:${config.port}`],
  });
  const s3Proxy = await startFaultProxy({
    port: config.s3Port,
    targetPort: s3.port,
    rule: s3FaultRule(faults),
  });
  const ses = await startSes({ port: 0 });
  const sesLimits = sesLimitRule(faults);
  const sesProxy = await startFaultProxy({
    port: config.sesPort,
    targetPort: ses.port,
    // Faults hit the SES API only; the mail viewer and its /store keep working. Beyond them, SES's
    // own limits: its sending rate and the addresses it refuses (decision 054).
    rule: (req, body) =>
      faults.sesDown && isSesApiCall(req)
        ? { status: 503, body: '{"message":"Service Unavailable (local fault)"}' }
        : sesLimits(req, body),
    readBody: true,
    delayMs: (req) => (isSesApiCall(req) ? faults.sesDelayMs : 0),
  });

  // dynalite too sits behind a fault proxy (a failing lead write), on the advertised port.
  const dynamo = await startDynamo({
    port: 0,
    ...(config.dynamoInMemory ? {} : { dataDir: config.dataDir }),
  });
  const dynamoProxy = await startFaultProxy({
    port: config.dynamoPort,
    targetPort: Number(new URL(dynamo.endpoint).port),
    rule: dynamoFaultRule(faults),
    readBody: true,
  });
  const dynamoEndpoint = `http://127.0.0.1:${config.dynamoPort}`;

  const stripeWebhookSecret = localWebhookSecret(config.dataDir, process.env);
  const stripe = await startStripeStandIn(
    localStripeOptions(config.stripe, {
      dataDir: config.dataDir,
      siteOrigin,
      platformName: SITE_NAME,
      webhookSecret: stripeWebhookSecret,
    }),
  );

  const environment: LocalEnvironment = {
    bucketName: LOCAL_BUCKET,
    publicBaseUrl: siteOrigin,
    senderAddress: process.env[ENV.senderAddress] ?? 'quotes@bulktrashpickup.example',
    operationsAddress: process.env[ENV.operationsAddress] ?? 'operations@bulktrashpickup.example',
    s3Endpoint,
    s3ForcePathStyle: 'true',
    sesEndpoint: `http://localhost:${config.sesPort}`,
    leadsTable: dynamo.tableName,
    dynamodbEndpoint: dynamoEndpoint,
    // The secret itself, where AWS has a Secrets Manager ARN.
    linkSecret: localLinkSecret(config.dataDir),
    // The stand-in's own: it takes any sk_test_ key, and signs with the secret it was given.
    stripeSecretKey: LOCAL_STRIPE_KEY,
    stripeWebhookSecret,
    stripeApiOrigin: `http://127.0.0.1:${stripe.port}`,
    // On with no setting (issue 39): `PAYMENTS=off npm start` shows the stage without payments.
    payments: config.payments,
  };
  Object.assign(process.env, {
    AWS_REGION: process.env.AWS_REGION ?? 'us-east-1',
    // s3rver's fixed local credentials; nothing here ever reaches AWS.
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    ...environmentOf(environment),
  });
  const handlers = await routeHandlers();
  const stopDocumentsTimer = await startHaulerDocumentsTimer(config.haulerDocumentsEveryMs);
  const offers = await startHaulerOffers(config.haulerOffersEveryMs);

  const site = staticSite(path.join(root, 'build/client'));
  const headers = securityHeaders({ uploadOrigin: s3Endpoint, upgradeInsecureRequests: false });
  const photoHeaders = photoResponseHeaders();

  const server = createServer((req, res) => {
    void (async () => {
      const { pathname } = new URL(req.url ?? '/', siteOrigin);
      for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);

      const handler = handlers.get(pathname);
      if (handler) {
        // Lambda's 6 MB payload limit; the handlers enforce their own, smaller, cap.
        const body = await readBody(req, 6 * 1024 * 1024);
        if (body === null) {
          sendJson(res, 413, {
            error: { code: 'payload_too_large', message: 'Request too large' },
          });
          return;
        }
        res.setHeader('cache-control', 'no-store');
        writeResult(
          res,
          await invokeFunctionUrl(handler, req, body, {
            signatureGated: SIGNATURE_GATED_PATHS.has(pathname),
          }),
        );
        return;
      }
      if (pathname.startsWith('/api/')) {
        sendJson(res, 404, { error: { code: 'not_found', message: 'Not found' } });
        return;
      }
      if (isPhotoPath(pathname) && (req.method === 'GET' || req.method === 'HEAD')) {
        // Read-only, like the distribution's /quote-photos/* behaviour: bucket quote-photos, a
        // released key only, headers as CloudFront's photo response headers policy sets them.
        const key = releasedMediaKey(req.url ?? '');
        if (key === undefined) {
          res.statusCode = 404;
          res.setHeader('content-type', 'text/plain; charset=utf-8');
          res.end('Not found');
          return;
        }
        await forward(req, res, `${s3Endpoint}/${LOCAL_BUCKET}/${key}`, {
          override: photoHeaders,
          removed: PHOTO_REMOVED_HEADERS,
        });
        return;
      }
      if (pathname === '/__local/faults' && config.faults) {
        if (req.method === 'POST') {
          const body = await readBody(req, 1024);
          Object.assign(faults, JSON.parse(body?.toString() || '{}') as Partial<Faults>);
        }
        // With the SES calls a delay still holds (or is delivering), for tests that check
        // nothing arrives late.
        sendJson(res, 200, { ...faults, delayedSesCalls: sesProxy.delayedCalls() });
        return;
      }
      if (pathname === '/__local/drain-outbox' && config.faults && req.method === 'POST') {
        // `{ "at": ISO 8601 }` sends what is due by then (a backoff not waited out); every
        // email is owed anyway, so sending it early harms no other test.
        const text = (await readBody(req, 1024))?.toString().trim() ?? '';
        const at = text === '' ? undefined : (JSON.parse(text) as { at?: unknown }).at;
        const when = typeof at === 'string' ? new Date(at) : undefined;
        if (when !== undefined && Number.isNaN(when.getTime())) {
          sendJson(res, 400, { error: { code: 'invalid_request', message: 'at: ISO 8601' } });
          return;
        }
        sendJson(res, 200, await offers.drainAt(when));
        return;
      }
      if (pathname === '/__local/run-money' && config.faults && req.method === 'POST') {
        // `{ "jobId", "at" }`: that job's money at that time (the stand-in's clock moves apart).
        const text = (await readBody(req, 1024))?.toString().trim() ?? '';
        const { at, jobId } = (text === '' ? {} : JSON.parse(text)) as Record<string, unknown>;
        const when = typeof at === 'string' ? new Date(at) : undefined;
        sendJson(res, 200, {
          report: await offers.moneyAt(when, typeof jobId === 'string' ? jobId : undefined),
        });
        return;
      }
      if (pathname === '/__local/start-money' && config.faults && req.method === 'POST') {
        const { startMoneyForTest } = await import('./money-hooks.ts');
        const moved = await startMoneyForTest(
          await readBody(req, 1024),
          `http://127.0.0.1:${stripe.port}`,
          LOCAL_STRIPE_KEY,
        );
        if (typeof moved === 'string') {
          sendJson(res, 400, { error: { code: 'invalid_request', message: moved } });
          return;
        }
        sendJson(res, 200, moved);
        return;
      }
      if (pathname === '/__local/run-offers' && config.faults && req.method === 'POST') {
        const options = offerRunOptions(await readBody(req, 1024), new Date());
        if (typeof options === 'string') {
          sendJson(res, 400, { error: { code: 'invalid_request', message: options } });
          return;
        }
        sendJson(res, 200, await offers.runAt(options.at, options.only));
        return;
      }
      site(req, res);
    })().catch((error: unknown) => {
      console.error('local server error', error);
      if (!res.headersSent) sendJson(res, 500, { error: { message: 'Local server error' } });
      else res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));

  return {
    siteOrigin,
    stripe: { origin: stripe.origin, webhookSecret: stripeWebhookSecret },
    close: async () => {
      await stopDocumentsTimer();
      await offers.stop();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.all([s3Proxy.close(), sesProxy.close(), dynamoProxy.close()]);
      await Promise.all([s3.close(), ses.close(), dynamo.close(), stripe.close()]);
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const config = configFromEnv();
  const stack = await startLocalStack(config);
  console.log(`
  Site, APIs and photo links  ${stack.siteOrigin}
  Local S3 (s3rver)           http://localhost:${config.s3Port}  (data in ${path.relative(root, config.dataDir)}/s3)
  Local DynamoDB (dynalite)   http://localhost:${config.dynamoPort}  (table leads, data in ${config.dynamoInMemory ? 'memory' : `${path.relative(root, config.dataDir)}/dynamodb`})
  Local SES mail viewer       http://localhost:${config.sesPort}  (sent mail as JSON: /store)
  Local Stripe (stand-in)     ${stack.stripe.origin}  (admin: /_standin, data in ${config.stripe.inMemory ? 'memory' : `${path.relative(root, config.dataDir)}/stripe`}, webhooks: ${stripeWebhookUrl(config.stripe, stack.siteOrigin) || 'none'})
  Press Ctrl+C to stop.`);
  const stop = () => void stack.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
