import { HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { PutObjectCommandInput } from '@aws-sdk/client-s3';
import { MessageRejected, SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import type { SendEmailCommandInput } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../shared/quote-contract';
import { type StoredObject, installFakeS3, s3Error } from '../shared/testing';
import {
  candidateRecordKeys,
  leadRecordKey,
  referenceFor,
  sendBookingEmails,
} from './send-booking-emails';
import type { LeadRecord, SendBookingEmailsDeps } from './send-booking-emails';

const ID = '3f2a9c1b-7d4e-4a5b-9c8d-0e1f2a3b4c5d';
const OTHER_ID = '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b';
const BASE = 'https://www.example.com';
const FOLDER = `${BASE}/quote-photos/${ID}`;
const NOW = new Date('2025-11-21T12:00:00.000Z');
const RECORD_KEY = `leads/2025/11/${ID}.json`;
const OPS = 'ops@example.com';

// ---------------------------------------------------------------------------------------------
// An in-memory S3 behind aws-sdk-client-mock, with S3's conditional-write rule, and a log of
// every write and send so tests can assert their order.
// ---------------------------------------------------------------------------------------------

const s3Mock = mockClient(S3Client);
const sesMock = mockClient(SESv2Client);

let objects: Map<string, StoredObject>;
let log: string[];

function installS3(): void {
  installFakeS3(s3Mock, objects, {
    onPut: (input) => log.push(`${input.IfNoneMatch === '*' ? 'create' : 'update'} ${input.Key}`),
  });
}

function installWorkingSes(): void {
  sesMock.on(SendEmailCommand).callsFake((input: SendEmailCommandInput) => {
    log.push(`email ${input.Destination?.ToAddresses?.join(',') ?? ''}`);
    return { MessageId: `message-${log.length}` };
  });
}

/** SES that rejects mail to `failing` addresses and delivers the rest. */
function installSesFailingFor(...failing: string[]): void {
  sesMock.on(SendEmailCommand).callsFake((input: SendEmailCommandInput) => {
    const to = input.Destination?.ToAddresses?.join(',') ?? '';
    if (failing.includes(to)) {
      throw new MessageRejected({ message: `Email address is not verified: ${to}`, $metadata: {} });
    }
    log.push(`email ${to}`);
    return { MessageId: `message-${log.length}` };
  });
}

function uploaded(fileName: string, contentType: string): string {
  objects.set(`quote-photos/${ID}/${fileName}`, { body: 'bytes', contentType });
  return `${FOLDER}/${fileName}`;
}

function storedRecord(key = RECORD_KEY): LeadRecord {
  const object = objects.get(key);
  if (object === undefined) throw new Error(`no record at ${key}`);
  return JSON.parse(object.body) as LeadRecord;
}

const deps = (now: Date = NOW): SendBookingEmailsDeps => ({
  s3: new S3Client({ region: 'us-east-1' }),
  ses: new SESv2Client({ region: 'us-east-1' }),
  bucket: 'quote-photos-bucket',
  publicBaseUrl: BASE,
  sender: 'Bulk Trash Pickup <quotes@example.com>',
  operationsAddress: OPS,
  now: () => now,
});

let photoUrls: string[];

function booking(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: '  Jane Doe ',
    phone: '(602) 555-0134',
    email: 'jane@example.com',
    city: 'Phoenix',
    state: 'AZ',
    zipCode: '85001',
    description: 'Old sofa, two mattresses and a fridge.',
    photoUrls,
    photoCount: photoUrls.length,
    hasVideo: false,
    submissionId: ID,
    ...overrides,
  };
}

const emailInputs = (): SendEmailCommandInput[] =>
  sesMock.commandCalls(SendEmailCommand).map((call) => call.args[0].input);

beforeEach(() => {
  s3Mock.reset();
  sesMock.reset();
  objects = new Map();
  log = [];
  installS3();
  installWorkingSes();
  photoUrls = [
    uploaded('1763726400000_1.jpg', 'image/jpeg'),
    uploaded('1763726400000_2.png', 'image/png'),
    uploaded('1763726400000_3.heic', 'image/heic'),
  ];
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

afterAll(() => {
  s3Mock.restore();
  sesMock.restore();
});

// ---------------------------------------------------------------------------------------------

describe('referenceFor and the record keys', () => {
  it('derive a short reference from the submission id', () => {
    expect(referenceFor(ID)).toBe('3F2A9C1B');
  });

  it('file the lead under its UTC year and month', () => {
    expect(leadRecordKey(ID, new Date('2025-12-31T23:59:59-05:00'))).toBe(
      `leads/2026/01/${ID}.json`,
    );
  });

  it('look in this month and the previous one, across a year boundary', () => {
    expect(candidateRecordKeys(ID, new Date('2026-01-01T00:00:01Z'))).toEqual([
      `leads/2026/01/${ID}.json`,
      `leads/2025/12/${ID}.json`,
    ]);
  });
});

describe('sendBookingEmails, a first valid submission', () => {
  it('answers 200 with the reference', async () => {
    expect(await sendBookingEmails(booking(), deps())).toEqual({
      statusCode: 200,
      body: { ok: true, reference: '3F2A9C1B' },
    });
  });

  it('stores the lead before sending any email, then records both as sent', async () => {
    await sendBookingEmails(booking(), deps());
    expect(log).toEqual([
      `create ${RECORD_KEY}`,
      'email jane@example.com',
      `email ${OPS}`,
      `update ${RECORD_KEY}`,
    ]);
    expect(s3Mock.commandCalls(PutObjectCommand)[0]?.args[0].input).toMatchObject({
      Bucket: 'quote-photos-bucket',
      Key: RECORD_KEY,
      IfNoneMatch: '*',
      ContentType: 'application/json; charset=utf-8',
    });
  });

  it('keeps the validated, trimmed request with its reference and time received', async () => {
    await sendBookingEmails(booking({ website: '' }), deps());
    const record = storedRecord();
    expect(record).toMatchObject({
      version: 1,
      submissionId: ID,
      reference: '3F2A9C1B',
      receivedAt: NOW.toISOString(),
      emails: { confirmation: 'sent', operations: 'sent' },
      request: { name: 'Jane Doe', photoUrls, photoCount: 3, hasVideo: false },
    });
    expect(record.request).not.toHaveProperty('website');
    expect(record).not.toHaveProperty('emailErrors');
  });

  it('checks that every photo exists before storing anything', async () => {
    await sendBookingEmails(booking(), deps());
    const heads = s3Mock.commandCalls(HeadObjectCommand).map((call) => call.args[0].input.Key);
    expect(heads).toEqual(photoUrls.map((url) => url.slice(BASE.length + 1)));
  });

  it('sends the confirmation to the homeowner and the notification to operations, UTF-8, HTML and text', async () => {
    await sendBookingEmails(booking(), deps());
    const [confirmation, notification] = emailInputs();
    expect(confirmation).toMatchObject({
      FromEmailAddress: 'Bulk Trash Pickup <quotes@example.com>',
      Destination: { ToAddresses: ['jane@example.com'] },
      Content: {
        Simple: {
          Subject: { Data: expect.stringContaining('3F2A9C1B'), Charset: 'UTF-8' },
          Body: {
            Html: { Data: expect.stringContaining('<!doctype html>'), Charset: 'UTF-8' },
            Text: { Data: expect.stringContaining('3F2A9C1B'), Charset: 'UTF-8' },
          },
        },
      },
    });
    expect(confirmation).not.toHaveProperty('ReplyToAddresses');
    expect(notification).toMatchObject({
      Destination: { ToAddresses: [OPS] },
      ReplyToAddresses: ['jane@example.com'],
      Content: { Simple: { Subject: { Data: 'New quote request 3F2A9C1B: Phoenix, AZ 85001' } } },
    });
  });

  it('never puts the visitor’s markup unescaped into either email', async () => {
    const attack = '<img src=x onerror=alert(1)>';
    await sendBookingEmails(
      booking({ name: `${attack}Jane`, description: `${attack} a sofa and a fridge` }),
      deps(),
    );
    const htmlBodies = emailInputs().map((input) => input.Content?.Simple?.Body?.Html?.Data ?? '');
    expect(htmlBodies).toHaveLength(2);
    for (const html of htmlBodies) expect(html).not.toContain(attack);
    expect(htmlBodies[1]).toContain('&lt;img src=x onerror=alert(1)&gt; a sofa and a fridge');
  });

  it('accepts a video alone', async () => {
    const videoUrl = uploaded('1763726400000_1.mp4', 'video/mp4');
    const outcome = await sendBookingEmails(
      booking({ photoUrls: [], photoCount: 0, hasVideo: true, videoUrl }),
      deps(),
    );
    expect(outcome.statusCode).toBe(200);
    expect(emailInputs()[1]?.Content?.Simple?.Body?.Html?.Data).toContain(videoUrl);
  });
});

describe('sendBookingEmails, invalid input', () => {
  it('answers 400 with every field’s message and touches neither S3 nor SES', async () => {
    const outcome = await sendBookingEmails(
      booking({ name: 'J', email: 'nope', zipCode: '1', photoUrls: [photoUrls[0]], photoCount: 1 }),
      deps(),
    );
    expect(outcome).toEqual({
      statusCode: 400,
      body: {
        error: {
          code: 'invalid_request',
          message: MESSAGES.nameTooShort,
          fields: {
            name: MESSAGES.nameTooShort,
            email: MESSAGES.emailInvalid,
            zipCode: MESSAGES.zipCodeInvalid,
            photoUrls: MESSAGES.mediaRequired,
          },
        },
      },
    });
    expect(s3Mock.calls()).toHaveLength(0);
    expect(sesMock.calls()).toHaveLength(0);
  });

  it('rejects an unknown key', async () => {
    const outcome = await sendBookingEmails(booking({ priority: 'high' }), deps());
    expect(outcome.statusCode).toBe(400);
    expect(outcome.body).toMatchObject({
      error: { fields: { priority: MESSAGES.unknownFields(['priority']) } },
    });
  });

  it.each([
    ['another host', `https://evil.example/quote-photos/${ID}/1763726400000_2.png`],
    ['another submission’s folder', `${BASE}/quote-photos/${OTHER_ID}/1763726400000_2.png`],
  ])('refuses a photo link on %s, naming the photo', async (_what, url) => {
    const outcome = await sendBookingEmails(
      booking({ photoUrls: [photoUrls[0], url], photoCount: 2 }),
      deps(),
    );
    const message = 'Photo 2 is not a file uploaded with this request. Please upload it again.';
    expect(outcome).toEqual({
      statusCode: 400,
      body: { error: { code: 'invalid_media', message, fields: { photoUrls: message } } },
    });
    expect(log).toEqual([]);
  });

  it('refuses a photo that was never uploaded', async () => {
    const missing = `${FOLDER}/1763726400000_9.jpg`;
    const outcome = await sendBookingEmails(
      booking({ photoUrls: [photoUrls[0], missing], photoCount: 2 }),
      deps(),
    );
    expect(outcome.statusCode).toBe(400);
    expect(outcome.body).toMatchObject({
      error: { code: 'invalid_media', message: 'Photo 2 was not found. Please upload it again.' },
    });
    expect(log).toEqual([]);
  });

  it('refuses a "video" whose stored object is an image', async () => {
    const videoUrl = uploaded('1763726400000_1.mp4', 'image/jpeg');
    const outcome = await sendBookingEmails(
      booking({ photoUrls: [], photoCount: 0, hasVideo: true, videoUrl }),
      deps(),
    );
    expect(outcome.body).toMatchObject({
      error: {
        code: 'invalid_media',
        message: 'The video is not a video file.',
        fields: { videoUrl: 'The video is not a video file.' },
      },
    });
  });

  it('answers a filled honeypot with a silent success and stores and sends nothing', async () => {
    const outcome = await sendBookingEmails(booking({ website: 'https://spam.example' }), deps());
    expect(outcome).toEqual({ statusCode: 200, body: { ok: true, reference: '3F2A9C1B' } });
    expect(s3Mock.calls()).toHaveLength(0);
    expect(sesMock.calls()).toHaveLength(0);
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('honeypot'), {
      submissionId: ID,
    });
  });
});

describe('sendBookingEmails, when SES fails', () => {
  it('keeps the lead, marks both emails failed and answers 502 with a clear message', async () => {
    installSesFailingFor('jane@example.com', OPS);
    const outcome = await sendBookingEmails(booking(), deps());
    expect(outcome).toEqual({
      statusCode: 502,
      body: { error: { code: 'email_failed', message: MESSAGES.emailFailed } },
    });
    expect(storedRecord()).toMatchObject({
      emails: { confirmation: 'failed', operations: 'failed' },
      emailErrors: { confirmation: 'MessageRejected', operations: 'MessageRejected' },
      request: { email: 'jane@example.com' },
    });
  });

  it('logs the submission id and the error name, never the address or the body', async () => {
    installSesFailingFor('jane@example.com');
    await sendBookingEmails(booking(), deps());
    expect(console.error).toHaveBeenCalledWith(expect.any(String), {
      submissionId: ID,
      email: 'confirmation',
      error: 'MessageRejected',
    });
    expect(JSON.stringify(vi.mocked(console.error).mock.calls)).not.toContain('jane@example.com');
  });

  it('on retry with the same submission id, sends only the email that failed', async () => {
    installSesFailingFor(OPS);
    const first = await sendBookingEmails(booking(), deps());
    expect(first).toEqual({
      statusCode: 502,
      body: { error: { code: 'email_failed', message: MESSAGES.notifyFailed } },
    });
    expect(storedRecord().emails).toEqual({ confirmation: 'sent', operations: 'failed' });

    installWorkingSes();
    log = [];
    const retry = await sendBookingEmails(booking(), deps());
    expect(retry).toEqual({ statusCode: 200, body: { ok: true, reference: '3F2A9C1B' } });
    expect(log).toEqual([`email ${OPS}`, `update ${RECORD_KEY}`]);
    expect(storedRecord().emails).toEqual({ confirmation: 'sent', operations: 'sent' });
    expect(storedRecord()).not.toHaveProperty('emailErrors');
  });
});

describe('sendBookingEmails, repeated submissions', () => {
  it('stores once and sends once when the same submission id arrives twice', async () => {
    const first = await sendBookingEmails(booking(), deps());
    const second = await sendBookingEmails(booking(), deps());
    expect(second).toEqual(first);
    expect(log.filter((entry) => entry.startsWith('create'))).toHaveLength(1);
    expect(sesMock.commandCalls(SendEmailCommand)).toHaveLength(2);
  });

  it('answers 200 without sending when a concurrent duplicate wins the create race', async () => {
    // The record appears between our lookup and our conditional write.
    s3Mock.on(PutObjectCommand).rejectsOnce(s3Error('PreconditionFailed', 412));
    const outcome = await sendBookingEmails(booking(), deps());
    expect(outcome).toEqual({ statusCode: 200, body: { ok: true, reference: '3F2A9C1B' } });
    expect(sesMock.calls()).toHaveLength(0);
  });

  it('finds last month’s record for a retry just after midnight on the 1st', async () => {
    installSesFailingFor(OPS);
    await sendBookingEmails(booking(), deps(new Date('2025-10-31T23:59:50Z')));
    const octoberKey = `leads/2025/10/${ID}.json`;
    expect(storedRecord(octoberKey).emails.operations).toBe('failed');

    installWorkingSes();
    log = [];
    const retry = await sendBookingEmails(booking(), deps(new Date('2025-11-01T00:00:10Z')));
    expect(retry.statusCode).toBe(200);
    expect(log).toEqual([`email ${OPS}`, `update ${octoberKey}`]);
    expect(objects.has(RECORD_KEY)).toBe(false);
  });

  it('sends nothing when the stored record says both emails went out', async () => {
    await sendBookingEmails(booking(), deps());
    log = [];
    sesMock.resetHistory();
    expect((await sendBookingEmails(booking(), deps())).statusCode).toBe(200);
    expect(log).toEqual([]);
    expect(sesMock.calls()).toHaveLength(0);
  });
});

describe('sendBookingEmails, unexpected failures', () => {
  it('answers 500 with the generic message when S3 refuses access, and logs only the submission id', async () => {
    s3Mock.on(HeadObjectCommand).rejects(s3Error('AccessDenied', 403));
    const outcome = await sendBookingEmails(booking(), deps());
    expect(outcome).toEqual({
      statusCode: 500,
      body: { error: { code: 'internal', message: MESSAGES.unexpected } },
    });
    expect(console.error).toHaveBeenCalledWith('send-booking-emails failed', {
      submissionId: ID,
      error: expect.stringContaining('AccessDenied'),
    });
    const logged = JSON.stringify(vi.mocked(console.error).mock.calls);
    expect(logged).not.toContain('jane@example.com');
    expect(logged).not.toContain('Old sofa');
  });

  it('still answers 200 when the emails went out but the status update could not be saved', async () => {
    s3Mock
      .on(PutObjectCommand)
      .callsFakeOnce((input: PutObjectCommandInput) => {
        objects.set(input.Key ?? '', { body: String(input.Body), contentType: 'application/json' });
        return {};
      })
      .rejectsOnce(s3Error('InternalError', 500));
    const outcome = await sendBookingEmails(booking(), deps());
    expect(outcome.statusCode).toBe(200);
    expect(console.error).toHaveBeenCalledWith(
      'send-booking-emails: could not record email status',
      expect.objectContaining({ submissionId: ID }),
    );
  });
});
