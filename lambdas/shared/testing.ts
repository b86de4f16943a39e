/**
 * Test helpers shared by the Lambda tests. Not imported by production code.
 */
import type { LambdaFunctionURLEvent } from 'aws-lambda';

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

const ftyp = (brand: string, compatible: string): Buffer =>
  Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from(`ftyp${brand}`),
    Buffer.alloc(4),
    Buffer.from(compatible),
    Buffer.alloc(16),
  ]);

/**
 * The first bytes of a file of each accepted type (what file-type reads to name it), and a web
 * page to pass off as one. Enough for the booking function's check; not a viewable image.
 */
export const MEDIA_SAMPLES = {
  'image/jpeg': Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]),
  'image/png': Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAD0lEQVR4nGPowAEYhpYEANsRZgG2EIOkAAAAAElFTkSuQmCC',
    'base64',
  ),
  'image/webp': Buffer.concat([
    Buffer.from('RIFF'),
    Buffer.from([0x24, 0, 0, 0]),
    Buffer.from('WEBPVP8 '),
    Buffer.alloc(16),
  ]),
  'image/gif': Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00', 'latin1'),
  'image/heic': ftyp('heic', 'mif1heic'),
  'image/heif': ftyp('mif1', 'mif1heic'),
  'video/mp4': ftyp('mp42', 'mp42isom'),
  'video/quicktime': ftyp('qt  ', 'qt  '),
  'video/webm': Buffer.from([
    0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81,
    0x04, 0x42, 0xf3, 0x81, 0x08, 0x42, 0x82, 0x84, 0x77, 0x65, 0x62, 0x6d, 0x42, 0x87, 0x81, 0x04,
    0x42, 0x85, 0x81, 0x02,
  ]),
  html: Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'),
} as const;
