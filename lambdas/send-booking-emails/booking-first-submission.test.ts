import {
  CopyObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { MEDIA_SAMPLES } from '../../test/support/testing';
import { sendBookingEmails } from './send-booking-emails';
import { dynamoOutbox } from '../shared/mail/outbox';
import {
  ARCHIVE_KEY,
  FOLDER,
  ID,
  NOW,
  OPS,
  booking,
  deps,
  emailInputs,
  leads,
  log,
  objects,
  photoUrls,
  s3Mock,
  storedLead,
  uploaded,
  useBookingWorld,
} from '../../test/support/testing-booking';

useBookingWorld();

describe('sendBookingEmails, a first valid submission', () => {
  it('answers 200 with the reference', async () => {
    expect(await sendBookingEmails(booking(), deps())).toEqual({
      statusCode: 200,
      body: { ok: true, reference: '3F2A9C1B' },
    });
  });

  it('stores the lead with the emails it owes before any copy or email, then releases the media, archives, sends', async () => {
    await sendBookingEmails(booking(), deps({ outbox: dynamoOutbox(leads) }));
    const firstEmail = log.findIndex((entry) => entry.startsWith('email'));
    // Only the abuse limits' counters come before: they decide whether a confirmation is owed.
    const stored = log.indexOf('dynamo TransactWriteItems');
    expect(log.slice(0, stored)).toEqual([
      expect.stringMatching(/^dynamo (Put|Update)Item$/),
      expect.stringMatching(/^dynamo (Put|Update)Item$/),
    ]);
    expect(log.slice(stored + 1, stored + 4).sort()).toEqual(
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

describe('sendBookingEmails, the request page link in its answer', () => {
  const SECRET = Buffer.from('b'.repeat(64));
  const secrets = () => Promise.resolve({ current: SECRET, accepted: [SECRET] });
  const confirmationLink = () => {
    const text = emailInputs().find(
      (input) => input.Destination?.ToAddresses?.[0] === 'jane@example.com',
    )?.Content?.Simple?.Body?.Text?.Data;
    return /View your request: (\S+)/.exec(text ?? '')?.[1];
  };

  it('answers the call that stored the request with the very link the confirmation email carries', async () => {
    const answer = await sendBookingEmails(booking(), deps({ secrets }));
    expect(answer.statusCode).toBe(200);
    const link = (answer.body as { requestLink?: string }).requestLink;
    expect(link).toMatch(/\/request#t=/);
    expect(link).toBe(confirmationLink());
  });

  it('answers a repeat of the same submission id with the reference alone', async () => {
    await sendBookingEmails(booking(), deps({ secrets }));
    expect(await sendBookingEmails(booking(), deps({ secrets }))).toEqual({
      statusCode: 200,
      body: { ok: true, reference: '3F2A9C1B' },
    });
  });

  it('answers no link when there is no link secret, as the email then carries none', async () => {
    const answer = await sendBookingEmails(booking(), deps());
    expect(answer.body).not.toHaveProperty('requestLink');
  });
});
