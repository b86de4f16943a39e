/**
 * Shared machinery for the property tests: a fake node:http request fed through the local
 * Function URL adapter, an in-memory S3 and SES behind aws-sdk-client-mock, the lead table in a
 * real dynalite, and the checks every answer must pass.
 */
import { createHash } from 'node:crypto';
import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { S3Client } from '@aws-sdk/client-s3';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import type { SendEmailCommandInput } from '@aws-sdk/client-sesv2';
import { DeleteCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { expect, vi } from 'vitest';
import type { Lead } from '../../lambdas/shared/leads/lead-store';
import type { LeadTable } from '../../lambdas/shared/runtime/table-handle';
import { MEDIA_SAMPLES, installFakeS3 } from '../support/testing';
import type { StoredObject } from '../support/testing';
import { startTestLeadTable } from '../support/testing-leads';
import { invokeFunctionUrl } from '../../scripts/local/function-url-adapter';
import type { AdapterResult, FunctionUrlHandler } from '../../scripts/local/function-url-adapter';
import { INCOMING_PREFIX, MEDIA_PREFIX } from '#contract/booking/media-keys';

export const BASE_URL = 'https://www.example.com';
export const BUCKET = 'quote-photos-bucket';
export const OPERATIONS = 'ops@example.com';
export const SENDER = 'Bulk Trash Pickup <quotes@example.com>';

/** The environment both handlers read at import (as Lambda does at cold start). */
export function stubHandlerEnvironment(world: Pick<AwsWorld, 'leadEnv'>): void {
  vi.stubEnv('LEADS_TABLE', world.leadEnv.LEADS_TABLE);
  vi.stubEnv('DYNAMODB_ENDPOINT', world.leadEnv.DYNAMODB_ENDPOINT);
  vi.stubEnv('AWS_REGION', 'us-east-1');
  vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIDEXAMPLE');
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'secret');
  vi.stubEnv('BUCKET_NAME', BUCKET);
  vi.stubEnv('PUBLIC_BASE_URL', BASE_URL);
  vi.stubEnv('SENDER_ADDRESS', SENDER);
  vi.stubEnv('OPERATIONS_ADDRESS', OPERATIONS);
  // Properties of requests, links and contact, not of money: the stage without payments.
  vi.stubEnv('PAYMENTS', 'off');
}

// ---------------------------------------------------------------------------------------------
// Requests through the Function URL adapter
// ---------------------------------------------------------------------------------------------

/** Node's own SHA-256: an oracle independent of the contract's Web Crypto helper under test. */
export const nodeSha256Hex = (body: Buffer): string =>
  createHash('sha256').update(body).digest('hex');

/** One unconnected socket is enough: the adapter only reads its (absent) remote address. */
const socket = new Socket();

export interface RequestSpec {
  method?: string;
  path?: string;
  /** Header names as node:http hands them over: lower case. */
  headers?: Record<string, string>;
  body: Buffer | string;
  /**
   * 'valid' adds the right x-amz-content-sha256 (as the browser does), 'omit' sends none, any
   * other string is sent as is.
   */
  sha256?: 'valid' | 'omit' | (string & {});
  /** Sets content-type: application/json unless headers already name one or this is false. */
  json?: boolean;
}

export function fakeRequest(spec: RequestSpec, body: Buffer): IncomingMessage {
  const req = new IncomingMessage(socket);
  req.method = spec.method ?? 'POST';
  req.url = spec.path ?? '/';
  req.httpVersion = '1.1';
  const headers: Record<string, string> = { host: 'localhost:3000', ...spec.headers };
  if (spec.json !== false && !('content-type' in headers)) {
    headers['content-type'] = 'application/json';
  }
  const sha = spec.sha256 ?? 'valid';
  if (sha === 'valid') headers['x-amz-content-sha256'] = nodeSha256Hex(body);
  else if (sha !== 'omit') headers['x-amz-content-sha256'] = sha;
  req.headers = headers;
  return req;
}

export interface Answer {
  statusCode: number;
  headers: AdapterResult['headers'];
  text: string;
  /** The parsed body, or the symbol NOT_JSON. */
  json: unknown;
}

export const NOT_JSON = Symbol('not JSON');

export async function send(handler: FunctionUrlHandler, spec: RequestSpec): Promise<Answer> {
  const body = typeof spec.body === 'string' ? Buffer.from(spec.body, 'utf8') : spec.body;
  const result = await invokeFunctionUrl(handler, fakeRequest(spec, body), body);
  const text = result.body.toString('utf8');
  let json: unknown = NOT_JSON;
  try {
    json = JSON.parse(text);
  } catch {
    // left as NOT_JSON; the checks below say what was expected
  }
  return { statusCode: result.statusCode, headers: result.headers, text, json };
}

