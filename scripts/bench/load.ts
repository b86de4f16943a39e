/**
 * Section 4: a load test of each API endpoint through the local stack (autocannon), warm: latency
 * (p50, p99), throughput, and the server process's memory (resident set size sampled from /proc)
 * at rest, at its peak under load, and after the run.
 *
 * Endpoints are a list: a new one is one entry of LOAD_ENDPOINTS. An entry makes every request
 * body before the clock starts (unique submission IDs and email addresses, media already in local
 * S3), so each request takes the same path a real visitor's does and no rate rule or idempotency
 * short cut answers instead.
 */
import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import type {
  BookingRequestInput,
  PresignedUpload,
  UploadUrlsRequest,
} from '../../lambdas/shared/quote-contract';
import { API_PATHS } from '../../lambdas/shared/quote-contract';
import { VALID_REQUEST_FIELDS } from '../../test/fixtures/homeowner';
import sharp from 'sharp';

export interface LoadEndpoint {
  name: string;
  path: string;
  /** What one request does, for the report. */
  does: string;
  /** Requests in the measured runs: one connection (latency), then CONNECTIONS (throughput). */
  requests: { sequential: number; concurrent: number };
  /** The status a successful request answers. */
  okStatus: number;
  /** Makes `count` distinct request bodies (and anything they need to exist first). */
  bodies: (count: number, siteOrigin: string) => Promise<unknown[]>;
}

export const CONNECTIONS = 10;
export const WARM_UP_REQUESTS = 30;
const MEMORY_SAMPLE_MS = 50;

const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

/** A POST as the site's own code sends it (frontend/features/quote-form/submit-quote.ts). */
async function postJson<T>(url: string, payload: unknown): Promise<T> {
  const body = JSON.stringify(payload);
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-amz-content-sha256': sha256Hex(body) },
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

/** Runs `work` over `items`, `limit` at a time. */
async function eachLimit<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

export const LOAD_ENDPOINTS: readonly LoadEndpoint[] = [
  {
    name: 'upload URLs',
    path: API_PATHS.uploadUrls,
    does: 'validates a request for 10 photos and records the one upload batch (DynamoDB, create-only) and presigns 10 PUT URLs',
    requests: { sequential: 300, concurrent: 1500 },
    okStatus: 200,
    bodies: async (count) => Array.from({ length: count }, () => uploadUrlsRequest(10, 1_000_000)),
  },
  {
    name: 'booking',
    path: API_PATHS.sendBookingEmails,
    does: 'validates a booking, checks its 2 photos in quarantine (HEAD, first bytes), stores the lead (DynamoDB, create-only), releases the photos (S3 copy), archives the lead (S3 PUT), sends 2 emails (SES), records their outcome (DynamoDB)',
    requests: { sequential: 100, concurrent: 300 },
    okStatus: 200,
    // Each booking has its own submission (a repeated one is answered from the stored lead,
    // without email) and its own homeowner address, with two photos really uploaded.
    bodies: async (count, siteOrigin) => {
      const bodies: BookingRequestInput[] = [];
      const run = Date.now().toString(36);
      const photo = await tinyJpeg();
      await eachLimit(
        Array.from({ length: count }, (_, i) => i),
        8,
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
          bodies[i] = {
            ...VALID_REQUEST_FIELDS,
            email: `load-${run}-${i}@example.com`,
            photoUrls: uploads.map((upload) => upload.publicUrl),
            photoCount: uploads.length,
            hasVideo: false,
            submissionId: request.submissionId,
          };
        },
      );
      return bodies;
    },
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

function fire(
  url: string,
  bodies: readonly unknown[],
  amount: number,
  connections: number,
): Promise<autocannon.Result & { statuses: Map<number, number> }> {
  let next = 0;
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
              // more than `amount` (it does not), which the notOk count would then show.
              const body = JSON.stringify(bodies[Math.min(next++, bodies.length - 1)]);
              return {
                ...request,
                body,
                headers: {
                  'content-type': 'application/json',
                  'x-amz-content-sha256': sha256Hex(body),
                },
              };
            },
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve({ ...result, statuses })),
    );
    instance.on('response', (_client, statusCode) => {
      statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
    });
  });
}

function summarize(
  run: autocannon.Result & { statuses: Map<number, number> },
  okStatus: number,
  connections: number,
): Run {
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

export async function measureLoad(siteOrigin: string, serverPid: number): Promise<LoadResult[]> {
  const results: LoadResult[] = [];
  for (const endpoint of LOAD_ENDPOINTS) {
    const url = siteOrigin + endpoint.path;
    const { sequential, concurrent } = endpoint.requests;
    const all = await endpoint.bodies(WARM_UP_REQUESTS + sequential + concurrent, siteOrigin);
    console.log(`  ${endpoint.name}: ${all.length} request bodies made`);
    const warm = await fire(url, all.slice(0, WARM_UP_REQUESTS), WARM_UP_REQUESTS, CONNECTIONS);
    if ((warm.statuses.get(endpoint.okStatus) ?? 0) !== WARM_UP_REQUESTS) {
      throw new Error(
        `${endpoint.path}: warm-up answered ${JSON.stringify([...warm.statuses])}, not ${endpoint.okStatus}`,
      );
    }
    const alone = summarize(
      await fire(url, all.slice(WARM_UP_REQUESTS, WARM_UP_REQUESTS + sequential), sequential, 1),
      endpoint.okStatus,
      1,
    );

    const restBytes = residentBytes(serverPid);
    let peakBytes = restBytes;
    const sampler = setInterval(() => {
      peakBytes = Math.max(peakBytes, residentBytes(serverPid));
    }, MEMORY_SAMPLE_MS);
    let together: Run;
    try {
      together = summarize(
        await fire(url, all.slice(WARM_UP_REQUESTS + sequential), concurrent, CONNECTIONS),
        endpoint.okStatus,
        CONNECTIONS,
      );
    } finally {
      clearInterval(sampler);
    }
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
    results.push(result);
  }
  return results;
}
