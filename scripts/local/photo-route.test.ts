import { describe, expect, it } from 'vitest';
import { isPhotoPath, releasedMediaKey } from './photo-route';

const ID = '3f2a9c1b-7d4e-4a5b-9c8d-0e1f2a3b4c5d';
const OTHER = '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b';
const PHOTO = `quote-photos/${ID}/1763726400000_1.jpg`;

describe('releasedMediaKey', () => {
  it.each([
    [`/${PHOTO}`, PHOTO],
    [`/quote-photos/${ID}/1763726400000_10.webp`, `quote-photos/${ID}/1763726400000_10.webp`],
    [`/quote-photos/${ID}/1_1.mov`, `quote-photos/${ID}/1_1.mov`],
    // A query string is dropped, as CloudFront's photo cache policy drops it.
    [`/${PHOTO}?v=2`, PHOTO],
    // Unreserved characters may be percent-encoded; decoded once they are the same key.
    [`/quote-photos/${ID}/1763726400000_1%2Ejpg`, PHOTO],
  ])('serves a released file: %s', (target, key) => {
    expect(releasedMediaKey(target)).toBe(key);
  });

  it.each([
    // The reported traversal, in both cases of the encoded slash, to the lead and to quarantine.
    `/quote-photos/..%2fleads%2f${ID}.json`,
    `/quote-photos/..%2Fleads%2F${ID}.json`,
    `/quote-photos/..%2fincoming%2f${ID}%2f1763726400000_1.jpg`,
    `/quote-photos/%2e%2e%2fleads%2f${ID}.json`,
    `/quote-photos/${ID}%2f..%2f..%2fleads%2f${ID}.json`,
    // Decoded once: a double encoding stays a literal %2f and is no file name.
    `/quote-photos/..%252fleads%252f${ID}.json`,
    `/quote-photos/${ID}%252f1763726400000_1.jpg`,
    // Backslashes, encoded and raw.
    `/quote-photos/..%5cleads%5c${ID}.json`,
    `/quote-photos/..%5Cleads%5C${ID}.json`,
    `/quote-photos/..\\leads\\${ID}.json`,
    `/quote-photos/${ID}\\1763726400000_1.jpg`,
    // Dot segments, raw (a proxy that does not normalise) and inside the folder.
    `/quote-photos/../leads/${ID}.json`,
    `/quote-photos/${ID}/../${OTHER}/1763726400000_1.jpg`,
    `/quote-photos/${ID}/./1763726400000_1.jpg`,
    `/quote-photos/./${ID}/1763726400000_1.jpg`,
    // Absolute keys and other prefixes.
    `/quote-photos//leads/${ID}.json`,
    `/quote-photos/%2fleads%2f${ID}.json`,
    `/quote-photos/%2Fetc%2Fpasswd`,
    `/leads/${ID}.json`,
    `/incoming/${ID}/1763726400000_1.jpg`,
    `http://localhost/${PHOTO}`,
    `//${PHOTO}`,
    // NUL bytes and other control characters, encoded and raw.
    `/${PHOTO}%00`,
    `/${PHOTO}%00.json`,
    `/quote-photos/${ID}/1763726400000_1.jpg\u0000`,
    `/${PHOTO}%0a`,
    // Not quite the released shape.
    `/quote-photos/${ID.toUpperCase()}/1763726400000_1.jpg`,
    `/quote-photos/${ID}/1763726400000_1.JPG`,
    `/quote-photos/${ID}/1763726400000_1.html`,
    `/quote-photos/${ID}/1763726400000_1.jpg.html`,
    `/quote-photos/${ID}/1763726400000_123.jpg`,
    `/quote-photos/${ID}/photo.jpg`,
    `/quote-photos/${ID}/`,
    `/quote-photos/${ID}`,
    `/quote-photos/`,
    `/quote-photos/${ID}/sub/1763726400000_1.jpg`,
    `/quote-photos/not-a-uuid/1763726400000_1.jpg`,
    // Malformed percent-encoding never reaches S3 either.
    `/quote-photos/${ID}/1763726400000_1.jpg%`,
    `/quote-photos/${ID}/1763726400000_1.jpg%zz`,
    `/quote-photos/${ID}/1763726400000_1%C0%AEjpg`,
  ])('refuses %s before any S3 call', (target) => {
    expect(releasedMediaKey(target)).toBeUndefined();
  });
});

describe('isPhotoPath', () => {
  it('matches the /quote-photos/ behaviour and nothing else', () => {
    expect(isPhotoPath(`/${PHOTO}`)).toBe(true);
    expect(isPhotoPath('/quote-photos')).toBe(false);
    expect(isPhotoPath('/quote-photos-x/a')).toBe(false);
    expect(isPhotoPath('/api/upload-urls')).toBe(false);
  });
});
