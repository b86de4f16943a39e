/**
 * Property tests: a hauler's offer link and the request page's choice of quote under hostile
 * input, through the local Function URL adapter, with a real lead table (dynalite) and SES
 * replaced by an in-memory recorder.
 *
 * A forged, tampered, expired, misnumbered or foreign offer link gets exactly the invalid-link
 * sentence; a hauler's quote that breaks a rule gets a 400 naming the field; a choice of quote that
 * is not a quote number gets a 400 naming `quote`. None of them changes the lead or sends email. A
 * valid hauler quote is stored once, under the hauler's approved business name, whatever the body
 * says, however often it is sent.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FunctionUrlHandler } from '../../scripts/local/function-url-adapter';
import { storedQuotes } from '../../lambdas/shared/leads/lead-quotes';
import {
  createLead,
  deleteLeadItems,
  getLead,
  newLead,
} from '../../lambdas/shared/leads/lead-store';
import type { Lead } from '../../lambdas/shared/models/lead-model';
import { linkClaims, signLink } from '../../lambdas/shared/links/signed-links';
import { haulerIn } from '../support/testing-haulers';
import { seedOffers } from '../support/testing-offers';
import { notAString, validFields } from './arbitraries';
import {
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

const RUNS = { tokens: 120, quotes: 120, choices: 100, valid: 40 } as const;
const SECRET = 'property-test-link-secret-0123456789abcdef';
const OTHER_SECRET = 'another-secret-that-is-not-the-real-one-42';
const ID = '7c3d2e1f-0a9b-4c8d-8e7f-6a5b4c3d2e1f';
const BUSINESS = 'Mesa Junk Haulers';

let readLead: FunctionUrlHandler;
let updateLead: FunctionUrlHandler;
let world: Awaited<ReturnType<typeof installAwsWorld>>;
let checkPrototypes: () => void;

beforeAll(async () => {
  checkPrototypes = prototypeGuard();
  world = await installAwsWorld();
  stubHandlerEnvironment(world);
  vi.stubEnv('LINK_SECRET', SECRET);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
  ({ handler: readLead } = await import('../../lambdas/read-lead/handler'));
  ({ handler: updateLead } = await import('../../lambdas/update-lead/handler'));
  await world.reset();
});

afterAll(async () => {
  checkPrototypes();
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  await world.restore();
});

const sign = (claims: Parameters<typeof signLink>[0], secret = SECRET) =>
  signLink(claims, Buffer.from(secret));
const tomorrow = () =>
  new Date(Date.parse(`${usToday(new Date())}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const post = (path: string, body: unknown): Promise<Answer> =>
  send(path === API_PATHS.lead ? readLead : updateLead, { path, body: JSON.stringify(body) });
const offerToken = (number = 1, leadId = ID) =>
  sign(linkClaims(leadId, 'hauler', 'offer', new Date(), number));
const goodQuote = () => ({
  priceDollars: 240,
  pickupDate: tomorrow(),
  pickupWindow: 'morning',
  hauler: 'Anything The Script Says',
});

let hauler: Awaited<ReturnType<typeof haulerIn>> | undefined;

/**
 * One lead, fresh each case, offered to one active hauler as offer 1. The hauler (and its
 * coverage, slow to write) is made once; the lead and the emails are replaced each time.
 */
async function seed(): Promise<Lead> {
  world.emails.length = 0;
  await deleteLeadItems(world.leads, ID);
  hauler ??= await haulerIn(world.leads, 'active', new Date(), { businessName: BUSINESS });
  const fields = fc.sample(validFields, { numRuns: 1, seed: 11 })[0]!;
  const request = {
    ...fields,
    submissionId: ID,
    photoUrls: [`https://www.example.com/quote-photos/${ID}/1_1.jpg`],
    photoCount: 1,
    hasVideo: false,
  };
  await createLead(world.leads, newLead(request as Lead['request'], new Date()));
  await seedOffers(world.leads, ID, [hauler], new Date());
  return (await getLead(world.leads, ID))!;
}

async function expectUnchanged(before: Lead, context: string): Promise<void> {
  const after = await getLead(world.leads, ID);
  expect(after?.status, context).toBe(before.status);
  expect(after?.version, context).toBe(before.version);
  expect(storedQuotes(after!), context).toEqual(storedQuotes(before));
  expect(world.emails, `an email was sent: ${context}`).toEqual([]);
}

/** Offer links that must never work. */
const badOfferToken = fc.oneof(
  fc.nat({ max: 120 }).map((i) => {
    const token = offerToken();
    const at = i % token.length;
    const swap = token[at] === 'A' ? 'B' : token[at] === '.' ? ',' : 'A';
    return { kind: 'tampered', token: token.slice(0, at) + swap + token.slice(at + 1) };
  }),
  fc.constant({
    kind: 'other secret',
    token: sign(linkClaims(ID, 'hauler', 'offer', new Date(), 1), OTHER_SECRET),
  }),
  fc
    .integer({ min: 2, max: 9999 })
    .map((n) => ({ kind: 'offer never made', token: offerToken(n) })),
  fc.uuid().map((other) => ({ kind: 'another request', token: offerToken(1, other) })),
  fc.integer({ min: 1, max: 400 }).map((hours) => ({
    kind: 'expired',
    token: sign({
      ...linkClaims(ID, 'hauler', 'offer', new Date(), 1),
      expires: Math.floor(Date.now() / 1000) - hours * 3600,
    }),
  })),
  fc.constant({
    kind: 'manage link',
    token: sign(linkClaims(ID, 'hauler', 'manage', new Date(), 1)),
  }),
  fc.string({ maxLength: 300 }).map((token) => ({ kind: 'random text', token })),
  notAString.map((token) => ({ kind: 'not a string', token })),
);

