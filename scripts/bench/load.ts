/**
 * Section 4: a load test of each API endpoint through the local stack (autocannon), warm: latency
 * (p50, p99), throughput, and the server process's memory (resident set size sampled from /proc)
 * at rest, at its peak under load, and after the run.
 *
 * Endpoints are a list: a new one is one entry of LOAD_ENDPOINTS. An entry makes every request
 * body before the clock starts (unique submission IDs and email addresses, media already in local
 * S3, quote-loop leads already in the server's table with links signed by the server's secret),
 * so each request takes the same path a real visitor's does and no rate rule or idempotency short
 * cut answers instead. Any answer other than the endpoint's success status fails the section.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import autocannon from 'autocannon';
import { createLead, getLead } from '../../lambdas/shared/leads/lead-store';
import type { Lead, LeadStatus } from '../../lambdas/shared/leads/lead-store';
import type { LeadTable } from '../../lambdas/shared/runtime/table-handle';
import { haulerIn } from '../../lambdas/shared/testing/testing-haulers';
import { seedOffers } from '../../lambdas/shared/testing/testing-offers';
import { LOCAL_CREDENTIALS, LOCAL_LEADS_TABLE } from '../local/aws-stand-ins';
import { localLinkSecret } from '../local/link-secret';
import {
  bookedLead,
  bookingRequest,
  cancelRequestBody,
  decideQuoteBody,
  haulerQuoteBody,
  leadViewBody,
  sendQuoteBody,
} from './load-bodies';
import sharp from 'sharp';
import { API_PATHS, CONTENT_SHA256_HEADER, sha256Hex } from '#contract/core/api';
import type { BookingRequestInput } from '#contract/booking/booking';
import type { PresignedUpload, UploadUrlsRequest } from '#contract/booking/upload-urls';

/** The local stack under test, as the bench started it (scripts/bench/run.ts). */
export interface LoadStack {
  siteOrigin: string;
  /** The server's LOCAL_DATA_DIR: its link secret is kept there (scripts/local/link-secret.ts). */
  dataDir: string;
  /** The server's DynamoDB endpoint: dynalite behind its pass-through proxy, the lead table. */
  dynamoEndpoint: string;
}

/** An entry's request bodies, one per request, and what to check once they have all been sent. */
export interface Prepared {
  bodies: unknown[];
  /** Throws unless every request left what it should have (a changed lead, a sent email). */
  check?: () => Promise<void>;
}

/** What an entry's body maker may use: the site, the server's lead table and its link secret. */
export interface LoadContext {
  siteOrigin: string;
  leads: LeadTable;
  /** The secret the server verifies links with: links signed here are links it mailed. */
  linkSecret: Buffer;
}

export interface LoadEndpoint {
  name: string;
  path: string;
  /** What one request does, for the report. */
  does: string;
  /** Requests in the measured runs: one connection (latency), then CONNECTIONS (throughput). */
  requests: { sequential: number; concurrent: number };
  /** The status a successful request answers. */
  okStatus: number;
  /**
   * Makes `count` distinct request bodies (and anything they need to exist first), and optionally
   * a check, run after the measured runs, that every request did what `does` says (throws if not).
   */
  prepare: (count: number, context: LoadContext) => Promise<Prepared>;
}

export const CONNECTIONS = 10;
export const WARM_UP_REQUESTS = 30;
const MEMORY_SAMPLE_MS = 50;

/** A POST as the site's own code sends it (frontend/features/quote-form/submit-quote.ts). */
export async function postJson<T>(url: string, payload: unknown): Promise<T> {
  const body = JSON.stringify(payload);
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [CONTENT_SHA256_HEADER]: await sha256Hex(body) },
    body,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** A real (tiny) JPEG: the booking function checks that each photo exists and is an image. */
const tinyJpeg = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#8a6' } })
    .jpeg()
    .toBuffer();

function uploadUrlsRequest(photos: number, size: number): UploadUrlsRequest {
  return {
    submissionId: randomUUID(),
    files: Array.from({ length: photos }, () => ({
      kind: 'photo' as const,
      contentType: 'image/jpeg',
      size,
    })),
  };
}

/** How many preparation calls run at once (before the clock starts). */
const PREPARE_CONCURRENCY = 8;

/**
 * `count` new leads, each stored with the lead store's own create (conditional put) in the table
 * the server reads, as a booking stores them. Booking each through the API (upload URLs, two
 * PUTs, the booking and its two emails: about 20 a second) would take minutes, and past the daily
 * cap of confirmation emails (500 by default) the bookings would take another path.
 */
