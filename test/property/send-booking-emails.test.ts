/**
 * Property tests: POST /api/send-booking-emails under hostile input, through the local Function URL
 * adapter (the same event shape CloudFront + OAC + the Function URL hand to Lambda), with S3 and SES
 * replaced by an in-memory world and the lead table in a real dynalite.
 *
 * Every hostile request must get a 4xx JSON error with a readable message, store no lead and send
 * no email; every valid request must get a 200, be stored exactly once and send both emails.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FunctionUrlHandler } from '../../scripts/local/function-url-adapter';
import {
  DANGEROUS_KEYS,
  LABELS,
  MEDIA_LABELS,
  badBookingField,
  deeplyNested,
  jsonWithExtraMember,
  mediaAttack,
  nonObjectJson,
  notJsonText,
  pollutionPayload,
  unknownKey,
  validBooking,
} from './arbitraries';
import type { BookingCase, MediaObject } from './arbitraries';
import {
  AnswerLog,
  OPERATIONS,
  SENDER,
  expectClientError,
  expectNothingDone,
  installAwsWorld,
  prototypeGuard,
  send,
  nodeSha256Hex,
  stubHandlerEnvironment,
} from './support';
import type { Answer, RequestSpec } from './support';
import { emailFooter } from '../../lambdas/shared/mail/email-kit';
import { supportAddress } from '../../lambdas/shared/mail/mailer';
import { telHref } from '#contract/core/contact-links';
import { EMAIL_BRAND } from '#contract/core/email-brand';
import { LIMITS } from '#contract/core/limits';
import { incomingKeyFor, leadArchiveKey } from '#contract/booking/media-keys';

const PATH = '/api/send-booking-emails';

/** Generated cases per property; the whole file runs in a few seconds on 2 cores. */
const RUNS = {
  valid: 300,
  replay: 100,
  fieldValues: 800,
  missingAndExtra: 400,
  structure: 300,
  transport: 300,
  contentSha256: 200,
  media: 300,
  honeypot: 150,
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
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  // The handler reads its environment once, at import, as Lambda does at cold start.
  ({ handler } = await import('../../lambdas/send-booking-emails/handler'));
});

afterAll(async () => {
  checkPrototypes();
  if (process.env.PROPERTY_SUMMARY === '1') {
    process.stdout.write(`\nsend-booking-emails answers by input class\n${answers.summary()}\n`);
  }
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  await world.restore();
});

async function prepare(media: readonly MediaObject[] = []): Promise<void> {
  await world.reset();
  consoleError.mockClear();
  for (const object of media) world.upload(object.key, object.contentType);
}

/**
 * Sends a hostile request and checks the whole contract for it: a 4xx JSON error with a readable
 * message (from `allowed`), nothing stored or sent, no internal error logged, no prototype touched.
 */
async function expectRefused(
  inputClass: string,
  spec: Omit<RequestSpec, 'path'>,
  allowed: readonly string[],
  options: { media?: readonly MediaObject[]; mayCallAws?: boolean } = {},
): Promise<Answer> {
  await prepare(options.media);
  const answer = await send(handler, { path: PATH, ...spec });
  const error = expectClientError(answer, allowed);
  await expectNothingDone(world, { noAwsCall: options.mayCallAws !== true });
  expect(consoleError).not.toHaveBeenCalled();
  checkPrototypes();
  answers.record(inputClass, error);
  return answer;
}

const referenceOf = (submissionId: string) =>
  submissionId.replace(/-/g, '').slice(0, 8).toUpperCase();

/** What the lead record must hold for a valid body: the trimmed fields, the media, no honeypot. */
function expectedRequest(c: BookingCase): Record<string, unknown> {
  const { website: _honeypot, ...body } = c.body;
  const trimmed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    trimmed[key] = typeof value === 'string' && !key.endsWith('Url') ? value.trim() : value;
  }
  return trimmed;
}

const CONFIRMATION_TAGS = new Set([
  '!doctype',
  'html',
  'head',
  'meta',
  'title',
  'body',
  'div',
  'h1',
  'h2',
  'p',
  'strong',
  'table',
  'tr',
  'td',
  'ol',
  'li',
]);
const OPERATIONS_TAGS = new Set([...CONFIRMATION_TAGS, 'th', 'a', 'img', 'br']);

function tagsIn(html: string): string[] {
  return [...html.matchAll(/<\/?([a-zA-Z0-9!]+)/g)].map((m) => (m[1] ?? '').toLowerCase());
}