describe('hauler offer links and quote choices under hostile input', () => {
  it('refuse every forged, tampered, expired, misnumbered or foreign offer link with the one sentence', async () => {
    await fc.assert(
      fc.asyncProperty(
        badOfferToken,
        fc.constantFrom(API_PATHS.lead, API_PATHS.sendQuote),
        async ({ kind, token }, path) => {
          const before = await seed();
          const body = path === API_PATHS.sendQuote ? { token, quote: goodQuote() } : { token };
          const answer = await post(path, body);
          expect(answer.statusCode, kind).toBe(403);
          expect(expectClientError(answer, ['invalid_link']).message).toBe(
            LOOP_MESSAGES.linkInvalid,
          );
          await expectUnchanged(before, `${kind} ${path}`);
        },
      ),
      { numRuns: RUNS.tokens },
    );
  });

  it('refuse a hauler’s quote that breaks a rule, naming the field, and change nothing', async () => {
    const broken = fc.oneof(
      fc
        .integer({ max: LOOP_LIMITS.priceDollars.min - 1 })
        .map((priceDollars) => ({ priceDollars })),
      fc
        .integer({ min: LOOP_LIMITS.priceDollars.max + 1 })
        .map((priceDollars) => ({ priceDollars })),
      fc.constantFrom('240', null, 99.5).map((priceDollars) => ({ priceDollars })),
      fc.constantFrom('2020-01-01', 'tomorrow', '').map((pickupDate) => ({ pickupDate })),
      fc.constantFrom('evening', '', 'MORNING').map((pickupWindow) => ({ pickupWindow })),
      fc.string({ minLength: 501, maxLength: 700 }).map((note) => ({ note })),
      fc.constantFrom('__proto__', 'haulerId', 'state').map((key) => ({ [key]: 'x' })),
    );
    await fc.assert(
      fc.asyncProperty(broken, async (change) => {
        const before = await seed();
        const answer = await post(API_PATHS.sendQuote, {
          token: offerToken(),
          quote: { ...goodQuote(), ...change },
        });
        expect(answer.statusCode, JSON.stringify(change)).toBe(400);
        expectClientError(answer, ['invalid_request']);
        await expectUnchanged(before, JSON.stringify(change).slice(0, 200));
      }),
      { numRuns: RUNS.quotes },
    );
  });

  it('refuse a choice of quote that is not a quote number, and one that names no live quote', async () => {
    const choice = fc.oneof(
      fc.constantFrom(0, -1, 1.5, LOOP_LIMITS.offerNumberMax + 1, Number.MAX_SAFE_INTEGER),
      fc.constantFrom('1', '', null, true, [1], { number: 1 }),
    );
    await fc.assert(
      fc.asyncProperty(choice, async (quote) => {
        const before = await seed();
        const token = sign(linkClaims(ID, 'homeowner', 'view', new Date()));
        const answer = await post(API_PATHS.decideQuote, { token, decision: 'accept', quote });
        expect(answer.statusCode, JSON.stringify(quote)).toBe(400);
        expect(expectClientError(answer, ['invalid_request']).message).toBe(
          LOOP_MESSAGES.quoteNumberInvalid,
        );
        await expectUnchanged(before, JSON.stringify(quote));
      }),
      { numRuns: RUNS.choices },
    );
    const before = await seed();
    const view = sign(linkClaims(ID, 'homeowner', 'view', new Date()));
    const none = await post(API_PATHS.decideQuote, { token: view, decision: 'accept', quote: 3 });
    expect(none.statusCode).toBe(409);
    const decline = await post(API_PATHS.decideQuote, {
      token: view,
      decision: 'decline',
      quote: 1,
    });
    expect(decline.statusCode).toBe(400);
    await expectUnchanged(before, 'no such quote');
  });

  it('store a valid hauler quote once, under the approved business name, however often it is sent', async () => {
    const valid = fc.record({
      priceDollars: fc.integer({
        min: LOOP_LIMITS.priceDollars.min,
        max: LOOP_LIMITS.priceDollars.max,
      }),
      pickupWindow: fc.constantFrom('morning', 'afternoon'),
      hauler: fc
        .string({ minLength: 2, maxLength: 100 })
        .filter((s) => s.trim().length >= 2 && !/\p{Cs}/u.test(s)),
      repeats: fc.integer({ min: 1, max: 3 }),
    });
    await fc.assert(
      fc.asyncProperty(valid, async ({ repeats, ...quote }) => {
        await seed();
        for (let i = 0; i < repeats; i += 1) {
          const answer = await post(API_PATHS.sendQuote, {
            token: offerToken(),
            quote: { ...quote, pickupDate: tomorrow() },
          });
          expect(answer.statusCode).toBe(200);
        }
        const stored = storedQuotes((await getLead(world.leads, ID))!);
        expect(stored).toHaveLength(1);
        expect(stored[0]).toMatchObject({
          hauler: BUSINESS,
          from: 'hauler',
          priceDollars: quote.priceDollars,
        });
        expect(world.emails).toHaveLength(1);
      }),
      { numRuns: RUNS.valid },
    );
  });
});
