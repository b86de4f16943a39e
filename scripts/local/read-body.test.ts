import { request } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBody } from './read-body';

const LIMIT = 1024 * 1024;
let port: number;
const server = createServer((req, res) => {
  void readBody(req, LIMIT).then((body) => {
    res.statusCode = body === null ? 413 : 200;
    // `complete`: the whole message was received before the answer, none of it left unread.
    res.end(`${body === null ? 'too large' : body.length} complete=${req.complete}`);
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Sends `bytes` in 64 KB chunks, as a browser uploads, and reads the answer. */
function post(bytes: number): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method: 'POST', headers: { 'content-length': String(bytes) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }),
        );
      },
    );
    req.on('error', reject);
    const chunk = Buffer.alloc(64 * 1024, 120);
    let sent = 0;
    const write = () => {
      while (sent < bytes) {
        const piece = chunk.subarray(0, Math.min(chunk.length, bytes - sent));
        sent += piece.length;
        if (!req.write(piece)) return void req.once('drain', write);
      }
      req.end();
    };
    write();
  });
}

describe('reading a local request body', () => {
  it('returns a body within the limit whole', async () => {
    expect(await post(LIMIT)).toEqual({ status: 200, text: `${LIMIT} complete=true` });
  });

  it('answers a body over the limit with 413 only after reading all of it', async () => {
    for (const bytes of [LIMIT + 1, 7 * LIMIT]) {
      expect(await post(bytes)).toEqual({ status: 413, text: 'too large complete=true' });
    }
  });
});
