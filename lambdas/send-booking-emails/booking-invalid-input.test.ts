import { describe, expect, it } from 'vitest';
import { MEDIA_SAMPLES } from '../../test/support/testing';
import { sendBookingEmails } from './send-booking-emails';
import {
  BASE,
  FOLDER,
  ID,
  OTHER_ID,
  booking,
  deps,
  log,
  objects,
  photoUrls,
  s3Mock,
  sesMock,
  uploaded,
  useBookingWorld,
} from '../../test/support/testing-booking';
import { LIMITS } from '#contract/core/limits';
import { MESSAGES } from '#contract/core/messages';

useBookingWorld();

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
