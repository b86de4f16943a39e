/**
 * Calls a Lambda Function URL handler from node:http the way production does: CloudFront with
 * origin access control in front of a Function URL (payload format 2.0).
 *
 * The point is that the local server catches what production would refuse. OAC signs each POST/PUT
 * with the viewer's `x-amz-content-sha256` as the payload hash, so a browser that forgets it, or
 * hashes something other than the bytes it sends, fails in production; it fails here too.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LambdaFunctionURLEvent, LambdaFunctionURLResult } from 'aws-lambda';
import { CONTENT_SHA256_HEADER, sha256Hex } from '#contract/core/api';

export type FunctionUrlHandler = (
  event: LambdaFunctionURLEvent,
) => Promise<LambdaFunctionURLResult> | LambdaFunctionURLResult;

export interface AdapterResult {
  statusCode: number;
  /** Lower-case names; `set-cookie` is a list (one header line per cookie). */
  headers: Record<string, string | string[]>;
  body: Buffer;
}

export interface AdapterOptions {
  /** Lambda's synchronous invocation payload limit: 6 MB. */
  maxBodyBytes?: number;
  /**
   * A Function URL without IAM auth, reached without origin access control (decision 053): no
   * x-amz-content-sha256 is asked for, the function checks the request's own signature.
   */
  signatureGated?: boolean;
}

const DEFAULT_MAX_BODY_BYTES = 6 * 1024 * 1024;

/** Content types Lambda passes as text; every other body arrives base64-encoded. */
export function isTextContentType(contentType: string | undefined): boolean {
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  if (type === undefined || type === '') return false;
  return (
    type.startsWith('text/') ||
    type === 'application/json' ||
    type === 'application/javascript' ||
    type === 'application/xml' ||
    /^application\/[^/]+\+(json|xml)$/.test(type)
  );
}

function jsonError(statusCode: number, code: string, message: string): AdapterResult {
  return {
    statusCode,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: Buffer.from(JSON.stringify({ error: { code, message } })),
  };
}

/** Node joins repeated headers except set-cookie (an array); Lambda joins everything with ','. */
function eventHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name === 'cookie') continue;
    headers[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  }
  return headers;
}

function queryParameters(search: URLSearchParams): Record<string, string> | undefined {
  const parameters: Record<string, string> = {};
  for (const name of new Set(search.keys())) parameters[name] = search.getAll(name).join(',');
  return Object.keys(parameters).length > 0 ? parameters : undefined;
}

