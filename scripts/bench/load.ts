/**
 * Section 4: a load test of each API endpoint through the local stack (autocannon), warm: latency
 * (p50, p99), throughput, and the server process's memory (resident set size sampled from /proc)
 * at rest, at its peak under load, and after the run.
 *
 * Endpoints are a list: a new one is one entry of LOAD_ENDPOINTS (load-endpoints.ts), each request
 * body made before the clock starts and sent once (load-runs.ts). Any answer other than the
 * endpoint's success status fails the section.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { LeadTable } from '../../lambdas/shared/runtime/table-handle';
import { LOCAL_CREDENTIALS, LOCAL_LEADS_TABLE } from '../local/aws-stand-ins';
import { localLinkSecret } from '../local/link-secret';
import { LOAD_ENDPOINTS, type LoadContext, type LoadEndpoint } from './load-endpoints';
import { type Fired, type Run, fire, notOkReport, summarize } from './load-runs';

/** The local stack under test, as the bench started it (scripts/bench/run.ts). */
export interface LoadStack {
  siteOrigin: string;
  /** The server's LOCAL_DATA_DIR: its link secret is kept there (scripts/local/link-secret.ts). */
  dataDir: string;
  /** The server's DynamoDB endpoint: dynalite behind its pass-through proxy, the lead table. */
  dynamoEndpoint: string;
}
export const CONNECTIONS = 10;
export const WARM_UP_REQUESTS = 30;
const MEMORY_SAMPLE_MS = 50;
/** The resident set size of a process, in bytes (Linux /proc). */
export function residentBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
  if (kb === undefined) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kb) * 1024;
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
