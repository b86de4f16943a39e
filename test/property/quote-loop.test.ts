/**
 * Property tests: the quote loop's four endpoints (POST /api/lead, /api/send-quote,
 * /api/decide-quote, /api/cancel-request) under hostile input, through the local Function URL
 * adapter, with a real lead table (dynalite) and SES replaced by an in-memory recorder.
 *
 * Every hostile request gets a 4xx JSON error with a readable message, changes nothing on the
 * lead (status, version, quote) and sends no email; a forged, tampered, expired or misrouted link
 * gets exactly LOOP_MESSAGES.linkInvalid. Valid quotes are stored once and mailed once, however
 * often they are sent.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FunctionUrlHandler } from '../../scripts/local/function-url-adapter';
import { storedQuotes } from '../../lambdas/shared/leads/lead-quotes';
import {
  createLead,
  getLead,
  newLead,
  updateLeadStatus,
} from '../../lambdas/shared/leads/lead-store';
import type { Lead } from '../../lambdas/shared/models/lead-model';
import { linkClaims, signLink } from '../../lambdas/shared/links/signed-links';
import type { LinkClaims } from '../../lambdas/shared/links/signed-links';
import {
  DANGEROUS_KEYS,
  notAString,
  notJsonText,
  pollutionPayload,
  validFields,
} from './arbitraries';
import {
  AnswerLog,
  expectClientError,
  installAwsWorld,
  prototypeGuard,
  send,
  stubHandlerEnvironment,
} from './support';
import type { Answer } from './support';
import { API_PATHS } from '#contract/core/api';
import { usToday } from '#contract/core/calendar-date';
import { LOOP_LIMITS, LOOP_MESSAGES } from '#contract/loop/quote-loop';

const RUNS = { tokens: 150, bodies: 200, quotes: 200, validQuotes: 60, transport: 100 } as const;
const SECRET = 'property-test-link-secret-0123456789abcdef';
const OTHER_SECRET = 'another-secret-that-is-not-the-real-one-42';
const LOOP_PATHS = [
  API_PATHS.lead,
  API_PATHS.sendQuote,
  API_PATHS.decideQuote,
  API_PATHS.cancelRequest,
] as const;

let readLead: FunctionUrlHandler;
let updateLead: FunctionUrlHandler;
let world: Awaited<ReturnType<typeof installAwsWorld>>;
let checkPrototypes: () => void;
const answers = new AnswerLog();

beforeAll(async () => {
  checkPrototypes = prototypeGuard();
  world = await installAwsWorld();
  stubHandlerEnvironment(world);
  vi.stubEnv('LINK_SECRET', SECRET);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
  ({ handler: readLead } = await import('../../lambdas/read-lead/handler'));
  ({ handler: updateLead } = await import('../../lambdas/update-lead/handler'));
});

afterAll(async () => {
  checkPrototypes();
  if (process.env.PROPERTY_SUMMARY === '1') {
    process.stdout.write(`\nquote loop answers by input class\n${answers.summary()}\n`);
  }
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  await world.restore();
});

const handlerFor = (path: string) => (path === API_PATHS.lead ? readLead : updateLead);
const tomorrow = () =>
  new Date(Date.parse(`${usToday(new Date())}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const sign = (claims: LinkClaims, secret = SECRET) => signLink(claims, Buffer.from(secret));

/** A fresh table with one lead, quoted when asked (so accept/decline links have a quote). */
async function seed(submissionId: string, quoted: boolean): Promise<Lead> {
  await world.reset();
  const fields = fc.sample(validFields, { numRuns: 1, seed: 7 })[0]!;
  const request = {
    ...fields,
    submissionId,
    photoUrls: [
      `https://www.example.com/quote-photos/${submissionId}/1_1.jpg`,
      `https://www.example.com/quote-photos/${submissionId}/1_2.jpg`,
    ],
    photoCount: 2,
    hasVideo: false,
  };
  const { lead } = await createLead(world.leads, newLead(request as Lead['request'], new Date()));
  if (!quoted) return lead;
  const quote = {
    number: 1,
    priceDollars: 240,
    pickupDate: tomorrow(),
    pickupWindow: 'morning',
    hauler: 'Sam',
    sentAt: new Date().toISOString(),
  };
  const result = await updateLeadStatus(world.leads, submissionId, {
    from: ['received'],
    to: 'quoted',
    at: new Date(),
    patch: { quote },
  });
  if (!result.ok) throw new Error('seed failed');
  return result.lead;
}

