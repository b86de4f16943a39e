import { describe, expect, it } from 'vitest';
import { VALID_REQUEST_FIELDS } from '../../../test/fixtures/homeowner';
import {
  HONEYPOT_FIELD,
  bookingRequestSchema,
  isHoneypotFilled,
  mediaSelectionError,
  videoDurationError,
} from '#contract/booking/booking';
import { firstMessagePerField } from '#contract/core/fields';
import { MESSAGES } from '#contract/core/messages';

const SUBMISSION_ID = '3f2a9c1b-7d4e-4a5b-9c8d-0e1f2a3b4c5d';
const BASE = `https://www.example.com/quote-photos/${SUBMISSION_ID}`;

const validFields = VALID_REQUEST_FIELDS;

const photoUrls = (count: number): string[] =>
  Array.from({ length: count }, (_, i) => `${BASE}/1732150000000_${i + 1}.jpg`);

const validBooking = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  ...validFields,
  photoUrls: photoUrls(3),
  photoCount: 3,
  hasVideo: false,
  submissionId: SUBMISSION_ID,
  ...overrides,
});

const videoBooking = (overrides: Record<string, unknown> = {}): Record<string, unknown> =>
  validBooking({
    photoUrls: [],
    photoCount: 0,
    hasVideo: true,
    videoUrl: `${BASE}/1732150000000_1.mp4`,
    ...overrides,
  });

function bookingErrors(body: unknown): Record<string, string> {
  const result = bookingRequestSchema.safeParse(body);
  return result.success ? {} : firstMessagePerField(result.error.issues);
}

describe('mediaSelectionError', () => {
  it('accepts 2 to 10 photos without a video', () => {
    expect(mediaSelectionError({ photoCount: 2, hasVideo: false })).toBeUndefined();
    expect(mediaSelectionError({ photoCount: 10, hasVideo: false })).toBeUndefined();
  });

  it('accepts a video alone', () => {
    expect(mediaSelectionError({ photoCount: 0, hasVideo: true })).toBeUndefined();
  });

  it('asks for at least 2 photos or a video when there is 0 or 1 photo', () => {
    expect(mediaSelectionError({ photoCount: 0, hasVideo: false })).toBe(MESSAGES.mediaRequired);
    expect(mediaSelectionError({ photoCount: 1, hasVideo: false })).toBe(MESSAGES.mediaRequired);
  });

  it('refuses an 11th photo', () => {
    expect(mediaSelectionError({ photoCount: 11, hasVideo: false })).toBe(MESSAGES.tooManyPhotos);
  });

  it('refuses photos together with a video', () => {
    expect(mediaSelectionError({ photoCount: 2, hasVideo: true })).toBe(MESSAGES.photosOrVideo);
  });
});

describe('videoDurationError', () => {
  it('accepts 30 seconds and refuses anything longer', () => {
    expect(videoDurationError(30)).toBeUndefined();
    expect(videoDurationError(30.1)).toBe(MESSAGES.videoTooLong);
  });
});

describe('bookingRequestSchema', () => {
  it('accepts the spec body with 3 photos and a submission id', () => {
    expect(bookingRequestSchema.safeParse(validBooking()).success).toBe(true);
  });

  it('accepts a video alone', () => {
    expect(bookingRequestSchema.safeParse(videoBooking()).success).toBe(true);
  });

  it('accepts 2 photos and 10 photos', () => {
    expect(bookingErrors(validBooking({ photoUrls: photoUrls(2), photoCount: 2 }))).toEqual({});
    expect(bookingErrors(validBooking({ photoUrls: photoUrls(10), photoCount: 10 }))).toEqual({});
  });

  it('rejects a single photo with the spec message', () => {
    expect(bookingErrors(validBooking({ photoUrls: photoUrls(1), photoCount: 1 }))).toEqual({
      photoUrls: MESSAGES.mediaRequired,
    });
  });

  it('rejects no media at all with the spec message', () => {
    expect(bookingErrors(validBooking({ photoUrls: [], photoCount: 0 }))).toEqual({
      photoUrls: MESSAGES.mediaRequired,
    });
  });

  it('rejects 11 photos with the spec message', () => {
    expect(bookingErrors(validBooking({ photoUrls: photoUrls(11), photoCount: 11 }))).toEqual({
      photoUrls: MESSAGES.tooManyPhotos,
    });
  });

  it('rejects photos together with a video', () => {
    const body = videoBooking({ photoUrls: photoUrls(2), photoCount: 2 });
    expect(bookingErrors(body)).toEqual({ videoUrl: MESSAGES.photosOrVideo });
  });

  it('rejects the same photo link sent twice', () => {
    const [first] = photoUrls(1);
    expect(bookingErrors(validBooking({ photoUrls: [first, first], photoCount: 2 }))).toEqual({
      photoUrls: MESSAGES.duplicatePhoto,
    });
  });

  it('rejects a photoCount that differs from the number of links', () => {
    expect(bookingErrors(validBooking({ photoCount: 2 }))).toEqual({
      photoCount: MESSAGES.photoCountMismatch,
    });
  });

  it('rejects hasVideo that disagrees with videoUrl, both ways', () => {
    expect(bookingErrors(validBooking({ hasVideo: true }))).toEqual({
      hasVideo: MESSAGES.hasVideoMismatch,
    });
    expect(bookingErrors(videoBooking({ hasVideo: false }))).toEqual({
      hasVideo: MESSAGES.hasVideoMismatch,
    });
  });

  it.each(['javascript:alert(1)', 'not a url', 'ftp://example.com/a.jpg'])(
    'rejects the media link %j',
    (link) => {
      expect(
        bookingErrors(validBooking({ photoUrls: [link, ...photoUrls(1)], photoCount: 2 })),
      ).toEqual({
        photoUrls: MESSAGES.mediaUrlInvalid,
      });
    },
  );

  it('rejects a submission id that is not a UUID', () => {
    expect(bookingErrors(validBooking({ submissionId: 'abc' }))).toEqual({
      submissionId: MESSAGES.submissionIdInvalid,
    });
  });

  it('rejects an unknown key, naming it', () => {
    expect(bookingErrors(validBooking({ isAdmin: true }))).toEqual({
      isAdmin: MESSAGES.unknownFields(['isAdmin']),
    });
  });

  it('reports field and media problems together', () => {
    expect(bookingErrors(validBooking({ name: 'J', photoCount: 7 }))).toEqual({
      name: MESSAGES.nameTooShort,
      photoCount: MESSAGES.photoCountMismatch,
    });
  });

  it('rejects a body that is not an object with a clear message', () => {
    const result = bookingRequestSchema.safeParse(['not', 'an', 'object']);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(MESSAGES.bodyNotObject);
  });

  describe('the honeypot', () => {
    it('accepts the field absent or empty', () => {
      expect(bookingErrors(validBooking())).toEqual({});
      expect(bookingErrors(validBooking({ [HONEYPOT_FIELD]: '' }))).toEqual({});
    });

    it('rejects the field filled in', () => {
      expect(bookingErrors(validBooking({ [HONEYPOT_FIELD]: 'https://spam.example' }))).toEqual({
        website: MESSAGES.honeypotFilled,
      });
    });

    it('is detected before validation, whatever else the body holds', () => {
      expect(isHoneypotFilled({ website: 'x' })).toBe(true);
      expect(isHoneypotFilled({ website: 0 })).toBe(true);
      expect(isHoneypotFilled({ website: '' })).toBe(false);
      expect(isHoneypotFilled({})).toBe(false);
      expect(isHoneypotFilled(null)).toBe(false);
    });
  });
});
