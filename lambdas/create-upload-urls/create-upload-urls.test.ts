import { randomUUID } from 'node:crypto';
import { S3Client } from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getUploadBatch } from '../shared/runtime/abuse-counters';
import { startTestLeadTable } from '../../test/support/testing-leads';
import type { TestLeadTable } from '../../test/support/testing-leads';
import { createUploadUrls } from './create-upload-urls';
import type { CreateUploadUrlsDeps, CreateUploadUrlsOutcome } from './create-upload-urls';
import { LIMITS } from '#contract/core/limits';
import { MESSAGES } from '#contract/core/messages';

/** A fresh submission per test: each one's upload batch starts unused. */
let ID = randomUUID();
const NOW = new Date('2025-11-21T12:00:00.000Z');
const BASE = 'https://www.example.com';

// Presigning is local computation: it never calls S3's `send`. The mock proves exactly that.
// The upload batch is recorded in a real lead table (dynalite).
const s3Mock = mockClient(S3Client);
const s3 = new S3Client({
  region: 'us-east-1',
  credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
  requestChecksumCalculation: 'WHEN_REQUIRED',
});

let leads: TestLeadTable;
let deps: CreateUploadUrlsDeps;

beforeAll(async () => {
  leads = await startTestLeadTable();
  deps = { ...baseDeps, table: leads.table };
});

const baseDeps = {
  s3,
  bucket: 'quote-photos-bucket',
  publicBaseUrl: BASE,
  now: () => NOW,
  expiresIn: LIMITS.uploadUrlExpirySeconds,
} as const;

const photo = (contentType = 'image/jpeg', size = 2_000_000) => ({
  kind: 'photo',
  contentType,
  size,
});

function uploadsOf(outcome: CreateUploadUrlsOutcome) {
  if (outcome.statusCode !== 200) throw new Error(`expected 200, got ${JSON.stringify(outcome)}`);
  return outcome.body.uploads;
}

beforeEach(() => {
  s3Mock.reset();
  ID = randomUUID();
});

afterAll(async () => {
  s3Mock.restore();
  await leads.close();
});

