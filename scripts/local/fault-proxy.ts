/**
 * A pass-through proxy in front of a local AWS stand-in, where the end-to-end tests can switch
 * faults on. It forwards method, path, headers (Host included, so s3rver's signature check sees
 * exactly what was signed) and body untouched, unless a fault says otherwise.
 */
import { createServer, request } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Faults the tests can switch on through POST /__local/faults (LOCAL_FAULTS=1 only). */
export interface Faults {
  /** Every S3 call fails (503 ServiceUnavailable). */
  s3Down: boolean;
  /** The browser's presigned PUTs of photos and videos fail. */
  s3UploadDown: boolean;
  /** Writing lead records fails. */
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
});

export type FaultRule = (req: IncomingMessage) => { status: number; body: string } | null;

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
    if (faults.leadWriteDown && req.method === 'PUT' && url.includes('/leads/')) {
      return S3_UNAVAILABLE;
    }
    return null;
  };
}

export function startFaultProxy(options: {
  port: number;
  targetPort: number;
  rule: FaultRule;
  delayMs?: (req: IncomingMessage) => number;
}): Promise<{ close: () => Promise<void> }> {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const fault = options.rule(req);
    if (fault) {
      req.resume();
      res.statusCode = fault.status;
      res.setHeader('content-type', 'application/xml');
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
    const forward = () => {
      // A caller that gave up (an SDK timeout) must not have its request delivered late.
      if (clientGone) return;
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
      req.pipe(upstream);
    };
    const delay = options.delayMs?.(req) ?? 0;
    if (delay > 0) {
      req.pause();
      setTimeout(forward, delay);
    } else {
      forward();
    }
  });
  return new Promise((resolve) =>
    server.listen(options.port, '127.0.0.1', () =>
      resolve({
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      }),
    ),
  );
}
