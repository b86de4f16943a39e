/**
 * Property tests: POST /api/job/rating under hostile input, through the local Function URL
 * adapter, with a real lead table (dynalite) and SES replaced by an in-memory recorder.
 *
 * A rating body that breaks a rule gets a 400 naming the field; a forged, tampered, expired or
 * foreign link, or a link of another role or purpose, gets exactly the invalid-link sentence. None
 * of them stores a rating, counts one on the hauler or sends email.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FunctionUrlHandler } from '../../scripts/local/function-url-adapter';
import { getHauler } from '../../lambdas/shared/haulers/hauler-store';
import type { Hauler } from '../../lambdas/shared/models/hauler-model';
import { jobOf } from '../../lambdas/shared/jobs/lead-job';
import { deleteLeadItems, getLead } from '../../lambdas/shared/leads/lead-store';
import type { Lead } from '../../lambdas/shared/models/lead-model';
import { linkClaims, signLink } from '../../lambdas/shared/links/signed-links';
import { haulerIn } from '../support/testing-haulers';
import { seedDoneJob } from '../support/testing-ratings';
import { notAString } from './arbitraries';
import {
  expectClientError,
  installAwsWorld,
  prototypeGuard,
  send,
  stubHandlerEnvironment,
} from './support';
import type { Answer } from './support';
import { JOB_API_PATHS, JOB_LIMITS, JOB_MESSAGES } from '#contract/loop/jobs';
import { LOOP_MESSAGES } from '#contract/loop/quote-loop';

const RUNS = { bodies: 150, links: 120 } as const;
const SECRET = 'property-test-link-secret-0123456789abcdef';
const OTHER_SECRET = 'another-secret-that-is-not-the-real-one-42';
const ID = '9e4d2e1f-0a9b-4c8d-8e7f-6a5b4c3d2e1f';

let jobUpdates: FunctionUrlHandler;
let world: Awaited<ReturnType<typeof installAwsWorld>>;
let checkPrototypes: () => void;
let hauler: Hauler | undefined;

beforeAll(async () => {
  checkPrototypes = prototypeGuard();
  world = await installAwsWorld();
  stubHandlerEnvironment(world);
  vi.stubEnv('LINK_SECRET', SECRET);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
  ({ handler: jobUpdates } = await import('../../lambdas/job-updates/handler'));
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
const viewToken = (leadId = ID) => sign(linkClaims(leadId, 'homeowner', 'view', new Date()));
const rate = (body: unknown): Promise<Answer> =>
  send(jobUpdates, { path: JOB_API_PATHS.rating, body: JSON.stringify(body) });

/** One job done a day ago, fresh each case; the hauler is made once. */
async function seed(): Promise<Lead> {
  world.emails.length = 0;
  await deleteLeadItems(world.leads, ID);
  hauler ??= await haulerIn(world.leads, 'active', new Date());
  await seedDoneJob(world.leads, ID, hauler, new Date(Date.now() - 86_400_000));
  return (await getLead(world.leads, ID))!;
}

async function expectNothingStored(before: Lead, context: string): Promise<void> {
  const after = (await getLead(world.leads, ID))!;
  expect(after.version, context).toBe(before.version);
  expect(jobOf(after)?.rating, context).toBeUndefined();
  expect((await getHauler(world.leads, hauler!.haulerId))?.ratingCount, context).toBeUndefined();
  expect(world.emails, `an email was sent: ${context}`).toEqual([]);
}

/** A rating body with one rule broken, and the field the 400 must name. */
const brokenBody = fc.oneof(
  fc
    .oneof(
      fc.integer({ max: 0 }),
      fc.integer({ min: 6 }),
      fc.constantFrom(2.5, Number.MAX_SAFE_INTEGER, -0.5),
      fc.constantFrom('5', '', null, true, [5], { stars: 5 }),
    )
    .map((stars) => ({ field: 'stars', body: { stars } })),
  fc.constant({ field: 'stars', body: {} }),
  fc
    .string({ minLength: JOB_LIMITS.ratingComment.max + 1, maxLength: 900 })
    .filter((text) => text.trim().length > JOB_LIMITS.ratingComment.max)
    .map((comment) => ({ field: 'comment', body: { stars: 4, comment } })),
  notAString.map((comment) => ({ field: 'comment', body: { stars: 4, comment } })),
  fc
    .constantFrom('__proto__', 'haulerId', 'rating', 'commentHidden', 'at')
    .map((key) => ({ field: key, body: { stars: 5, [key]: 1 } })),
);

