/**
 * Property tests: the job's actions after acceptance under hostile input, through the local
 * Function URL adapter, with a real lead table (dynalite) and SES replaced by a recorder.
 *
 * Any link that is not the accepted hauler's job link gets the one invalid-link sentence from the
 * hauler's actions; any body that breaks a rule gets a 400 naming the field. None of them changes
 * the request or sends an email.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FunctionUrlHandler } from '../../scripts/local/function-url-adapter';
import {
  createLead,
  deleteLeadItems,
  getLead,
  newLead,
} from '../../lambdas/shared/leads/lead-store';
import type { Lead } from '../../lambdas/shared/models/lead-model';
import { linkClaims, signLink } from '../../lambdas/shared/links/signed-links';
import { haulerIn } from '../support/testing-haulers';
import { seedAcceptedJob } from '../support/testing-jobs';
import { notAString, validFields } from './arbitraries';
import {
  expectClientError,
  installAwsWorld,
  prototypeGuard,
  send,
  stubHandlerEnvironment,
} from './support';
import type { Answer } from './support';
import { addDays, usToday } from '#contract/core/calendar-date';
import { JOB_API_PATHS, JOB_LIMITS } from '#contract/loop/jobs';
import { LOOP_LIMITS, LOOP_MESSAGES } from '#contract/loop/quote-loop';

const RUNS = { tokens: 100, bodies: 150 } as const;
const SECRET = 'property-test-link-secret-0123456789abcdef';
const OTHER_SECRET = 'another-secret-that-is-not-the-real-one-42';
const ID = '2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a';

let jobUpdates: FunctionUrlHandler;
let world: Awaited<ReturnType<typeof installAwsWorld>>;
let checkPrototypes: () => void;
let hauler: Awaited<ReturnType<typeof haulerIn>> | undefined;

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
const post = (path: string, body: unknown): Promise<Answer> =>
  send(jobUpdates, { path, body: JSON.stringify(body) });
const jobToken = (number = 1, leadId = ID) =>
  sign(linkClaims(leadId, 'hauler', 'job', new Date(), number));
const viewToken = () => sign(linkClaims(ID, 'homeowner', 'view', new Date()));

/** A few characters over `max` (far over is the body limit's 413, tested elsewhere). */
const justTooLong = (max: number) =>
  fc
    .tuple(fc.integer({ min: max + 1, max: max + 40 }), fc.constantFrom('a', 'é', '👩‍🔧'))
    .map(([length, piece]) => piece.repeat(length));

/** One request with hauler quote 1 accepted, fresh each case; the hauler is made once. */
async function seed(): Promise<Lead> {
  world.emails.length = 0;
  await deleteLeadItems(world.leads, ID);
  hauler ??= await haulerIn(world.leads, 'active', new Date(), { businessName: 'Mesa Junk' });
  const fields = fc.sample(validFields, { numRuns: 1, seed: 7 })[0]!;
  const request = {
    ...fields,
    submissionId: ID,
    photoUrls: [`https://www.example.com/quote-photos/${ID}/1_1.jpg`],
    photoCount: 1,
    hasVideo: false,
  };
  await createLead(world.leads, newLead(request as Lead['request'], new Date()));
  await seedAcceptedJob(world.leads, ID, hauler, new Date(), Buffer.from(SECRET), {
    pickupDate: addDays(usToday(new Date()), 3),
  });
  return (await getLead(world.leads, ID))!;
}

async function expectUnchanged(before: Lead, context: string): Promise<void> {
  const after = (await getLead(world.leads, ID))!;
  expect(after.status, context).toBe(before.status);
  expect(after.version, context).toBe(before.version);
  expect(after.job, context).toEqual(before.job);
  expect(after.pickupAddress, context).toEqual(before.pickupAddress);
  expect(after.problems, context).toEqual(before.problems);
  expect(world.emails, `an email was sent: ${context}`).toEqual([]);
}

/** Links that must never move the job as its hauler. */
const notTheJobLink = fc.oneof(
  fc.nat({ max: 120 }).map((i) => {
    const token = jobToken();
    const at = i % token.length;
    const swap = token[at] === 'A' ? 'B' : token[at] === '.' ? ',' : 'A';
    return { kind: 'tampered', token: token.slice(0, at) + swap + token.slice(at + 1) };
  }),
  fc.constant({
    kind: 'other secret',
    token: sign(linkClaims(ID, 'hauler', 'job', new Date(), 1), OTHER_SECRET),
  }),
  fc.integer({ min: 2, max: 9999 }).map((n) => ({ kind: 'no such offer', token: jobToken(n) })),
  fc.uuid().map((other) => ({ kind: 'another request', token: jobToken(1, other) })),
  fc.constant({
    kind: 'offer link',
    token: sign(linkClaims(ID, 'hauler', 'offer', new Date(), 1)),
  }),
  fc.constant({ kind: 'homeowner link', token: viewToken() }),
  fc.constant({
    kind: 'operations link',
    token: sign(linkClaims(ID, 'operations', 'quote', new Date())),
  }),
  fc.integer({ min: 1, max: 400 }).map((hours) => ({
    kind: 'expired',
    token: sign({
      ...linkClaims(ID, 'hauler', 'job', new Date(), 1),
      expires: Math.floor(Date.now() / 1000) - hours * 3600,
    }),
  })),
  fc.string({ maxLength: 300 }).map((token) => ({ kind: 'random text', token })),
  notAString.map((token) => ({ kind: 'not a string', token })),
);

