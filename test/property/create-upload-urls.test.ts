/**
 * Property tests: POST /api/upload-urls under hostile input, through the local Function URL
 * adapter, with S3 and SES behind aws-sdk-client-mock.
 *
 * Every hostile request must get a 4xx JSON error with a readable message and cause no AWS call
 * at all (presigning is local); every valid request must get one presigned PUT per file, inside
 * the submission's own folder, signed for exactly the declared type and size.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FunctionUrlHandler } from '../../scripts/local/function-url-adapter';
import {
  DANGEROUS_KEYS,
  LABELS,
  badFileEntry,
  badSubmissionId,
  deeplyNested,
  jsonWithExtraMember,
  labelled,
  nonObjectJson,
  notAnArray,
  notJsonText,
  pollutionPayload,
  unknownKey,
  validUploadRequest,
} from './arbitraries';
import type { Labelled } from './arbitraries';
import {
  AnswerLog,
  BASE_URL,
  BUCKET,
  expectClientError,
  expectNothingDone,
  installAwsWorld,
  prototypeGuard,
  send,
  nodeSha256Hex,
  stubHandlerEnvironment,
} from './support';
import type { Answer, RequestSpec } from './support';
import { LIMITS } from '#contract/core/limits';
import { extensionFor } from '#contract/booking/media-types';
import type { MediaContentType } from '#contract/booking/media-types';

const PATH = '/api/upload-urls';

/** Generated cases per property; the whole file runs in a few seconds on 2 cores. */
const RUNS = {
  valid: 300,
  fieldValues: 500,
  missingAndExtra: 300,
  structure: 300,
  transport: 200,
  contentSha256: 150,
} as const;

let handler: FunctionUrlHandler;
let world: Awaited<ReturnType<typeof installAwsWorld>>;
let checkPrototypes: () => void;
const consoleError = vi.spyOn(console, 'error');
const answers = new AnswerLog();

beforeAll(async () => {
  checkPrototypes = prototypeGuard();
  world = await installAwsWorld();
  stubHandlerEnvironment(world);
  consoleError.mockImplementation(() => undefined);
  // The handler reads its environment once, at import, as Lambda does at cold start.
  ({ handler } = await import('../../lambdas/create-upload-urls/handler'));
});

afterAll(async () => {
  checkPrototypes();
  if (process.env.PROPERTY_SUMMARY === '1') {
    process.stdout.write(`\ncreate-upload-urls answers by input class\n${answers.summary()}\n`);
  }
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  await world.restore();
});

/** A hostile request: 4xx JSON error, readable message, no AWS call, no log, no prototype touched. */
async function expectRefused(
  inputClass: string,
  spec: Omit<RequestSpec, 'path'>,
  allowed: readonly string[],
): Promise<Answer> {
  await world.reset();
  consoleError.mockClear();
  const answer = await send(handler, { path: PATH, ...spec });
  const error = expectClientError(answer, allowed);
  await expectNothingDone(world, { noAwsCall: true });
  expect(consoleError).not.toHaveBeenCalled();
  checkPrototypes();
  answers.record(inputClass, error);
  return answer;
}

interface UploadAnswer {
  uploads: {
    index: number;
    key: string;
    url: string;
    headers: Record<string, string>;
    publicUrl: string;
  }[];
}

const JSON_CONTENT_TYPES = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'application/vnd.api+json',
  // Not a text type for Lambda, so the adapter base64-encodes it (isBase64Encoded: true).
  'application/x/quote+json',
);

