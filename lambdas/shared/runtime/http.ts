// What a caller can get wrong at the edge is a 4xx with a sentence to show, never a 500.
import type { APIGatewayProxyStructuredResultV2, LambdaFunctionURLEvent } from 'aws-lambda';
import { describeError } from './aws';
import type { ApiErrorBody, ApiErrorCode } from '#contract/core/api';
import { firstMessagePerField } from '#contract/core/fields';
import type { IssueLike } from '#contract/core/fields';
import { LIMITS } from '#contract/core/limits';
import { MESSAGES } from '#contract/core/messages';

export type JsonResult = APIGatewayProxyStructuredResultV2 & {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
};

// Answers may carry personal data: never cached by CloudFront or the browser.
const JSON_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
} as const;

export function jsonResult(
  statusCode: number,
  body: unknown,
  extraHeaders: Record<string, string> = {},
): JsonResult {
  return { statusCode, headers: { ...JSON_HEADERS, ...extraHeaders }, body: JSON.stringify(body) };
}

export function apiError(
  code: ApiErrorCode,
  message: string,
  fields?: Record<string, string>,
): ApiErrorBody {
  return { error: fields === undefined ? { code, message } : { code, message, fields } };
}

export function internalErrorResult(): JsonResult {
  return jsonResult(500, apiError('internal', MESSAGES.unexpected));
}

export interface Outcome {
  statusCode: number;
  body: unknown;
}

export function invalidRequest(issues: readonly IssueLike[]): {
  statusCode: 400;
  body: ApiErrorBody;
} {
  return {
    statusCode: 400,
    body: apiError(
      'invalid_request',
      issues[0]?.message ?? MESSAGES.submitFailed,
      firstMessagePerField(issues),
    ),
  };
}

function isJsonResult(answer: Outcome | JsonResult): answer is JsonResult {
  return typeof answer.body === 'string' && 'headers' in answer;
}

export interface FunctionUrlHandlerOptions {
  maxBytes?: number;
  /** What a failure log may say: the submission id by default; never personal data or a token. */
  logContext?: (body: Record<string, unknown>, event: LambdaFunctionURLEvent) => object;
}

/** Reads the JSON body (or answers 4xx), then runs `run`; what it throws is logged, then 500. */
export function functionUrlHandler(
  name: string,
  run: (
    body: Record<string, unknown>,
    event: LambdaFunctionURLEvent,
  ) => Promise<Outcome | JsonResult>,
  options: FunctionUrlHandlerOptions = {},
): (event: LambdaFunctionURLEvent) => Promise<JsonResult> {
  const logContext = options.logContext ?? ((body) => ({ submissionId: submissionIdForLog(body) }));
  return async (event) => {
    const request = readJsonRequest(event, options.maxBytes ?? LIMITS.requestBodyMaxBytes);
    if (!request.ok) return request.result;
    try {
      const answer = await run(request.body, event);
      return isJsonResult(answer) ? answer : jsonResult(answer.statusCode, answer.body);
    } catch (error) {
      console.error(`${name} failed`, {
        ...logContext(request.body, event),
        error: describeError(error),
      });
      return internalErrorResult();
    }
  };
}

/** Function URLs lower-case header names; tests may not. */
export function headerValue(
  headers: Record<string, string | undefined> | undefined,
  name: string,
): string | undefined {
  if (headers === undefined) return undefined;
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === wanted) return value;
  }
  return undefined;
}

function mediaType(contentType: string | undefined): string | undefined {
  return contentType?.split(';')[0]?.trim().toLowerCase();
}

function isJsonMediaType(type: string | undefined): boolean {
  return (
    type === 'application/json' ||
    (type?.startsWith('application/') === true && type.endsWith('+json'))
  );
}

// With the `u` flag a proper pair is one code point, so only a lone surrogate matches.
const LONE_SURROGATE = /\p{Cs}/u;

// A `\uD800` escape can smuggle a lone surrogate, which I-JSON (RFC 7493) forbids: it can be
// neither stored as UTF-8 nor mailed faithfully. Iterative, so deep nesting is safe.
function hasLoneSurrogate(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (LONE_SURROGATE.test(next)) return true;
    } else if (typeof next === 'object' && next !== null) {
      for (const [key, item] of Object.entries(next)) {
        if (LONE_SURROGATE.test(key)) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

export type JsonRequest =
  { ok: true; body: Record<string, unknown> } | { ok: false; result: JsonResult };

const reject = (
  statusCode: number,
  code: ApiErrorCode,
  message: string,
  headers?: Record<string, string>,
): JsonRequest => ({
  ok: false,
  result: jsonResult(statusCode, apiError(code, message), headers),
});

/** The size cap counts decoded bytes, so base64 does not inflate it. */
export function readJsonRequest(event: LambdaFunctionURLEvent, maxBytes: number): JsonRequest {
  if (event.requestContext.http.method.toUpperCase() !== 'POST') {
    return reject(405, 'method_not_allowed', 'This endpoint only accepts POST requests.', {
      allow: 'POST',
    });
  }
  if (!isJsonMediaType(mediaType(headerValue(event.headers, 'content-type')))) {
    return reject(
      415,
      'unsupported_media_type',
      'Send the request body as JSON with the header Content-Type: application/json.',
    );
  }
  const raw = event.body ?? '';
  const bytes = event.isBase64Encoded ? Buffer.from(raw, 'base64') : Buffer.from(raw, 'utf8');
  if (bytes.byteLength === 0) {
    return reject(400, 'empty_body', 'The request body is empty.');
  }
  if (bytes.byteLength > maxBytes) {
    return reject(
      413,
      'payload_too_large',
      `The request body is too large (maximum ${Math.floor(maxBytes / 1024)} KB).`,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return reject(400, 'invalid_json', 'The request body is not valid JSON.');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return reject(400, 'invalid_request', MESSAGES.bodyNotObject);
  }
  if (hasLoneSurrogate(parsed)) {
    return reject(
      400,
      'invalid_json',
      'The request contains text that is not valid Unicode. Please check what you typed and try again.',
    );
  }
  return { ok: true, body: parsed as Record<string, unknown> };
}

/** UUID-like or nothing: a log line never carries personal data or a megabyte of garbage. */
export function submissionIdForLog(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('submissionId' in body)) return undefined;
  const { submissionId } = body;
  return typeof submissionId === 'string' && /^[0-9a-fA-F-]{1,36}$/.test(submissionId)
    ? submissionId
    : undefined;
}

/** One handler per path a function answers behind CloudFront. */
export type PathRoutes<Deps> = Readonly<
  Record<string, (body: Record<string, unknown>, deps: Deps) => Promise<JsonResult>>
>;

/**
 * A Function URL handler for a function that answers several paths (the Function URL sees the
 * viewer's path): 404 for any other path, then `functionUrlHandler`. The log names the path only,
 * never the body, which holds a token or personal data.
 */
export function routedFunctionUrlHandler<Deps>(
  name: string,
  routes: PathRoutes<Deps>,
  deps: Deps,
  maxBytes: number,
): (event: LambdaFunctionURLEvent) => Promise<JsonResult> {
  const run = functionUrlHandler(name, (body, event) => routes[event.rawPath]!(body, deps), {
    maxBytes,
    logContext: (_body, event) => ({ path: event.rawPath }),
  });
  return async (event) => {
    if (!Object.hasOwn(routes, event.rawPath)) {
      return jsonResult(404, apiError('invalid_request', 'There is nothing at this address.'));
    }
    return run(event);
  };
}