/** The two emails: markup only from the template, no link in the confirmation, our links only. */
function expectSafeEmails(c: BookingCase): void {
  expect(world.emails).toHaveLength(2);
  const to = (address: string) =>
    world.emails.find((e) => e.Destination?.ToAddresses?.[0] === address);
  const homeownerAddress = String(c.body.email).trim();
  const confirmation = to(homeownerAddress);
  const notification = to(OPERATIONS);
  expect(confirmation, 'confirmation to the homeowner').toBeDefined();
  expect(notification, 'notification to operations').toBeDefined();
  expect(notification?.ReplyToAddresses).toEqual([homeownerAddress]);

  // Our own footer (the support address) aside, the confirmation links nowhere.
  const footer = emailFooter(supportAddress(SENDER));
  const confirmationHtml = (confirmation?.Content?.Simple?.Body?.Html?.Data ?? '').replace(
    footer.html,
    '',
  );
  const confirmationText = (confirmation?.Content?.Simple?.Body?.Text?.Data ?? '').replace(
    footer.text,
    '',
  );
  expect(confirmationText).not.toContain(EMAIL_BRAND.supportLead);
  for (const tag of tagsIn(confirmationHtml)) expect(CONFIRMATION_TAGS).toContain(tag);
  for (const content of [confirmationHtml, confirmationText]) {
    expect(content).not.toMatch(/href=|src=|:\/\/|www\.|@|javascript:/i);
  }
  expect(confirmation?.Content?.Simple?.Subject?.Data).not.toMatch(/[\r\n]/);

  const notificationHtml = (notification?.Content?.Simple?.Body?.Html?.Data ?? '').replace(
    footer.html,
    '',
  );
  for (const tag of tagsIn(notificationHtml)) expect(OPERATIONS_TAGS).toContain(tag);
  // The media, and the homeowner's phone as a tel: link of digits alone.
  const ourLinks = new Set([...c.media.map((m) => m.url), telHref(String(c.body.phone))]);
  expect(telHref(String(c.body.phone))).toMatch(/^tel:[\d+]*$/);
  for (const [, link] of notificationHtml.matchAll(/(?:href|src)="([^"]*)"/g)) {
    expect(ourLinks).toContain(link);
  }
  expect(notification?.Content?.Simple?.Subject?.Data).not.toMatch(/[\r\n\p{Cc}\p{Cf}]/u);
}

/** Content types a browser or client may legitimately send JSON with. */
const JSON_CONTENT_TYPES = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'Application/JSON; charset=UTF-8',
  'application/vnd.api+json',
  // Not a text type for Lambda, so the adapter base64-encodes it (isBase64Encoded: true).
  'application/x/quote+json',
);

describe('send-booking-emails through the Function URL adapter: valid input', () => {
  it('accepts every valid request with 200, stores it exactly once and sends both emails safely', async () => {
    await fc.assert(
      fc.asyncProperty(validBooking, JSON_CONTENT_TYPES, async (c, contentType) => {
        await prepare(c.media);
        const answer = await send(handler, {
          path: PATH,
          headers: { 'content-type': contentType },
          body: JSON.stringify(c.body),
        });
        expect(answer.statusCode, answer.text).toBe(200);
        expect(answer.json).toEqual({ ok: true, reference: referenceOf(c.submissionId) });
        const stored = await world.storedLeads();
        expect(stored.map((lead) => lead.submissionId)).toEqual([c.submissionId]);
        expect(stored[0]?.request).toEqual(expectedRequest(c));
        expect(stored[0]?.emails).toEqual({ confirmation: 'sent', operations: 'sent' });
        expect(world.objects.has(leadArchiveKey(c.submissionId))).toBe(true);
        // Each file checked in quarantine, then released to its public key.
        expect(world.heads.sort()).toEqual(c.media.map((m) => incomingKeyFor(m.key)).sort());
        for (const m of c.media) expect(world.objects.has(m.key), m.key).toBe(true);
        expectSafeEmails(c);
        expect(consoleError).not.toHaveBeenCalled();
        checkPrototypes();
      }),
      { numRuns: RUNS.valid },
    );
  });

  it('stores and sends once when the same valid request arrives again, one after the other or at once', async () => {
    await fc.assert(
      fc.asyncProperty(
        validBooking,
        fc.integer({ min: 2, max: 4 }),
        fc.boolean(),
        async (c, times, atOnce) => {
          await prepare(c.media);
          const request = () => send(handler, { path: PATH, body: JSON.stringify(c.body) });
          const results: Answer[] = [];
          if (atOnce) {
            results.push(...(await Promise.all(Array.from({ length: times }, request))));
          } else {
            for (let i = 0; i < times; i += 1) results.push(await request());
          }
          for (const answer of results) {
            expect(answer.statusCode, answer.text).toBe(200);
            expect(answer.json).toEqual({ ok: true, reference: referenceOf(c.submissionId) });
          }
          expect(await world.storedLeads()).toHaveLength(1);
          expect(world.emails).toHaveLength(2);
        },
      ),
      { numRuns: RUNS.replay },
    );
  });
});

