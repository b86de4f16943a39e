/**
 * Property tests: the hauler side's five endpoints (certificate URL, apply, confirm, review,
 * decide) under hostile bodies, through the local Function URL adapter, with a real lead table
 * (dynalite) and S3 and SES in memory. Never a 500: a hostile body gets a 400 naming a field, or
 * the one 403 of a bad link; none stores a hauler, changes one or sends an email.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FunctionUrlHandler } from '../../scripts/local/function-url-adapter';
import { getHauler } from '../../lambdas/shared/haulers/hauler-store';
import type { Hauler } from '../../lambdas/shared/models/hauler-model';
import { linkClaims, signLink } from '../../lambdas/shared/links/signed-links';
import { haulerIn } from '../support/testing-haulers';
import { VALID_HAULER_APPLICATION } from '../fixtures/hauler';
import { DANGEROUS_KEYS, notAString, pollutionPayload } from './arbitraries';
import {
  expectClientError,
  installAwsWorld,
  prototypeGuard,
  send,
  stubHandlerEnvironment,
} from './support';
import type { Answer } from './support';
import { API_PATHS } from '#contract/core/api';
import { LOOP_MESSAGES } from '#contract/loop/quote-loop';
import { KEY_PREFIXES } from '#contract/core/table-keys';

const RUNS = 120;
const SECRET = 'property-test-link-secret-0123456789abcdef';
const PUBLIC_PATHS = [API_PATHS.certificateUrl, API_PATHS.apply] as const;
const LINK_PATHS = [API_PATHS.confirm, API_PATHS.review, API_PATHS.decide] as const;

let apply: FunctionUrlHandler;
let review: FunctionUrlHandler;
let world: Awaited<ReturnType<typeof installAwsWorld>>;
let checkPrototypes: () => void;

beforeAll(async () => {
  checkPrototypes = prototypeGuard();
  world = await installAwsWorld();
  stubHandlerEnvironment(world);
  vi.stubEnv('LINK_SECRET', SECRET);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  ({ handler: apply } = await import('../../lambdas/hauler-apply/handler'));
  ({ handler: review } = await import('../../lambdas/hauler-review/handler'));
});

afterAll(async () => {
  checkPrototypes();
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  await world.restore();
});

const handlerFor = (path: string) =>
  path === API_PATHS.review || path === API_PATHS.decide ? review : apply;
const post = (path: string, body: unknown): Promise<Answer> =>
  send(handlerFor(path), {
    path,
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });

/** A 400 naming at least one field, or the one 403 of a bad link; never a 5xx. */
function expectRefused(answer: Answer, context: string): void {
  const error = expectClientError(answer);
  if (answer.statusCode === 403) {
    expect(error.message, context).toBe(LOOP_MESSAGES.linkInvalid);
    return;
  }
  expect(answer.statusCode, context).toBe(400);
  const fields = (answer.json as { error: { fields?: Record<string, string> } }).error.fields;
  expect(Object.keys(fields ?? {}).length, `no field named: ${context}`).toBeGreaterThan(0);
}

/** Any JSON object, including the valid body's keys holding hostile values. */
const hostileObject = fc.oneof(
  fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 6 }),
  fc
    .record({
      key: fc.constantFrom(...Object.keys(VALID_HAULER_APPLICATION), 'token', 'decision'),
      value: fc.oneof(notAString, fc.jsonValue({ maxDepth: 2 }), pollutionPayload),
    })
    .map(({ key, value }) => ({
      ...VALID_HAULER_APPLICATION,
      applicationId: randomUUID(),
      [key]: value,
    })),
  fc
    .constantFrom(...DANGEROUS_KEYS)
    .map((key) => JSON.parse(`{"${key}": {"polluted": true}}`) as object),
);

describe('hostile bodies', () => {
  it('never get a 500 from any hauler endpoint: a 400 naming a field or the 403 of a bad link, nothing stored or sent', async () => {
    await world.reset();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...PUBLIC_PATHS, ...LINK_PATHS),
        hostileObject,
        async (path, body) => {
          world.emails.length = 0;
          const answer = await post(path, body);
          const context = `${path} ${JSON.stringify(body).slice(0, 200)}`;
          if (answer.statusCode === 200) {
            // A certificate URL for a valid file is no harm: its minted id is counted, no hauler stored.
            expect(path, context).toBe(API_PATHS.certificateUrl);
          } else {
            expectRefused(answer, context);
          }
          expect(world.emails, context).toEqual([]);
          const stored = (await world.tableItemCount()) > 0 ? await haulerProfiles() : [];
          expect(stored, context).toEqual([]);
          checkPrototypes();
        },
      ),
      { numRuns: RUNS },
    );
  });
});

async function haulerProfiles(): Promise<string[]> {
  const { ScanCommand } = await import('@aws-sdk/lib-dynamodb');
  const page = await world.leads.client.send(new ScanCommand({ TableName: world.leads.tableName }));
  return (page.Items ?? [])
    .filter((item) => String(item.pk).startsWith(KEY_PREFIXES.hauler) && item.sk === 'PROFILE')
    .map((item) => String(item.pk));
}

describe('hostile links', () => {
  it('change nothing: a forged, tampered, wrong-role or garbage token is the same 403', async () => {
    await world.reset();
    const hauler: Hauler = await haulerIn(world.leads, 'pending-review', new Date());
    const id = hauler.haulerId;
    const real = signLink(linkClaims(id, 'operations', 'review', new Date()), Buffer.from(SECRET));
    const token = fc.oneof(
      fc.string({ maxLength: 400 }),
      notAString,
      fc.constantFrom(
        signLink(linkClaims(id, 'operations', 'review', new Date()), Buffer.from('x'.repeat(40))),
        signLink(linkClaims(id, 'applicant', 'confirm', new Date()), Buffer.from(SECRET)),
        signLink(linkClaims(id, 'hauler', 'manage', new Date(), 1), Buffer.from(SECRET)),
        signLink(linkClaims(randomUUID(), 'operations', 'review', new Date()), Buffer.from(SECRET)),
      ),
      fc
        .nat({ max: real.length - 1 })
        .map((i) => `${real.slice(0, i)}${real[i] === 'A' ? 'B' : 'A'}${real.slice(i + 1)}`),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(API_PATHS.review, API_PATHS.decide),
        token,
        async (path, t) => {
          world.emails.length = 0;
          const answer = await post(path, {
            token: t,
            decision: 'reject',
            reason: 'Not insured',
          });
          const context = `${path} ${(JSON.stringify(t) ?? typeof t).slice(0, 120)}`;
          // A tampered character may leave the token valid only when it did not change it.
          if (t === real) return;
          expect(answer.statusCode, context).toBe(403);
          expect((answer.json as { error: { message: string } }).error.message, context).toBe(
            LOOP_MESSAGES.linkInvalid,
          );
          expect((await getHauler(world.leads, id))?.version, context).toBe(hauler.version);
          expect(world.emails, context).toEqual([]);
        },
      ),
      { numRuns: RUNS },
    );
  });
});
