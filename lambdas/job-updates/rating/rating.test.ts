import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getHauler } from '../../shared/haulers/hauler-store';
import type { Hauler } from '../../shared/models/hauler-model';
import { jobOf } from '../../shared/jobs/lead-job';
import { getLead, referenceFor, updateLeadStatus } from '../../shared/leads/lead-store';
import type { LeadTable } from '../../shared/runtime/table-handle';
import { haulerIn } from '../../../test/support/testing-haulers';
import { startTestLeadTable } from '../../../test/support/testing-leads';
import type { TestLeadTable } from '../../../test/support/testing-leads';
import { ratingDeps, seedDoneJob } from '../../../test/support/testing-ratings';
import { rateJob } from './rating';
import { JOB_LIMITS, JOB_MESSAGES, JOB_TEXTS } from '#contract/loop/jobs';
import type { LeadWithJob } from '#contract/loop/jobs';

const ID = '7c1e0c2d-8f3a-4c6b-9d7e-1a2b3c4d5e6f';
const DONE_AT = new Date('2026-11-24T15:00:00Z');
const DAY = 86_400_000;

const sesMock = mockClient(SESv2Client);
let dynamo: TestLeadTable;
let table: LeadTable;
let hauler: Hauler;
let viewToken: string;
const clock = { now: DONE_AT };
const deps = () => ratingDeps(table, clock, new SESv2Client({}));

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
  hauler = await haulerIn(table, 'active', DONE_AT, { businessName: 'Desert Haul Co' });
  ({ viewToken } = await seedDoneJob(table, ID, hauler, DONE_AT));
  clock.now = new Date(DONE_AT.getTime() + DAY);
});

const rate = (stars: number, comment?: string) =>
  rateJob({ token: viewToken, stars, ...(comment === undefined ? {} : { comment }) }, deps());
const bodyOf = (result: { body: string }) =>
  JSON.parse(result.body) as { lead: LeadWithJob; error?: { message: string } };
const counted = async () => {
  const stored = await getHauler(table, hauler.haulerId);
  return { count: stored?.ratingCount ?? 0, sum: stored?.ratingSum ?? 0 };
};

describe('rating a job', () => {
  it('stores the stars and comment on the job, adds "rated" to the timeline and counts them on the hauler', async () => {
    const result = await rate(4, '  On time and careful.  ');
    expect(result.statusCode).toBe(200);
    const { lead } = bodyOf(result);
    expect(lead.job?.rating).toEqual({
      stars: 4,
      comment: 'On time and careful.',
      at: clock.now.toISOString(),
    });
    expect(lead.history.map((step) => step.status)).toContain('rated');
    expect(lead.job?.can.rate).toBe(false);
    expect(await counted()).toEqual({ count: 1, sum: 4 });
  });

  it('is open until the last millisecond of the rating window, and closed from then on', async () => {
    const windowEnd = DONE_AT.getTime() + JOB_LIMITS.ratingDays * DAY;
    clock.now = new Date(windowEnd);
    const late = await rate(5);
    expect(late.statusCode).toBe(409);
    expect(bodyOf(late).error?.message).toBe(JOB_MESSAGES.ratingClosed);
    expect(await counted()).toEqual({ count: 0, sum: 0 });

    clock.now = new Date(windowEnd - 1);
    expect((await rate(5)).statusCode).toBe(200);
    expect(await counted()).toEqual({ count: 1, sum: 5 });
  });

  it('refuses a second rating of the same job and keeps the first', async () => {
    await rate(2);
    const again = await rate(5);
    expect(again.statusCode).toBe(409);
    expect(bodyOf(again).error?.message).toBe(JOB_MESSAGES.alreadyRated);
    expect(bodyOf(again).lead.job?.rating?.stars).toBe(2);
    expect(await counted()).toEqual({ count: 1, sum: 2 });
  });

  it('counts two ratings sent at once exactly once', async () => {
    const results = await Promise.all([rate(5), rate(1), rate(3)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const stars = jobOf((await getLead(table, ID))!)?.rating?.stars;
    expect(await counted()).toEqual({ count: 1, sum: stars });
  });

  it('counts a rating the lead holds but the hauler missed, on the next call, once', async () => {
    // As if the call that stored the rating failed before counting it.
    const lead = (await getLead(table, ID))!;
    await updateLeadStatus(table, ID, {
      from: ['done'],
      to: 'done',
      at: clock.now,
      history: false,
      patch: { job: { ...jobOf(lead), rating: { stars: 3, at: clock.now.toISOString() } } },
    });
    expect(await counted()).toEqual({ count: 0, sum: 0 });
    expect((await rate(5)).statusCode).toBe(409);
    expect(await counted()).toEqual({ count: 1, sum: 3 });
    expect((await rate(5)).statusCode).toBe(409);
    expect(await counted()).toEqual({ count: 1, sum: 3 });
  });

  it('refuses a job that is not done yet', async () => {
    await updateLeadStatus(table, ID, { from: ['done'], to: 'on-the-way', at: clock.now });
    const result = await rate(5);
    expect(result.statusCode).toBe(409);
    expect(bodyOf(result).error?.message).toBe(JOB_MESSAGES.notDoneYet);
    expect(await counted()).toEqual({ count: 0, sum: 0 });
  });

  it("answers the hauler's job link with the loop's one 403, storing nothing", async () => {
    const { jobToken } = await seedDoneJob(
      table,
      '8d1e0c2d-8f3a-4c6b-9d7e-1a2b3c4d5e6f',
      hauler,
      DONE_AT,
    );
    expect((await rateJob({ token: jobToken, stars: 5 }, deps())).statusCode).toBe(403);
    expect(await counted()).toEqual({ count: 0, sum: 0 });
  });

  it('emails the hauler once, with the stars and the comment escaped, however often it is sent', async () => {
    const comment = 'Great <b>work</b> & on time';
    expect((await rate(5, comment)).statusCode).toBe(200);
    expect((await rate(5, comment)).statusCode).toBe(409);
    const mails = sesMock
      .commandCalls(SendEmailCommand)
      .map((call) => call.args[0].input)
      .filter((input) => input.Destination?.ToAddresses?.includes(hauler.email));
    expect(mails).toHaveLength(1);
    const content = mails[0]?.Content?.Simple;
    expect(content?.Subject?.Data).toBe(JOB_TEXTS.ratedSubject(referenceFor(ID), 5));
    expect(content?.Body?.Html?.Data).toContain('Great &lt;b&gt;work&lt;/b&gt; &amp; on time');
    expect(content?.Body?.Html?.Data).not.toContain('<b>work</b>');
    expect(content?.Body?.Text?.Data).toContain(`Comment: ${comment}`);
  });
});