describe('send-booking-emails through the Function URL adapter: hostile input', () => {
  it('refuses a wrong value in any field (type, length, unicode, email, id, media list) with 400', async () => {
    const bad = validBooking.chain((c) => badBookingField(c).map((change) => ({ c, ...change })));
    await fc.assert(
      fc.asyncProperty(bad, async ({ c, field, label, value }) => {
        const body = JSON.stringify({ ...c.body, [field]: value });
        const allowed =
          label === LABELS.tooLong
            ? ['invalid_request', 'payload_too_large']
            : label === LABELS.loneSurrogate
              ? ['invalid_json']
              : ['invalid_request'];
        const className =
          label === LABELS.tooLong && Buffer.byteLength(body) > LIMITS.requestBodyMaxBytes
            ? 'body over the 64 KB cap'
            : label;
        await expectRefused(className, { body }, allowed, { media: c.media });
      }),
      { numRuns: RUNS.fieldValues },
    );
  });

  it('refuses missing fields, unknown fields and __proto__ / constructor / prototype keys with 400', async () => {
    const requiredKeys = [
      'name',
      'phone',
      'email',
      'city',
      'state',
      'zipCode',
      'description',
      'photoUrls',
      'photoCount',
      'hasVideo',
      'submissionId',
    ];
    const missing = validBooking.chain((c) =>
      fc
        .subarray(c.body.hasVideo === true ? [...requiredKeys, 'videoUrl'] : requiredKeys, {
          minLength: 1,
        })
        .map((keys) => {
          const body = { ...c.body };
          for (const key of keys) delete body[key];
          return { label: 'missing fields (one to all)', body: JSON.stringify(body), c };
        }),
    );
    const extra = fc
      .tuple(validBooking, unknownKey, fc.oneof(fc.jsonValue({ maxDepth: 2 }), pollutionPayload))
      .chain(([c, key, value]) =>
        fc.boolean().map((atStart) => ({
          label: (DANGEROUS_KEYS as readonly string[]).includes(key)
            ? '__proto__ / constructor / prototype and other Object.prototype names as keys'
            : 'unknown extra field',
          body: jsonWithExtraMember(c.body, key, value, atStart),
          c,
        })),
      );
    const nestedProto = fc
      .tuple(validBooking, fc.constantFrom('__proto__', 'constructor', 'prototype'))
      .map(([c, key]) => ({
        label: '__proto__ / constructor / prototype and other Object.prototype names as keys',
        body: JSON.stringify({ ...c.body, photoUrls: ['PLACEHOLDER'] }).replace(
          '"PLACEHOLDER"',
          `{${JSON.stringify(key)}:{"polluted":"yes","isAdmin":true}}`,
        ),
        c,
      }));
    const empty = validBooking.map((c) => ({
      label: 'missing fields (one to all)',
      body: '{}',
      c,
    }));
    await fc.assert(
      fc.asyncProperty(fc.oneof(missing, extra, nestedProto, empty), async ({ label, body, c }) => {
        await expectRefused(label, { body }, ['invalid_request'], { media: c.media });
      }),
      { numRuns: RUNS.missingAndExtra },
    );
  });

  it('refuses non-JSON text, non-object JSON and deeply nested JSON with 400', async () => {
    const cases = validBooking.chain((c) => {
      const json = JSON.stringify(c.body);
      return fc.oneof(
        notJsonText(json).map((body) => ({
          label: 'not JSON (cut short, trailing garbage, JS literals, XML, form data, random text)',
          body,
          allowed: ['invalid_json', 'invalid_request'],
        })),
        nonObjectJson(c.body).map((body) => ({
          label: 'JSON that is not an object (array, number, string, null, boolean)',
          body,
          allowed: ['invalid_request'],
        })),
        deeplyNested(c.body).map((body) => ({
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
    const cases = validBooking.chain((c) => {
      const json = JSON.stringify(c.body);
      return fc.oneof(
        fc
          .constantFrom(
            'text/plain',
            'text/html',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=x',
            'application/xml',
            'application/jsonx',
            'json',
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
        fc
          .constantFrom('application/octet-stream', 'image/png', 'application/pdf', 'video/mp4')
          .map((type) => ({
            label: 'base64-encoded body of a non-text type (isBase64Encoded: true)',
            spec: { headers: { 'content-type': type }, body: json },
            allowed: ['unsupported_media_type'],
          })),
        fc.constant({
          label: 'empty body',
          spec: { body: '' },
          allowed: ['empty_body'],
        }),
        fc
          .tuple(
            fc.integer({ min: LIMITS.requestBodyMaxBytes + 1, max: 300_000 }),
            fc.constantFrom('application/json', 'application/x/quote+json'),
          )
          .map(([size, type]) => {
            const padded = JSON.stringify({ ...c.body, description: '' });
            const room = size - Buffer.byteLength(padded);
            const body = JSON.stringify({ ...c.body, description: 'x'.repeat(Math.max(room, 0)) });
            return {
              label: 'body over the 64 KB cap',
              spec: { headers: { 'content-type': type }, body },
              allowed: ['payload_too_large'],
            };
          }),
        fc
          .tuple(
            fc.constantFrom(
              [0xff],
              [0xc0, 0x80],
              [0xed, 0xa0, 0x80],
              [0xf4, 0x90, 0x80, 0x80],
              [0xe2, 0x82],
            ),
            fc.nat({ max: json.length }),
          )
          .map(([bytes, at]) => {
            const text = Buffer.from(json);
            const cut = text.indexOf(0x22, at) + 1 || 1;
            return {
              label: 'invalid UTF-8 bytes in a base64-encoded JSON body',
              spec: {
                headers: { 'content-type': 'application/x/quote+json' },
                body: Buffer.concat([
                  text.subarray(0, cut),
                  Buffer.from(bytes),
                  text.subarray(cut),
                ]),
              },
              allowed: ['invalid_json'],
            };
          }),
        fc.constantFrom('GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS').map((method) => ({
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
    const cases = validBooking.chain((c) => {
      const body = Buffer.from(JSON.stringify(c.body));
      const right = nodeSha256Hex(body);
      return fc
        .oneof(
          fc.constant('omit'),
          fc.constant(''),
          fc.constant(right.toUpperCase()),
          fc.constant(nodeSha256Hex(Buffer.concat([body, Buffer.from(' ')]))),
          fc.constant(` ${right}`),
          fc.constant(right.slice(0, 63)),
          fc.constant('UNSIGNED-PAYLOAD'),
          fc.stringMatching(/^[0-9a-f]{64}$/),
          fc.string({ maxLength: 80 }),
        )
        .filter((sha) => sha !== right)
        .map((sha) => ({ body, sha, c }));
    });
    await fc.assert(
      fc.asyncProperty(cases, async ({ body, sha, c }) => {
        await expectRefused(
          'missing or wrong x-amz-content-sha256',
          { body, sha256: sha },
          ['missing_content_sha256', 'content_sha256_mismatch'],
          { media: c.media },
        );
      }),
      { numRuns: RUNS.contentSha256 },
    );
  });

  it('refuses media links outside the own folder, to missing files or of the wrong kind with 400', async () => {
    await fc.assert(
      fc.asyncProperty(
        validBooking.chain(mediaAttack),
        async ({ label, booking, extraObjects }) => {
          await expectRefused(label, { body: JSON.stringify(booking.body) }, ['invalid_media'], {
            media: [...booking.media, ...extraObjects],
            mayCallAws: true,
          });
          // A link outside the own folder is refused before S3 is asked anything; otherwise
          // only our own media were looked at (in quarantine, or released), and nothing public
          // was written.
          if (label === MEDIA_LABELS.foreign) expect(world.heads).toEqual([]);
          for (const key of world.heads) expect(key).toMatch(/^(incoming|quote-photos)\//);
          expect(
            [...world.objects.keys()].filter((key) => key.startsWith('quote-photos/')),
          ).toEqual([]);
        },
      ),
      { numRuns: RUNS.media },
    );
  });

  it('answers a filled honeypot with a believable 200, and stores, sends and calls nothing', async () => {
    const filled = fc.oneof(
      fc.string({ minLength: 1, maxLength: 50 }),
      fc.constant('https://spam.example'),
      fc.jsonValue({ maxDepth: 2 }).filter((value) => value !== ''),
    );
    const cases = fc.oneof(
      fc.tuple(validBooking, filled).map(([c, website]) => ({ ...c.body, website })),
      fc
        .tuple(fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 5 }), filled)
        .map(([garbage, website]) => ({ ...garbage, website })),
    );
    await fc.assert(
      fc.asyncProperty(cases, async (body) => {
        await prepare();
        const answer = await send(handler, { path: PATH, body: JSON.stringify(body) });
        expect(answer.statusCode, answer.text).toBe(200);
        expect(answer.json).toEqual({
          ok: true,
          reference: expect.stringMatching(/^[0-9A-F]{8}$/),
        });
        await expectNothingDone(world, { noAwsCall: true });
        checkPrototypes();
        answers.record('honeypot field filled (bots)', { status: 200, code: 'ok (silent)' });
      }),
      { numRuns: RUNS.honeypot },
    );
  });

  it('refuses a body over the 6 MB Lambda payload limit in the adapter, before the handler runs', async () => {
    const body = `{"description":"${'x'.repeat(6 * 1024 * 1024)}"}`;
    await expectRefused('body over the 6 MB Lambda payload limit', { body }, ['payload_too_large']);
  });

  it('leaves Object.prototype and the other built-in prototypes untouched after the whole run', () => {
    checkPrototypes();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'isAdmin')).toBe(false);
  });
});
