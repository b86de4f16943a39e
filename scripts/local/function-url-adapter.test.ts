import { createHash } from 'node:crypto';
import { IncomingMessage, createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Socket } from 'node:net';
import type { LambdaFunctionURLEvent, LambdaFunctionURLResult } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  buildFunctionUrlEvent,
  invokeFunctionUrl,
  isTextContentType,
  normaliseResult,
  writeResult,
} from './function-url-adapter';

const sha256 = (body: Buffer | string) => createHash('sha256').update(body).digest('hex');

function request(options: {
  method?: string;
  url?: string;
  headers?: Record<string, string>;
}): IncomingMessage {
  const req = new IncomingMessage(new Socket());
  req.method = options.method ?? 'GET';
  req.url = options.url ?? '/';
  req.headers = options.headers ?? {};
  req.httpVersion = '1.1';
  return req;
}

/** A fake handler that records the event it got and answers what it is told to. */
function fakeHandler(answer: LambdaFunctionURLResult = { statusCode: 200, body: '{"ok":true}' }) {
  const events: LambdaFunctionURLEvent[] = [];
  const handler = vi.fn(async (event: LambdaFunctionURLEvent) => {
    events.push(event);
    return answer;
  });
  return { handler, events };
}

function jsonPost(body: string, extraHeaders: Record<string, string> = {}) {
  return request({
    method: 'POST',
    url: '/api/send-booking-emails',
    headers: {
      'content-type': 'application/json',
      'x-amz-content-sha256': sha256(body),
      ...extraHeaders,
    },
  });
}

describe('buildFunctionUrlEvent', () => {
  it('builds a version 2.0 event with path, query, lower-case headers and cookies', () => {
    const req = request({
      method: 'get',
      url: '/api/upload-urls?a=1&a=2&b=x%20y',
      headers: {
        host: 'localhost:3000',
        'user-agent': 'test-agent',
        cookie: 'a=1; b=2',
        'x-custom': 'v',
      },
    });
    const event = buildFunctionUrlEvent(req, Buffer.alloc(0));
    expect(event).toMatchObject({
      version: '2.0',
      routeKey: '$default',
      rawPath: '/api/upload-urls',
      rawQueryString: 'a=1&a=2&b=x%20y',
      queryStringParameters: { a: '1,2', b: 'x y' },
      cookies: ['a=1', 'b=2'],
      headers: { host: 'localhost:3000', 'user-agent': 'test-agent', 'x-custom': 'v' },
      requestContext: {
        domainName: 'localhost:3000',
        http: {
          method: 'GET',
          path: '/api/upload-urls',
          protocol: 'HTTP/1.1',
          sourceIp: '127.0.0.1',
          userAgent: 'test-agent',
        },
        stage: '$default',
      },
      isBase64Encoded: false,
    });
    expect(event.headers).not.toHaveProperty('cookie');
    expect(event).not.toHaveProperty('body');
    expect(event.requestContext.time).toMatch(
      /^\d{2}\/[A-Z][a-z]{2}\/\d{4}:\d{2}:\d{2}:\d{2} \+0000$/,
    );
  });

  it('passes a JSON body as text', () => {
    const event = buildFunctionUrlEvent(jsonPost('{"a":"é"}'), Buffer.from('{"a":"é"}'));
    expect(event.body).toBe('{"a":"é"}');
    expect(event.isBase64Encoded).toBe(false);
  });

  it('base64-encodes a binary body, as Lambda does', () => {
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0xff]);
    const event = buildFunctionUrlEvent(
      request({ method: 'PUT', headers: { 'content-type': 'image/png' } }),
      bytes,
    );
    expect(event.isBase64Encoded).toBe(true);
    expect(Buffer.from(event.body ?? '', 'base64')).toEqual(bytes);
  });
});

describe('isTextContentType', () => {
  it.each([
    ['application/json; charset=utf-8', true],
    ['text/plain', true],
    ['application/problem+json', true],
    ['application/xml', true],
    ['image/png', false],
    ['application/octet-stream', false],
    ['multipart/form-data; boundary=x', false],
    [undefined, false],
  ])('classifies %j as text: %s', (contentType, expected) => {
    expect(isTextContentType(contentType)).toBe(expected);
  });
});