/** The lead is exactly as seeded and no email went out. */
async function expectUnchanged(before: Lead, context: string): Promise<void> {
  const after = await getLead(world.leads, before.submissionId);
  expect(after?.status, context).toBe(before.status);
  expect(after?.version, context).toBe(before.version);
  expect(storedQuotes(after!), context).toEqual(storedQuotes(before));
  expect(world.emails, `an email was sent: ${context}`).toEqual([]);
}

const post = (path: string, body: unknown): Promise<Answer> =>
  send(handlerFor(path), { path, body: typeof body === 'string' ? body : JSON.stringify(body) });

/** Tokens that must never work: forged, tampered, expired, for another lead, or not tokens at all. */
function badToken(submissionId: string): fc.Arbitrary<{ kind: string; token: unknown }> {
  const now = new Date();
  const good = (action: 'quote' | 'view' | 'accept' | 'decline') =>
    sign(
      linkClaims(
        submissionId,
        action === 'quote' ? 'operations' : 'homeowner',
        action,
        now,
        action === 'accept' || action === 'decline' ? 1 : 0,
      ),
    );
  return fc.oneof(
    fc.constantFrom('quote', 'view', 'accept', 'decline').chain((action) =>
      fc.nat({ max: 120 }).map((i) => {
        const token = good(action as 'quote');
        const at = i % token.length;
        const replacement = token[at] === 'A' ? 'B' : token[at] === '.' ? ',' : 'A';
        return { kind: 'tampered', token: token.slice(0, at) + replacement + token.slice(at + 1) };
      }),
    ),
    fc.constantFrom('quote', 'view', 'accept', 'decline').map((action) => ({
      kind: 'other secret',
      token: sign(
        linkClaims(
          submissionId,
          action === 'quote' ? 'operations' : 'homeowner',
          action as 'quote',
          now,
        ),
        OTHER_SECRET,
      ),
    })),
    fc.integer({ min: 1, max: 400 }).map((days) => ({
      kind: 'expired',
      token: sign({
        ...linkClaims(submissionId, 'operations', 'quote', now),
        expires: Math.floor(Date.now() / 1000) - days * 3600,
      }),
    })),
    fc.uuid().map((other) => ({
      kind: 'another lead',
      token: sign(linkClaims(other, 'operations', 'quote', now)),
    })),
    fc.string({ maxLength: 400 }).map((token) => ({ kind: 'random text', token })),
    notAString.map((token) => ({ kind: 'not a string', token })),
  );
}

/** A link valid for some endpoint, sent to one where its role or action does not belong. */
function misroutedToken(submissionId: string): Array<{ path: string; token: string }> {
  const now = new Date();
  const ops = sign(linkClaims(submissionId, 'operations', 'quote', now));
  const view = sign(linkClaims(submissionId, 'homeowner', 'view', now));
  const accept = sign(linkClaims(submissionId, 'homeowner', 'accept', now, 1));
  return [
    { path: API_PATHS.sendQuote, token: view },
    { path: API_PATHS.sendQuote, token: accept },
    { path: API_PATHS.decideQuote, token: ops },
    { path: API_PATHS.cancelRequest, token: ops },
    { path: API_PATHS.cancelRequest, token: accept },
  ];
}

const validQuote = fc.record({
  priceDollars: fc.integer({
    min: LOOP_LIMITS.priceDollars.min,
    max: LOOP_LIMITS.priceDollars.max,
  }),
  // From tomorrow: today's windows may have begun, and a quote for a begun window is refused.
  pickupDate: fc
    .integer({ min: 1, max: LOOP_LIMITS.pickupMaxDaysAhead })
    .map((days) =>
      new Date(Date.parse(`${usToday(new Date())}T00:00:00Z`) + days * 86_400_000)
        .toISOString()
        .slice(0, 10),
    ),
  pickupWindow: fc.constantFrom('morning', 'afternoon'),
  hauler: fc
    .string({ minLength: 2, maxLength: 100 })
    .filter((s) => s.trim().length >= 2 && !/\p{Cs}/u.test(s)),
  note: fc.option(
    fc.string({ maxLength: 500 }).filter((s) => !/\p{Cs}/u.test(s)),
    { nil: undefined },
  ),
});

