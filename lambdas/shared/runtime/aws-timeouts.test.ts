import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SES_TIMEOUTS, s3ClientFromEnv, sesClientFromEnv } from './aws';
import { createMailer } from '../mail/mailer';
import type { Mail, MailLedger } from '../mail/mailer';

// A server that accepts requests and never answers, like a hung AWS endpoint.
const hung = createServer((req) => req.resume());
let endpoint = '';
const anyRecord: MailLedger = {
  logFields: {},
  status: () => undefined,
  claim: () => Promise.resolve(true),
  record: () => Promise.resolve(),
};
const hello: Mail = {
  key: 'k',
  to: 'b@example.com',
  message: { subject: 's', html: 'b', text: 'b' },
};

beforeAll(async () => {
  await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(hung.address() as AddressInfo).port}`;
  process.env.AWS_ACCESS_KEY_ID ??= 'test';
  process.env.AWS_SECRET_ACCESS_KEY ??= 'test';
  process.env.AWS_REGION ??= 'us-east-1';
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterAll(() => {
  vi.restoreAllMocks();
  hung.closeAllConnections();
  hung.close();
});

describe('AWS clients against a hung endpoint', () => {
  it('SES gives up within its attempts and timeout, well inside the 15 s function timeout', async () => {
    const ses = sesClientFromEnv({ sesEndpoint: endpoint });
    const started = Date.now();
    const mailer = createMailer({ ses, sender: 'a@example.com', now: () => new Date() }, 'test');
    expect(await mailer.deliver(anyRecord, hello)).toBe('failed');
    const elapsed = Date.now() - started;
    expect(elapsed).toBeLessThan(SES_TIMEOUTS.maxAttempts * SES_TIMEOUTS.requestTimeout + 3_000);
  }, 20_000);

  it('S3 gives up too instead of waiting forever', async () => {
    const s3 = s3ClientFromEnv({ s3Endpoint: endpoint, s3ForcePathStyle: true });
    const started = Date.now();
    await expect(s3.send(new HeadObjectCommand({ Bucket: 'b', Key: 'k' }))).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(12_000);
  }, 20_000);
});
