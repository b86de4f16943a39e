import { describe, expect, it } from 'vitest';
import { validateHomeownerFields } from '#contract/fields';
import { VALID_REQUEST_FIELDS } from '../../test/fixtures/homeowner';
import { errorMessageFrom } from '#contract/api';
import {
  HONEYPOT_FIELD,
  bookingRequestSchema,
  isHoneypotFilled,
  mediaSelectionError,
  videoDurationError,
} from '#contract/booking';
import { firstMessagePerField, homeownerFieldsSchema } from '#contract/fields';
import { LIMITS } from '#contract/limits';
import { extensionFor } from '#contract/media-types';
import { MESSAGES } from '#contract/messages';
import { uploadUrlsRequestSchema } from '#contract/upload-urls';

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

/** The first message for `field`, or undefined when the field is valid. */
function fieldError(field: string, value: unknown): string | undefined {
  const errors: Record<string, string | undefined> = validateHomeownerFields({
    ...validFields,
    [field]: value,
  });
  return errors[field];
}

function bookingErrors(body: unknown): Record<string, string> {
  const result = bookingRequestSchema.safeParse(body);
  return result.success ? {} : firstMessagePerField(result.error.issues);
}

describe('the spec texts', () => {
  it('are copied letter for letter from SPEC §5 and §8', () => {
    expect(MESSAGES.nameTooShort).toBe('Name must be at least 2 characters');
    expect(MESSAGES.phoneInvalid).toBe('Please enter a valid phone number');
    expect(MESSAGES.emailInvalid).toBe('Please enter a valid email address');
    expect(MESSAGES.cityRequired).toBe('Please enter your city');
    expect(MESSAGES.stateRequired).toBe('Please enter your state');
    expect(MESSAGES.zipCodeInvalid).toBe('Please enter a valid zip code');
    expect(MESSAGES.descriptionTooShort).toBe('Please provide more details about your trash');
    expect(MESSAGES.tooManyPhotos).toBe('You can upload a maximum of 10 photos');
    expect(MESSAGES.videoTooLong).toBe('Video must be 30 seconds or less');
    expect(MESSAGES.mediaRequired).toBe('Please upload at least 2 photos or a video');
    expect(MESSAGES.submitFailed).toBe("We couldn't submit your request. Please try again.");
    expect(MESSAGES.unexpected).toBe('Something went wrong. Please try again.');
    expect(MESSAGES.successTitle).toBe('Quote Request Submitted');
    expect(MESSAGES.failureTitle).toBe('Submission Failed');
    expect(MESSAGES.successButton).toBe('Got it');
    expect(MESSAGES.failureButton).toBe('Try Again');
  });

  it('keep the typographic apostrophe in the success text', () => {
    expect(MESSAGES.successText).toBe(
      'Check your email for confirmation. We\u2019ll connect you with a local hauler shortly.',
    );
  });

  it('format the photo upload failure with its position and reason', () => {
    expect(MESSAGES.uploadFailed(3, 'Network error')).toBe(
      'Failed to upload photo 3: Network error',
    );
  });

  it('word the video upload failure like the photo one', () => {
    expect(MESSAGES.videoUploadFailed('Network error')).toBe(
      'Failed to upload the video: Network error',
    );
  });

  it('give each field a specific maximum-length message', () => {
    expect(MESSAGES.nameTooLong).toBe('Name must be at most 100 characters');
    expect(MESSAGES.phoneTooLong).toBe('Phone number must be at most 20 characters');
    expect(MESSAGES.emailTooLong).toBe('Email must be at most 255 characters');
    expect(MESSAGES.cityTooLong).toBe('City must be at most 100 characters');
    expect(MESSAGES.stateTooLong).toBe('State must be at most 50 characters');
    expect(MESSAGES.zipCodeTooLong).toBe('Zip code must be at most 10 characters');
    expect(MESSAGES.descriptionTooLong).toBe('Description must be at most 1000 characters');
  });
});