async function storeLeads(count: number, context: LoadContext, now: Date): Promise<Lead[]> {
  const run = `${Date.now().toString(36)}-${randomUUID().slice(0, 4)}`;
  const leads = Array.from({ length: count }, (_, i) =>
    bookedLead(context.siteOrigin, run, i, now),
  );
  await eachLimit(leads, PREPARE_CONCURRENCY, async (lead) => {
    const stored = await createLead(context.leads, lead);
    if (stored.outcome !== 'created') throw new Error(`lead ${lead.submissionId} already existed`);
  });
  return leads;
}

/**
 * Reads every lead back and throws unless each reached the status its request should have left
 * (and the email it should have sent is recorded as sent): a 200 that changed nothing would not
 * be the path measured.
 */
async function checkLeads(
  context: LoadContext,
  leads: readonly Lead[],
  expected: (index: number) => { status: LeadStatus; email: string },
): Promise<void> {
  const wrong: string[] = [];
  await eachLimit(
    leads.map((lead, i) => ({ lead, i })),
    PREPARE_CONCURRENCY,
    async ({ lead, i }) => {
      const { status, email } = expected(i);
      const stored = await getLead(context.leads, lead.submissionId);
      if (stored?.status !== status || stored.emails[email] !== 'sent') {
        wrong.push(
          `${lead.submissionId}: ${stored?.status ?? 'missing'}, ${email} ${stored?.emails[email] ?? 'not sent'} (expected ${status}, sent)`,
        );
      }
    },
  );
  if (wrong.length > 0) {
    throw new Error(
      `${wrong.length} of ${leads.length} leads not changed: ${wrong.slice(0, 3).join('; ')}`,
    );
  }
}

/** Runs `work` over `items`, `limit` at a time. */
async function eachLimit<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/**
 * The prepare step of an endpoint that changes one received lead per request: the leads written
 * beforehand, a body each, and afterwards every lead checked to be in `expected` with its email sent.
 */
function onStoredLeads(
  body: (secret: Buffer, lead: Lead, now: Date) => unknown,
  expected: { status: LeadStatus; email: string },
): LoadEndpoint['prepare'] {
  return async (count, context) => {
    const now = new Date();
    const leads = await storeLeads(count, context, now);
    return {
      bodies: leads.map((lead) => body(context.linkSecret, lead, now)),
      check: () => checkLeads(context, leads, () => expected),
    };
  };
}

