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
