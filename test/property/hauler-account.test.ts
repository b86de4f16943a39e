/**
 * Property tests: hostile bodies to every endpoint of the hauler's page and the fresh link, with a
 * real lead table (dynalite) and S3 and SES in memory. Whatever arrives, the answer is a 4xx with
 * a sentence or a 200, never a 500; a body without the hauler's current link changes nothing.
 */
import { S3Client } from '@aws-sdk/client-s3';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeAccount, readAccount } from '../../lambdas/hauler-account/account';
import type { HaulerAccountDeps } from '../../lambdas/hauler-account/account';
import { freshLink } from '../../lambdas/hauler-account/fresh-link';
import { renewal, renewalUrl } from '../../lambdas/hauler-account/renewal';
import { getHauler } from '../../lambdas/shared/haulers/hauler-store';
import type { Hauler } from '../../lambdas/shared/models/hauler-model';
import { linkClaims, signLink } from '../../lambdas/shared/links/signed-links';
import type { LeadTable } from '../../lambdas/shared/runtime/table-handle';
import { installFakeS3 } from '../support/testing';
import { haulerIn } from '../support/testing-haulers';
import { startTestLeadTable } from '../support/testing-leads';
import type { TestLeadTable } from '../support/testing-leads';
import { DANGEROUS_KEYS } from './arbitraries';

const SECRET = Buffer.from('property-test-link-secret-0123456789abcdef');
const NOW = new Date('2026-11-24T15:00:00Z');
const RUNS = 80;

const sesMock = mockClient(SESv2Client);
const s3Mock = mockClient(S3Client);
let dynamo: TestLeadTable;
let table: LeadTable;
let hauler: Hauler;
let token: string;

beforeAll(async () => {
  dynamo = await startTestLeadTable();
  table = await dynamo.freshTable();
  sesMock.on(SendEmailCommand).resolves({ MessageId: 'm' });
  installFakeS3(s3Mock, new Map());
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  hauler = await haulerIn(table, 'active', NOW);
  token = signLink(
    linkClaims(hauler.haulerId, 'hauler', 'manage', NOW, hauler.linkVersion),
    SECRET,
  );
});
afterAll(async () => {
  sesMock.restore();
  s3Mock.restore();
  vi.restoreAllMocks();
  await dynamo.close();
});

const deps = (): HaulerAccountDeps => ({
  table,
  payments: { setting: 'off' },
  s3: new S3Client({
    region: 'us-east-1',
    credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
  }),
  ses: new SESv2Client({ region: 'us-east-1' }),
  bucket: 'bucket',
  secrets: () => Promise.resolve({ current: SECRET, accepted: [SECRET] }),
  publicBaseUrl: 'https://www.example.com',
  sender: 'quotes@example.com',
  operationsAddress: 'ops@example.com',
  uploadUrlSeconds: 300,
  now: () => NOW,
});

const ENDPOINTS = { readAccount, changeAccount, renewalUrl, renewal, freshLink } as const;

/** Any JSON value, keys that poison prototypes included. */
const value = fc.jsonValue();
const key = fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom(...DANGEROUS_KEYS));
const hostileBody = fc.oneof(
  fc.dictionary(key, value, { maxKeys: 6 }),
  // A body with the real link and anything else beside it.
  fc.record({
    token: fc.oneof(fc.constant('REAL'), value),
    change: fc.oneof(
      value,
      fc.record({
        kind: fc.oneof(fc.constantFrom('details', 'pause', 'resume'), value),
        until: fc.oneof(fc.string(), value),
        serviceRadiusMiles: fc.oneof(fc.constantFrom(10, 25, 7, -1, 1e308), value),
        phone: fc.oneof(fc.string({ maxLength: 40 }), value),
      }),
    ),
    insuranceCertificate: fc.oneof(
      value,
      fc.record({ contentType: fc.oneof(fc.string(), value), size: fc.oneof(fc.integer(), value) }),
    ),
    email: fc.oneof(fc.emailAddress(), fc.string(), value),
  }),
);

function withToken(body: Record<string, unknown>): Record<string, unknown> {
  return body.token === 'REAL' ? { ...body, token } : body;
}

describe('the hauler page under hostile bodies', () => {
  it.each(Object.entries(ENDPOINTS))(
    '%s answers 2xx or 4xx, never 5xx',
    async (_name, endpoint) => {
      await fc.assert(
        fc.asyncProperty(hostileBody, async (body) => {
          const result = await endpoint(withToken(body as Record<string, unknown>), deps());
          expect(result.statusCode).toBeLessThan(500);
          if (result.statusCode >= 400) {
            const answer = JSON.parse(result.body) as { error?: { message?: unknown } };
            expect(typeof answer.error?.message).toBe('string');
          }
        }),
        { numRuns: RUNS },
      );
    },
  );

  it('changes nothing for a body without the current link', async () => {
    const before = await getHauler(table, hauler.haulerId);
    await fc.assert(
      fc.asyncProperty(hostileBody, async (body) => {
        const hostile = body as Record<string, unknown>;
        if (hostile.token === 'REAL') return;
        await changeAccount(hostile, deps());
        await renewal(hostile, deps());
      }),
      { numRuns: RUNS },
    );
    const after = await getHauler(table, hauler.haulerId);
    expect(after?.version).toBe(before?.version);
  });
});