describe('validateHomeownerFields', () => {
  it('returns no errors for a complete, valid form', () => {
    expect(validateHomeownerFields(validFields)).toEqual({});
  });

  it('ignores form values that are not text fields, such as the selected files', () => {
    expect(validateHomeownerFields({ ...validFields, photos: [{}, {}], video: null })).toEqual({});
  });

  it('reports every empty field with its own spec message', () => {
    expect(validateHomeownerFields({})).toEqual({
      name: MESSAGES.nameTooShort,
      phone: MESSAGES.phoneInvalid,
      email: MESSAGES.emailInvalid,
      city: MESSAGES.cityRequired,
      state: MESSAGES.stateRequired,
      zipCode: MESSAGES.zipCodeInvalid,
      description: MESSAGES.descriptionTooShort,
    });
  });

  it.each([undefined, null, 42, {}, ['Jane']])(
    'answers a missing or non-string name (%j) with the field message, not zod’s',
    (value) => {
      expect(fieldError('name', value)).toBe(MESSAGES.nameTooShort);
    },
  );

  it('accepts a non-object without throwing and reports every field', () => {
    expect(Object.keys(validateHomeownerFields(null))).toHaveLength(7);
  });

  describe('name', () => {
    it('rejects 1 character and accepts 2', () => {
      expect(fieldError('name', 'J')).toBe(MESSAGES.nameTooShort);
      expect(fieldError('name', 'Jo')).toBeUndefined();
    });

    it('counts characters after trimming', () => {
      expect(fieldError('name', '  J  ')).toBe(MESSAGES.nameTooShort);
      expect(fieldError('name', '   ')).toBe(MESSAGES.nameTooShort);
    });

    it('accepts 100 characters and rejects 101', () => {
      expect(fieldError('name', 'a'.repeat(100))).toBeUndefined();
      expect(fieldError('name', 'a'.repeat(101))).toBe(MESSAGES.nameTooLong);
    });
  });

  describe('phone', () => {
    it.each([
      '(602) 555-0134',
      '602.555.0134',
      '602-555-0134',
      '+1 (602) 555-0134',
      '+16025550134',
      '16025550134',
      '6025550134',
      '  602 555 0134  ',
      '602555013412345',
    ])('accepts %j: 10 to 15 digits once separators and a leading +1 are removed', (phone) => {
      expect(fieldError('phone', phone)).toBeUndefined();
    });

    it.each([
      '602555013',
      '+1 602 555 013',
      '6025550134123456',
      '+44 20 7946 0958',
      '602-555-0134 x1',
      '602/555/0134',
      'phone: 6025550134',
      '602\u0000555\u00000134',
      '602\n555\n0134',
      '',
    ])('rejects %j with the spec message', (phone) => {
      expect(fieldError('phone', phone)).toBe(MESSAGES.phoneInvalid);
    });

    it('accepts 20 characters and rejects 21', () => {
      expect(fieldError('phone', '1 (602) 555-0134-567')).toBeUndefined();
      expect(fieldError('phone', '1 (602) 555-0134-5678')).toBe(MESSAGES.phoneTooLong);
    });
  });

  describe('email', () => {
    it.each(['jane@example.com', 'jane.doe+quotes@mail.example.co', '  jane@example.com  '])(
      'accepts %j',
      (email) => {
        expect(fieldError('email', email)).toBeUndefined();
      },
    );

    it.each(['', 'jane', 'jane@', '@example.com', 'jane@example', 'jane doe@example.com', 'a@b.c'])(
      'rejects %j',
      (email) => {
        expect(fieldError('email', email)).toBe(MESSAGES.emailInvalid);
      },
    );

    it('accepts 255 characters and rejects 256', () => {
      const address = (length: number) =>
        `${'a'.repeat(length - '@example.com'.length)}@example.com`;
      expect(fieldError('email', address(255))).toBeUndefined();
      expect(fieldError('email', address(256))).toBe(MESSAGES.emailTooLong);
    });
  });

  describe('city', () => {
    it('rejects 1 character and accepts 2', () => {
      expect(fieldError('city', 'A')).toBe(MESSAGES.cityRequired);
      expect(fieldError('city', 'Ab')).toBeUndefined();
    });

    it('accepts 100 characters and rejects 101', () => {
      expect(fieldError('city', 'a'.repeat(100))).toBeUndefined();
      expect(fieldError('city', 'a'.repeat(101))).toBe(MESSAGES.cityTooLong);
    });
  });

  describe('state', () => {
    it('rejects 1 character and accepts 2', () => {
      expect(fieldError('state', 'A')).toBe(MESSAGES.stateRequired);
      expect(fieldError('state', 'AZ')).toBeUndefined();
    });

    it('accepts 50 characters and rejects 51', () => {
      expect(fieldError('state', 'a'.repeat(50))).toBeUndefined();
      expect(fieldError('state', 'a'.repeat(51))).toBe(MESSAGES.stateTooLong);
    });
  });

  describe('zip code', () => {
    it('rejects 4 characters and accepts 5', () => {
      expect(fieldError('zipCode', '8500')).toBe(MESSAGES.zipCodeInvalid);
      expect(fieldError('zipCode', '85001')).toBeUndefined();
    });

    it('accepts 10 characters and rejects 11', () => {
      expect(fieldError('zipCode', '85001-1234')).toBeUndefined();
      expect(fieldError('zipCode', '85001-12345')).toBe(MESSAGES.zipCodeTooLong);
    });

    it.each(['abcde', '8500a', '85001-', '85001-123', '85001 1234', '850011234', '８５００１'])(
      'rejects %j: five digits, optionally a dash and four more',
      (zip) => {
        expect(fieldError('zipCode', zip)).toBe(MESSAGES.zipCodeInvalid);
      },
    );
  });

  describe('description', () => {
    it('rejects 9 characters and accepts 10', () => {
      expect(fieldError('description', 'a'.repeat(9))).toBe(MESSAGES.descriptionTooShort);
      expect(fieldError('description', 'a'.repeat(10))).toBeUndefined();
    });

    it('accepts 1000 characters and rejects 1001', () => {
      expect(fieldError('description', 'a'.repeat(1000))).toBeUndefined();
      expect(fieldError('description', 'a'.repeat(1001))).toBe(MESSAGES.descriptionTooLong);
    });
  });

  it('hands back trimmed values when parsed', () => {
    const parsed = homeownerFieldsSchema.parse({
      ...validFields,
      name: '  Jane Doe  ',
      zipCode: ' 85001 ',
    });
    expect(parsed.name).toBe('Jane Doe');
    expect(parsed.zipCode).toBe('85001');
  });
});

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

