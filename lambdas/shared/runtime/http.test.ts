import { describe, expect, it, vi } from 'vitest';
import {
  functionUrlHandler,
  invalidRequest,
  jsonResult,
  readJsonRequest,
  routedFunctionUrlHandler,
  submissionIdForLog,
} from './http';
import { functionUrlEvent, jsonEvent } from '../../../test/support/testing';
import { MESSAGES } from '#contract/core/messages';

const MAX = 1024;

function rejection(event: Parameters<typeof readJsonRequest>[0]) {
  const request = readJsonRequest(event, MAX);
  if (request.ok) throw new Error('expected a rejection');
  return {
    statusCode: request.result.statusCode,
    body: JSON.parse(request.result.body) as unknown,
  };
}

describe('readJsonRequest', () => {
  it('reads a JSON object body', () => {
    expect(readJsonRequest(functionUrlEvent({ body: '{"a":1}' }), MAX)).toEqual({
      ok: true,
      body: { a: 1 },
    });
  });

  it('decodes a base64-encoded body, as Lambda sends for non-text content types', () => {
    const body = Buffer.from('{"a":"é"}').toString('base64');
    const request = readJsonRequest(functionUrlEvent({ body, isBase64Encoded: true }), MAX);
    expect(request).toEqual({ ok: true, body: { a: 'é' } });
  });

  it('accepts a charset parameter and any casing of the content-type header', () => {
    const event = functionUrlEvent({
      headers: { 'Content-Type': 'Application/JSON; charset=UTF-8' },
      body: '{}',
    });
    expect(readJsonRequest(event, MAX).ok).toBe(true);
  });

  it('answers 405 with an Allow header to anything but POST', () => {
    const request = readJsonRequest(functionUrlEvent({ method: 'GET' }), MAX);
    expect(request.ok).toBe(false);
    if (!request.ok) {
      expect(request.result.statusCode).toBe(405);
      expect(request.result.headers.allow).toBe('POST');
    }
  });

  it.each([undefined, 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data'])(
    'answers 415 to the content type %j',
    (contentType) => {
      const headers: Record<string, string> =
        contentType === undefined ? {} : { 'content-type': contentType };
      expect(rejection(functionUrlEvent({ headers, body: '{}' }))).toEqual({
        statusCode: 415,
        body: {
          error: {
            code: 'unsupported_media_type',
            message:
              'Send the request body as JSON with the header Content-Type: application/json.',
          },
        },
      });
    },
  );

  it('answers 400 to an empty or missing body', () => {
    expect(rejection(functionUrlEvent({ body: '' }))).toEqual({
      statusCode: 400,
      body: { error: { code: 'empty_body', message: 'The request body is empty.' } },
    });
    expect(rejection(functionUrlEvent({})).statusCode).toBe(400);
  });

  it('answers 413 when the decoded body is over the cap, and accepts exactly the cap', () => {
    const atCap = JSON.stringify({ a: 'x'.repeat(MAX - 8) });
    expect(atCap).toHaveLength(MAX);
    expect(readJsonRequest(functionUrlEvent({ body: atCap }), MAX).ok).toBe(true);
    const over = JSON.stringify({ a: 'x'.repeat(MAX - 7) });
    expect(rejection(functionUrlEvent({ body: over }))).toEqual({
      statusCode: 413,
      body: {
        error: {
          code: 'payload_too_large',
          message: 'The request body is too large (maximum 1 KB).',
        },
      },
    });
  });

  it.each(['{', 'undefined', "{'a':1}", '{"a":1}{'])(
    'answers 400 to the invalid JSON %j',
    (body) => {
      expect(rejection(functionUrlEvent({ body }))).toEqual({
        statusCode: 400,
        body: { error: { code: 'invalid_json', message: 'The request body is not valid JSON.' } },
      });
    },
  );

  it('answers 400 to bytes that are not UTF-8', () => {
    const body = Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]).toString(
      'base64',
    );
    expect(rejection(functionUrlEvent({ body, isBase64Encoded: true })).statusCode).toBe(400);
  });

  it.each(['[]', '"text"', '42', 'null'])(
    'answers 400 to the JSON value %s, which is not an object',
    (body) => {
      expect(rejection(functionUrlEvent({ body }))).toEqual({
        statusCode: 400,
        body: { error: { code: 'invalid_request', message: MESSAGES.bodyNotObject } },
      });
    },
  );

  it.each([
    ['a value', '{"name":"Jane \\ud800"}'],
    ['a low surrogate alone', '{"name":"\\udc00Jane"}'],
    ['a key', '{"\\ud83d":"x"}'],
    ['a nested value', '{"photoUrls":[["\\udfff"]]}'],
  ])('answers 400 to an unpaired surrogate escape in %s (I-JSON)', (_where, body) => {
    expect(rejection(functionUrlEvent({ body }))).toEqual({
      statusCode: 400,
      body: {
        error: {
          code: 'invalid_json',
          message:
            'The request contains text that is not valid Unicode. Please check what you typed and try again.',
        },
      },
    });
  });

  it('accepts emoji written as a surrogate-pair escape', () => {
    expect(readJsonRequest(functionUrlEvent({ body: '{"name":"\\ud83d\\ude00"}' }), MAX)).toEqual({
      ok: true,
      body: { name: '😀' },
    });
  });
});

describe('jsonResult', () => {
  it('answers JSON that no cache keeps', () => {
    expect(jsonResult(200, { ok: true })).toEqual({
      statusCode: 200,
      headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
      body: '{"ok":true}',
    });
  });
});

