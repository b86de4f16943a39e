/**
 * Property tests: hostile bodies to "Job done" and its upload URLs, with the hauler's real job
 * link, a real lead table (dynalite) and S3 and SES in memory. Each body is valid but for one
 * field, so the answer must be a 400 naming that field, and nothing is stored: no URL counted, no
 * file kept, the job not done, no email.
 */
import { S3Client } from '@aws-sdk/client-s3';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { JobDeps } from '../../lambdas/job-updates/job-deps';
import { jobDone } from '../../lambdas/job-updates/proof/job-done';
import { jobUploadUrls } from '../../lambdas/job-updates/proof/job-uploads';
import { createLead, getLead, newLead } from '../../lambdas/shared/leads/lead-store';
import type { Lead } from '../../lambdas/shared/models/lead-model';
import type { LeadTable } from '../../lambdas/shared/runtime/table-handle';
import { MEDIA_SAMPLES, installFakeS3 } from '../support/testing';
import type { StoredObject } from '../support/testing';
import { haulerIn } from '../support/testing-haulers';
import { seedAcceptedJob } from '../support/testing-jobs';
import { bookingRequest, startTestLeadTable } from '../support/testing-leads';
import type { TestLeadTable } from '../support/testing-leads';
import { blankPdf } from '../fixtures/pdf';
import { DANGEROUS_KEYS } from './arbitraries';
import { jobDoneRequestSchema, jobUploadUrlsRequestSchema } from '#contract/loop/job-schemas';
import type { JobUploadUrls } from '#contract/loop/jobs';
import { JOB_PROOF_PREFIX, incomingJobFolder } from '#contract/booking/media-keys';

const SECRET = Buffer.from('property-test-link-secret-0123456789abcdef');
const NOW = new Date('2026-11-24T15:00:00Z');
const RUNS = 60;
const PDF = await blankPdf();

const sesMock = mockClient(SESv2Client);
const s3Mock = mockClient(S3Client);
const objects = new Map<string, StoredObject>();
let dynamo: TestLeadTable;
let table: LeadTable;
let token: string;
let id: string;
/** The keys the job was really given, with their files uploaded. */
let given: { receiptKey: string; afterPhotoKey: string };

const deps = (): JobDeps => ({
  table,
  s3: new S3Client({
    region: 'us-east-1',
    credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
    requestChecksumCalculation: 'WHEN_REQUIRED',
  }),
  ses: new SESv2Client({ region: 'us-east-1' }),
  bucket: 'bucket',
  secrets: () => Promise.resolve({ current: SECRET, accepted: [SECRET] }),
  publicBaseUrl: 'https://www.example.com',
  sender: 'quotes@example.com',
  operationsAddress: 'ops@example.com',
  now: () => NOW,
});

beforeAll(async () => {
  dynamo = await startTestLeadTable();
  table = await dynamo.freshTable();
  sesMock.on(SendEmailCommand).resolves({ MessageId: 'm' });
  installFakeS3(s3Mock, objects);
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
  const request = bookingRequest();
  id = request.submissionId;
  await createLead(table, newLead(request, NOW));
  const hauler = await haulerIn(table, 'active', NOW);
  token = (await seedAcceptedJob(table, id, hauler, NOW, SECRET, { pickupDate: '2026-11-25' }))
    .jobToken;
  const urls = await jobUploadUrls(
    {
      token,
      receipt: { contentType: 'application/pdf', size: PDF.length },
      afterPhotos: [{ contentType: 'image/png', size: MEDIA_SAMPLES['image/png'].length }],
    },
    deps(),
  );
  const answer = JSON.parse(urls.body) as JobUploadUrls;
  given = { receiptKey: answer.receipt!.key, afterPhotoKey: answer.afterPhotos[0]!.key };
  objects.set(given.receiptKey, { body: PDF, contentType: 'application/pdf' });
  objects.set(given.afterPhotoKey, {
    body: MEDIA_SAMPLES['image/png'],
    contentType: 'image/png',
  });
});
afterAll(async () => {
  sesMock.restore();
  s3Mock.restore();
  vi.restoreAllMocks();
  await dynamo.close();
});

const value = fc.jsonValue({ maxDepth: 3 });
const unknownKey = fc.oneof(
  fc.string({ minLength: 1, maxLength: 20 }),
  fc.constantFrom(...DANGEROUS_KEYS),
);

/** Strings a hostile client might send as a key: path tricks, other folders, near misses. */
const hostileKey = () =>
  fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.string({ minLength: 301, maxLength: 400 }),
    fc.constantFrom(
      '',
      '..',
      '/etc/passwd',
      'job-proof/',
      `${JOB_PROOF_PREFIX}/x/1-1-receipt.pdf`,
      'hauler-documents/h/certificate.pdf',
      'quote-photos/x/1_1.jpg',
    ),
    fc
      .tuple(
        fc.constantFrom('', '../', './', '%2e%2e/', 'x/'),
        fc.integer({ min: 0, max: 9999 }),
        fc.integer({ min: 0, max: 999 }),
        fc.constantFrom('receipt', 'after', 'certificate', 'Receipt'),
        fc.constantFrom('pdf', 'jpg', 'png', 'html', 'PDF', 'pdf?x=1', 'pdf/'),
      )
      .map(
        ([trick, quote, n, kind, ext]) =>
          `${incomingJobFolder(id)}${trick}${quote}-${n}-${kind}.${ext}`,
      ),
  );

