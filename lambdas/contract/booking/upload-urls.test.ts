import { describe, expect, it } from 'vitest';
import { LIMITS } from '#contract/core/limits';
import { extensionFor } from '#contract/booking/media-types';
import { MESSAGES } from '#contract/core/messages';
import { uploadUrlsRequestSchema } from '#contract/booking/upload-urls';

const SUBMISSION_ID = '3f2a9c1b-7d4e-4a5b-9c8d-0e1f2a3b4c5d';

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