describe('the job’s actions under hostile input', () => {
  it('refuse every link but the accepted hauler’s job link with the one sentence, changing nothing', async () => {
    const actions = fc.constantFrom(
      { path: JOB_API_PATHS.onMyWay, body: {} },
      { path: JOB_API_PATHS.cantDo, body: { reason: 'Truck broke down' } },
      { path: JOB_API_PATHS.priceChange, body: { priceDollars: 300, reason: 'More junk' } },
    );
    await fc.assert(
      fc.asyncProperty(notTheJobLink, actions, async ({ kind, token }, { path, body }) => {
        const before = await seed();
        const answer = await post(path, { ...body, token });
        expect(answer.statusCode, `${kind} ${path}`).toBe(403);
        expect(expectClientError(answer, ['invalid_link']).message).toBe(LOOP_MESSAGES.linkInvalid);
        await expectUnchanged(before, `${kind} ${path}`);
      }),
      { numRuns: RUNS.tokens },
    );
  });

  it('refuse a body that breaks a rule with a 400 naming the field, changing nothing', async () => {
    const hostile = fc.oneof(
      // The address.
      fc
        .constantFrom('', 'Main Street', '12', 'x'.repeat(JOB_LIMITS.street.max + 1))
        .map((street) => ({
          path: JOB_API_PATHS.address,
          body: { token: viewToken(), street },
          field: 'street',
        })),
      fc.constantFrom('12 Main St\n13 Other St', '12 Main\u202ESt', 42, null).map((street) => ({
        path: JOB_API_PATHS.address,
        body: { token: viewToken(), street },
        field: 'street',
      })),
      justTooLong(JOB_LIMITS.accessNotes.max).map((accessNotes) => ({
        path: JOB_API_PATHS.address,
        body: { token: viewToken(), street: '12 Main St', accessNotes },
        field: 'accessNotes',
      })),
      // A price change.
      fc
        .constantFrom(0, LOOP_LIMITS.priceDollars.max + 1, 99.5, '300', null)
        .map((priceDollars) => ({
          path: JOB_API_PATHS.priceChange,
          body: { token: jobToken(), priceDollars, reason: 'More junk' },
          field: 'priceDollars',
        })),
      fc.constantFrom('', 'ok', undefined, 7).map((reason) => ({
        path: JOB_API_PATHS.priceChange,
        body: { token: jobToken(), priceDollars: 300, reason },
        field: 'reason',
      })),
      fc.constant({
        path: JOB_API_PATHS.priceChange,
        body: { token: jobToken(), priceDollars: 240, reason: 'Same price' },
        field: 'priceDollars',
      }),
      // I can't do this job.
      justTooLong(JOB_LIMITS.cantDoReason.max).map((reason) => ({
        path: JOB_API_PATHS.cantDo,
        body: { token: jobToken(), reason },
        field: 'reason',
      })),
      // A problem report.
      fc.constantFrom('fraud', '', null, 'NO-SHOW').map((kind) => ({
        path: JOB_API_PATHS.problem,
        body: { token: viewToken(), kind, description: 'The hauler never came at all' },
        field: 'kind',
      })),
      fc.constantFrom('short', '', 12).map((description) => ({
        path: JOB_API_PATHS.problem,
        body: { token: viewToken(), kind: 'late', description },
        field: 'description',
      })),
      // A price answer.
      fc.constantFrom('yes', '', null).map((decision) => ({
        path: JOB_API_PATHS.priceDecision,
        body: { token: viewToken(), decision, change: 1 },
        field: 'decision',
      })),
      fc.constantFrom(0, 1.5, JOB_LIMITS.priceChangesPerJob + 1, '1').map((change) => ({
        path: JOB_API_PATHS.priceDecision,
        body: { token: viewToken(), decision: 'approve', change },
        field: 'change',
      })),
      // Keys nobody asked for.
      fc.constantFrom('__proto__', 'status', 'job', 'haulerId').map((key) => ({
        path: JOB_API_PATHS.onMyWay,
        body: { token: jobToken(), [key]: 'x' },
        field: key,
      })),
    );
    await fc.assert(
      fc.asyncProperty(hostile, async ({ path, body, field }) => {
        const before = await seed();
        const answer = await post(path, body);
        const context = `${path} ${JSON.stringify(body).slice(0, 160)}`;
        expect(answer.statusCode, context).toBe(400);
        expectClientError(answer, ['invalid_request']);
        const { fields } = (answer.json as { error: { fields?: Record<string, string> } }).error;
        if (field !== '__proto__') expect(Object.keys(fields ?? {}), context).toContain(field);
        await expectUnchanged(before, context);
      }),
      { numRuns: RUNS.bodies },
    );
  });
});
