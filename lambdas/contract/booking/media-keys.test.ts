import { describe, expect, it } from 'vitest';
import {
  incomingKeyFor,
  incomingObjectKey,
  keyFromPublicUrl,
  leadArchiveKey,
  mediaObjectKey,
  publicUrlFor,
} from './media-keys';

const ID = '3f2a9c1b-7d4e-4a5b-9c8d-0e1f2a3b4c5d';
const OTHER_ID = '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b';
const BASE = 'https://www.example.com';

describe('mediaObjectKey', () => {
  it('follows quote-photos/{submissionId}/{timestamp}_{index}.{ext}', () => {
    expect(mediaObjectKey(ID, 1732150000000, 2, 'jpg')).toBe(
      `quote-photos/${ID}/1732150000000_2.jpg`,
    );
  });
});

describe('incoming keys', () => {
  it('put uploads in quarantine under incoming/, with the same file name as the public copy', () => {
    const incoming = incomingObjectKey(ID, 1732150000000, 2, 'jpg');
    expect(incoming).toBe(`incoming/${ID}/1732150000000_2.jpg`);
    expect(incomingKeyFor(mediaObjectKey(ID, 1732150000000, 2, 'jpg'))).toBe(incoming);
    expect(() => incomingKeyFor(`leads/${ID}.json`)).toThrow('Not a media key');
  });

  it('archive a lead under leads/{submissionId}.json, whatever its month', () => {
    expect(leadArchiveKey(ID)).toBe(`leads/${ID}.json`);
  });
});

describe('publicUrlFor', () => {
  it('joins base and key with one slash, even when the base ends in a slash', () => {
    expect(publicUrlFor(`${BASE}/`, 'quote-photos/a/1_1.jpg')).toBe(
      `${BASE}/quote-photos/a/1_1.jpg`,
    );
  });
});

describe('keyFromPublicUrl', () => {
  it('maps a link in the submission’s own folder back to its key', () => {
    expect(keyFromPublicUrl(`${BASE}/quote-photos/${ID}/1732150000000_1.jpg`, BASE, ID)).toBe(
      `quote-photos/${ID}/1732150000000_1.jpg`,
    );
  });

  it.each([
    ['another host', `https://evil.example/quote-photos/${ID}/1732150000000_1.jpg`],
    ['a look-alike host', `https://www.example.com.evil.example/quote-photos/${ID}/1_1.jpg`],
    ['plain http', `http://www.example.com/quote-photos/${ID}/1732150000000_1.jpg`],
    ['another submission', `${BASE}/quote-photos/${OTHER_ID}/1732150000000_1.jpg`],
    ['the folder itself', `${BASE}/quote-photos/${ID}/`],
    ['a sub-folder', `${BASE}/quote-photos/${ID}/x/1732150000000_1.jpg`],
    ['a parent-folder trick', `${BASE}/quote-photos/${ID}/../${OTHER_ID}/1_1.jpg`],
    ['an encoded slash', `${BASE}/quote-photos/${ID}/..%2F${OTHER_ID}%2F1_1.jpg`],
    ['a query string', `${BASE}/quote-photos/${ID}/1732150000000_1.jpg?x=1`],
    ['a fragment', `${BASE}/quote-photos/${ID}/1732150000000_1.jpg#x`],
    ['another file name', `${BASE}/quote-photos/${ID}/photo.jpg`],
    ['a lead record', `${BASE}/leads/2025/11/${ID}.json`],
    ['the quarantine', `${BASE}/incoming/${ID}/1732150000000_1.jpg`],
  ])('refuses %s', (_what, url) => {
    expect(keyFromPublicUrl(url, BASE, ID)).toBeUndefined();
  });
});