describe('uploadUrlsRequestSchema', () => {
  const photo = (overrides: Record<string, unknown> = {}) => ({
    kind: 'photo',
    contentType: 'image/jpeg',
    size: 1_000_000,
    ...overrides,
  });
  const video = (overrides: Record<string, unknown> = {}) => ({
    kind: 'video',
    contentType: 'video/mp4',
    size: 50_000_000,
    ...overrides,
  });
  const errors = (files: unknown, extra: Record<string, unknown> = {}) => {
    const result = uploadUrlsRequestSchema.safeParse({
      submissionId: SUBMISSION_ID,
      files,
      ...extra,
    });
    return result.success ? [] : result.error.issues.map((issue) => issue.message);
  };

  it.each(['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif', 'image/gif'])(
    'accepts a %s photo',
    (contentType) => {
      expect(errors([photo({ contentType })])).toEqual([]);
    },
  );

  it.each(['video/mp4', 'video/quicktime', 'video/webm'])(
    'accepts a %s video alone',
    (contentType) => {
      expect(errors([video({ contentType })])).toEqual([]);
    },
  );

  it('accepts 1 photo (a retry may re-upload one) and 10 photos', () => {
    expect(errors([photo()])).toEqual([]);
    expect(errors(Array.from({ length: 10 }, () => photo()))).toEqual([]);
  });

  it('rejects no files and 11 files', () => {
    expect(errors([])).toEqual([MESSAGES.noFiles]);
    expect(errors(Array.from({ length: 11 }, () => photo()))).toEqual([MESSAGES.tooManyPhotos]);
  });

  it.each(['image/svg+xml', 'text/html', 'application/pdf', 'video/mp4', ''])(
    'rejects a photo of type %j, naming its position',
    (contentType) => {
      expect(errors([photo(), photo({ contentType })])).toEqual([
        `Photo 2: ${MESSAGES.photoNotImage}`,
      ]);
    },
  );

  it.each(['video/x-msvideo', 'image/jpeg', 'text/html'])(
    'rejects a video of type %j',
    (contentType) => {
      expect(errors([video({ contentType })])).toEqual([MESSAGES.videoNotVideo]);
    },
  );

  it('rejects a video with photos, and two videos', () => {
    expect(errors([photo(), video()])).toEqual([MESSAGES.photosOrVideo]);
    expect(errors([video(), video()])).toEqual([MESSAGES.photosOrVideo]);
  });

  it('accepts sizes at the caps and rejects one byte more', () => {
    expect(errors([photo({ size: LIMITS.photoMaxBytes })])).toEqual([]);
    expect(errors([photo({ size: LIMITS.photoMaxBytes + 1 })])).toEqual([
      MESSAGES.photoTooLarge(1),
    ]);
    expect(errors([video({ size: LIMITS.videoMaxBytes })])).toEqual([]);
    expect(errors([video({ size: LIMITS.videoMaxBytes + 1 })])).toEqual([MESSAGES.videoTooLarge]);
  });

  it.each([0, -1, 1.5, '100', Number.NaN])('rejects the size %j', (size) => {
    expect(errors([photo({ size })])).toEqual([MESSAGES.fileSizeInvalid]);
  });

  it('rejects an unknown kind', () => {
    expect(errors([photo({ kind: 'document' })])).toEqual([MESSAGES.fileKindInvalid]);
  });

  it('rejects unknown keys at both levels', () => {
    expect(errors([photo({ name: 'a.jpg' })])).toEqual([MESSAGES.unknownFields(['name'])]);
    expect(errors([photo()], { bucket: 'other' })).toEqual([MESSAGES.unknownFields(['bucket'])]);
  });

  it('rejects a submission id that is not a UUID', () => {
    expect(errors([photo()], { submissionId: '../../etc' })).toEqual([
      MESSAGES.submissionIdInvalid,
    ]);
  });
});

describe('extensionFor', () => {
  it('maps content types to the stored file extension', () => {
    expect(extensionFor('image/jpeg')).toBe('jpg');
    expect(extensionFor('image/heic')).toBe('heic');
    expect(extensionFor('video/quicktime')).toBe('mov');
    expect(extensionFor('video/webm')).toBe('webm');
  });
});

describe('errorMessageFrom', () => {
  it('reads a plain string error', () => {
    expect(errorMessageFrom({ error: 'Email service down' })).toBe('Email service down');
  });

  it('reads an error object’s message', () => {
    expect(errorMessageFrom({ error: { code: 'x', message: 'Photo 2 was not found.' } })).toBe(
      'Photo 2 was not found.',
    );
  });

  it.each([
    undefined,
    null,
    'text',
    42,
    {},
    { error: '' },
    { error: { code: 'x' } },
    { error: { message: 5 } },
  ])('gives undefined for %j, so the caller falls back to the default text', (body) => {
    expect(errorMessageFrom(body)).toBeUndefined();
  });
});
