/**
 * "Job done" against a real dynalite, with S3 held in memory and SES recorded: the upload URLs
 * (signed, counted per job), the receipt and after-photos checked by their bytes and kept
 * privately, one write before the emails, twice (or two at once) is once, and the proof for the
 * homeowner's and operations' links only.
 */
import { S3Client } from '@aws-sdk/client-s3';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Hauler } from '../../shared/models/hauler-model';
import { jobOf } from '../../shared/jobs/lead-job';
import { getHauler } from '../../shared/haulers/hauler-store';
import { createLead, getLead, newLead } from '../../shared/leads/lead-store';
import { linkClaims, signLink, verifyLink } from '../../shared/links/signed-links';
import type { LeadTable } from '../../shared/runtime/table-handle';
import { MEDIA_SAMPLES, installFakeS3 } from '../../../test/support/testing';
import type { StoredObject } from '../../../test/support/testing';
import { haulerIn } from '../../../test/support/testing-haulers';
import { seedAcceptedJob } from '../../../test/support/testing-jobs';
import { bookingRequest, startTestLeadTable } from '../../../test/support/testing-leads';
import type { TestLeadTable } from '../../../test/support/testing-leads';
import type { JobDeps } from '../job-deps';
import { JOB_ROUTES } from '../routes';
import { JOB_API_PATHS, JOB_LIMITS, JOB_MESSAGES, JOB_TEXTS } from '#contract/loop/jobs';
import type { JobUploadUrls, LeadWithJob, ProofUrls } from '#contract/loop/jobs';
import { JOB_PROOF_PREFIX, incomingJobFolder } from '#contract/booking/media-keys';
import { PDF_POLYGLOT, blankPdf } from '../../../test/fixtures/pdf';

const SECRET = Buffer.from('unit-test-link-secret-0123456789abcdef');
const NOW = new Date('2026-11-24T15:00:00Z');
const PDF = await blankPdf();
const FACILITY = 'Salt River Transfer Station';

const sesMock = mockClient(SESv2Client);
const s3Mock = mockClient(S3Client);
const objects = new Map<string, StoredObject>();
let dynamo: TestLeadTable;
let table: LeadTable;
let hauler: Hauler;
let id: string;
let tokens: { job: string; view: string };