export const LOAD_ENDPOINTS: readonly LoadEndpoint[] = [
  {
    name: 'upload URLs',
    path: API_PATHS.uploadUrls,
    does: 'validates a request for 10 photos and records the one upload batch (DynamoDB, create-only) and presigns 10 PUT URLs',
    requests: { sequential: 300, concurrent: 1500 },
    okStatus: 200,
    prepare: async (count) => ({
      bodies: Array.from({ length: count }, () => uploadUrlsRequest(10, 1_000_000)),
    }),
  },
  {
    name: 'booking',
    path: API_PATHS.sendBookingEmails,
    does: 'validates a booking, checks its 2 photos in quarantine (HEAD, first bytes), stores the lead (DynamoDB, create-only), releases the photos (S3 copy), archives the lead (S3 PUT), sends 2 emails (SES), records their outcome (DynamoDB)',
    requests: { sequential: 100, concurrent: 300 },
    okStatus: 200,
    // Each booking has its own submission (a repeated one is answered from the stored lead,
    // without email) and its own homeowner address, with two photos really uploaded.
    prepare: async (count, { siteOrigin }) => {
      const bodies: BookingRequestInput[] = [];
      const run = Date.now().toString(36);
      const photo = await tinyJpeg();
      await eachLimit(
        Array.from({ length: count }, (_, i) => i),
        PREPARE_CONCURRENCY,
        async (i) => {
          const request = uploadUrlsRequest(2, photo.length);
          const { uploads } = await postJson<{ uploads: PresignedUpload[] }>(
            siteOrigin + API_PATHS.uploadUrls,
            request,
          );
          for (const upload of uploads) {
            const put = await fetch(upload.url, {
              method: 'PUT',
              headers: upload.headers,
              body: new Uint8Array(photo),
            });
            if (!put.ok) throw new Error(`seeding PUT answered ${put.status}`);
          }
          bodies[i] = bookingRequest({
            run,
            index: i,
            submissionId: request.submissionId,
            photoUrls: uploads.map((upload) => upload.publicUrl),
          });
        },
      );
      return { bodies };
    },
  },
  {
    name: 'lead view',
    path: API_PATHS.lead,
    does: "verifies a signed link (HMAC), reads the lead (DynamoDB, consistent read) and answers the view its role may see: half operations links (the whole request), half homeowner links. Leads written beforehand with the lead store (as the booking stores them) into the server's table",
    requests: { sequential: 200, concurrent: 1000 },
    okStatus: 200,
    prepare: async (count, context) => {
      const now = new Date();
      const leads = await storeLeads(count, context, now);
      return { bodies: leads.map((lead, i) => leadViewBody(context.linkSecret, lead, i, now)) };
    },
  },
  {
    name: 'send quote',
    path: API_PATHS.sendQuote,
    does: 'verifies an operations link, reads the lead, validates the quote, stores it (DynamoDB, conditional on status and version), signs 3 homeowner links, claims the quote email (DynamoDB), sends it to the homeowner (SES), records its outcome (DynamoDB). One quote per request (at most 5 may be sent), each on a received lead written beforehand with the lead store',
    requests: { sequential: 100, concurrent: 300 },
    okStatus: 200,
    prepare: onStoredLeads(sendQuoteBody, { status: 'quoted', email: 'quote-1' }),
  },
  {
    name: 'hauler quote',
    path: API_PATHS.sendQuote,
    does: "verifies a hauler's offer link, reads the lead and the offered hauler's profile (active, insured), validates the quote, stores it under the hauler's business name (DynamoDB, conditional on the lead's version), signs 3 homeowner links, claims the quote email (DynamoDB), sends it to the homeowner (SES), records its outcome (DynamoDB). Each a received lead written beforehand with the lead store and offered to one active hauler (as an offer round records it)",
    requests: { sequential: 100, concurrent: 300 },
    okStatus: 200,
    prepare: async (count, context) => {
      const now = new Date();
      const leads = await storeLeads(count, context, now);
      const hauler = await haulerIn(context.leads, 'active', now);
      await eachLimit(leads, PREPARE_CONCURRENCY, (lead) =>
        seedOffers(context.leads, lead.submissionId, [hauler], now),
      );
      return {
        bodies: leads.map((lead) => haulerQuoteBody(context.linkSecret, lead, 1, now)),
        check: () => checkLeads(context, leads, () => ({ status: 'quoted', email: 'quote-1' })),
      };
    },
  },
  {
    name: 'decide quote',
    path: API_PATHS.decideQuote,
    does: 'verifies a homeowner accept or decline link (half each; a decline with a reason), reads the lead, stores the decision (DynamoDB, conditional on status and version), claims the email (DynamoDB), sends it to operations (SES), records its outcome (DynamoDB). Each lead written beforehand with the lead store and quoted once through the send-quote API',
    requests: { sequential: 100, concurrent: 300 },
    okStatus: 200,
    prepare: async (count, context) => {
      const now = new Date();
      const leads = await storeLeads(count, context, now);
      await eachLimit(leads, PREPARE_CONCURRENCY, async (lead) => {
        await postJson(
          context.siteOrigin + API_PATHS.sendQuote,
          sendQuoteBody(context.linkSecret, lead, now),
        );
      });
      const bodies = leads.map((lead, i) => decideQuoteBody(context.linkSecret, lead, i, now));
      return {
        bodies,
        check: () =>
          checkLeads(context, leads, (i) =>
            bodies[i]!.decision === 'accept'
              ? { status: 'accepted', email: 'accepted' }
              : { status: 'declined', email: 'declined-1' },
          ),
      };
    },
  },
  {
    name: 'cancel request',
    path: API_PATHS.cancelRequest,
    does: 'verifies a homeowner link, reads the lead, stores the cancellation (DynamoDB, conditional on status and version), claims the email (DynamoDB), sends it to operations (SES), records its outcome (DynamoDB). Each a received lead written beforehand with the lead store',
    requests: { sequential: 100, concurrent: 300 },
    okStatus: 200,
    prepare: onStoredLeads(cancelRequestBody, { status: 'cancelled', email: 'cancelled' }),
  },
];

/** The resident set size of a process, in bytes (Linux /proc). */
export function residentBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
  if (kb === undefined) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kb) * 1024;
}

export interface Run {
  connections: number;
  requests: number;
  seconds: number;
  requestsPerSecond: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number };
  /** Answers other than okStatus, and connection errors: the run is only valid when both are 0. */
  notOk: number;
  errors: number;
}

