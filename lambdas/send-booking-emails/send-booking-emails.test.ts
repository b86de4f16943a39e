import {
  CopyObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { MessageRejected, SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import type { SendEmailCommandInput } from '@aws-sdk/client-sesv2';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getLead } from '../shared/lead-store';
import type { LeadTable } from '../shared/table-handle';
import { MEDIA_SAMPLES, installFakeS3, s3Error } from '../shared/testing';
import type { StoredObject } from '../shared/testing';
import { startTestLeadTable } from '../shared/testing-leads';
import type { TestLeadTable } from '../shared/testing-leads';
import { sendBookingEmails } from './send-booking-emails';
import type { SendBookingEmailsDeps } from './send-booking-emails';
import { LIMITS } from '#contract/limits';
import { MESSAGES } from '#contract/messages';

const ID = '3f2a9c1b-7d4e-4a5b-9c8d-0e1f2a3b4c5d';
const OTHER_ID = '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b';
const BASE = 'https://www.example.com';
const FOLDER = `${BASE}/quote-photos/${ID}`;
const NOW = new Date('2025-11-21T12:00:00.000Z');
const ARCHIVE_KEY = `leads/${ID}.json`;
const OPS = 'ops@example.com';

// ---------------------------------------------------------------------------------------------
// An in-memory S3 behind aws-sdk-client-mock, SES likewise, and a log of every write and send so
// tests can assert their order. The lead table is real (dynalite); its writes are logged too.
// ---------------------------------------------------------------------------------------------

const s3Mock = mockClient(S3Client);
const sesMock = mockClient(SESv2Client);

let objects: Map<string, StoredObject>;
let log: string[];
let metrics: string[];
let dynamo: TestLeadTable;
let leads: LeadTable;

function installS3(): void {
  installFakeS3(s3Mock, objects, {
    onPut: (input) => log.push(`put ${input.Key ?? ''}`),
    onCopy: (sourceKey, key) => log.push(`copy ${sourceKey} -> ${key}`),
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

/** A file the browser PUT into quarantine; answers its public link. */
function uploaded(
  fileName: string,
  contentType: string,
  bytes: Buffer = MEDIA_SAMPLES[contentType as keyof typeof MEDIA_SAMPLES],
  id = ID,
): string {
  objects.set(`incoming/${id}/${fileName}`, { body: bytes, contentType });
  return `${BASE}/quote-photos/${id}/${fileName}`;
}

const deps = (overrides: Partial<SendBookingEmailsDeps> = {}): SendBookingEmailsDeps => ({
  s3: new S3Client({ region: 'us-east-1' }),
  ses: new SESv2Client({ region: 'us-east-1' }),
  leads,
  bucket: 'quote-photos-bucket',
  publicBaseUrl: BASE,
  sender: 'Bulk Trash Pickup <quotes@example.com>',
  operationsAddress: OPS,
  now: () => NOW,
  retentionDays: 730,
  dailyConfirmationCap: 500,
  emitMetric: (line) => metrics.push(line),
  ...overrides,
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

const storedLead = async (id = ID) => {
  const lead = await getLead(leads, id);
  if (lead === undefined) throw new Error(`no lead ${id}`);
  return lead;
};

beforeAll(async () => {
  dynamo = await startTestLeadTable();
  // Every DynamoDB write, in order with the S3 writes and the emails.
  dynamo.table.client.middlewareStack.add(
    (next, context) => async (args) => {
      const name = String(context.commandName ?? '');
      if (/^(Put|Update|Delete)/.test(name)) log.push(`dynamo ${name.replace(/Command$/, '')}`);
      return next(args);
    },
    { step: 'initialize', name: 'logWrites' },
  );
});

beforeEach(async () => {
  s3Mock.reset();
  sesMock.reset();
  objects = new Map();
  log = [];
  metrics = [];
  leads = await dynamo.freshTable();
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

afterAll(async () => {
  s3Mock.restore();
  sesMock.restore();
  await dynamo.close();
});

// ---------------------------------------------------------------------------------------------

describe('sendBookingEmails, a first valid submission', () => {
  it('answers 200 with the reference', async () => {
    expect(await sendBookingEmails(booking(), deps())).toEqual({
      statusCode: 200,
      body: { ok: true, reference: '3F2A9C1B' },
    });
  });

  it('stores the lead in the table before anything else, then releases the media, archives, sends', async () => {
    await sendBookingEmails(booking(), deps());
    const firstEmail = log.findIndex((entry) => entry.startsWith('email'));
    expect(log[0]).toBe('dynamo PutItem');
    expect(log.slice(1, 4).sort()).toEqual(
      photoUrls
        .map((url) => {
          const file = url.slice(FOLDER.length + 1);
          return `copy incoming/${ID}/${file} -> quote-photos/${ID}/${file}`;
        })
        .sort(),
    );
    expect(log.indexOf(`put ${ARCHIVE_KEY}`)).toBeLessThan(firstEmail);
    expect(log.filter((entry) => entry.startsWith('email')).sort()).toEqual([
      'email jane@example.com',
      `email ${OPS}`,
    ]);
  });

  it('keeps the validated, trimmed request as a received lead that expires after the retention', async () => {
    await sendBookingEmails(booking({ website: '' }), deps({ retentionDays: 10 }));
    const lead = await storedLead();
    expect(lead).toMatchObject({
      submissionId: ID,
      reference: '3F2A9C1B',
      status: 'received',
      receivedAt: NOW.toISOString(),
      emails: { confirmation: 'sent', operations: 'sent' },
      emailErrors: {},
      confirmationAllowance: 'granted',
      expiresAt: NOW.getTime() / 1000 + 10 * 24 * 3600,
      request: { name: 'Jane Doe', photoUrls, photoCount: 3, hasVideo: false },
    });
    expect(lead.request).not.toHaveProperty('website');
    const archive = JSON.parse(objects.get(ARCHIVE_KEY)?.body.toString() ?? '{}') as {
      submissionId?: string;
    };
    expect(archive.submissionId).toBe(ID);
  });

  it('encrypts the archive with the configured KMS key', async () => {
    await sendBookingEmails(booking(), deps({ archiveKmsKeyId: 'arn:aws:kms:key/1' }));
    const put = s3Mock
      .commandCalls(PutObjectCommand)
      .find((call) => call.args[0].input.Key === ARCHIVE_KEY);
    expect(put?.args[0].input).toMatchObject({
      ServerSideEncryption: 'aws:kms',
      SSEKMSKeyId: 'arn:aws:kms:key/1',
    });
  });

  it('checks each photo in quarantine by ranged reads, each small file in one read', async () => {
    await sendBookingEmails(booking(), deps());
    const heads = s3Mock.commandCalls(HeadObjectCommand).map((call) => call.args[0].input.Key);
    expect(heads.sort()).toEqual(
      photoUrls.map((url) => `incoming/${ID}/${url.slice(FOLDER.length + 1)}`).sort(),
    );
    const reads = s3Mock
      .commandCalls(GetObjectCommand)
      .map((call) => `${call.args[0].input.Key ?? ''} ${call.args[0].input.Range ?? ''}`);
    const sizes = ['image/jpeg', 'image/png', 'image/heic'] as const;
    expect(reads.sort()).toEqual(
      photoUrls
        .map((url, i) => {
          const key = `incoming/${ID}/${url.slice(FOLDER.length + 1)}`;
          return `${key} bytes=0-${MEDIA_SAMPLES[sizes[i] ?? 'image/jpeg'].length - 1}`;
        })
        .sort(),
    );
  });

  it('publishes each checked file with our metadata: its type and the spec’s Cache-Control', async () => {
    await sendBookingEmails(booking(), deps());
    const copies = s3Mock.commandCalls(CopyObjectCommand).map((call) => call.args[0].input);
    expect(copies).toHaveLength(3);
    for (const copy of copies) {
      expect(copy).toMatchObject({
        Bucket: 'quote-photos-bucket',
        MetadataDirective: 'REPLACE',
        CacheControl: 'max-age=3600',
      });
      expect(copy).not.toHaveProperty('ContentDisposition');
    }
    expect(objects.get(`quote-photos/${ID}/1763726400000_2.png`)).toMatchObject({
      contentType: 'image/png',
      cacheControl: 'max-age=3600',
    });
  });

  it('sends the confirmation to the homeowner and the notification to operations, UTF-8, HTML and text', async () => {
    await sendBookingEmails(
      booking(),
      deps({ configurationSets: { confirmation: 'homeowners', operations: 'operations' } }),
    );
    const confirmation = emailInputs().find(
      (input) => input.Destination?.ToAddresses?.[0] === 'jane@example.com',
    );
    const notification = emailInputs().find((input) => input.Destination?.ToAddresses?.[0] === OPS);
    expect(confirmation).toMatchObject({
      FromEmailAddress: 'Bulk Trash Pickup <quotes@example.com>',
      ConfigurationSetName: 'homeowners',
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
      ConfigurationSetName: 'operations',
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
    expect(htmlBodies.join('')).toContain('&lt;img src=x onerror=alert(1)&gt; a sofa and a fridge');
  });

  it.each(['video/mp4', 'video/quicktime', 'video/webm'])(
    'accepts a %s video alone',
    async (type) => {
      const videoUrl = uploaded('1763726400000_1.vid', type);
      const outcome = await sendBookingEmails(
        booking({ photoUrls: [], photoCount: 0, hasVideo: true, videoUrl }),
        deps(),
      );
      expect(outcome.statusCode).toBe(200);
    },
  );
});

describe('sendBookingEmails, invalid input', () => {
  it('answers 400 with every field’s message and touches neither S3, the table nor SES', async () => {
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
    expect(log).toEqual([]);
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
    ['the quarantine itself', `${BASE}/incoming/${ID}/1763726400000_2.png`],
  ])('refuses a photo link on %s, naming the photo', async (_what, url) => {
    const outcome = await sendBookingEmails(
      booking({ photoUrls: [photoUrls[0], url], photoCount: 2 }),
      deps(),
    );
    const message = MESSAGES.mediaNotUploaded('Photo 2');
    expect(message).toBe(
      'Photo 2 is not a file uploaded with this request. Please upload it again.',
    );
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

  it('refuses a web page uploaded as image/jpeg, naming the photo, and publishes nothing', async () => {
    const page = uploaded('1763726400000_4.jpg', 'image/jpeg', MEDIA_SAMPLES.html);
    const outcome = await sendBookingEmails(
      booking({ photoUrls: [photoUrls[0], page], photoCount: 2 }),
      deps(),
    );
    const message = 'Photo 2 is not a real JPEG image file. Please choose another photo.';
    expect(MESSAGES.mediaContentMismatch('Photo 2', 'image/jpeg')).toBe(message);
    expect(outcome).toEqual({
      statusCode: 400,
      body: { error: { code: 'invalid_media', message, fields: { photoUrls: message } } },
    });
    expect(log).toEqual([]);
    expect([...objects.keys()].filter((key) => key.startsWith('quote-photos/'))).toEqual([]);
  });

  it('refuses a web page behind a JPEG’s first bytes (FF D8 FF E0), naming the photo, and publishes nothing', async () => {
    const forged = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), MEDIA_SAMPLES.html]);
    const page = uploaded('1763726400000_4.jpg', 'image/jpeg', forged);
    const outcome = await sendBookingEmails(
      booking({ photoUrls: [photoUrls[0], page], photoCount: 2 }),
      deps(),
    );
    const message = MESSAGES.mediaContentMismatch('Photo 2', 'image/jpeg');
    expect(outcome).toEqual({
      statusCode: 400,
      body: { error: { code: 'invalid_media', message, fields: { photoUrls: message } } },
    });
    expect(log).toEqual([]);
    expect([...objects.keys()].filter((key) => key.startsWith('quote-photos/'))).toEqual([]);
  });

  it('refuses a photo cut short and a video whose boxes are followed by a web page', async () => {
    const jpeg = MEDIA_SAMPLES['image/jpeg'];
    const cut = uploaded('1763726400000_4.jpg', 'image/jpeg', jpeg.subarray(0, jpeg.length - 10));
    const photo = await sendBookingEmails(
      booking({ photoUrls: [cut, photoUrls[0]], photoCount: 2 }),
      deps(),
    );
    expect(photo.body).toMatchObject({
      error: { message: MESSAGES.mediaContentMismatch('Photo 1', 'image/jpeg') },
    });
    const mp4 = MEDIA_SAMPLES['video/mp4'];
    const videoUrl = uploaded(
      '1763726400000_1.mp4',
      'video/mp4',
      Buffer.concat([mp4.subarray(0, 32), MEDIA_SAMPLES.html]),
    );
    const video = await sendBookingEmails(
      booking({ photoUrls: [], photoCount: 0, hasVideo: true, videoUrl }),
      deps(),
    );
    expect(video.body).toMatchObject({
      error: { message: MESSAGES.mediaContentMismatch('The video', 'video/mp4') },
    });
  });

  it('refuses a PNG declared as JPEG: the bytes must be the declared type', async () => {
    const png = uploaded('1763726400000_4.jpg', 'image/jpeg', MEDIA_SAMPLES['image/png']);
    const outcome = await sendBookingEmails(
      booking({ photoUrls: [png, photoUrls[0]], photoCount: 2 }),
      deps(),
    );
    expect(outcome.body).toMatchObject({
      error: { message: MESSAGES.mediaContentMismatch('Photo 1', 'image/jpeg') },
    });
  });

  it('refuses a "video" whose bytes are an image', async () => {
    const videoUrl = uploaded('1763726400000_1.mp4', 'video/mp4', MEDIA_SAMPLES['image/jpeg']);
    const outcome = await sendBookingEmails(
      booking({ photoUrls: [], photoCount: 0, hasVideo: true, videoUrl }),
      deps(),
    );
    const message = 'The video is not a real MP4 video file. Please choose another video.';
    expect(outcome.body).toEqual({
      error: { code: 'invalid_media', message, fields: { videoUrl: message } },
    });
  });

  it('refuses a photo stored with a type that is not a photo type', async () => {
    const html = uploaded('1763726400000_4.jpg', 'text/html', MEDIA_SAMPLES.html);
    const outcome = await sendBookingEmails(
      booking({ photoUrls: [photoUrls[0], html], photoCount: 2 }),
      deps(),
    );
    expect(outcome.body).toMatchObject({ error: { code: 'invalid_media' } });
  });

  it('refuses a photo over the size limit, naming it', async () => {
    const big = uploaded(
      '1763726400000_4.jpg',
      'image/jpeg',
      Buffer.concat([MEDIA_SAMPLES['image/jpeg'], Buffer.alloc(LIMITS.photoMaxBytes)]),
    );
    const outcome = await sendBookingEmails(
      booking({ photoUrls: [photoUrls[0], big], photoCount: 2 }),
      deps(),
    );
    expect(outcome.body).toMatchObject({
      error: { code: 'invalid_media', message: MESSAGES.photoTooLarge(2) },
    });
  });

  it('answers a filled honeypot with a silent success and stores and sends nothing', async () => {
    const outcome = await sendBookingEmails(booking({ website: 'https://spam.example' }), deps());
    expect(outcome).toEqual({ statusCode: 200, body: { ok: true, reference: '3F2A9C1B' } });
    expect(s3Mock.calls()).toHaveLength(0);
    expect(sesMock.calls()).toHaveLength(0);
    expect(log).toEqual([]);
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
    expect(await storedLead()).toMatchObject({
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
    expect((await storedLead()).emails).toEqual({ confirmation: 'sent', operations: 'failed' });

    installWorkingSes();
    log = [];
    const retry = await sendBookingEmails(booking(), deps());
    expect(retry).toEqual({ statusCode: 200, body: { ok: true, reference: '3F2A9C1B' } });
    expect(log.filter((entry) => entry.startsWith('email'))).toEqual([`email ${OPS}`]);
    const lead = await storedLead();
    expect(lead.emails).toEqual({ confirmation: 'sent', operations: 'sent' });
    expect(lead.emailErrors).toEqual({});
  });

  it('does not count a retried confirmation against the address twice', async () => {
    installSesFailingFor('jane@example.com');
    await sendBookingEmails(booking(), deps());
    installWorkingSes();
    await sendBookingEmails(booking(), deps());
    await sendBookingEmails(booking(), deps());
    // Two more leads to the same address still get their confirmations: 3 in 24 h in all.
    for (const id of [
      '11111111-1111-4111-8111-111111111111',
      '22222222-2222-4222-8222-222222222222',
    ]) {
      const urls = [
        uploaded('1_1.jpg', 'image/jpeg', undefined, id),
        uploaded('1_2.jpg', 'image/jpeg', undefined, id),
      ];
      await sendBookingEmails(
        booking({ submissionId: id, photoUrls: urls, photoCount: 2 }),
        deps(),
      );
    }
    expect(log.filter((entry) => entry === 'email jane@example.com')).toHaveLength(3);
  });
});

describe('sendBookingEmails, repeated submissions', () => {
  it('stores once and sends once when the same submission id arrives twice', async () => {
    const first = await sendBookingEmails(booking(), deps());
    const second = await sendBookingEmails(booking(), deps());
    expect(second).toEqual(first);
    expect(sesMock.commandCalls(SendEmailCommand)).toHaveLength(2);
  });

  it('sends each email once when two identical requests race', async () => {
    const outcomes = await Promise.all([
      sendBookingEmails(booking(), deps()),
      sendBookingEmails(booking(), deps()),
    ]);
    expect(outcomes.map((o) => o.statusCode)).toEqual([200, 200]);
    expect(
      emailInputs()
        .map((input) => input.Destination?.ToAddresses?.[0])
        .sort(),
    ).toEqual(['jane@example.com', OPS]);
  });

  it('answers 20 identical requests sent at once with 200, copying each file once and sending each email once', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () => sendBookingEmails(booking(), deps())),
    );
    expect(outcomes.map((o) => o.statusCode)).toEqual(Array.from({ length: 20 }, () => 200));
    expect(s3Mock.commandCalls(CopyObjectCommand)).toHaveLength(3);
    expect(sesMock.commandCalls(SendEmailCommand)).toHaveLength(2);
    // A later duplicate finds the media released and copies nothing.
    await sendBookingEmails(booking(), deps());
    expect(s3Mock.commandCalls(CopyObjectCommand)).toHaveLength(3);
  });

  it('never stores or sends again for a replay months later, with another body', async () => {
    await sendBookingEmails(booking(), deps());
    sesMock.resetHistory();
    const later = new Date('2026-06-01T00:00:00Z');
    const replay = await sendBookingEmails(
      booking({ name: 'Mallory' }),
      deps({ now: () => later }),
    );
    expect(replay).toEqual({ statusCode: 200, body: { ok: true, reference: '3F2A9C1B' } });
    expect(sesMock.calls()).toHaveLength(0);
    expect((await storedLead()).request.name).toBe('Jane Doe');
  });

  it('still answers a retry after the quarantine copy expired, from the released files', async () => {
    installSesFailingFor(OPS);
    await sendBookingEmails(booking(), deps());
    for (const key of [...objects.keys()]) if (key.startsWith('incoming/')) objects.delete(key);
    installWorkingSes();
    expect((await sendBookingEmails(booking(), deps())).statusCode).toBe(200);
  });
});

describe('sendBookingEmails, abuse limits', () => {
  const flood = async (count: number, address: (i: number) => string, extra = {}) => {
    const outcomes = [];
    for (let i = 0; i < count; i += 1) {
      const id = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
      const urls = [
        uploaded('1_1.jpg', 'image/jpeg', undefined, id),
        uploaded('1_2.jpg', 'image/jpeg', undefined, id),
      ];
      outcomes.push(
        await sendBookingEmails(
          booking({ submissionId: id, email: address(i), photoUrls: urls, photoCount: 2 }),
          deps(extra),
        ),
      );
    }
    return outcomes;
  };

  it('sends at most 3 confirmations to one address, however it is spelled; stores and notifies every request', async () => {
    const spellings = [
      'victim@example.com',
      'Victim@Example.com',
      ' victim+1@example.com',
      'victim+2@EXAMPLE.com',
    ];
    const outcomes = await flood(6, (i) => spellings[i % spellings.length] ?? '');
    expect(outcomes.every((o) => o.statusCode === 200)).toBe(true);
    const to = emailInputs().map((input) => input.Destination?.ToAddresses?.[0] ?? '');
    expect(to.filter((address) => address !== OPS)).toHaveLength(3);
    expect(to.filter((address) => address === OPS)).toHaveLength(6);

    const subjects = emailInputs()
      .filter((input) => input.Destination?.ToAddresses?.[0] === OPS)
      .map((input) => input.Content?.Simple?.Subject?.Data ?? '');
    expect(subjects.filter((s) => s.startsWith('[confirmation withheld: limit] '))).toHaveLength(3);

    const withheld = await storedLead('00000000-0000-4000-8000-000000000005');
    expect(withheld).toMatchObject({
      confirmationAllowance: 'limit',
      emails: { confirmation: 'withheld', operations: 'sent' },
      emailErrors: { confirmation: 'limit' },
    });
    expect(metrics.map((line) => JSON.parse(line) as Record<string, unknown>)).toEqual(
      Array.from({ length: 3 }, () =>
        expect.objectContaining({ Reason: 'limit', ConfirmationsWithheld: 1 }),
      ),
    );
  });

  it('counts the spellings Gmail delivers to one inbox as one address: 3 confirmations of 6', async () => {
    const spellings = [
      'a.b@gmail.com',
      'ab@gmail.com',
      'A.B+x@googlemail.com',
      'a.b+y@GMAIL.COM',
      'ab@googlemail.com',
      '  A.b@Gmail.com',
    ];
    const outcomes = await flood(6, (i) => spellings[i] ?? '');
    expect(outcomes.every((o) => o.statusCode === 200)).toBe(true);
    const to = emailInputs().map((input) => input.Destination?.ToAddresses?.[0] ?? '');
    expect(to.filter((address) => address !== OPS)).toHaveLength(3);
    expect(to.filter((address) => address === OPS)).toHaveLength(6);
  });

  it('keeps dots significant outside Gmail: a.b@ and ab@ at another provider are two inboxes', async () => {
    const spellings = ['a.b@outlook.com', 'ab@outlook.com'];
    await flood(6, (i) => spellings[i % 2] ?? '');
    const to = emailInputs().map((input) => input.Destination?.ToAddresses?.[0] ?? '');
    expect(to.filter((address) => address !== OPS)).toHaveLength(6);
  });

  it('stops confirmations at the daily cap, says so to operations, and emits the alarm metric', async () => {
    const outcomes = await flood(3, (i) => `person${i}@example.com`, { dailyConfirmationCap: 2 });
    expect(outcomes.every((o) => o.statusCode === 200)).toBe(true);
    const to = emailInputs().map((input) => input.Destination?.ToAddresses?.[0]);
    expect(to.filter((address) => address !== OPS)).toEqual([
      'person0@example.com',
      'person1@example.com',
    ]);
    const lastNotification = emailInputs().at(-1);
    expect(lastNotification?.Content?.Simple?.Body?.Text?.Data).toContain(
      'confirmation withheld: daily cap',
    );
    expect(metrics).toHaveLength(1);
    expect(JSON.parse(metrics[0] ?? '{}')).toMatchObject({
      _aws: { CloudWatchMetrics: [{ Namespace: 'BulkTrashPickup', Dimensions: [['Reason']] }] },
      Reason: 'daily-cap',
      ConfirmationsWithheld: 1,
    });
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

  it('keeps the lead when the media copy fails, and a retry finishes the job', async () => {
    s3Mock.on(CopyObjectCommand).rejectsOnce(s3Error('InternalError', 500));
    expect((await sendBookingEmails(booking(), deps())).statusCode).toBe(500);
    expect((await storedLead()).status).toBe('received');
    installS3();
    expect((await sendBookingEmails(booking(), deps())).statusCode).toBe(200);
    expect(objects.has(`quote-photos/${ID}/1763726400000_1.jpg`)).toBe(true);
  });

  it('answers 200 when the emails went out but the archive could not be written', async () => {
    s3Mock.on(PutObjectCommand).rejects(s3Error('InternalError', 500));
    const outcome = await sendBookingEmails(booking(), deps());
    expect(outcome.statusCode).toBe(200);
    expect(console.error).toHaveBeenCalledWith(
      'send-booking-emails: could not archive the lead',
      expect.objectContaining({ submissionId: ID }),
    );
  });

  it('still answers 200 when the emails went out but their outcome could not be recorded', async () => {
    const send = leads.client.send.bind(leads.client);
    vi.spyOn(leads.client, 'send').mockImplementation(((command: unknown) => {
      const input = (command as { input?: { UpdateExpression?: string } }).input;
      if (command instanceof UpdateCommand && input?.UpdateExpression?.includes(':status')) {
        return Promise.reject(new Error('ProvisionedThroughputExceededException'));
      }
      return send(command as never);
    }) as typeof leads.client.send);
    const outcome = await sendBookingEmails(booking(), deps());
    expect(outcome.statusCode).toBe(200);
    expect(console.error).toHaveBeenCalledWith(
      'send-booking-emails: could not record email status',
      expect.objectContaining({ submissionId: ID }),
    );
  });
});

describe('sendBookingEmails, load size and pickup time', () => {
  it('stores the size, the chosen day, its date and the window, and both emails show them', async () => {
    const outcome = await sendBookingEmails(
      booking({
        state: 'Alabama',
        loadSize: 'half',
        pickupDay: 'tomorrow',
        pickupDate: '2025-11-22',
        pickupWindow: 'morning',
      }),
      deps(),
    );
    expect(outcome.statusCode).toBe(200);
    expect((await storedLead()).request).toMatchObject({
      loadSize: 'half',
      pickupDay: 'tomorrow',
      pickupDate: '2025-11-22',
      pickupWindow: 'morning',
    });
    const [confirmation, notification] = emailInputs();
    expect(notification?.Content?.Simple?.Body?.Text?.Data?.split('\n')[0]).toBe(
      'Half truck · est. $165–$235 · Sat, Nov 22, morning',
    );
    expect(confirmation?.Content?.Simple?.Body?.Html?.Data).toContain('Sat, Nov 22, morning');
  });

  it('refuses a pickup date outside yesterday-UTC to 31 days ahead, storing and sending nothing', async () => {
    for (const pickupDate of ['2025-11-19', '2025-12-23']) {
      const outcome = await sendBookingEmails(
        booking({ pickupDay: 'date', pickupDate, pickupWindow: 'any' }),
        deps(),
      );
      expect(outcome).toEqual({
        statusCode: 400,
        body: {
          error: {
            code: 'invalid_request',
            message: 'Please choose a pickup date from today to 30 days ahead',
            fields: { pickupDate: 'Please choose a pickup date from today to 30 days ahead' },
          },
        },
      });
    }
    expect(s3Mock.calls()).toHaveLength(0);
    expect(sesMock.calls()).toHaveLength(0);
  });

  it('accepts UTC’s yesterday, the today of a visitor west of UTC', async () => {
    const outcome = await sendBookingEmails(
      booking({ pickupDay: 'today', pickupDate: '2025-11-20' }),
      deps(),
    );
    expect(outcome.statusCode).toBe(200);
  });
});