/** Links that must never rate this job. */
const badLink = fc.oneof(
  fc.nat({ max: 120 }).map((i) => {
    const token = viewToken();
    const at = i % token.length;
    const swap = token[at] === 'A' ? 'B' : token[at] === '.' ? ',' : 'A';
    return { kind: 'tampered', token: token.slice(0, at) + swap + token.slice(at + 1) };
  }),
  fc.constant({
    kind: 'other secret',
    token: sign(linkClaims(ID, 'homeowner', 'view', new Date()), OTHER_SECRET),
  }),
  fc.uuid().map((other) => ({ kind: 'another request', token: viewToken(other) })),
  fc.integer({ min: 1, max: 400 }).map((hours) => ({
    kind: 'expired',
    token: sign({
      ...linkClaims(ID, 'homeowner', 'view', new Date()),
      expires: Math.floor(Date.now() / 1000) - hours * 3600,
    }),
  })),
  fc
    .constantFrom(
      linkClaims(ID, 'hauler', 'job', new Date(), 1),
      linkClaims(ID, 'hauler', 'offer', new Date(), 1),
      linkClaims(ID, 'homeowner', 'accept', new Date(), 1),
      linkClaims(ID, 'homeowner', 'price', new Date(), 1),
      linkClaims(ID, 'operations', 'quote', new Date()),
    )
    .map((claims) => ({ kind: `${claims.role} ${claims.action} link`, token: sign(claims) })),
  fc.string({ maxLength: 300 }).map((token) => ({ kind: 'random text', token })),
  notAString.map((token) => ({ kind: 'not a string', token })),
);

describe('the rating under hostile input', () => {
  it('answers a body that breaks a rule with a 400 naming the field, and stores nothing', async () => {
    await fc.assert(
      fc.asyncProperty(brokenBody, async ({ field, body }) => {
        const before = await seed();
        const answer = await rate({ token: viewToken(), ...body });
        const context = JSON.stringify(body).slice(0, 200);
        expect(answer.statusCode, context).toBe(400);
        expectClientError(answer, ['invalid_request']);
        const { fields } = (answer.json as { error: { fields?: Record<string, string> } }).error;
        if (field === 'stars') expect(fields?.stars, context).toBe(JOB_MESSAGES.starsInvalid);
        else if (field === 'comment') expect(fields?.comment, context).toBeDefined();
        else expect(JSON.stringify(answer.json), context).toContain(field);
        await expectNothingStored(before, context);
      }),
      { numRuns: RUNS.bodies },
    );
  });

  it('answers every forged, foreign or other link with the one 403, and stores nothing', async () => {
    await fc.assert(
      fc.asyncProperty(badLink, fc.integer({ min: 1, max: 5 }), async ({ kind, token }, stars) => {
        const before = await seed();
        const answer = await rate({ token, stars });
        expect(answer.statusCode, kind).toBe(403);
        expect(expectClientError(answer, ['invalid_link']).message).toBe(LOOP_MESSAGES.linkInvalid);
        await expectNothingStored(before, kind);
      }),
      { numRuns: RUNS.links },
    );
  });

  it('stores and counts a valid rating once, however often it is sent', async () => {
    const before = await seed();
    const first = await rate({ token: viewToken(), stars: 5, comment: '<b>Great</b>' });
    expect(first.statusCode).toBe(200);
    for (let i = 0; i < 3; i += 1)
      expect((await rate({ token: viewToken(), stars: 1 })).statusCode).toBe(409);
    const after = (await getLead(world.leads, ID))!;
    expect(jobOf(after)?.rating).toMatchObject({ stars: 5, comment: '<b>Great</b>' });
    expect(after.version).toBe(before.version + 1);
    const stored = await getHauler(world.leads, hauler!.haulerId);
    expect(stored).toMatchObject({ ratingCount: 1, ratingSum: 5 });
  });
});