describe('invokeFunctionUrl', () => {
  it('calls the handler for a POST whose x-amz-content-sha256 matches the body', async () => {
    const { handler, events } = fakeHandler();
    const body = '{"submissionId":"x"}';
    const result = await invokeFunctionUrl(handler, jsonPost(body), Buffer.from(body));
    expect(result.statusCode).toBe(200);
    expect(events[0]?.body).toBe(body);
  });

  it('passes a POST without x-amz-content-sha256 to a signature-gated function, with its bytes untouched', async () => {
    const { handler, events } = fakeHandler();
    const req = request({ method: 'POST', headers: { 'content-type': 'application/json' } });
    const body = '{"id":"evt_1",  "type":"account.updated"}';
    const result = await invokeFunctionUrl(handler, req, Buffer.from(body), {
      signatureGated: true,
    });
    expect(result.statusCode).toBe(200);
    expect(events[0]?.body).toBe(body);
  });

  it('refuses a POST without x-amz-content-sha256 with a 400 JSON error, as CloudFront OAC would', async () => {
    const { handler } = fakeHandler();
    const req = request({ method: 'POST', headers: { 'content-type': 'application/json' } });
    const result = await invokeFunctionUrl(handler, req, Buffer.from('{}'));
    expect(result.statusCode).toBe(400);
    expect(JSON.parse(result.body.toString())).toMatchObject({
      error: {
        code: 'missing_content_sha256',
        message: expect.stringContaining('x-amz-content-sha256'),
      },
    });
    expect(handler).not.toHaveBeenCalled();
  });

  it('refuses a PUT whose x-amz-content-sha256 is the hash of other bytes', async () => {
    const { handler } = fakeHandler();
    const req = request({
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-amz-content-sha256': sha256('{}') },
    });
    const result = await invokeFunctionUrl(handler, req, Buffer.from('{"a":1}'));
    expect(result.statusCode).toBe(400);
    expect(JSON.parse(result.body.toString())).toMatchObject({
      error: { code: 'content_sha256_mismatch' },
    });
    expect(handler).not.toHaveBeenCalled();
  });

  it('refuses an upper-case hex hash, which SigV4 does not accept either', async () => {
    const { handler } = fakeHandler();
    const body = '{}';
    const req = jsonPost(body, { 'x-amz-content-sha256': sha256(body).toUpperCase() });
    expect((await invokeFunctionUrl(handler, req, Buffer.from(body))).statusCode).toBe(400);
  });

  it('does not ask a GET for a payload hash', async () => {
    const { handler } = fakeHandler();
    expect((await invokeFunctionUrl(handler, request({}), Buffer.alloc(0))).statusCode).toBe(200);
  });

  it('answers 413 to a body over the limit without calling the handler', async () => {
    const { handler } = fakeHandler();
    const body = 'x'.repeat(11);
    const result = await invokeFunctionUrl(handler, jsonPost(body), Buffer.from(body), {
      maxBodyBytes: 10,
    });
    expect(result.statusCode).toBe(413);
    expect(handler).not.toHaveBeenCalled();
  });

  it('answers 502 when the handler throws, as Lambda does for a function error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const handler = vi.fn(async (): Promise<LambdaFunctionURLResult> => {
      throw new Error('boom');
    });
    const result = await invokeFunctionUrl(handler, request({}), Buffer.alloc(0));
    expect(result.statusCode).toBe(502);
    vi.mocked(console.error).mockRestore();
  });
});

describe('normaliseResult', () => {
  it('turns a string result into a 200 JSON response with the string as body', () => {
    const result = normaliseResult('hello');
    expect(result.statusCode).toBe(200);
    expect(result.headers).toEqual({ 'content-type': 'application/json' });
    expect(result.body.toString()).toBe('hello');
  });

  it('serialises an object without statusCode as a 200 JSON body', () => {
    expect(normaliseResult({ ok: true }).body.toString()).toBe('{"ok":true}');
  });

  it('keeps a structured result, lower-casing headers and defaulting the content type', () => {
    const result = normaliseResult({
      statusCode: 201,
      headers: { 'X-Thing': 'a', 'Cache-Control': 'no-store' },
      body: 'created',
    });
    expect(result).toEqual({
      statusCode: 201,
      headers: { 'x-thing': 'a', 'cache-control': 'no-store', 'content-type': 'application/json' },
      body: Buffer.from('created'),
    });
  });

  it('decodes a base64 body and turns cookies into set-cookie headers', () => {
    const result = normaliseResult({
      statusCode: 200,
      headers: { 'content-type': 'image/png' },
      body: Buffer.from([1, 2, 3]).toString('base64'),
      isBase64Encoded: true,
      cookies: ['a=1; Path=/', 'b=2'],
    });
    expect(result.body).toEqual(Buffer.from([1, 2, 3]));
    expect(result.headers['set-cookie']).toEqual(['a=1; Path=/', 'b=2']);
    expect(result.headers['content-type']).toBe('image/png');
  });
});

describe('writeResult, through a real node:http server', () => {
  let server: Server;
  let origin: string;
  const { handler, events } = fakeHandler({
    statusCode: 201,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: '{"ok":true,"reference":"3F2A9C1B"}',
    cookies: ['session=1'],
  });

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        void invokeFunctionUrl(handler, req, Buffer.concat(chunks)).then((result) =>
          writeResult(res, result),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('delivers status, headers, cookies and body of the handler’s answer', async () => {
    const body = JSON.stringify({ name: 'Jane' });
    const response = await fetch(`${origin}/api/send-booking-emails?x=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-amz-content-sha256': sha256(body) },
      body,
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.getSetCookie()).toEqual(['session=1']);
    expect(await response.json()).toEqual({ ok: true, reference: '3F2A9C1B' });
    expect(events.at(-1)).toMatchObject({
      rawPath: '/api/send-booking-emails',
      rawQueryString: 'x=1',
      body,
      isBase64Encoded: false,
      requestContext: { http: { method: 'POST', sourceIp: '127.0.0.1' } },
    });
  });

  it('answers a browser that forgot the payload hash with a 400 JSON error', async () => {
    const response = await fetch(`${origin}/api/send-booking-emails`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 'missing_content_sha256' } });
  });
});
