import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { countRating } from './hauler-rating';
import { belowRatingBar, haulerRatingOf } from './hauler-rules';
import { judgeRating, recordStrike } from './hauler-strikes';
import type { StrikeDeps } from './hauler-strikes';
import { getHauler, resumeHauler } from './hauler-store';
import type { Hauler } from '../models/hauler-model';
import type { LeadTable } from '../runtime/table-handle';
import { haulerIn, itemsOf } from '../../../test/support/testing-haulers';
import { startTestLeadTable } from '../../../test/support/testing-leads';
import type { TestLeadTable } from '../../../test/support/testing-leads';
import { JOB_TEXTS, STRIKE_REASONS, STRIKE_RULES } from '#contract/loop/jobs';

const NOW = new Date('2026-11-24T15:00:00Z');
const sesMock = mockClient(SESv2Client);
let dynamo: TestLeadTable;
let table: LeadTable;
let hauler: Hauler;
const deps = (): StrikeDeps => ({
  table,
  ses: new SESv2Client({}),
  sender: 'quotes@example.com',
  operationsAddress: 'ops@example.com',
  now: () => NOW,
});
const sentEmails = () =>
  sesMock.commandCalls(SendEmailCommand).map((call) => call.args[0].input.Content?.Simple);

beforeAll(async () => {
  dynamo = await startTestLeadTable();
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
});
afterAll(async () => {
  sesMock.restore();
  vi.restoreAllMocks();
  await dynamo.close();
});
beforeEach(async () => {
  sesMock.reset();
  sesMock.on(SendEmailCommand).resolves({ MessageId: 'm' });
  table = await dynamo.freshTable();
  hauler = await haulerIn(table, 'active', NOW, { businessName: 'Desert Haul Co' });
});

const request = (n: number) => ({
  submissionId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  reference: `REF${String(n).padStart(5, '0')}`,
  at: NOW.toISOString(),
});

describe("a hauler's rating as shown", () => {
  it('reads "New" under the rule\'s number of ratings, then the average to one decimal', () => {
    for (let count = 0; count < STRIKE_RULES.newUnderRatings; count += 1) {
      expect(haulerRatingOf({ ratingCount: count, ratingSum: count * 5 })).toEqual({
        kind: 'new',
        count,
      });
    }
    expect(haulerRatingOf({})).toEqual({ kind: 'new', count: 0 });
    expect(haulerRatingOf({ ratingCount: 3, ratingSum: 14 })).toEqual({
      kind: 'rated',
      average: 4.7,
      count: 3,
    });
  });

  it('is under the bar only from the minimum count, judged on the average shown', () => {
    expect(belowRatingBar({ ratingCount: 4, ratingSum: 4 })).toBe(false);
    expect(belowRatingBar({ ratingCount: 5, ratingSum: 19 })).toBe(true);
    // 3.96 is shown as 4.0: no strike for "under 4.0" beside a 4.0.
    expect(belowRatingBar({ ratingCount: 25, ratingSum: 99 })).toBe(false);
  });
});

