/**
 * The public form as an attacker's script sees it, through the real local stack (the handlers,
 * s3rver, dynalite, aws-ses-v2-local): the API called directly, no browser form in the way.
 */
import { createHash, randomUUID } from 'node:crypto';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { getLead } from '../../lambdas/shared/leads/lead-store';
import { E2E_DYNAMO_PORT, E2E_S3_PORT } from '../../playwright.config';
import {
  LOCAL_BUCKET,
  LOCAL_CREDENTIALS,
  LOCAL_LEADS_TABLE,
} from '../../scripts/local/aws-stand-ins';
import { VALID_REQUEST_FIELDS } from '../fixtures/homeowner';
import { sentMail } from './helpers/local-stack';
import { makePhoto } from './helpers/photos';
import { API_PATHS } from '#contract/core/api';
import { MESSAGES } from '#contract/core/messages';
import type { UploadUrlsResponse } from '#contract/booking/upload-urls';

/** The flood shares one address and counts mail; run its tests one after the other. */
test.describe.configure({ mode: 'serial' });

const leads = {
  client: DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: `http://127.0.0.1:${E2E_DYNAMO_PORT}`,
      region: 'us-east-1',
      credentials: LOCAL_CREDENTIALS,
    }),
  ),
  tableName: LOCAL_LEADS_TABLE,
};

/** POST JSON the way the browser does (CloudFront OAC needs the body's SHA-256). */
async function postJson(request: APIRequestContext, path: string, body: unknown) {
  const text = JSON.stringify(body);
  return request.post(path, {
    headers: {
      'content-type': 'application/json',
      'x-amz-content-sha256': createHash('sha256').update(text).digest('hex'),
    },
    data: text,
  });
}

interface Upload {
  publicUrl: string;
  key: string;
}

/**
 * Asks for upload URLs and PUTs each body, sending the uploader's own Cache-Control and a
 * Content-Disposition (which S3 stores, since neither is signed).
 */
async function upload(
  request: APIRequestContext,
  submissionId: string,
  files: { contentType: string; bytes: Buffer }[],
): Promise<Upload[]> {
  const answer = await postJson(request, API_PATHS.uploadUrls, {
    submissionId,
    files: files.map((f) => ({ kind: 'photo', contentType: f.contentType, size: f.bytes.length })),
  });
  expect(answer.status(), await answer.text()).toBe(200);
  const { uploads } = (await answer.json()) as UploadUrlsResponse;
  for (const [i, item] of uploads.entries()) {
    const put = await request.put(item.url, {
      headers: {
        ...item.headers,
        'Cache-Control': 'max-age=31536000',
        'Content-Disposition': 'attachment; filename="x.html"',
      },
      data: files[i]?.bytes,
    });
    expect(put.status(), await put.text()).toBe(200);
  }
  return uploads.map(({ publicUrl, key }) => ({ publicUrl, key }));
}

function booking(submissionId: string, email: string, photoUrls: string[]) {
  return {
    ...VALID_REQUEST_FIELDS,
    email,
    photoUrls,
    photoCount: photoUrls.length,
    hasVideo: false,
    submissionId,
    // What a script sends to pass the honeypot.
    website: '',
  };
}

test('a flood of 12 requests naming one address: 3 confirmations, 12 stored leads, 12 notifications', async ({
  request,
}) => {
  test.setTimeout(120_000);
  const victim = `victim-${Date.now()}@example.com`;
  // Spellings of one mailbox: case, spaces and +tags do not make it another address.
  const spellings = [victim, victim.toUpperCase(), ` ${victim} `, victim.replace('@', '+x@')];
  const photo = (await makePhoto('pile.jpg')).buffer;
  const ids: string[] = [];
  for (let i = 0; i < 12; i += 1) {
    const submissionId = randomUUID();
    ids.push(submissionId);
    const files = [
      { contentType: 'image/jpeg', bytes: photo },
      { contentType: 'image/jpeg', bytes: photo },
    ];
    const uploads = await upload(request, submissionId, files);
    const answer = await postJson(
      request,
      API_PATHS.sendBookingEmails,
      booking(
        submissionId,
        spellings[i % spellings.length] ?? victim,
        uploads.map((u) => u.publicUrl),
      ),
    );
    // The browser (or script) sees the usual success every time.
    expect(answer.status(), await answer.text()).toBe(200);
  }

  // 12 leads in the table (dynalite), each with the decision on its confirmation.
  const stored = await Promise.all(ids.map((id) => getLead(leads, id)));
  expect(stored.filter((lead) => lead !== undefined)).toHaveLength(12);
  expect(stored.filter((lead) => lead?.confirmationAllowance === 'granted')).toHaveLength(3);
  expect(stored.filter((lead) => lead?.emails.confirmation === 'withheld')).toHaveLength(9);

  const references = new Set(ids.map((id) => id.replace(/-/g, '').slice(0, 8).toUpperCase()));
  const mail = await sentMail(request);
  const confirmations = mail.filter((m) =>
    m.destination.to.some((to) => to.trim().toLowerCase().replace('+x@', '@') === victim),
  );
  const notifications = mail.filter(
    (m) =>
      !confirmations.includes(m) &&
      [...references].some((ref) => m.subject.includes(`New quote request ${ref}`)),
  );
  expect(confirmations).toHaveLength(3);
  expect(notifications).toHaveLength(12);
  expect(
    notifications.filter((m) => m.subject.startsWith('[confirmation withheld: limit] ')),
  ).toHaveLength(9);
  expect(
    notifications.filter((m) => m.body.text?.includes('confirmation withheld: limit')),
  ).toHaveLength(9);
});