/** An upload file that the contract refuses: a wrong type or size, or not a file at all. */
const hostileFile = fc.oneof(
  value,
  fc.record({
    contentType: fc.oneof(
      fc.constantFrom('image/webp', 'text/html', 'application/pdf ', 'IMAGE/PNG', ''),
      value,
    ),
    size: fc.oneof(fc.integer(), fc.double(), value),
  }),
  fc.record({
    contentType: fc.constantFrom('application/pdf', 'image/jpeg', 'image/png'),
    size: fc.oneof(fc.constantFrom(0, -1, 1.5, 25 * 1024 * 1024, Number.MAX_SAFE_INTEGER), value),
    extra: value,
  }),
);

const validReceipt = { contentType: 'image/png', size: 1000 };
const validPhoto = { contentType: 'image/jpeg', size: 1000 };

/** An upload-urls body valid but for `field`. */
const hostileUploadBody = fc
  .oneof(
    hostileFile.map((receipt) => ({
      field: 'receipt',
      body: { receipt, afterPhotos: [validPhoto] },
    })),
    fc
      .oneof(
        value,
        fc.array(fc.oneof(hostileFile, fc.constant(validPhoto)), { minLength: 1, maxLength: 8 }),
        fc.constant(Array.from({ length: 7 }, () => validPhoto)),
      )
      .map((afterPhotos) => ({
        field: 'afterPhotos',
        body: { receipt: validReceipt, afterPhotos },
      })),
    fc.tuple(unknownKey, value).map(([key, extra]) => ({
      field: key,
      body: { receipt: validReceipt, [key]: extra },
    })),
  )
  .filter(({ body }) => !jobUploadUrlsRequestSchema.safeParse({ token: 't', ...body }).success);

const validFacility = 'Salt River Transfer Station';

/** A done body valid but for `field` (a key that passes the schema must not be one given). */
const hostileDoneBody = () =>
  fc
    .oneof(
      fc.oneof(hostileKey(), value).map((receiptKey) => ({
        field: 'receiptKey',
        body: { receiptKey, facility: validFacility },
      })),
      fc
        .oneof(
          value,
          fc.string({ maxLength: 130 }),
          fc.constantFrom('x', ' ', 'A\nB', 'Dump\u0000', 'a'.repeat(121)),
        )
        .map((facility) => ({
          field: 'facility',
          body: { receiptKey: given.receiptKey, facility },
        })),
      fc
        .oneof(
          value,
          fc.array(fc.oneof(hostileKey(), value), { minLength: 1, maxLength: 8 }),
          fc.constant(Array.from({ length: 7 }, () => given.afterPhotoKey)),
          fc.constant([given.receiptKey]),
        )
        .map((afterPhotoKeys) => ({
          field: 'afterPhotoKeys',
          body: { receiptKey: given.receiptKey, facility: validFacility, afterPhotoKeys },
        })),
      fc.tuple(unknownKey, value).map(([key, extra]) => ({
        field: key,
        body: { receiptKey: given.receiptKey, facility: validFacility, [key]: extra },
      })),
    )
    .filter(({ field, body }) => {
      const parsed = jobDoneRequestSchema.safeParse({ token: 't', ...body });
      if (!parsed.success) return true;
      // Schema-valid: hostile only when a key was never given to this job.
      if (field === 'receiptKey') return parsed.data.receiptKey !== given.receiptKey;
      if (field === 'afterPhotoKeys') {
        const keys = parsed.data.afterPhotoKeys ?? [];
        return keys.some((key) => key !== given.afterPhotoKey);
      }
      return false;
    });

async function snapshot(): Promise<{ lead: Lead | undefined; files: string[] }> {
  return { lead: await getLead(table, id), files: [...objects.keys()].sort() };
}

describe('"Job done" under hostile bodies', () => {
  it('upload-urls answers each with a 400 naming the field, and counts nothing', async () => {
    const before = await snapshot();
    await fc.assert(
      fc.asyncProperty(hostileUploadBody, async ({ field, body }) => {
        const result = await jobUploadUrls({ token, ...body }, deps());
        expect(result.statusCode).toBe(400);
        const answer = JSON.parse(result.body) as { error: { fields: Record<string, string> } };
        expect(Object.keys(answer.error.fields)).toContain(field);
      }),
      { numRuns: RUNS },
    );
    expect(await snapshot()).toEqual(before);
  });

  it('done answers each with a 400 naming the field, and keeps nothing, changes nothing, sends nothing', async () => {
    const before = await snapshot();
    await fc.assert(
      fc.asyncProperty(hostileDoneBody(), async ({ field, body }) => {
        const result = await jobDone({ token, ...body }, deps());
        expect(result.statusCode, JSON.stringify(body)).toBe(400);
        const answer = JSON.parse(result.body) as { error: { fields: Record<string, string> } };
        expect(Object.keys(answer.error.fields)).toContain(field);
      }),
      { numRuns: RUNS },
    );
    const after = await snapshot();
    expect(after).toEqual(before);
    expect(after.lead?.status).toBe('accepted');
    expect(after.files.filter((key) => key.startsWith(`${JOB_PROOF_PREFIX}/`))).toEqual([]);
    expect(sesMock.commandCalls(SendEmailCommand)).toHaveLength(0);
  });
});
