import { NoSuchKey, NotFound, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isConditionalWriteConflict, isNotFound, s3ClientFromEnv } from './aws';
import { s3Error } from '../../../test/support/testing';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('s3ClientFromEnv', () => {
  it('presigns path-style URLs against the local S3 stand-in when an endpoint is set', async () => {
    vi.stubEnv('AWS_REGION', 'us-east-1');
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'S3RVER');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'S3RVER');
    const s3 = s3ClientFromEnv({ s3Endpoint: 'http://localhost:4569', s3ForcePathStyle: true });
    const url = await getSignedUrl(
      s3,
      new PutObjectCommand({ Bucket: 'quote-photos', Key: 'quote-photos/a/1_1.jpg' }),
      {
        expiresIn: 60,
      },
    );
    expect(url.startsWith('http://localhost:4569/quote-photos/quote-photos/a/1_1.jpg?')).toBe(true);
    expect(url).not.toContain('x-amz-checksum');
  });
});

describe('S3 error classification', () => {
  it('treats NotFound, NoSuchKey and any 404 as a missing object', () => {
    expect(isNotFound(new NotFound({ message: 'x', $metadata: {} }))).toBe(true);
    expect(isNotFound(new NoSuchKey({ message: 'x', $metadata: {} }))).toBe(true);
    expect(isNotFound(s3Error('Unknown', 404))).toBe(true);
  });

  it('does not treat AccessDenied as missing, so a permissions problem surfaces', () => {
    expect(isNotFound(s3Error('AccessDenied', 403))).toBe(false);
    expect(isNotFound(new Error('boom'))).toBe(false);
  });

  it('recognises a lost create race by 412 or 409', () => {
    expect(isConditionalWriteConflict(s3Error('PreconditionFailed', 412))).toBe(true);
    expect(isConditionalWriteConflict(s3Error('ConditionalRequestConflict', 409))).toBe(true);
    expect(isConditionalWriteConflict(s3Error('InternalError', 500))).toBe(false);
  });
});
