import {
  GetAccountCommand,
  MessageRejected,
  SESv2Client,
  SendEmailCommand,
  TooManyRequestsException,
} from '@aws-sdk/client-sesv2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_CREDENTIALS, startSes } from './aws-stand-ins';
import { startFaultProxy } from './fault-proxy';
import { sesLimitRule } from './ses-limits';
import type { SesLimits } from './ses-limits';

// The real SDK against aws-ses-v2-local behind the limits, as the local stack runs them.
const PROXY_PORT = 0;
const limits: SesLimits = { sesMaxSendRate: 2, sesRejectAddresses: ['gone@example.com'] };
let wall = 1_000_000;
let ses: Awaited<ReturnType<typeof startSes>>;
let proxy: Awaited<ReturnType<typeof startFaultProxy>>;
let client: SESv2Client;
let port: number;

const send = (to: string) =>
  client.send(
    new SendEmailCommand({
      FromEmailAddress: 'q@example.com',
      Destination: { ToAddresses: [to] },
      Content: {
        Simple: {
          Subject: { Data: 'Hi' },
          Body: { Text: { Data: 'Hi' } },
        },
      },
    }),
  );

beforeAll(async () => {
  ses = await startSes({ port: 0 });
  // A free port for the proxy (startFaultProxy does not say which port 0 took).
  const { createServer } = await import('node:net');
  port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(PROXY_PORT, '127.0.0.1', () => {
      const address = probe.address() as { port: number };
      probe.close(() => resolve(address.port));
    });
  });
  proxy = await startFaultProxy({
    port,
    targetPort: ses.port,
    rule: sesLimitRule(limits, () => wall),
    readBody: true,
  });
  client = new SESv2Client({
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    credentials: LOCAL_CREDENTIALS,
    maxAttempts: 1,
  });
});

afterAll(async () => {
  client.destroy();
  await proxy.close();
  await ses.close();
});

describe('the SES stand-in’s limits', () => {
  it('answers GetAccount with its sending rate', async () => {
    const account = await client.send(new GetAccountCommand({}));
    expect(account.SendQuota?.MaxSendRate).toBe(2);
  });

  it('throttles sends beyond its rate with the SDK’s own TooManyRequestsException, then takes them a second later', async () => {
    await send('a@example.com');
    await send('b@example.com');
    const third = await send('c@example.com').catch((error: unknown) => error);
    expect(third).toBeInstanceOf(TooManyRequestsException);
    expect((third as TooManyRequestsException).$metadata.httpStatusCode).toBe(429);
    wall += 1000;
    await expect(send('c@example.com')).resolves.toBeDefined();
  });

  it('refuses a suppressed address for good with MessageRejected', async () => {
    wall += 1000;
    const refused = await send('Gone@example.com').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(MessageRejected);
  });
});