test('a web page uploaded as image/jpeg is refused, naming the photo, and never served', async ({
  request,
}) => {
  const submissionId = randomUUID();
  const page = Buffer.from('<!doctype html><html><body><script>alert(document.domain)</script>');
  const uploads = await upload(request, submissionId, [
    { contentType: 'image/jpeg', bytes: (await makePhoto('ok.jpg')).buffer },
    { contentType: 'image/jpeg', bytes: page },
  ]);
  const answer = await postJson(
    request,
    API_PATHS.sendBookingEmails,
    booking(
      submissionId,
      `html-${Date.now()}@example.com`,
      uploads.map((u) => u.publicUrl),
    ),
  );
  expect(answer.status()).toBe(400);
  const message = MESSAGES.mediaContentMismatch('Photo 2', 'image/jpeg');
  expect(await answer.json()).toEqual({
    error: { code: 'invalid_media', message, fields: { photoUrls: message } },
  });
  expect(message).toBe('Photo 2 is not a real JPEG image file. Please choose another photo.');
  expect(await getLead(leads, submissionId)).toBeUndefined();
  for (const { publicUrl } of uploads) expect((await request.get(publicUrl)).status()).toBe(404);
});

test('an upload that is never booked is not served, from its public link or its quarantine', async ({
  request,
}) => {
  const submissionId = randomUUID();
  const [uploaded] = await upload(request, submissionId, [
    { contentType: 'image/jpeg', bytes: (await makePhoto('never-booked.jpg')).buffer },
  ]);
  if (uploaded === undefined) throw new Error('one upload expected');
  expect(uploaded.key).toMatch(new RegExp(`^incoming/${submissionId}/`));
  expect((await request.get(uploaded.publicUrl)).status()).toBe(404);
  expect((await request.get(`/${LOCAL_BUCKET}/${uploaded.key}`)).status()).toBe(404);
  expect((await request.get(`/${uploaded.key}`)).status()).toBe(404);
  // And a second batch of upload URLs for the same submission is refused.
  const again = await postJson(request, API_PATHS.uploadUrls, {
    submissionId,
    files: [{ kind: 'photo', contentType: 'image/png', size: 1000 }],
  });
  expect(again.status()).toBe(409);
  expect(await again.json()).toMatchObject({
    error: { code: 'upload_limit', message: MESSAGES.uploadBatchUsed },
  });
});

test('photo responses carry Cache-Control 3600 s and no Content-Disposition, whatever was stored', async ({
  request,
}) => {
  // A booked photo: copied with our metadata, and served under the photo headers policy.
  const submissionId = randomUUID();
  const bytes = (await makePhoto('served.jpg')).buffer;
  const uploads = await upload(request, submissionId, [
    { contentType: 'image/jpeg', bytes },
    { contentType: 'image/jpeg', bytes },
  ]);
  const answer = await postJson(
    request,
    API_PATHS.sendBookingEmails,
    booking(
      submissionId,
      `served-${Date.now()}@example.com`,
      uploads.map((u) => u.publicUrl),
    ),
  );
  expect(answer.status()).toBe(200);
  const booked = await request.get(uploads[0]?.publicUrl ?? '');
  expect(booked.status()).toBe(200);
  expect(booked.headers()['content-type']).toBe('image/jpeg');
  expect(booked.headers()['cache-control']).toBe('max-age=3600');
  expect(booked.headers()['content-disposition']).toBeUndefined();

  // An object placed in the public folder with the uploader's own headers (as if it had got
  // there some other way): the response headers still say what the policy says.
  const s3 = new S3Client({
    endpoint: `http://localhost:${E2E_S3_PORT}`,
    forcePathStyle: true,
    region: 'us-east-1',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  const key = `quote-photos/${randomUUID()}/1_1.jpg`;
  await s3.send(
    new PutObjectCommand({
      Bucket: LOCAL_BUCKET,
      Key: key,
      Body: bytes,
      ContentType: 'image/jpeg',
      CacheControl: 'max-age=31536000',
      ContentDisposition: 'attachment; filename="photo.html"',
    }),
  );
  const planted = await request.get(`/${key}`);
  expect(planted.status()).toBe(200);
  expect(planted.headers()['cache-control']).toBe('max-age=3600');
  expect(planted.headers()['content-disposition']).toBeUndefined();
  expect(planted.headers()['content-security-policy']).toBe(
    "default-src 'none'; frame-ancestors 'none'; sandbox",
  );
  s3.destroy();
});
