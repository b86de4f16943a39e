/**
 * Section 9: what each call costs (issue 42, item 3). The local stack runs in a child process
 * (dynalite, s3rver, the SES and Stripe stand-ins, all there); this process sets the same
 * variables the local server gives its functions, imports the real handlers and calls each with
 * a Function URL event, one call at a time: `process.cpuUsage` around the call is our own code
 * with its AWS SDK, the stand-ins excluded (they are in the other process). Every SDK call is
 * counted by `meter.ts`: DynamoDB commands and the request units DynamoDB would bill, emails SES
 * accepted, S3 calls. The bodies are the load test's (`load-endpoints.ts`): each call takes the
 * success path a visitor's does, on data of its own.
 */
import type { IncomingMessage } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { LambdaFunctionURLEvent } from 'aws-lambda';
import { LOCAL_BUCKET } from '../../local/aws-stand-ins';
import { buildFunctionUrlEvent, normaliseResult } from '../../local/function-url-adapter';
import { localLinkSecret } from '../../local/link-secret';
import { localWebhookSecret } from '../../local/stripe/local-config';
import { LOAD_ENDPOINTS } from '../load-endpoints';
import { serverLeadTable } from '../load';
import { median } from '../stats';
import { installMeter, takeTally } from './meter';
import type { Tally } from './meter';
import { API_ROUTES, CONTENT_SHA256_HEADER, sha256Hex } from '#contract/core/api';
import { environmentOf } from '#contract/core/env';

export interface CostStack {
  siteOrigin: string;
  dataDir: string;
  dynamoEndpoint: string;
  s3Port: number;
  sesPort: number;
  stripePort: number;
}

export interface CallCost {
  name: string;
  path: string;
  calls: number;
  /** CPU of our code per call, ms: median and mean. */
  cpuMs: { p50: number; mean: number };
  /** Wall time per call against the local stand-ins, ms (median). */
  wallMs: number;
  /** Everything the calls did, summed: divide by `calls`. */
  tally: Tally;
}

export const CALL_COST_BENCH = { warmUp: 3, calls: 20 } as const;

/** The local server's own key for its Stripe stand-in (scripts/local/server.ts). */
const LOCAL_STRIPE_KEY = 'sk_test_local_stand_in';

type Handler = (event: LambdaFunctionURLEvent) => Promise<unknown>;

/** The variables the local server gives every function, pointed at its stand-ins. */
function useLocalStackEnvironment(stack: CostStack) {
  Object.assign(process.env, {
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    ...environmentOf({
      bucketName: LOCAL_BUCKET,
      publicBaseUrl: stack.siteOrigin,
      senderAddress: 'quotes@bulktrashpickup.example',
      operationsAddress: 'operations@bulktrashpickup.example',
      s3Endpoint: `http://localhost:${stack.s3Port}`,
      s3ForcePathStyle: 'true',
      sesEndpoint: `http://localhost:${stack.sesPort}`,
      leadsTable: 'leads',
      dynamodbEndpoint: stack.dynamoEndpoint,
      linkSecret: localLinkSecret(stack.dataDir),
      stripeSecretKey: LOCAL_STRIPE_KEY,
      stripeWebhookSecret: localWebhookSecret(stack.dataDir, process.env),
      stripeApiOrigin: `http://127.0.0.1:${stack.stripePort}`,
    }),
  });
}

async function eventFor(path: string, payload: unknown): Promise<LambdaFunctionURLEvent> {
  const body = Buffer.from(JSON.stringify(payload));
  const req = {
    method: 'POST',
    url: path,
    httpVersion: '1.1',
    headers: {
      host: 'localhost',
      'content-type': 'application/json',
      [CONTENT_SHA256_HEADER]: await sha256Hex(body.toString('utf8')),
    },
    socket: { remoteAddress: '127.0.0.1' },
  } as unknown as IncomingMessage;
  return buildFunctionUrlEvent(req, body);
}

export async function measureCallCosts(stack: CostStack): Promise<CallCost[]> {
  useLocalStackEnvironment(stack);
  const meter = installMeter();
  const info = console.info;
  const log = console.log;
  const context = {
    siteOrigin: stack.siteOrigin,
    leads: serverLeadTable(stack.dynamoEndpoint),
    linkSecret: Buffer.from(localLinkSecret(stack.dataDir), 'utf8'),
  };
  const results: CallCost[] = [];
  try {
    for (const endpoint of LOAD_ENDPOINTS) {
      const name = API_ROUTES[endpoint.path as keyof typeof API_ROUTES];
      const { handler } = (await import(`../../../lambdas/${name}/handler.ts`)) as {
        handler: Handler;
      };
      const count = CALL_COST_BENCH.warmUp + CALL_COST_BENCH.calls;
      const prepared = await endpoint.prepare(count, context);
      const events = await Promise.all(prepared.bodies.map((b) => eventFor(endpoint.path, b)));
      // The functions' log lines and metrics (EMF on stdout) are not what is measured here.
      console.info = () => undefined;
      console.log = () => undefined;
      const cpu: number[] = [];
      const wall: number[] = [];
      for (const [i, event] of events.entries()) {
        if (i === CALL_COST_BENCH.warmUp) takeTally();
        const usage = process.cpuUsage();
        const start = performance.now();
        const answer = normaliseResult(await handler(event));
        const ms = performance.now() - start;
        const used = process.cpuUsage(usage);
        if (answer.statusCode !== endpoint.okStatus) {
          throw new Error(
            `${endpoint.name} answered ${answer.statusCode}: ${answer.body.toString('utf8').slice(0, 300)}`,
          );
        }
        if (i >= CALL_COST_BENCH.warmUp) {
          cpu.push((used.user + used.system) / 1000);
          wall.push(ms);
        }
      }
      const tally = takeTally();
      console.info = info;
      console.log = log;
      await prepared.check?.();
      const result: CallCost = {
        name: endpoint.name,
        path: endpoint.path,
        calls: cpu.length,
        cpuMs: { p50: median(cpu), mean: cpu.reduce((a, b) => a + b, 0) / cpu.length },
        wallMs: median(wall),
        tally,
      };
      results.push(result);
      console.log(
        `  ${endpoint.name}: CPU ${result.cpuMs.p50.toFixed(1)} ms, ${(tally.dynamoCalls / cpu.length).toFixed(1)} DynamoDB calls, ${(tally.readUnits / cpu.length).toFixed(1)} RRU / ${(tally.writeUnits / cpu.length).toFixed(1)} WRU, ${(tally.emails / cpu.length).toFixed(1)} emails a call`,
      );
    }
    return results;
  } finally {
    console.info = info;
    console.log = log;
    meter.stop();
  }
}