export interface LoadResult {
  endpoint: Pick<LoadEndpoint, 'name' | 'path' | 'does'>;
  /** One connection: each request alone, the latency a visitor sees on a warm instance. */
  sequential: Run;
  /** CONNECTIONS at once: what one Node process sustains, and its memory meanwhile. */
  concurrent: Run;
  memory: {
    /** After the warm-up, before the run. */
    restBytes: number;
    peakBytes: number;
    afterBytes: number;
    /** (peak − rest) / connections: RSS growth per request in flight, uncollected garbage included. */
    perInFlightBytes: number;
    /** (after − rest) / requests: what a request leaves behind (garbage not yet collected included). */
    retainedPerRequestBytes: number;
  };
}

type Fired = autocannon.Result & {
  statuses: Map<number, number>;
  /** The requests asked for, and how many bodies autocannon took for them: each body once. */
  amount: number;
  bodiesTaken: number;
  /** The first answer other than okStatus, status and start of its body: what went wrong. */
  firstNotOk?: string;
};

async function fire(
  url: string,
  payloads: readonly unknown[],
  amount: number,
  connections: number,
  okStatus: number,
): Promise<Fired> {
  // Hashed before the run: autocannon's setupRequest is synchronous, and hashing is not what we time.
  const bodies = await Promise.all(
    payloads.map(async (payload) => {
      const body = JSON.stringify(payload);
      return { body, sha: await sha256Hex(body) };
    }),
  );
  let next = 0;
  let firstNotOk: string | undefined;
  const statuses = new Map<number, number>();
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections,
        amount,
        timeout: 30,
        requests: [
          {
            method: 'POST',
            setupRequest: (request) => {
              // Never the same body twice: fall back to the last one only if autocannon asks for
              // more than `amount`, which notOkReport then reports (bodiesTaken).
              const { body, sha } = bodies[Math.min(next++, bodies.length - 1)]!;
              return {
                ...request,
                body,
                headers: {
                  'content-type': 'application/json',
                  [CONTENT_SHA256_HEADER]: sha,
                },
              };
            },
            onResponse: (status, body) => {
              if (status !== okStatus) firstNotOk ??= `${status} ${body.slice(0, 300)}`;
            },
          },
        ],
      },
      (error, result) =>
        error
          ? reject(error)
          : resolve({
              ...result,
              statuses,
              amount,
              bodiesTaken: next,
              ...(firstNotOk === undefined ? {} : { firstNotOk }),
            }),
    );
    instance.on('response', (_client, statusCode) => {
      statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
    });
  });
}

function summarize(run: Fired, okStatus: number, connections: number): Run {
  const ok = run.statuses.get(okStatus) ?? 0;
  return {
    connections,
    requests: run.requests.sent,
    seconds: run.duration,
    requestsPerSecond: run.requests.sent / run.duration,
    latencyMs: {
      p50: run.latency.p50,
      p90: run.latency.p90,
      p99: run.latency.p99,
      max: run.latency.max,
    },
    notOk: run.requests.sent - ok - run.errors,
    errors: run.errors,
  };
}

/** What a run that was not all okStatus answered, for the error: statuses, errors, a sample. */
export function notOkReport(
  what: string,
  run: Pick<Fired, 'statuses' | 'errors' | 'timeouts' | 'firstNotOk' | 'amount' | 'bodiesTaken'>,
  okStatus: number,
): string | undefined {
  const others = [...run.statuses].filter(([status]) => status !== okStatus);
  const answered = [...run.statuses.values()].reduce((sum, n) => sum + n, 0);
  // A request never answered (its connection dropped, or autocannon finished without it) is
  // neither another status nor an error: only these two counts show it, and a check that reads
  // the leads afterwards would otherwise meet a request still in flight.
  const unanswered = run.amount - answered - run.errors;
  if (others.length === 0 && run.errors === 0 && unanswered === 0 && run.bodiesTaken === run.amount)
    return undefined;
  const statuses = others.map(([status, n]) => `${n} × ${status}`);
  const errors = run.errors > 0 ? [`${run.errors} errors (${run.timeouts} timeouts)`] : [];
  const missing = unanswered !== 0 ? [`${unanswered} of ${run.amount} requests not answered`] : [];
  const bodies =
    run.bodiesTaken !== run.amount
      ? [`${run.bodiesTaken} bodies taken for ${run.amount} requests`]
      : [];
  const sample = run.firstNotOk === undefined ? '' : `; first: ${run.firstNotOk}`;
  return `${what}: ${[...statuses, ...errors, ...missing, ...bodies].join(', ')}, not ${okStatus}${sample}`;
}