describe('createUploadUrls', () => {
  it('answers one presigned PUT per photo into quarantine, keyed by submission, timestamp and 1-based index', async () => {
    const uploads = uploadsOf(
      await createUploadUrls(
        { submissionId: ID, files: [photo(), photo('image/png'), photo('image/heic')] },
        deps,
      ),
    );
    expect(uploads.map(({ index, key, publicUrl }) => ({ index, key, publicUrl }))).toEqual([
      {
        index: 1,
        key: `incoming/${ID}/${NOW.getTime()}_1.jpg`,
        publicUrl: `${BASE}/quote-photos/${ID}/${NOW.getTime()}_1.jpg`,
      },
      {
        index: 2,
        key: `incoming/${ID}/${NOW.getTime()}_2.png`,
        publicUrl: `${BASE}/quote-photos/${ID}/${NOW.getTime()}_2.png`,
      },
      {
        index: 3,
        key: `incoming/${ID}/${NOW.getTime()}_3.heic`,
        publicUrl: `${BASE}/quote-photos/${ID}/${NOW.getTime()}_3.heic`,
      },
    ]);
    expect(s3Mock.calls()).toHaveLength(0);
  });

  it('signs content-type, content-length and if-none-match into a URL that expires in 5 minutes', async () => {
    const [upload] = uploadsOf(
      await createUploadUrls({ submissionId: ID, files: [photo()] }, deps),
    );
    const url = new URL(upload?.url ?? '');
    expect(url.hostname).toBe('quote-photos-bucket.s3.us-east-1.amazonaws.com');
    expect(url.pathname).toBe(`/${upload?.key}`);
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    const signed = url.searchParams.get('X-Amz-SignedHeaders')?.split(';') ?? [];
    expect(signed).toEqual(
      expect.arrayContaining(['content-type', 'content-length', 'if-none-match', 'host']),
    );
  });

  it('leaves checksums out of the URL, so a browser PUT of any body can match it', async () => {
    const [upload] = uploadsOf(
      await createUploadUrls({ submissionId: ID, files: [photo()] }, deps),
    );
    const query = new URL(upload?.url ?? '').search.toLowerCase();
    expect(query).not.toContain('x-amz-checksum');
    expect(query).not.toContain('x-amz-sdk-checksum-algorithm');
  });

  it('tells the browser exactly which headers to send with the PUT', async () => {
    const [upload] = uploadsOf(
      await createUploadUrls({ submissionId: ID, files: [photo('image/webp')] }, deps),
    );
    expect(upload?.headers).toEqual({
      'Content-Type': 'image/webp',
      'Cache-Control': 'max-age=3600',
      'If-None-Match': '*',
    });
  });

  it('stores a QuickTime video as .mov', async () => {
    const [upload] = uploadsOf(
      await createUploadUrls(
        {
          submissionId: ID,
          files: [{ kind: 'video', contentType: 'video/quicktime', size: 9_000_000 }],
        },
        deps,
      ),
    );
    expect(upload?.key).toBe(`incoming/${ID}/${NOW.getTime()}_1.mov`);
    expect(upload?.headers['Content-Type']).toBe('video/quicktime');
  });

  it('strips a trailing slash from the public base URL', async () => {
    const [upload] = uploadsOf(
      await createUploadUrls(
        { submissionId: ID, files: [photo()] },
        { ...deps, publicBaseUrl: `${BASE}/` },
      ),
    );
    expect(upload?.publicUrl).toBe(`${BASE}/quote-photos/${ID}/${NOW.getTime()}_1.jpg`);
  });

  it.each([
    [
      'a photo that is not an image',
      { submissionId: ID, files: [photo('text/html')] },
      `Photo 1: ${MESSAGES.photoNotImage}`,
    ],
    [
      'an oversized photo',
      { submissionId: ID, files: [photo('image/jpeg', LIMITS.photoMaxBytes + 1)] },
      MESSAGES.photoTooLarge(1),
    ],
    [
      'photos with a video',
      { submissionId: ID, files: [photo(), { kind: 'video', contentType: 'video/mp4', size: 1 }] },
      MESSAGES.photosOrVideo,
    ],
    [
      '11 files',
      { submissionId: ID, files: Array.from({ length: 11 }, () => photo()) },
      MESSAGES.tooManyPhotos,
    ],
    ['no files', { submissionId: ID, files: [] }, MESSAGES.noFiles],
    [
      'a submission id that is not a UUID',
      { submissionId: 'x', files: [photo()] },
      MESSAGES.submissionIdInvalid,
    ],
    [
      'an unknown key',
      { submissionId: ID, files: [photo()], acl: 'public-read' },
      MESSAGES.unknownFields(['acl']),
    ],
    ['a body that is not an object', 'files', MESSAGES.bodyNotObject],
  ])('answers 400 with a clear message to %s', async (_what, body, message) => {
    const outcome = await createUploadUrls(body, deps);
    expect(outcome.statusCode).toBe(400);
    expect(outcome.body).toMatchObject({ error: { code: 'invalid_request', message } });
  });

  it('issues one batch per submission, then only a retry of its own files', async () => {
    const files = [photo('image/jpeg', 1000), photo('image/png', 2000)];
    expect((await createUploadUrls({ submissionId: ID, files }, deps)).statusCode).toBe(200);
    // 'Try Again' after photo 2 failed: the same file again is fine.
    const retry = await createUploadUrls({ submissionId: ID, files: [files[1]] }, deps);
    expect(retry.statusCode).toBe(200);
    // Anything else for this submission id is refused, with a sentence the form can show.
    const more = await createUploadUrls(
      { submissionId: ID, files: [photo('image/jpeg', 5)] },
      deps,
    );
    expect(more).toEqual({
      statusCode: 409,
      body: { error: { code: 'upload_limit', message: MESSAGES.uploadBatchUsed } },
    });
    expect(await getUploadBatch(leads.table, ID)).toMatchObject({ files, retries: 1 });
  });

  it('records no batch for a request it refuses as invalid', async () => {
    await createUploadUrls({ submissionId: ID, files: [photo('text/html')] }, deps);
    expect(await getUploadBatch(leads.table, ID)).toBeUndefined();
  });

  it('names the offending field in `fields`', async () => {
    const outcome = await createUploadUrls({ submissionId: 'x', files: [photo()] }, deps);
    expect(outcome.body).toEqual({
      error: {
        code: 'invalid_request',
        message: MESSAGES.submissionIdInvalid,
        fields: { submissionId: MESSAGES.submissionIdInvalid },
      },
    });
  });
});