describe('create-upload-urls through the Function URL adapter: valid input', () => {
  it('answers every valid request with one presigned PUT per file, in the own folder, and no AWS call', async () => {
    await fc.assert(
      fc.asyncProperty(validUploadRequest, JSON_CONTENT_TYPES, async (request, contentType) => {
        await world.reset();
        const answer = await send(handler, {
          path: PATH,
          headers: { 'content-type': contentType },
          body: JSON.stringify(request),
        });
        expect(answer.statusCode, answer.text).toBe(200);
        const { uploads } = answer.json as UploadAnswer;
        expect(uploads).toHaveLength(request.files.length);
        const timestamps = new Set<string>();
        for (const [i, upload] of uploads.entries()) {
          const file = request.files[i];
          if (file === undefined) throw new Error('one upload per file');
          const extension = extensionFor(file.contentType as MediaContentType);
          const match = new RegExp(
            `^incoming/${request.submissionId}/(\\d+)_${i + 1}\\.${extension}$`,
          ).exec(upload.key);
          expect(match, upload.key).not.toBeNull();
          timestamps.add(match?.[1] ?? '');
          expect(upload.index).toBe(i + 1);
          // Uploaded into quarantine; public under quote-photos/ once the booking checked it.
          expect(upload.publicUrl).toBe(
            `${BASE_URL}/${upload.key.replace(/^incoming\//, 'quote-photos/')}`,
          );
          expect(upload.headers).toEqual({
            'Content-Type': file.contentType,
            'Cache-Control': `max-age=${LIMITS.photoCacheControlSeconds}`,
            'If-None-Match': '*',
          });
          const url = new URL(upload.url);
          expect(url.hostname).toBe(`${BUCKET}.s3.us-east-1.amazonaws.com`);
          expect(url.pathname).toBe(`/${upload.key}`);
          expect(url.searchParams.get('X-Amz-Expires')).toBe(String(LIMITS.uploadUrlExpirySeconds));
          expect(url.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toEqual(
            expect.arrayContaining(['content-length', 'content-type', 'if-none-match']),
          );
        }
        expect(timestamps.size).toBe(1);
        expect(world.awsCallCount()).toBe(0);
        // The one batch of this submission is recorded.
        expect(await world.tableItemCount()).toBe(1);
        expect(consoleError).not.toHaveBeenCalled();
        checkPrototypes();
      }),
      { numRuns: RUNS.valid },
    );
  });
});

describe('create-upload-urls through the Function URL adapter: hostile input', () => {
  it('refuses a wrong submission id, file list or file entry (kind, type, size, unicode) with 400', async () => {
    const badFiles = (kind: 'photo' | 'video'): fc.Arbitrary<Labelled<unknown>> =>
      fc.oneof(
        labelled(LABELS.wrongType, notAnArray),
        labelled(LABELS.badMediaList, fc.constant([])),
        fc.integer({ min: LIMITS.photos.max + 1, max: 15 }).map((n) => ({
          label: LABELS.badMediaList,
          value: Array.from({ length: n }, () => ({
            kind: 'photo',
            contentType: 'image/jpeg',
            size: 1000,
          })),
        })),
        labelled(
          LABELS.photosAndVideo,
          fc.constantFrom(
            [
              { kind: 'video', contentType: 'video/mp4', size: 1000 },
              { kind: 'photo', contentType: 'image/jpeg', size: 1000 },
            ],
            [
              { kind: 'video', contentType: 'video/mp4', size: 1000 },
              { kind: 'video', contentType: 'video/webm', size: 1000 },
            ],
          ),
        ),
        // one bad entry among good ones
        {
          weight: 4,
          arbitrary: fc
            .tuple(
              badFileEntry(kind),
              fc.integer({ min: 0, max: kind === 'photo' ? LIMITS.photos.max - 1 : 0 }),
              fc.nat(),
            )
            .map(([{ label, value }, others, at]) => {
              const files: unknown[] = Array.from({ length: others }, () => ({
                kind: 'photo',
                contentType: 'image/png',
                size: 1,
              }));
              files.splice(at % (others + 1), 0, value);
              return { label, value: files };
            }),
        },
      );
    const cases = validUploadRequest.chain((request) => {
      const kind = request.files[0]?.kind ?? 'photo';
      return fc.oneof(
        badSubmissionId.map(({ label, value }) => ({
          label,
          body: { ...request, submissionId: value },
        })),
        badFiles(kind).map(({ label, value }) => ({ label, body: { ...request, files: value } })),
      );
    });
    await fc.assert(
      fc.asyncProperty(cases, async ({ label, body }) => {
        await expectRefused(
          label,
          { body: JSON.stringify(body) },
          label === LABELS.loneSurrogate ? ['invalid_json'] : ['invalid_request'],
        );
      }),
      { numRuns: RUNS.fieldValues },
    );
  });

  it('refuses missing fields, unknown fields and __proto__ / constructor / prototype keys with 400', async () => {
    const missing = validUploadRequest.chain((request) =>
      fc.subarray(['submissionId', 'files'], { minLength: 1 }).map((keys) => {
        const body: Record<string, unknown> = { ...request };
        for (const key of keys) delete body[key];
        return { label: 'missing fields (one to all)', body: JSON.stringify(body) };
      }),
    );
    const extra = fc
      .tuple(
        validUploadRequest,
        unknownKey,
        fc.oneof(fc.jsonValue({ maxDepth: 2 }), pollutionPayload),
        fc.boolean(),
        fc.boolean(),
      )
      .map(([request, key, value, atStart, inFile]) => {
        const label = (DANGEROUS_KEYS as readonly string[]).includes(key)
          ? '__proto__ / constructor / prototype and other Object.prototype names as keys'
          : 'unknown extra field';
        if (!inFile) {
          return { label, body: jsonWithExtraMember(request, key, value, atStart) };
        }
        // The extra member inside the first file entry.
        const [first, ...rest] = request.files;
        const entries = [
          jsonWithExtraMember({ ...first }, key, value, atStart),
          ...rest.map((file) => JSON.stringify(file)),
        ];
        const body = `{"submissionId":${JSON.stringify(request.submissionId)},"files":[${entries.join(',')}]}`;
        return { label, body };
      });
    await fc.assert(
      fc.asyncProperty(fc.oneof(missing, extra), async ({ label, body }) => {
        await expectRefused(label, { body }, ['invalid_request']);
      }),
      { numRuns: RUNS.missingAndExtra },
    );
  });

  it('refuses non-JSON text, non-object JSON and deeply nested JSON with 400', async () => {
    const cases = validUploadRequest.chain((request) => {
      const json = JSON.stringify(request);
      return fc.oneof(
        notJsonText(json).map((body) => ({
          label: 'not JSON (cut short, trailing garbage, JS literals, XML, form data, random text)',
          body,
          allowed: ['invalid_json', 'invalid_request'],
        })),
        nonObjectJson(request).map((body) => ({
          label: 'JSON that is not an object (array, number, string, null, boolean)',
          body,
          allowed: ['invalid_request'],
        })),
        deeplyNested(request).map((body) => ({
          label: 'deeply nested JSON (up to 32,000 levels)',
          body,
          allowed: ['invalid_request'],
        })),
      );
    });
    await fc.assert(
      fc.asyncProperty(cases, async ({ label, body, allowed }) => {
        await expectRefused(label, { body }, allowed);
      }),
      { numRuns: RUNS.structure },
    );
  });

  it('refuses the wrong method, a wrong or missing content type, an empty, over-cap or non-UTF-8 body', async () => {
    const cases = validUploadRequest.chain((request) => {
      const json = JSON.stringify(request);
      return fc.oneof(
        fc
          .constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=x',
            'application/xml',
            '',
          )
          .map((type) => ({
            label: 'missing or non-JSON content type',
            spec: { headers: { 'content-type': type }, body: json } as Omit<RequestSpec, 'path'>,
            allowed: ['unsupported_media_type'],
          })),
        fc.constant({
          label: 'missing or non-JSON content type',
          spec: { json: false, body: json },
          allowed: ['unsupported_media_type'],
        }),
        fc.constantFrom('application/octet-stream', 'image/jpeg').map((type) => ({
          label: 'base64-encoded body of a non-text type (isBase64Encoded: true)',
          spec: { headers: { 'content-type': type }, body: json },
          allowed: ['unsupported_media_type'],
        })),
        fc.constant({ label: 'empty body', spec: { body: '' }, allowed: ['empty_body'] }),
        fc
          .tuple(
            fc.integer({ min: LIMITS.requestBodyMaxBytes + 1, max: 300_000 }),
            fc.constantFrom('application/json', 'application/x/quote+json'),
          )
          .map(([size, type]) => ({
            label: 'body over the 64 KB cap',
            spec: {
              headers: { 'content-type': type },
              body: `${json.slice(0, -1)},"pad":"${'x'.repeat(size - json.length)}"}`,
            },
            allowed: ['payload_too_large'],
          })),
        fc.constantFrom([0xff], [0xc0, 0xaf], [0xed, 0xb0, 0x80]).map((bytes) => ({
          label: 'invalid UTF-8 bytes in a base64-encoded JSON body',
          spec: {
            headers: { 'content-type': 'application/x/quote+json' },
            body: Buffer.concat([
              Buffer.from('{"submissionId":"'),
              Buffer.from(bytes),
              Buffer.from('"}'),
            ]),
          },
          allowed: ['invalid_json'],
        })),
        fc.constantFrom('GET', 'PUT', 'DELETE', 'PATCH').map((method) => ({
          label: 'a method other than POST',
          spec: { method, body: json },
          allowed: ['method_not_allowed'],
        })),
      );
    });
    await fc.assert(
      fc.asyncProperty(cases, async ({ label, spec, allowed }) => {
        const answer = await expectRefused(label, spec, allowed);
        if (answer.statusCode === 405) expect(answer.headers.allow).toBe('POST');
      }),
      { numRuns: RUNS.transport },
    );
  });

  it('refuses a wrong or missing x-amz-content-sha256 before the handler runs, as CloudFront OAC does', async () => {
    const cases = validUploadRequest.chain((request) => {
      const body = Buffer.from(JSON.stringify(request));
      const right = nodeSha256Hex(body);
      return fc
        .oneof(
          fc.constant('omit'),
          fc.constant(''),
          fc.constant(right.toUpperCase()),
          fc.constant(nodeSha256Hex(Buffer.from('{}'))),
          fc.stringMatching(/^[0-9a-f]{64}$/),
          fc.string({ maxLength: 80 }),
        )
        .filter((sha) => sha !== right)
        .map((sha) => ({ body, sha }));
    });
    await fc.assert(
      fc.asyncProperty(cases, async ({ body, sha }) => {
        await expectRefused('missing or wrong x-amz-content-sha256', { body, sha256: sha }, [
          'missing_content_sha256',
          'content_sha256_mismatch',
        ]);
      }),
      { numRuns: RUNS.contentSha256 },
    );
  });

  it('leaves Object.prototype and the other built-in prototypes untouched after the whole run', () => {
    checkPrototypes();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