describe('a low-rating strike', () => {
  let n = 0;
  const rateOnce = async (stars: number) => {
    n += 1;
    const counted = await countRating(table, {
      haulerId: hauler.haulerId,
      submissionId: request(n).submissionId,
      quote: 1,
      stars,
      at: NOW.toISOString(),
    });
    if (counted.outcome === 'no-hauler') throw new Error('no hauler');
    await judgeRating(deps(), counted.hauler, request(n));
    return (await getHauler(table, hauler.haulerId))!;
  };
  const lowStrikes = (h: Hauler) => (h.strikes ?? []).filter((s) => s.kind === 'low-rating');

  it('comes exactly when the average falls under the bar at the minimum count, and once per fall', async () => {
    for (const stars of [5, 1, 1, 1]) {
      expect(lowStrikes(await rateOnce(stars))).toEqual([]);
    }
    const crossed = await rateOnce(1);
    expect(lowStrikes(crossed)).toEqual([{ kind: 'low-rating', ...request(n) }]);
    expect(crossed).toMatchObject({ status: 'paused', pausedForStrike: true, ratingCount: 5 });
    expect(lowStrikes(await rateOnce(1))).toHaveLength(1);
    expect(sentEmails()).toHaveLength(1);

    await resumeHauler(table, hauler.haulerId, { now: NOW, liftStrike: true });
    // Back at the bar closes the fall; the next fall is a new strike.
    let back = await rateOnce(5);
    while (belowRatingBar(back)) back = await rateOnce(5);
    expect(back.lowRatingStrikeFor).toBeUndefined();
    expect(lowStrikes(back)).toHaveLength(1);
    let fallen = await rateOnce(1);
    while (!belowRatingBar(fallen)) fallen = await rateOnce(1);
    expect(lowStrikes(fallen)).toHaveLength(2);
    expect(fallen.status).toBe('paused');
  });
});

describe('recordStrike', () => {
  it('stores the strike, pauses the hauler with no end date, takes out their coverage and emails why', async () => {
    const result = await recordStrike(deps(), hauler.haulerId, 'late-cancel', request(1));
    expect(result).toMatchObject({ outcome: 'recorded', email: 'sent' });
    const stored = (await getHauler(table, hauler.haulerId))!;
    expect(stored).toMatchObject({
      status: 'paused',
      pausedForStrike: true,
      strikes: [{ kind: 'late-cancel', ...request(1) }],
    });
    expect(stored.pausedUntil).toBeUndefined();
    expect((await itemsOf(table, hauler.haulerId)).coverage.size).toBe(0);
    const [mail] = sentEmails();
    expect(mail?.Subject?.Data).toBe(JOB_TEXTS.strikeSubject);
    expect(mail?.Body?.Text?.Data).toContain(STRIKE_REASONS['late-cancel']);
    expect(mail?.Body?.Text?.Data).toContain(request(1).reference);
  });

  it('is idempotent per kind and request: again, or twice at once, is one strike and one email', async () => {
    await recordStrike(deps(), hauler.haulerId, 'late-cancel', request(1));
    const again = await recordStrike(deps(), hauler.haulerId, 'late-cancel', request(1));
    expect(again).toMatchObject({ outcome: 'already' });
    const racing = await Promise.all([
      recordStrike(deps(), hauler.haulerId, 'no-show', request(2)),
      recordStrike(deps(), hauler.haulerId, 'no-show', request(2)),
    ]);
    expect(racing.map((r) => r.outcome).sort()).toEqual(['already', 'recorded']);
    const stored = (await getHauler(table, hauler.haulerId))!;
    expect(stored.strikes?.map((s) => s.kind)).toEqual(['late-cancel', 'no-show']);
    expect(sentEmails()).toHaveLength(2);
  });

  it('sends on a retry the email a failed attempt could not', async () => {
    sesMock.on(SendEmailCommand).rejectsOnce(new Error('throttled'));
    vi.spyOn(console, 'error').mockImplementationOnce(() => undefined);
    const first = await recordStrike(deps(), hauler.haulerId, 'late-cancel', request(1));
    expect(first).toMatchObject({ outcome: 'recorded', email: 'failed' });
    const retry = await recordStrike(deps(), hauler.haulerId, 'late-cancel', request(1));
    expect(retry).toMatchObject({ outcome: 'already', email: 'sent' });
  });

  it('stores nothing on a hauler that cannot be paused', async () => {
    const removed = await haulerIn(table, 'removed', NOW);
    const result = await recordStrike(deps(), removed.haulerId, 'no-show', request(1));
    expect(result.outcome).toBe('refused');
    expect((await getHauler(table, removed.haulerId))?.strikes).toBeUndefined();
    expect(sentEmails()).toEqual([]);
  });
});
