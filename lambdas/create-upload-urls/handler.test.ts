import { S3Client } from '@aws-sdk/client-s3';
import type { LambdaFunctionURLEvent, LambdaFunctionURLResult } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { functionUrlEvent, jsonEvent } from '../../test/support/testing';
import { startTestLeadTable } from '../../test/support/testing-leads';
import type { TestLeadTable } from '../../test/support/testing-leads';

const ID = '3f2a9c1b-7d4e-4a5b-9c8d-0e1f2a3b4c5d';
const s3Mock = mockClient(S3Client);

type Handler = (event: LambdaFunctionURLEvent) => Promise<LambdaFunctionURLResult>;
let handler: Handler;
let leads: TestLeadTable;

function stubEnvironment(): void {
  vi.stubEnv('LEADS_TABLE', leads.env.LEADS_TABLE);
  vi.stubEnv('DYNAMODB_ENDPOINT', leads.env.DYNAMODB_ENDPOINT);
  vi.stubEnv('AWS_REGION', 'us-east-1');
  vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIDEXAMPLE');
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'secret');
  vi.stubEnv('BUCKET_NAME', 'quote-photos-bucket');
  vi.stubEnv('PUBLIC_BASE_URL', 'https://www.example.com');
}

beforeAll(async () => {
  leads = await startTestLeadTable();
  stubEnvironment();
  // The handler reads its environment once, at import, as Lambda does at cold start.
  ({ handler } = await import('./handler'));
});

afterAll(async () => {
  vi.unstubAllEnvs();
  s3Mock.restore();
  await leads.close();
});

async function call(event: LambdaFunctionURLEvent) {
  const result = await handler(event);
  if (typeof result === 'string') throw new Error('expected a structured result');
  return { ...result, json: JSON.parse(result.body ?? 'null') as unknown };
}

describe('create-upload-urls handler', () => {
  it('answers 200 JSON with presigned uploads for a valid request', async () => {
    const result = await call(
      jsonEvent({
        submissionId: ID,
        files: [{ kind: 'photo', contentType: 'image/jpeg', size: 1000 }],
      }),
    );
    expect(result.statusCode).toBe(200);
    expect(result.headers).toMatchObject({
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
    });
    expect(result.json).toMatchObject({
      uploads: [
        {
          index: 1,
          publicUrl: expect.stringMatching(
            new RegExp(`^https://www\\.example\\.com/quote-photos/${ID}/\\d+_1\\.jpg$`),
          ),
        },
      ],
    });
  });

  it('decodes a base64 body', async () => {
    const body = Buffer.from(
      JSON.stringify({
        submissionId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
        files: [{ kind: 'photo', contentType: 'image/png', size: 5 }],
      }),
    ).toString('base64');
    const result = await call(functionUrlEvent({ body, isBase64Encoded: true }));
    expect(result.statusCode).toBe(200);
  });

  it('answers 400 with the field message to an invalid request', async () => {
    const result = await call(
      jsonEvent({
        submissionId: ID,
        files: [{ kind: 'photo', contentType: 'image/svg+xml', size: 5 }],
      }),
    );
    expect(result.statusCode).toBe(400);
    expect(result.json).toMatchObject({
      error: { code: 'invalid_request', fields: { files: expect.any(String) } },
    });
  });

  it.each([
    [
      'a wrong content type',
      functionUrlEvent({ headers: { 'content-type': 'text/plain' }, body: '{}' }),
      415,
    ],
    ['an empty body', functionUrlEvent({ body: '' }), 400],
    ['a body that is not JSON', functionUrlEvent({ body: 'submissionId=1' }), 400],
    [
      'a body over the cap',
      functionUrlEvent({ body: JSON.stringify({ pad: 'x'.repeat(70_000) }) }),
      413,
    ],
    ['a GET', functionUrlEvent({ method: 'GET' }), 405],
  ])('answers %s with a 4xx and a JSON message, never a 500', async (_what, event, status) => {
    const result = await call(event);
    expect(result.statusCode).toBe(status);
    expect(result.json).toMatchObject({
      error: { code: expect.any(String), message: expect.any(String) },
    });
  });

  it('refuses a second batch for the same submission with a 409', async () => {
    const result = await call(
      jsonEvent({
        submissionId: ID,
        files: [{ kind: 'photo', contentType: 'image/gif', size: 9 }],
      }),
    );
    expect(result.statusCode).toBe(409);
    expect(result.json).toMatchObject({ error: { code: 'upload_limit' } });
  });

  it('makes no S3 call at all: presigning is local', () => {
    expect(s3Mock.calls()).toHaveLength(0);
  });

  it.each([
    ['BUCKET_NAME', '', 'BUCKET_NAME is missing'],
    ['LEADS_TABLE', ' ', 'LEADS_TABLE is missing'],
    ['PUBLIC_BASE_URL', 'https://www.example.com/', 'PUBLIC_BASE_URL must be an origin'],
  ])('refuses to start when %s is %j, naming the variable', async (name, value, message) => {
    vi.resetModules();
    vi.stubEnv(name, value);
    try {
      await expect(import('./handler')).rejects.toThrow(message);
    } finally {
      stubEnvironment();
    }
  });
});