/** Quotes with at least one rule broken (the price always, sometimes more). */
const invalidQuote = fc.record(
  {
    priceDollars: fc.oneof(
      fc.integer({ max: LOOP_LIMITS.priceDollars.min - 1 }),
      fc.integer({ min: LOOP_LIMITS.priceDollars.max + 1 }),
      fc.double({ min: 25.01, max: 4999.99, noInteger: true }),
      notAString.filter((v) => typeof v !== 'number'),
      fc.constantFrom('240', '$240', '', null),
    ),
    pickupDate: fc.oneof(
      fc.constant(tomorrow()),
      fc.constantFrom('2020-01-01', '2026-02-30', 'tomorrow', '24/11/2026', ''),
      notAString,
    ),
    pickupWindow: fc.oneof(fc.constantFrom('morning', 'evening', 'MORNING', ''), notAString),
    hauler: fc.oneof(
      fc.constantFrom('Sam', 'S', ''),
      fc.string({ minLength: 101, maxLength: 200 }),
      notAString,
    ),
    note: fc.oneof(fc.constant('ok'), fc.string({ minLength: 501, maxLength: 700 }), notAString),
  },
  { requiredKeys: ['priceDollars'] },
);

describe('quote loop endpoints under hostile input', () => {
  it('refuse every bad, forged, tampered, expired or foreign link with exactly the invalid-link sentence', async () => {
    const submissionId = '3f2a9c1b-7d4e-4a5b-9c8d-0e1f2a3b4c5d';
    await fc.assert(
      fc.asyncProperty(
        badToken(submissionId),
        fc.constantFrom(...LOOP_PATHS),
        async ({ kind, token }, path) => {
          const before = await seed(submissionId, true);
          const body =
            path === API_PATHS.sendQuote
              ? {
                  token,
                  quote: {
                    priceDollars: 240,
                    pickupDate: tomorrow(),
                    pickupWindow: 'morning',
                    hauler: 'Sam',
                  },
                }
              : path === API_PATHS.decideQuote
                ? { token, decision: 'accept' }
                : { token };
          const answer = await post(path, body);
          const refused = expectClientError(answer, ['invalid_link']);
          answers.record(`token: ${kind}`, refused);
          expect(answer.statusCode).toBe(403);
          expect(refused.message).toBe(LOOP_MESSAGES.linkInvalid);
          await expectUnchanged(before, `${kind} ${path}`);
        },
      ),
      { numRuns: RUNS.tokens },
    );
  });

  it('refuse a real link sent to an endpoint its role or action does not open', async () => {
    const submissionId = '3f2a9c1b-7d4e-4a5b-9c8d-0e1f2a3b4c5d';
    for (const { path, token } of misroutedToken(submissionId)) {
      const before = await seed(submissionId, true);
      const body =
        path === API_PATHS.decideQuote
          ? { token, decision: 'accept' }
          : path === API_PATHS.sendQuote
            ? { token, quote: {} }
            : { token };
      const answer = await post(path, body);
      expect(answer.statusCode, path).toBe(403);
      answers.record('token: misrouted', expectClientError(answer, ['invalid_link']));
      await expectUnchanged(before, path);
    }
  });

  it('refuse quotes that break a rule, naming the field, and change nothing', async () => {
    const submissionId = '3f2a9c1b-7d4e-4a5b-9c8d-0e1f2a3b4c5d';
    await fc.assert(
      fc.asyncProperty(invalidQuote, fc.boolean(), async (quote, quoted) => {
        const before = await seed(submissionId, quoted);
        const token = sign(linkClaims(submissionId, 'operations', 'quote', new Date()));
        const answer = await post(API_PATHS.sendQuote, { token, quote });
        const refused = expectClientError(answer, ['invalid_request']);
        answers.record('quote: a rule broken', refused);
        await expectUnchanged(before, JSON.stringify(quote).slice(0, 200));
      }),
      { numRuns: RUNS.quotes },
    );
  });

  it('refuse bodies of the wrong shape: extra keys, polluting keys, wrong types, not JSON', async () => {
    const submissionId = '3f2a9c1b-7d4e-4a5b-9c8d-0e1f2a3b4c5d';
    const tokens = () => {
      const now = new Date();
      return {
        [API_PATHS.lead]: sign(linkClaims(submissionId, 'homeowner', 'view', now)),
        [API_PATHS.sendQuote]: sign(linkClaims(submissionId, 'operations', 'quote', now)),
        [API_PATHS.decideQuote]: sign(linkClaims(submissionId, 'homeowner', 'decline', now, 1)),
        [API_PATHS.cancelRequest]: sign(linkClaims(submissionId, 'homeowner', 'view', now)),
      };
    };
    const shape = fc.oneof(
      fc
        .constantFrom(...DANGEROUS_KEYS, 'role', 'status', 'admin')
        .map((key) => ({ kind: 'extra key', extra: key })),
      pollutionPayload.map((payload) => ({ kind: 'pollution', raw: payload })),
      notJsonText('{"token":"x"}').map((text) => ({ kind: 'not JSON', text })),
      fc
        .record({ decision: fc.oneof(fc.constantFrom('Accept', 'yes', ''), notAString) })
        .map((d) => ({ kind: 'bad decision', ...d })),
      fc
        .string({ minLength: 501, maxLength: 900 })
        .map((reason) => ({ kind: 'reason too long', reason })),
    );
    await fc.assert(
      fc.asyncProperty(shape, fc.constantFrom(...LOOP_PATHS), async (variant, path) => {
        const before = await seed(submissionId, true);
        const token = tokens()[path];
        let body: unknown;
        if ('text' in variant) body = variant.text;
        else if ('raw' in variant) body = variant.raw;
        else if ('extra' in variant)
          body = `{"token":${JSON.stringify(token)},${JSON.stringify(variant.extra)}:1}`;
        else if ('decision' in variant) body = { token, decision: variant.decision };
        else body = { token, decision: 'decline', reason: variant.reason };
        if (
          typeof body === 'object' &&
          body !== null &&
          !('token' in body) &&
          !Array.isArray(body)
        ) {
          body = { ...(body as object) };
        }
        const answer = await post(path, body);
        // A decline with only a bad decision or long reason is still a valid shape elsewhere: a
        // reason/decision on /api/lead or /api/cancel-request is an unknown key, so always a 4xx.
        const refused = expectClientError(answer);
        answers.record(`body: ${variant.kind}`, refused);
        await expectUnchanged(before, `${variant.kind} ${path}`);
      }),
      { numRuns: RUNS.bodies },
    );
  });

  it('refuse the wrong method, content type or size before reading anything', async () => {
    const submissionId = '3f2a9c1b-7d4e-4a5b-9c8d-0e1f2a3b4c5d';
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...LOOP_PATHS),
        fc.oneof(
          fc
            .constantFrom('GET', 'PUT', 'DELETE', 'PATCH')
            .map((method) => ({ kind: 'method' as const, method })),
          fc
            .constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data')
            .map((type) => ({ kind: 'content type' as const, type })),
          fc
            .integer({
              min: LOOP_LIMITS.requestBodyMaxBytes + 1,
              max: LOOP_LIMITS.requestBodyMaxBytes * 4,
            })
            .map((size) => ({ kind: 'too large' as const, size })),
        ),
        async (path, variant) => {
          const before = await seed(submissionId, true);
          const token = sign(linkClaims(submissionId, 'homeowner', 'view', new Date()));
          const body =
            variant.kind === 'too large'
              ? JSON.stringify({ token, pad: 'x'.repeat(variant.size) })
              : JSON.stringify({ token });
          const answer = await send(handlerFor(path), {
            path,
            body,
            ...(variant.kind === 'method' ? { method: variant.method } : {}),
            ...(variant.kind === 'content type'
              ? { headers: { 'content-type': variant.type } }
              : {}),
          });
          const refused = expectClientError(answer, [
            'method_not_allowed',
            'unsupported_media_type',
            'payload_too_large',
          ]);
          answers.record(`transport: ${variant.kind}`, refused);
          await expectUnchanged(before, variant.kind);
        },
      ),
      { numRuns: RUNS.transport },
    );
  });
});

describe('valid quotes', () => {
  it('are stored once and mailed once, however many times they are sent', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uuid(),
        validQuote,
        fc.integer({ min: 1, max: 3 }),
        async (id, quote, times) => {
          const submissionId = id.toLowerCase();
          await seed(submissionId, false);
          const token = sign(linkClaims(submissionId, 'operations', 'quote', new Date()));
          for (let i = 0; i < times; i += 1) {
            const answer = await post(API_PATHS.sendQuote, { token, quote });
            expect(answer.statusCode, answer.text.slice(0, 300)).toBe(200);
          }
          const lead = await getLead(world.leads, submissionId);
          expect(lead?.status).toBe('quoted');
          expect(storedQuotes(lead!).map((stored) => stored.number)).toEqual([1]);
          expect(lead?.version).toBe(2);
          expect(world.emails).toHaveLength(1);
          expect(world.emails[0]?.Destination?.ToAddresses).toEqual([lead?.request.email]);
        },
      ),
      { numRuns: RUNS.validQuotes },
    );
  });
});