describe('submissionIdForLog', () => {
  it('keeps a UUID-like id and drops anything else', () => {
    expect(submissionIdForLog({ submissionId: '3f2a9c1b-7d4e-4a5b-9c8d-0e1f2a3b4c5d' })).toBe(
      '3f2a9c1b-7d4e-4a5b-9c8d-0e1f2a3b4c5d',
    );
    expect(submissionIdForLog({ submissionId: 'jane@example.com' })).toBeUndefined();
    expect(submissionIdForLog({ submissionId: 'a'.repeat(37) })).toBeUndefined();
    expect(submissionIdForLog({})).toBeUndefined();
    expect(submissionIdForLog('text')).toBeUndefined();
  });
});

describe('functionUrlHandler', () => {
  const ID = '3f2a9c1b-7d4e-4a5b-9c8d-0e1f2a3b4c5d';

  it('hands the parsed body to the function and answers its outcome as JSON', async () => {
    const run = vi.fn(async (body: Record<string, unknown>) => ({ statusCode: 201, body }));
    const result = await functionUrlHandler('test-fn', run)(jsonEvent({ a: 1 }));
    expect(run).toHaveBeenCalledWith({ a: 1 }, expect.objectContaining({ rawPath: '/' }));
    expect(result.statusCode).toBe(201);
    expect(JSON.parse(result.body)).toEqual({ a: 1 });
  });

  it('passes an answer already shaped for the Function URL through unchanged', async () => {
    const shaped = jsonResult(409, { error: 'taken' }, { 'x-extra': '1' });
    const result = await functionUrlHandler('test-fn', async () => shaped)(jsonEvent({}));
    expect(result).toBe(shaped);
  });

  it('refuses a body over the function’s own cap before running it', async () => {
    const run = vi.fn();
    const result = await functionUrlHandler('test-fn', run, { maxBytes: 16 })(
      jsonEvent({ note: 'x'.repeat(32) }),
    );
    expect(result.statusCode).toBe(413);
    expect(run).not.toHaveBeenCalled();
  });

  it('logs only what logContext allows when the function throws', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const result = await functionUrlHandler(
      'test-fn',
      async () => {
        throw new Error('boom');
      },
      { logContext: (_body, event) => ({ path: event.rawPath }) },
    )(jsonEvent({ token: 'secret-token', submissionId: 'abc' }));
    expect(result.statusCode).toBe(500);
    const logged = JSON.stringify(error.mock.calls);
    expect(logged).toContain('"path":"/"');
    expect(logged).not.toContain('secret-token');
    expect(logged).not.toContain('submissionId');
    error.mockRestore();
  });

  it('answers what the caller got wrong without running the function', async () => {
    const run = vi.fn();
    const result = await functionUrlHandler('test-fn', run)(functionUrlEvent({ method: 'GET' }));
    expect(result.statusCode).toBe(405);
    expect(run).not.toHaveBeenCalled();
  });

  it('answers anything thrown with the one fallback message, logging the id and not the body', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const handler = functionUrlHandler('test-fn', () => Promise.reject(new Error('boom')));
    const result = await handler(jsonEvent({ submissionId: ID, email: 'jane@example.com' }));
    expect(result.statusCode).toBe(500);
    expect(JSON.parse(result.body)).toEqual({
      error: { code: 'internal', message: MESSAGES.unexpected },
    });
    expect(log).toHaveBeenCalledWith('test-fn failed', { submissionId: ID, error: 'Error: boom' });
    expect(JSON.stringify(log.mock.calls)).not.toContain('jane@example.com');
    log.mockRestore();
  });
});

describe('routedFunctionUrlHandler', () => {
  const atPath = (rawPath: string, body: unknown) => ({ ...jsonEvent(body), rawPath });

  it('runs the route of the viewer’s path with the function’s dependencies', async () => {
    const quote = vi.fn(async (body: Record<string, unknown>, deps: { n: number }) =>
      jsonResult(200, { ...body, n: deps.n }),
    );
    const handler = routedFunctionUrlHandler('test-fn', { '/api/quote': quote }, { n: 7 }, 1024);
    const result = await handler(atPath('/api/quote', { a: 1 }));
    expect(JSON.parse(result.body)).toEqual({ a: 1, n: 7 });
  });

  it('answers 404 for a path it has no route for, without running any route', async () => {
    const quote = vi.fn();
    const handler = routedFunctionUrlHandler('test-fn', { '/api/quote': quote }, {}, 1024);
    for (const path of ['/api/other', '/api/quote/', '/toString', '/__proto__']) {
      expect((await handler(atPath(path, {}))).statusCode).toBe(404);
    }
    expect(quote).not.toHaveBeenCalled();
  });

  it('refuses a body over its cap with 413', async () => {
    const quote = vi.fn();
    const handler = routedFunctionUrlHandler('test-fn', { '/api/quote': quote }, {}, 16);
    expect((await handler(atPath('/api/quote', { note: 'x'.repeat(32) }))).statusCode).toBe(413);
    expect(quote).not.toHaveBeenCalled();
  });
});

describe('invalidRequest', () => {
  it("answers 400 with the first message and each field's first message", () => {
    expect(
      invalidRequest([
        { code: 'custom', path: ['name'], message: 'Name must be at least 2 characters' },
        { code: 'custom', path: ['name'], message: 'second' },
      ]),
    ).toEqual({
      statusCode: 400,
      body: {
        error: {
          code: 'invalid_request',
          message: 'Name must be at least 2 characters',
          fields: { name: 'Name must be at least 2 characters' },
        },
      },
    });
  });
});