// ---------------------------------------------------------------------------------------------
// An in-memory S3 and SES
// ---------------------------------------------------------------------------------------------

export interface AwsWorld {
  /** Every object, by key: uploaded media (in quarantine), released copies and lead archives. */
  objects: Map<string, StoredObject>;
  /** Every email SES accepted. */
  emails: SendEmailCommandInput[];
  /** Keys HeadObject was asked about. */
  heads: string[];
  /** The lead table (dynalite) and the variables that point a handler at it. */
  leads: LeadTable;
  leadEnv: { LEADS_TABLE: string; DYNAMODB_ENDPOINT: string };
  /** Forget everything, table included: called before each generated case. */
  reset(): Promise<void>;
  /** Puts an uploaded media object in place: `quote-photos/…` keys land in quarantine. */
  upload(key: string, contentType: string): void;
  /** How many calls, of any kind, reached the S3 and SES clients. */
  awsCallCount(): number;
  /** The lead items in the table. */
  storedLeads(): Promise<Lead[]>;
  /** Every item in the table: leads, upload batches, counters. */
  tableItemCount(): Promise<number>;
}

async function scanAll(leads: LeadTable): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await leads.client.send(
      new ScanCommand({ TableName: leads.tableName, ExclusiveStartKey: start }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start !== undefined);
  return items;
}

/**
 * S3 as the handlers see it: HeadObject answers for objects that exist, GetObject returns what
 * was stored (or the requested range), PutObject honours If-None-Match: *, CopyObject copies.
 * SES accepts every email. The lead table is a real dynalite, emptied by reset().
 */
export async function installAwsWorld(): Promise<AwsWorld & { restore(): Promise<void> }> {
  const s3Mock = mockClient(S3Client);
  const sesMock = mockClient(SESv2Client);
  const dynamo = await startTestLeadTable();
  const world = {
    objects: new Map<string, StoredObject>(),
    emails: [] as SendEmailCommandInput[],
    heads: [] as string[],
    leads: dynamo.table,
    leadEnv: dynamo.env,
    async reset() {
      world.objects.clear();
      world.emails.length = 0;
      world.heads.length = 0;
      s3Mock.resetHistory();
      sesMock.resetHistory();
      const items = await scanAll(dynamo.table);
      await Promise.all(
        items.map((item) =>
          dynamo.table.client.send(
            new DeleteCommand({
              TableName: dynamo.table.tableName,
              Key: { pk: item.pk, sk: item.sk },
            }),
          ),
        ),
      );
    },
    upload(key: string, contentType: string) {
      const stored = key.startsWith(`${MEDIA_PREFIX}/`)
        ? `${INCOMING_PREFIX}/${key.slice(MEDIA_PREFIX.length + 1)}`
        : key;
      const bytes = MEDIA_SAMPLES[contentType as keyof typeof MEDIA_SAMPLES] ?? MEDIA_SAMPLES.html;
      world.objects.set(stored, { body: Buffer.from(bytes), contentType });
    },
    awsCallCount() {
      return s3Mock.calls().length + sesMock.calls().length;
    },
    async storedLeads() {
      const items = await scanAll(dynamo.table);
      return items.filter((item) => String(item.pk).startsWith('LEAD#')) as unknown as Lead[];
    },
    async tableItemCount() {
      return (await scanAll(dynamo.table)).length;
    },
    async restore() {
      s3Mock.restore();
      sesMock.restore();
      await dynamo.close();
    },
  };

  installFakeS3(s3Mock, world.objects, { onHead: (key) => world.heads.push(key) });
  sesMock.on(SendEmailCommand).callsFake((input: SendEmailCommandInput) => {
    world.emails.push(input);
    return { MessageId: `message-${world.emails.length}` };
  });
  return world;
}

// ---------------------------------------------------------------------------------------------
// Checks
// ---------------------------------------------------------------------------------------------

/** zod's own texts, which the contract replaces everywhere with sentences the visitor can read. */
const ZOD_DEFAULT_TEXT =
  /^(Invalid input|Invalid option|Invalid (string|type|union|element|key|value)|Too (small|big)|Unrecognized key|Expected |Required$)/;

/**
 * A message a person can read: a non-empty sentence with words in it, not a zod default, not a
 * serialised object and not a stack trace.
 */