beforeAll(async () => {
  dynamo = await startTestLeadTable();
  table = await dynamo.freshTable();
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterAll(async () => {
  sesMock.restore();
  s3Mock.restore();
  vi.restoreAllMocks();
  await dynamo.close();
});
beforeEach(async () => {
  sesMock.reset();
  sesMock.on(SendEmailCommand).resolves({ MessageId: 'm' });
  s3Mock.reset();
  objects.clear();
  installFakeS3(s3Mock, objects);
  const request = bookingRequest();
  id = request.submissionId;
  await createLead(table, newLead(request, NOW));
  hauler = await haulerIn(table, 'active', NOW, { businessName: 'Desert Haul Co' });
  const seeded = await seedAcceptedJob(table, id, hauler, NOW, SECRET, {
    priceDollars: 240,
    pickupDate: '2026-11-25',
  });
  tokens = { job: seeded.jobToken, view: seeded.viewToken };
});

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

interface Answer {
  lead?: LeadWithJob;
  error?: { message: string; fields?: Record<string, string> };
}

async function call<T = Answer>(path: string, body: Record<string, unknown>) {
  const route = JOB_ROUTES[path];
  if (route === undefined) throw new Error(`No route ${path}`);
  const result = await route(body, deps());
  return { status: result.statusCode, body: JSON.parse(result.body) as T & Answer };
}

const sentMail = () =>
  sesMock.commandCalls(SendEmailCommand).map((c) => ({
    to: c.args[0].input.Destination?.ToAddresses?.[0],
    subject: c.args[0].input.Content?.Simple?.Subject?.Data ?? '',
    text: c.args[0].input.Content?.Simple?.Body?.Text?.Data ?? '',
  }));

const askUrls = (body: Record<string, unknown>) =>
  call<JobUploadUrls>(JOB_API_PATHS.uploadUrls, { token: tokens.job, ...body });

/** Asks for URLs and "uploads" the given bytes to each, as the browser's PUT would. */
async function uploaded(
  receipt: { bytes: Buffer; contentType: string },
  photos: { bytes: Buffer; contentType: string }[] = [],
) {
  const { status, body } = await askUrls({
    receipt: { contentType: receipt.contentType, size: receipt.bytes.length },
    afterPhotos: photos.map((p) => ({ contentType: p.contentType, size: p.bytes.length })),
  });
  expect(status).toBe(200);
  objects.set(body.receipt!.key, { body: receipt.bytes, contentType: receipt.contentType });
  body.afterPhotos.forEach((url, i) =>
    objects.set(url.key, { body: photos[i]!.bytes, contentType: photos[i]!.contentType }),
  );
  return { receiptKey: body.receipt!.key, afterPhotoKeys: body.afterPhotos.map((p) => p.key) };
}

const done = (body: Record<string, unknown>) =>
  call(JOB_API_PATHS.done, { token: tokens.job, facility: FACILITY, ...body });

const proofKeys = () => [...objects.keys()].filter((k) => k.startsWith(`${JOB_PROOF_PREFIX}/`));

describe('upload URLs for "Job done"', () => {
  it('answers presigned PUTs into this job’s quarantine folder, type and length signed, for 300 s', async () => {
    const { status, body } = await askUrls({
      receipt: { contentType: 'application/pdf', size: PDF.length },
      afterPhotos: [{ contentType: 'image/jpeg', size: 1234 }],
    });
    expect(status).toBe(200);
    const keys = [body.receipt!.key, ...body.afterPhotos.map((p) => p.key)];
    expect(keys).toEqual([
      `${incomingJobFolder(id)}1-1-receipt.pdf`,
      `${incomingJobFolder(id)}1-2-after.jpg`,
    ]);
    const url = new URL(body.receipt!.url);
    expect(url.pathname).toBe(`/${body.receipt!.key}`);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toContain('content-length');
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toContain('content-type');
    expect(body.receipt!.headers).toEqual({ 'Content-Type': 'application/pdf' });
    expect(jobOf((await getLead(table, id))!)?.uploadUrls).toBe(2);
  });

  it('counts every URL against the job and refuses past the cap with the contract’s message', async () => {
    const sixPhotos = Array.from({ length: 6 }, () => ({ contentType: 'image/png', size: 10 }));
    const receipt = { contentType: 'image/png', size: 10 };
    expect((await askUrls({ receipt, afterPhotos: sixPhotos })).status).toBe(200);
    expect((await askUrls({ receipt, afterPhotos: sixPhotos })).status).toBe(200);
    const third = await askUrls({ receipt, afterPhotos: sixPhotos });
    expect(third.status).toBe(409);
    expect(third.body.error?.message).toBe(JOB_MESSAGES.uploadsExhausted);
    // 14 used: six more still fit, seven do not.
    expect((await askUrls({ afterPhotos: sixPhotos })).status).toBe(200);
    expect((await askUrls({ receipt })).status).toBe(409);
    expect(jobOf((await getLead(table, id))!)?.uploadUrls).toBe(JOB_LIMITS.uploadUrlsPerJob);
  });

  it('grants exactly 20 of 50 requests made at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => askUrls({ receipt: { contentType: 'image/png', size: 9 } })),
    );
    const granted = answers.filter((a) => a.status === 200);
    expect(granted).toHaveLength(JOB_LIMITS.uploadUrlsPerJob);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(30);
    expect(new Set(granted.map((a) => a.body.receipt!.key)).size).toBe(20);
  });

  it('refuses a body with nothing to upload, naming the receipt', async () => {
    const { status, body } = await askUrls({});
    expect(status).toBe(400);
    expect(body.error?.fields).toEqual({ receipt: JOB_MESSAGES.receiptRequired });
  });

  it('refuses the homeowner’s link with the one 403, and a job already done with 409', async () => {
    const homeowner = await call(JOB_API_PATHS.uploadUrls, {
      token: tokens.view,
      receipt: { contentType: 'image/png', size: 9 },
    });
    expect(homeowner.status).toBe(403);
    const keys = await uploaded({ bytes: MEDIA_SAMPLES['image/png'], contentType: 'image/png' });
    expect((await done(keys)).status).toBe(200);
    const after = await askUrls({ receipt: { contentType: 'image/png', size: 9 } });
    expect(after.status).toBe(409);
    expect(after.body.error?.message).toBe(JOB_MESSAGES.jobDone);
  });
});

