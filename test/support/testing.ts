/**
 * Test helpers shared by the Lambda, property and adapter tests. Not imported by production code.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type {
  CopyObjectCommandInput,
  GetObjectCommandInput,
  GetObjectCommandOutput,
  HeadObjectCommandInput,
  PutObjectCommandInput,
  S3ClientResolvedConfig,
  ServiceInputTypes,
  ServiceOutputTypes,
} from '@aws-sdk/client-s3';
import type { LambdaFunctionURLEvent } from 'aws-lambda';
import type { AwsStub } from 'aws-sdk-client-mock';

export interface EventOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  isBase64Encoded?: boolean;
  path?: string;
}

/** A Function URL event as Lambda builds it for a POST of JSON behind CloudFront. */
export function functionUrlEvent(options: EventOptions = {}): LambdaFunctionURLEvent {
  const path = options.path ?? '/';
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath: path,
    rawQueryString: '',
    headers: options.headers ?? { 'content-type': 'application/json' },
    requestContext: {
      accountId: 'anonymous',
      apiId: 'test',
      domainName: 'test.lambda-url.us-east-1.on.aws',
      domainPrefix: 'test',
      http: {
        method: options.method ?? 'POST',
        path,
        protocol: 'HTTP/1.1',
        sourceIp: '203.0.113.7',
        userAgent: 'vitest',
      },
      requestId: 'request-1',
      routeKey: '$default',
      stage: '$default',
      time: '21/Nov/2025:12:00:00 +0000',
      timeEpoch: Date.UTC(2025, 10, 21, 12),
    },
    ...(options.body === undefined ? {} : { body: options.body }),
    isBase64Encoded: options.isBase64Encoded ?? false,
  };
}

/** A JSON POST event with `body` serialised. */
export function jsonEvent(body: unknown): LambdaFunctionURLEvent {
  return functionUrlEvent({ body: JSON.stringify(body) });
}

const fixture = (name: string): Buffer =>
  readFileSync(path.resolve(import.meta.dirname, '../fixtures', name));

/**
 * A small, whole, well-formed file of each accepted type (test/fixtures/README.md says how each
 * was made), and a web page to pass off as one.
 */
export const MEDIA_SAMPLES = {
  'image/jpeg': fixture('media/photo.jpg'),
  'image/png': fixture('media/photo.png'),
  'image/webp': fixture('media/photo.webp'),
  'image/gif': fixture('media/photo.gif'),
  'image/heic': fixture('media/photo.heic'),
  'image/heif': fixture('media/photo.heif'),
  'video/mp4': fixture('media/video-1s.mp4'),
  'video/quicktime': fixture('media/video-1s.mov'),
  'video/webm': fixture('video-5s.webm'),
  html: Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'),
} as const;

/** An S3 service error as the SDK throws it, e.g. s3Error('PreconditionFailed', 412). */
export function s3Error(name: string, status: number): S3ServiceException {
  return new S3ServiceException({
    name,
    $fault: 'client',
    $metadata: { httpStatusCode: status },
    message: name,
  });
}

/** GetObject's Body: the SDK's stream mixin, reduced to the methods the code reads. */
function streamBody(bytes: Buffer): GetObjectCommandOutput['Body'] {
  const stream = Object.assign(Readable.from([bytes]), {
    transformToString: async () => bytes.toString('utf8'),
    transformToByteArray: async () => new Uint8Array(bytes),
  });
  return stream as unknown as GetObjectCommandOutput['Body'];
}

export interface StoredObject {
  /** Bytes as stored; tests may seed a string (read back as UTF-8). */
  body: Buffer | string;
  contentType: string;
  cacheControl?: string;
}

const bytesOf = (body: Buffer | string): Buffer =>
  typeof body === 'string' ? Buffer.from(body, 'utf8') : body;

/**
 * The one fake S3 of the tests, behind an aws-sdk-client-mock stub: objects live in `objects`;
 * HeadObject and GetObject answer for those that exist (NotFound, NoSuchKey otherwise; GetObject
 * honours `Range: bytes=a-b`), PutObject stores and honours `If-None-Match: *` (412
 * PreconditionFailed when the key exists), CopyObject copies within the bucket. The hooks let a
 * test log what was asked, in order.
 */
export function installFakeS3(
  s3Mock: AwsStub<ServiceInputTypes, ServiceOutputTypes, S3ClientResolvedConfig>,
  objects: Map<string, StoredObject>,
  hooks: {
    onHead?: (key: string) => void;
    onPut?: (input: PutObjectCommandInput) => void;
    onCopy?: (sourceKey: string, key: string) => void;
  } = {},
): void {
  s3Mock.on(HeadObjectCommand).callsFake((input: HeadObjectCommandInput) => {
    const key = input.Key ?? '';
    hooks.onHead?.(key);
    const object = objects.get(key);
    if (object === undefined) {
      throw new NotFound({ message: 'Not Found', $metadata: { httpStatusCode: 404 } });
    }
    return { ContentType: object.contentType, ContentLength: bytesOf(object.body).length };
  });
  s3Mock.on(GetObjectCommand).callsFake((input: GetObjectCommandInput) => {
    const object = objects.get(input.Key ?? '');
    if (object === undefined) {
      throw new NoSuchKey({
        message: 'The specified key does not exist.',
        $metadata: { httpStatusCode: 404 },
      });
    }
    const bytes = bytesOf(object.body);
    const range = /^bytes=(\d+)-(\d+)$/.exec(input.Range ?? '');
    const body = range === null ? bytes : bytes.subarray(Number(range[1]), Number(range[2]) + 1);
    return { Body: streamBody(body), ContentType: object.contentType };
  });
  s3Mock.on(PutObjectCommand).callsFake((input: PutObjectCommandInput) => {
    const key = input.Key ?? '';
    if (input.IfNoneMatch === '*' && objects.has(key)) throw s3Error('PreconditionFailed', 412);
    const body = input.Body;
    objects.set(key, {
      body: typeof body === 'string' ? body : Buffer.from(body as Uint8Array),
      contentType: input.ContentType ?? '',
    });
    hooks.onPut?.(input);
    return { ETag: '"etag"' };
  });
  s3Mock.on(CopyObjectCommand).callsFake((input: CopyObjectCommandInput) => {
    const sourceKey = (input.CopySource ?? '').replace(/^[^/]+\//, '');
    const source = objects.get(sourceKey);
    if (source === undefined) throw s3Error('NoSuchKey', 404);
    const key = input.Key ?? '';
    objects.set(key, {
      body: source.body,
      contentType: input.ContentType ?? source.contentType,
      ...(input.CacheControl === undefined ? {} : { cacheControl: input.CacheControl }),
    });
    hooks.onCopy?.(sourceKey, key);
    return {};
  });
}
