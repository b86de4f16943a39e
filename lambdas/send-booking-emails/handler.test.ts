import {
  CopyObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { GetObjectCommandOutput } from '@aws-sdk/client-s3';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import type { LambdaFunctionURLEvent, LambdaFunctionURLResult } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getLead } from '../shared/leads/lead-store';
import { MEDIA_SAMPLES, functionUrlEvent, jsonEvent } from '../../test/support/testing';
import { startTestLeadTable } from '../../test/support/testing-leads';
import type { TestLeadTable } from '../../test/support/testing-leads';

const ID = '3f2a9c1b-7d4e-4a5b-9c8d-0e1f2a3b4c5d';
const FOLDER = `https://www.example.com/quote-photos/${ID}`;

const s3Mock = mockClient(S3Client);
const sesMock = mockClient(SESv2Client);

type Handler = (event: LambdaFunctionURLEvent) => Promise<LambdaFunctionURLResult>;
let handler: Handler;
let leads: TestLeadTable;

beforeAll(async () => {
  leads = await startTestLeadTable();
  vi.stubEnv('LEADS_TABLE', leads.env.LEADS_TABLE);
  vi.stubEnv('DYNAMODB_ENDPOINT', leads.env.DYNAMODB_ENDPOINT);
  vi.stubEnv('SES_CONFIGURATION_SET', 'homeowners');
  vi.stubEnv('SES_OPERATIONS_CONFIGURATION_SET', 'operations');
  vi.stubEnv('AWS_REGION', 'us-east-1');
  vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIDEXAMPLE');
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'secret');
  vi.stubEnv('BUCKET_NAME', 'quote-photos-bucket');
  vi.stubEnv('PUBLIC_BASE_URL', 'https://www.example.com');
  vi.stubEnv('SENDER_ADDRESS', 'quotes@example.com');
  vi.stubEnv('OPERATIONS_ADDRESS', 'ops@example.com');
  vi.stubEnv('PAYMENTS', 'off');
  ({ handler } = await import('./handler'));
});

beforeEach(() => {
  s3Mock.reset();
  sesMock.reset();
  s3Mock.on(HeadObjectCommand).resolves({
    ContentType: 'image/jpeg',
    ContentLength: MEDIA_SAMPLES['image/jpeg'].length,
  });
  s3Mock.on(GetObjectCommand).resolves({
    Body: {
      transformToByteArray: async () => new Uint8Array(MEDIA_SAMPLES['image/jpeg']),
    } as unknown as GetObjectCommandOutput['Body'],
  });
  s3Mock.on(PutObjectCommand).resolves({});
  s3Mock.on(CopyObjectCommand).resolves({});
  sesMock.on(SendEmailCommand).resolves({ MessageId: 'm' });
});

afterAll(async () => {
  vi.unstubAllEnvs();
  s3Mock.restore();
  sesMock.restore();
  await leads.close();
});

async function call(event: LambdaFunctionURLEvent) {
  const result = await handler(event);
  if (typeof result === 'string') throw new Error('expected a structured result');
  return {
    statusCode: result.statusCode,
    headers: result.headers,
    json: JSON.parse(result.body ?? 'null') as unknown,
  };
}

const booking = {
  name: 'Jane Doe',
  phone: '6025550134',
  email: 'jane@example.com',
  city: 'Phoenix',
  state: 'AZ',
  zipCode: '85001',
  description: 'Old sofa and a fridge.',
  photoUrls: [`${FOLDER}/1763726400000_1.jpg`, `${FOLDER}/1763726400000_2.jpg`],
  photoCount: 2,
  hasVideo: false,
  submissionId: ID,
};

describe('send-booking-emails handler', () => {
  it('answers 200 JSON with the reference, using the clients and addresses from the environment', async () => {
    const result = await call(jsonEvent(booking));
    expect(result).toMatchObject({
      statusCode: 200,
      headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
      json: { ok: true, reference: '3F2A9C1B' },
    });
    expect(s3Mock.commandCalls(PutObjectCommand)[0]?.args[0].input.Bucket).toBe(
      'quote-photos-bucket',
    );
    expect(await getLead(leads.table, ID)).toMatchObject({ status: 'received' });
    const sent = sesMock
      .commandCalls(SendEmailCommand)
      .map((c) => [c.args[0].input.Destination?.ToAddresses, c.args[0].input.ConfigurationSetName]);
    expect(sent).toEqual([
      [['jane@example.com'], 'homeowners'],
      [['ops@example.com'], 'operations'],
    ]);
  });

  it('answers 400 with fields for an invalid body', async () => {
    const result = await call(jsonEvent({ ...booking, phone: '123' }));
    expect(result).toMatchObject({
      statusCode: 400,
      json: {
        error: { code: 'invalid_request', fields: { phone: 'Please enter a valid phone number' } },
      },
    });
  });

  it.each([
    [
      'a wrong content type',
      functionUrlEvent({ headers: { 'content-type': 'text/plain' }, body: '{}' }),
      415,
    ],
    [
      'an over-cap body',
      functionUrlEvent({ body: JSON.stringify({ ...booking, description: 'x'.repeat(70_000) }) }),
      413,
    ],
    ['broken JSON', functionUrlEvent({ body: '{"name":' }), 400],
  ])('answers %s with a 4xx JSON error and no AWS call', async (_what, event, status) => {
    const result = await call(event);
    expect(result.statusCode).toBe(status);
    expect(result.json).toMatchObject({ error: { message: expect.any(String) } });
    expect(s3Mock.calls()).toHaveLength(0);
    expect(sesMock.calls()).toHaveLength(0);
  });

  it('reads a base64-encoded body', async () => {
    const body = Buffer.from(JSON.stringify(booking)).toString('base64');
    expect((await call(functionUrlEvent({ body, isBase64Encoded: true }))).statusCode).toBe(200);
  });
});

describe('send-booking-emails environment', () => {
  it.each([
    ['CONFIRMATION_DAILY_CAP', 'many', 'CONFIRMATION_DAILY_CAP must be a whole number ≥ 1'],
    ['CONFIRMATION_DAILY_CAP', '0', 'CONFIRMATION_DAILY_CAP must be a whole number ≥ 1'],
    ['SENDER_ADDRESS', '', 'SENDER_ADDRESS is missing'],
  ])('refuses to start when %s is %j, naming the variable', async (name, value, message) => {
    vi.resetModules();
    const before = process.env[name];
    vi.stubEnv(name, value);
    try {
      await expect(import('./handler')).rejects.toThrow(message);
    } finally {
      vi.stubEnv(name, before);
    }
  });
});