describe('"Job done"', () => {
  it('keeps the checked receipt and after-photos privately, marks the job done, then emails both sides', async () => {
    const keys = await uploaded({ bytes: PDF, contentType: 'application/pdf' }, [
      { bytes: MEDIA_SAMPLES['image/jpeg'], contentType: 'image/jpeg' },
      { bytes: MEDIA_SAMPLES['image/png'], contentType: 'image/png' },
    ]);
    const { status, body } = await done(keys);
    expect(status).toBe(200);
    expect(body.lead?.status).toBe('done');
    expect(body.lead?.job?.receipt).toEqual({
      facility: FACILITY,
      contentType: 'application/pdf',
      at: NOW.toISOString(),
    });
    expect(body.lead?.job?.afterPhotos).toBe(2);
    const job = jobOf((await getLead(table, id))!);
    expect(job?.doneAt).toBe(NOW.toISOString());
    expect(job?.receipt?.key).toBe(`${JOB_PROOF_PREFIX}/${id}/1-1-receipt.pdf`);
    expect(job?.afterPhotoKeys).toEqual([
      `${JOB_PROOF_PREFIX}/${id}/1-2-after.jpg`,
      `${JOB_PROOF_PREFIX}/${id}/1-3-after.png`,
    ]);
    expect(proofKeys().sort()).toEqual([job!.receipt!.key, ...job!.afterPhotoKeys!].sort());

    const mail = sentMail();
    expect(mail.map((m) => m.to)).toEqual([
      expect.stringContaining('@example.com'),
      'ops@example.com',
    ]);
    const [homeowner, operations] = mail;
    expect(homeowner?.subject).toBe(JOB_TEXTS.doneSubject);
    for (const fact of [
      FACILITY,
      'Desert Haul Co',
      '$240',
      JOB_TEXTS.viewReceipt,
      JOB_TEXTS.rate,
    ]) {
      expect(homeowner?.text).toContain(fact);
    }
    const token = /\/request#t=([^&\s]+)/.exec(homeowner!.text)?.[1];
    expect(verifyLink(token!, [SECRET], NOW, 'lead')).toMatchObject({
      role: 'homeowner',
      action: 'view',
    });
    expect(operations?.subject).toContain(FACILITY);
  });

  it('refuses a PNG declared as a PDF, naming the receipt, and stores nothing', async () => {
    const keys = await uploaded({
      bytes: MEDIA_SAMPLES['image/png'],
      contentType: 'application/pdf',
    });
    const { status, body } = await done(keys);
    expect(status).toBe(400);
    expect(body.error?.fields).toEqual({ receiptKey: JOB_MESSAGES.receiptType });
    expect((await getLead(table, id))?.status).toBe('accepted');
    expect(proofKeys()).toEqual([]);
    expect(sentMail()).toEqual([]);
  });

  it('refuses a web page between a PDF header and an end-of-file marker, naming the receipt', async () => {
    const keys = await uploaded({ bytes: PDF_POLYGLOT, contentType: 'application/pdf' });
    const { status, body } = await done(keys);
    expect(status).toBe(400);
    expect(body.error?.fields).toEqual({ receiptKey: JOB_MESSAGES.receiptType });
    expect((await getLead(table, id))?.status).toBe('accepted');
    expect(proofKeys()).toEqual([]);
    expect(sentMail()).toEqual([]);
  });

  it('refuses an after-photo that is a web page, naming the after-photos', async () => {
    const keys = await uploaded({ bytes: PDF, contentType: 'application/pdf' }, [
      { bytes: MEDIA_SAMPLES.html, contentType: 'image/jpeg' },
    ]);
    const { status, body } = await done(keys);
    expect(status).toBe(400);
    expect(body.error?.fields).toEqual({ afterPhotoKeys: JOB_MESSAGES.afterPhotoType });
    expect((await getLead(table, id))?.status).toBe('accepted');
  });

  it('says the receipt is not uploaded when its URL was given but nothing was put', async () => {
    const { body: urls } = await askUrls({ receipt: { contentType: 'image/png', size: 99 } });
    const { status, body } = await done({ receiptKey: urls.receipt!.key });
    expect(status).toBe(400);
    expect(body.error?.fields).toEqual({ receiptKey: JOB_MESSAGES.receiptNotUploaded });
  });

  it('refuses keys this job was not given: another request’s, a number never counted, an after-photo as receipt', async () => {
    const keys = await uploaded({ bytes: PDF, contentType: 'application/pdf' }, [
      { bytes: MEDIA_SAMPLES['image/jpeg'], contentType: 'image/jpeg' },
    ]);
    const other = `${incomingJobFolder('0b1e0c2d-8f3a-4c6b-9d7e-1a2b3c4d5e6f')}1-1-receipt.pdf`;
    objects.set(other, { body: PDF, contentType: 'application/pdf' });
    objects.set(`${incomingJobFolder(id)}1-9-receipt.pdf`, {
      body: PDF,
      contentType: 'application/pdf',
    });
    for (const receiptKey of [
      other,
      `${incomingJobFolder(id)}1-9-receipt.pdf`,
      `${incomingJobFolder(id)}2-1-receipt.pdf`,
      keys.afterPhotoKeys[0]!,
      `${incomingJobFolder(id)}../${id}/1-1-receipt.pdf`,
      'hauler-documents/x/certificate.pdf',
    ]) {
      const { status, body } = await done({ receiptKey });
      expect(status, receiptKey).toBe(400);
      expect(body.error?.fields).toEqual({ receiptKey: JOB_MESSAGES.receiptNotUploaded });
    }
    const photo = await done({ receiptKey: keys.receiptKey, afterPhotoKeys: [other] });
    expect(photo.body.error?.fields).toEqual({
      afterPhotoKeys: JOB_MESSAGES.afterPhotoNotUploaded,
    });
    expect(proofKeys()).toEqual([]);
  });

  it('is once when pressed twice: the second answers 200 as it is, and no email goes twice', async () => {
    const keys = await uploaded({ bytes: MEDIA_SAMPLES['image/jpeg'], contentType: 'image/jpeg' });
    expect((await done(keys)).status).toBe(200);
    const again = await done(keys);
    expect(again.status).toBe(200);
    expect(again.body.lead?.status).toBe('done');
    expect(sentMail().map((m) => m.subject)).toHaveLength(2);
    const lead = await getLead(table, id);
    expect(lead?.statusHistory.filter((s) => s.status === 'done')).toHaveLength(1);
  });

  it('counts the job once among the hauler’s jobs done, however often it is pressed', async () => {
    expect((await getHauler(table, hauler.haulerId))?.jobsDone).toBeUndefined();
    const keys = await uploaded({ bytes: MEDIA_SAMPLES['image/jpeg'], contentType: 'image/jpeg' });
    await Promise.all([done(keys), done(keys)]);
    await done(keys);
    expect((await getHauler(table, hauler.haulerId))?.jobsDone).toBe(1);
  });

  it('is once when two presses race', async () => {
    const keys = await uploaded({ bytes: MEDIA_SAMPLES['image/png'], contentType: 'image/png' });
    const answers = await Promise.all([done(keys), done(keys)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(sentMail()).toHaveLength(2);
    const lead = await getLead(table, id);
    expect(lead?.statusHistory.filter((s) => s.status === 'done')).toHaveLength(1);
  });

  it('stores the job done before its email: a failed email is 502, and a retry sends only that', async () => {
    const keys = await uploaded({ bytes: PDF, contentType: 'application/pdf' });
    sesMock.reset();
    sesMock
      .on(SendEmailCommand)
      .rejects(Object.assign(new Error('down'), { name: 'ServiceUnavailable' }));
    const failed = await done(keys);
    expect(failed.status).toBe(502);
    expect((await getLead(table, id))?.status).toBe('done');
    sesMock.reset();
    sesMock.on(SendEmailCommand).resolves({ MessageId: 'm' });
    expect((await done(keys)).status).toBe(200);
    expect(sentMail()).toHaveLength(2);
  });
});

describe('the proof', () => {
  const operationsToken = () => signLink(linkClaims(id, 'operations', 'quote', NOW), SECRET);

  async function markDone() {
    const keys = await uploaded({ bytes: MEDIA_SAMPLES['image/png'], contentType: 'image/png' }, [
      { bytes: MEDIA_SAMPLES['image/jpeg'], contentType: 'image/jpeg' },
    ]);
    expect((await done(keys)).status).toBe(200);
  }

  it('gives the homeowner and operations GETs that expire in 300 s, inline with the stored type', async () => {
    await markDone();
    for (const token of [tokens.view, operationsToken()]) {
      const { status, body } = await call<ProofUrls>(JOB_API_PATHS.proof, { token });
      expect(status).toBe(200);
      expect(body.expiresInSeconds).toBe(JOB_LIMITS.proofGetSeconds);
      expect(body.receipt).toMatchObject({
        contentType: 'image/png',
        facility: FACILITY,
        at: NOW.toISOString(),
      });
      expect(body.afterPhotos).toHaveLength(1);
      const receipt = new URL(body.receipt!.url);
      expect(receipt.pathname).toBe(`/${JOB_PROOF_PREFIX}/${id}/1-1-receipt.png`);
      expect(receipt.searchParams.get('X-Amz-Expires')).toBe('300');
      expect(receipt.searchParams.get('response-content-disposition')).toBe('inline');
      expect(receipt.searchParams.get('response-content-type')).toBe('image/png');
      const photo = new URL(body.afterPhotos[0]!);
      expect(photo.searchParams.get('response-content-type')).toBe('image/jpeg');
      expect(photo.searchParams.get('X-Amz-Expires')).toBe('300');
    }
  });

  it('is the one 403 for a hauler’s job or offer link and any other link', async () => {
    await markDone();
    for (const token of [
      tokens.job,
      signLink(linkClaims(id, 'hauler', 'offer', NOW, 1), SECRET),
      signLink(linkClaims(id, 'homeowner', 'accept', NOW, 1), SECRET),
      `${tokens.view}x`,
    ]) {
      const { status, body } = await call(JOB_API_PATHS.proof, { token });
      expect(status).toBe(403);
      expect(JSON.stringify(body)).not.toContain(JOB_PROOF_PREFIX);
    }
  });

  it('answers 409 while there is no receipt yet', async () => {
    const { status, body } = await call(JOB_API_PATHS.proof, { token: tokens.view });
    expect(status).toBe(409);
    expect(body.error?.message).toBe(JOB_MESSAGES.noReceiptYet);
  });
});