/** The lead table the server reads (LOCAL_LEADS_TABLE on its dynalite), with a client of ours. */
export function serverLeadTable(dynamoEndpoint: string): LeadTable {
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: dynamoEndpoint,
      region: 'us-east-1',
      credentials: LOCAL_CREDENTIALS,
    }),
    { marshallOptions: { removeUndefinedValues: true } },
  );
  return { client, tableName: LOCAL_LEADS_TABLE };
}

export async function measureLoad(stack: LoadStack, serverPid: number): Promise<LoadResult[]> {
  const leads = serverLeadTable(stack.dynamoEndpoint);
  const context: LoadContext = {
    siteOrigin: stack.siteOrigin,
    leads,
    // The same function and inputs as the server's (its data directory, our common environment),
    // after the server has started: the secret it generated or was given.
    linkSecret: Buffer.from(localLinkSecret(stack.dataDir), 'utf8'),
  };
  try {
    return await measureEndpoints(context, serverPid);
  } finally {
    leads.client.destroy();
  }
}

async function measureEndpoints(context: LoadContext, serverPid: number): Promise<LoadResult[]> {
  const results: LoadResult[] = [];
  const failures: string[] = [];
  for (const endpoint of LOAD_ENDPOINTS) {
    const url = context.siteOrigin + endpoint.path;
    const { sequential, concurrent } = endpoint.requests;
    const preparing = performance.now();
    const prepared = await endpoint.prepare(WARM_UP_REQUESTS + sequential + concurrent, context);
    const all = prepared.bodies;
    console.log(
      `  ${endpoint.name}: ${all.length} request bodies made in ${((performance.now() - preparing) / 1000).toFixed(1)} s`,
    );
    const warm = await fire(
      url,
      all.slice(0, WARM_UP_REQUESTS),
      WARM_UP_REQUESTS,
      CONNECTIONS,
      endpoint.okStatus,
    );
    const warmFailure = notOkReport(`${endpoint.path} warm-up`, warm, endpoint.okStatus);
    if (warmFailure !== undefined) throw new Error(warmFailure);
    const aloneRun = await fire(
      url,
      all.slice(WARM_UP_REQUESTS, WARM_UP_REQUESTS + sequential),
      sequential,
      1,
      endpoint.okStatus,
    );
    const alone = summarize(aloneRun, endpoint.okStatus, 1);

    const restBytes = residentBytes(serverPid);
    let peakBytes = restBytes;
    const sampler = setInterval(() => {
      peakBytes = Math.max(peakBytes, residentBytes(serverPid));
    }, MEMORY_SAMPLE_MS);
    let togetherRun: Fired;
    try {
      togetherRun = await fire(
        url,
        all.slice(WARM_UP_REQUESTS + sequential),
        concurrent,
        CONNECTIONS,
        endpoint.okStatus,
      );
    } finally {
      clearInterval(sampler);
    }
    const together = summarize(togetherRun, endpoint.okStatus, CONNECTIONS);
    const afterBytes = residentBytes(serverPid);
    peakBytes = Math.max(peakBytes, afterBytes);
    const result: LoadResult = {
      endpoint: { name: endpoint.name, path: endpoint.path, does: endpoint.does },
      sequential: alone,
      concurrent: together,
      memory: {
        restBytes,
        peakBytes,
        afterBytes,
        perInFlightBytes: (peakBytes - restBytes) / CONNECTIONS,
        retainedPerRequestBytes: (afterBytes - restBytes) / concurrent,
      },
    };
    console.log(
      `  ${endpoint.name}: alone p50 ${alone.latencyMs.p50} ms, p99 ${alone.latencyMs.p99} ms; ${CONNECTIONS} at once p50 ${together.latencyMs.p50} ms, p99 ${together.latencyMs.p99} ms, ${together.requestsPerSecond.toFixed(0)} req/s`,
    );
    for (const failure of [
      notOkReport(`${endpoint.path}, one connection`, aloneRun, endpoint.okStatus),
      notOkReport(`${endpoint.path}, ${CONNECTIONS} connections`, togetherRun, endpoint.okStatus),
    ]) {
      if (failure !== undefined) {
        console.error(`  ${failure}`);
        failures.push(failure);
      }
    }
    if (prepared.check !== undefined) {
      try {
        await prepared.check();
      } catch (error) {
        const failure = `${endpoint.path}: ${error instanceof Error ? error.message : String(error)}`;
        console.error(`  ${failure}`);
        failures.push(failure);
      }
    }
    results.push(result);
  }
  // Fast errors are not a measurement: a run with any other answer fails the section, loudly.
  if (failures.length > 0) {
    throw new Error(`Some requests did not answer their success status:\n${failures.join('\n')}`);
  }
  return results;
}