/** '21/Nov/2025:00:53:07 +0000', the requestContext.time format. */
function requestTime(at: Date): string {
  const months = [
    'Jan',
    'Feb',
    'Mar',
    'Apr',
    'May',
    'Jun',
    'Jul',
    'Aug',
    'Sep',
    'Oct',
    'Nov',
    'Dec',
  ];
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(at.getUTCDate())}/${months[at.getUTCMonth()]}/${at.getUTCFullYear()}:${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}:${pad(at.getUTCSeconds())} +0000`;
}

/** The Function URL event for a request; exported for tests and for tools that replay requests. */
export function buildFunctionUrlEvent(req: IncomingMessage, body: Buffer): LambdaFunctionURLEvent {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const rawQueryString = url.search.startsWith('?') ? url.search.slice(1) : url.search;
  const headers = eventHeaders(req);
  const host = headers.host ?? 'localhost';
  const cookies = req.headers.cookie?.split(/;\s*/).filter((cookie) => cookie !== '');
  const queryStringParameters = queryParameters(url.searchParams);
  const now = new Date();
  const method = (req.method ?? 'GET').toUpperCase();
  const isText = isTextContentType(headers['content-type']);
  const hasBody = body.byteLength > 0;

  return {
    version: '2.0',
    routeKey: '$default',
    rawPath: url.pathname,
    rawQueryString,
    ...(cookies !== undefined && cookies.length > 0 ? { cookies } : {}),
    headers,
    ...(queryStringParameters !== undefined ? { queryStringParameters } : {}),
    requestContext: {
      accountId: 'anonymous',
      apiId: 'local',
      domainName: host,
      domainPrefix: host.split('.')[0] ?? host,
      http: {
        method,
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: '$default',
      stage: '$default',
      time: requestTime(now),
      timeEpoch: now.getTime(),
    },
    ...(hasBody ? { body: isText ? body.toString('utf8') : body.toString('base64') } : {}),
    isBase64Encoded: hasBody && !isText,
  };
}

/** What CloudFront + OAC + the Function URL refuse before the function runs, if anything. */
async function refusal(
  req: IncomingMessage,
  body: Buffer,
  maxBodyBytes: number,
  signatureGated: boolean,
): Promise<AdapterResult | undefined> {
  if (body.byteLength > maxBodyBytes) {
    return jsonError(
      413,
      'payload_too_large',
      `Request must be smaller than ${maxBodyBytes} bytes.`,
    );
  }
  const method = (req.method ?? 'GET').toUpperCase();
  if (signatureGated || (method !== 'POST' && method !== 'PUT')) return undefined;
  const declared = req.headers[CONTENT_SHA256_HEADER];
  if (typeof declared !== 'string' || declared === '') {
    return jsonError(
      400,
      'missing_content_sha256',
      'Missing x-amz-content-sha256 header: CloudFront origin access control needs the hex SHA-256 of the request body on POST and PUT.',
    );
  }
  if (declared !== (await sha256Hex(body))) {
    return jsonError(
      400,
      'content_sha256_mismatch',
      'The x-amz-content-sha256 header is not the lower-case hex SHA-256 of the request body.',
    );
  }
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Lambda's rules for a Function URL response: an object with `statusCode` is a structured
 * response; anything else (a string, an object without statusCode) is a 200 JSON body, a string
 * as is and anything else JSON-serialised. A missing content-type defaults to application/json.
 */
export function normaliseResult(result: unknown): AdapterResult {
  if (!isRecord(result) || typeof result.statusCode !== 'number') {
    const body = typeof result === 'string' ? result : JSON.stringify(result ?? null);
    return {
      statusCode: 200,
      headers: { 'content-type': 'application/json' },
      body: Buffer.from(body),
    };
  }
  const headers: Record<string, string | string[]> = {};
  if (isRecord(result.headers)) {
    for (const [name, value] of Object.entries(result.headers)) {
      if (value !== undefined && value !== null) headers[name.toLowerCase()] = String(value);
    }
  }
  headers['content-type'] ??= 'application/json';
  if (Array.isArray(result.cookies) && result.cookies.length > 0) {
    headers['set-cookie'] = result.cookies.map(String);
  }
  const rawBody = typeof result.body === 'string' ? result.body : '';
  const body =
    result.isBase64Encoded === true ? Buffer.from(rawBody, 'base64') : Buffer.from(rawBody);
  return { statusCode: result.statusCode, headers, body };
}

/**
 * Runs `handler` for a request whose body has already been read. Never throws: a handler that
 * throws gets Lambda's answer to an unhandled function error, a 502.
 */
export async function invokeFunctionUrl(
  handler: FunctionUrlHandler,
  req: IncomingMessage,
  body: Buffer,
  opts: AdapterOptions = {},
): Promise<AdapterResult> {
  const refused = await refusal(
    req,
    body,
    opts.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    opts.signatureGated === true,
  );
  if (refused !== undefined) return refused;
  try {
    return normaliseResult(await handler(buildFunctionUrlEvent(req, body)));
  } catch (error) {
    console.error(`Function URL handler threw for ${req.method ?? 'GET'} ${req.url ?? '/'}`, error);
    return jsonError(502, 'function_error', 'Something went wrong. Please try again.');
  }
}

export function writeResult(res: ServerResponse, result: AdapterResult): void {
  res.statusCode = result.statusCode;
  for (const [name, value] of Object.entries(result.headers)) res.setHeader(name, value);
  res.setHeader('content-length', result.body.byteLength);
  res.end(result.body);
}
