/**
 * A pass-through proxy in front of a local AWS stand-in, where the end-to-end tests can switch
 * faults on. It forwards method, path, headers (Host included, so s3rver's signature check sees
 * exactly what was signed) and body untouched, unless a fault says otherwise.
 */
import { createServer, request } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LOCAL_SES_MAX_SEND_RATE } from './ses-limits';
import type { SesLimits } from './ses-limits';
import { KEY_PREFIXES } from '#contract/core/table-keys';

/**
 * Faults the tests can switch on through POST /__local/faults (LOCAL_FAULTS=1 only), and SES's
 * limits (its sending rate, addresses it refuses: ses-limits.ts).
 */
export interface Faults extends SesLimits {
  /** Every S3 call fails (503 ServiceUnavailable). */
  s3Down: boolean;
  /** The browser's presigned PUTs of photos and videos fail. */
  s3UploadDown: boolean;
  /** Storing a lead fails: DynamoDB refuses the lead item's put (decision 012). */
  leadWriteDown: boolean;
  /** Every SES call fails. */
  sesDown: boolean;
  /** SES answers only after this many milliseconds. */
  sesDelayMs: number;
}

export const noFaults = (): Faults => ({
  s3Down: false,
  s3UploadDown: false,
  leadWriteDown: false,
  sesDown: false,
  sesDelayMs: 0,
  sesMaxSendRate: LOCAL_SES_MAX_SEND_RATE,
  sesRejectAddresses: [],
});

/** `body` is given only to a proxy started with `readBody` (small JSON APIs such as DynamoDB). */
export type FaultRule = (
  req: IncomingMessage,
  body?: Buffer,
) => { status: number; body: string; contentType?: string } | null;

const S3_UNAVAILABLE = {
  status: 503,
  body: '<?xml version="1.0" encoding="UTF-8"?><Error><Code>ServiceUnavailable</Code><Message>Service is unable to handle request (local fault)</Message></Error>',
};

/** Which S3 requests fail under the current faults. Preflights always pass, like real S3's CORS. */
export function s3FaultRule(faults: Faults): FaultRule {
  return (req) => {
    if (req.method === 'OPTIONS') return null;
    const url = req.url ?? '';
    if (faults.s3Down) return S3_UNAVAILABLE;
    // Presigned browser uploads carry their signature in the query string.
    if (faults.s3UploadDown && req.method === 'PUT' && url.includes('X-Amz-Signature=')) {
      return S3_UNAVAILABLE;
    }
    return null;
  };
}

/** DynamoDB's answer to a failed request; the SDK retries it, then throws. */
const DYNAMO_UNAVAILABLE = {
  status: 500,
  contentType: 'application/x-amz-json-1.0',
  body: '{"__type":"com.amazonaws.dynamodb.v20120810#InternalServerError","message":"Internal server error (local fault)"}',
};

function putsLead(body: Buffer | undefined): boolean {
  try {
    const input = JSON.parse(body?.toString('utf8') ?? '{}') as {
      TransactItems?: { Put?: { Item?: { pk?: { S?: string } } } }[];
    };
    return (input.TransactItems ?? []).some((entry) =>
      entry.Put?.Item?.pk?.S?.startsWith(KEY_PREFIXES.lead),
    );
  } catch {
    return false;
  }
}

/** Which DynamoDB requests fail: the put of a lead item while `leadWriteDown` is on. */
export function dynamoFaultRule(faults: Faults): FaultRule {
  return (req, body) => {
    const target = String(req.headers['x-amz-target'] ?? '');
    if (
      faults.leadWriteDown &&
      target.endsWith('.PutItem') &&
      body?.includes(`"${KEY_PREFIXES.lead}`)
    ) {
      return DYNAMO_UNAVAILABLE;
    }
    // A lead stored with its owed emails is a transaction's put (decision 059).
    if (faults.leadWriteDown && target.endsWith('.TransactWriteItems') && putsLead(body)) {
      return DYNAMO_UNAVAILABLE;
    }
    return null;
  };
}

export function startFaultProxy(options: {
  port: number;
  targetPort: number;
  rule: FaultRule;
  delayMs?: (req: IncomingMessage) => number;
  /** Read the whole request body before the rule sees it (for rules that look inside). */
  readBody?: boolean;
}): Promise<{ close: () => Promise<void>; delayedCalls: () => number }> {
  // Delayed calls not yet dropped (their caller gave up) or delivered and answered.
  let delayed = 0;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (options.readBody !== true) {
      handle(req, res, undefined);
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => handle(req, res, Buffer.concat(chunks)));
  });

  function handle(req: IncomingMessage, res: ServerResponse, body: Buffer | undefined) {
    const fault = options.rule(req, body);
    if (fault) {
      req.resume();
      res.statusCode = fault.status;
      res.setHeader('content-type', fault.contentType ?? 'application/xml');
      // The browser must be able to read the failure, as it can read real S3 errors.
      const origin = req.headers.origin;
      if (origin) res.setHeader('access-control-allow-origin', origin);
      res.end(fault.body);
      return;
    }
    let clientGone = false;
    res.on('close', () => {
      clientGone = !res.writableFinished;
    });
    const delay = options.delayMs?.(req) ?? 0;
    let settled = delay === 0;
    const settle = () => {
      if (settled) return;
      settled = true;
      delayed -= 1;
    };
    const forward = () => {
      // A caller that gave up (an SDK timeout) must not have its request delivered late.
      if (clientGone) {
        settle();
        return;
      }
      res.on('close', settle);
      const upstream = request(
        {
          host: '127.0.0.1',
          port: options.targetPort,
          method: req.method,
          path: req.url,
          headers: req.headers,
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => {
        if (!res.headersSent) res.statusCode = 502;
        res.end();
      });
      if (body === undefined) req.pipe(upstream);
      else upstream.end(body);
    };
    if (delay > 0) {
      delayed += 1;
      req.pause();
      setTimeout(forward, delay);
    } else {
      forward();
    }
  }
  return new Promise((resolve) =>
    server.listen(options.port, '127.0.0.1', () =>
      resolve({
        delayedCalls: () => delayed,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      }),
    ),
  );
}