export function isHumanReadable(message: unknown): message is string {
  return (
    typeof message === 'string' &&
    message.trim() !== '' &&
    /[A-Za-z]{2,}/.test(message) &&
    !ZOD_DEFAULT_TEXT.test(message) &&
    !message.includes('[object ') &&
    !/\n\s+at .+:\d+:\d+/.test(message)
  );
}

export interface ErrorAnswer {
  status: number;
  code: string;
  message: string;
}

/** The answer is a 4xx JSON `{ error: { code, message } }` with a readable message. */
export function expectClientError(answer: Answer, allowedCodes?: readonly string[]): ErrorAnswer {
  const context = `${answer.statusCode} ${answer.text.slice(0, 300)}`;
  expect(answer.statusCode, context).toBeGreaterThanOrEqual(400);
  expect(answer.statusCode, context).toBeLessThan(500);
  expect(String(answer.headers['content-type']), context).toMatch(/^application\/json\b/);
  expect(answer.json, context).not.toBe(NOT_JSON);
  const body = answer.json as { error?: { code?: unknown; message?: unknown; fields?: unknown } };
  expect(typeof body, context).toBe('object');
  expect(body.error, context).toBeTypeOf('object');
  const { code, message, fields } = body.error ?? {};
  expect(code, context).toBeTypeOf('string');
  expect(code, context).not.toBe('');
  expect(isHumanReadable(message), `unreadable message: ${context}`).toBe(true);
  if (fields !== undefined) {
    expect(fields, context).toBeTypeOf('object');
    for (const value of Object.values(fields as object))
      expect(value, context).toBeTypeOf('string');
  }
  if (allowedCodes !== undefined) expect(allowedCodes, context).toContain(code);
  return { status: answer.statusCode, code: code as string, message: message as string };
}

/**
 * Nothing was stored as a lead, no email went out, and (optionally) AWS was not called at all:
 * no S3 or SES call, and nothing written to the table (no lead, batch or counter).
 */
export async function expectNothingDone(
  world: AwsWorld,
  options: { noAwsCall?: boolean } = {},
): Promise<void> {
  expect(await world.storedLeads(), 'a lead was stored').toEqual([]);
  expect(world.emails, 'an email was sent').toEqual([]);
  if (options.noAwsCall === true) {
    expect(world.awsCallCount(), 'AWS was called').toBe(0);
    expect(await world.tableItemCount(), 'the lead table was written').toBe(0);
  }
}

// ---------------------------------------------------------------------------------------------
// Prototype pollution
// ---------------------------------------------------------------------------------------------

/** The payload keys the generators try to plant on Object.prototype. */
export const POLLUTION_MARKERS = ['polluted', 'isAdmin', 'website', 'submissionId'] as const;

const PROTOTYPES = [Object.prototype, Array.prototype, Function.prototype, String.prototype];

function snapshot(): string[][] {
  return PROTOTYPES.map((proto) => Reflect.ownKeys(proto).map(String).sort());
}

/** A guard to check, after each case and after the suite, that no built-in prototype changed. */
export function prototypeGuard(): () => void {
  const before = snapshot();
  const objectProtoOf = Object.getPrototypeOf(Object.prototype) as unknown;
  return () => {
    expect(snapshot(), 'a built-in prototype gained or lost a property').toEqual(before);
    expect(Object.getPrototypeOf(Object.prototype)).toBe(objectProtoOf);
    const probe: Record<string, unknown> = {};
    for (const marker of POLLUTION_MARKERS) {
      expect(probe[marker], `Object.prototype.${marker} is set`).toBeUndefined();
    }
  };
}

// ---------------------------------------------------------------------------------------------
// A record of which classes produced which answers, for docs/security.md
// ---------------------------------------------------------------------------------------------

export class AnswerLog {
  private readonly seen = new Map<string, Map<string, number>>();

  record(inputClass: string, answer: { status: number; code: string }): void {
    const answers = this.seen.get(inputClass) ?? new Map<string, number>();
    const key = `${answer.status} ${answer.code}`;
    answers.set(key, (answers.get(key) ?? 0) + 1);
    this.seen.set(inputClass, answers);
  }

  /** One line per class: 'class: 400 invalid_request ×123, 413 payload_too_large ×4'. */
  summary(): string {
    return [...this.seen.entries()]
      .map(
        ([inputClass, answers]) =>
          `${inputClass}: ${[...answers.entries()].map(([a, n]) => `${a} ×${n}`).join(', ')}`,
      )
      .join('\n');
  }
}
