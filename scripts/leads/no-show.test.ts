// @vitest-environment node
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getHauler } from '../../lambdas/shared/haulers/hauler-store';
import type { Hauler } from '../../lambdas/shared/models/hauler-model';
import { problemsOf } from '../../lambdas/shared/jobs/lead-job';
import type { StoredProblem } from '../../lambdas/shared/models/job-model';
import { getLead, updateLeadStatus } from '../../lambdas/shared/leads/lead-store';
import type { LeadTable } from '../../lambdas/shared/runtime/table-handle';
import { haulerIn } from '../../test/support/testing-haulers';
import { startTestLeadTable } from '../../test/support/testing-leads';
import type { TestLeadTable } from '../../test/support/testing-leads';
import { seedDoneJob } from '../../test/support/testing-ratings';
import { confirmNoShow } from './no-show';
import { parseArgs } from './options';
import { STRIKE_REASONS } from '#contract/loop/jobs';

const ID = '7c1e0c2d-8f3a-4c6b-9d7e-1a2b3c4d5e6f';
const NOW = new Date('2026-11-24T15:00:00Z');
const LATER = new Date('2026-11-25T09:00:00Z');
const sesMock = mockClient(SESv2Client);
let dynamo: TestLeadTable;
let table: LeadTable;
let hauler: Hauler;
const deps = () => ({
  table,
  ses: new SESv2Client({}),
  sender: 'quotes@example.com',
  now: () => LATER,
});

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
  hauler = await haulerIn(table, 'active', NOW);
  await seedDoneJob(table, ID, hauler, NOW);
});

async function report(...problems: StoredProblem[]) {
  const lead = (await getLead(table, ID))!;
  await updateLeadStatus(table, ID, {
    from: [lead.status],
    to: lead.status,
    at: NOW,
    history: false,
    patch: { problems },
  });
  return lead.reference;
}
const noShow: StoredProblem = {
  kind: 'no-show',
  description: 'Nobody came all morning.',
  at: NOW.toISOString(),
  haulerId: '',
};

describe('npm run leads -- confirm-no-show', () => {
  it('is a command that needs a reference', () => {
    expect(parseArgs(['confirm-no-show', '3F2A9C1B'])).toMatchObject({
      command: 'confirm-no-show',
      target: '3F2A9C1B',
    });
    expect(() => parseArgs(['confirm-no-show'])).toThrow('confirm-no-show needs a reference');
  });

  it("marks the homeowner's no-show report confirmed and strikes the job's hauler, once", async () => {
    const late: StoredProblem = { ...noShow, kind: 'late', description: 'Two hours late.' };
    const reference = await report(late, { ...noShow, haulerId: hauler.haulerId });
    const done = await confirmNoShow(deps(), reference);
    expect(done).toMatchObject({ reference, report: 2, haulerId: hauler.haulerId });
    expect(done.strike).toMatchObject({ outcome: 'recorded', email: 'sent' });
    const problems = problemsOf((await getLead(table, ID))!);
    expect(problems.map((p) => p.confirmedAt)).toEqual([undefined, LATER.toISOString()]);
    expect(await getHauler(table, hauler.haulerId)).toMatchObject({
      status: 'paused',
      pausedForStrike: true,
      strikes: [{ kind: 'no-show', submissionId: ID, reference, at: NOW.toISOString() }],
    });
    const mail = sesMock.commandCalls(SendEmailCommand)[0]!.args[0].input.Content?.Simple;
    expect(mail?.Body?.Text?.Data).toContain(STRIKE_REASONS['no-show']);

    expect((await confirmNoShow(deps(), reference)).strike.outcome).toBe('already');
    expect((await getHauler(table, hauler.haulerId))?.strikes).toHaveLength(1);
    expect(sesMock.commandCalls(SendEmailCommand)).toHaveLength(1);
  });

  it('refuses clearly when the homeowner reported no no-show, and strikes nobody', async () => {
    const reference = await report({ ...noShow, kind: 'damage', haulerId: hauler.haulerId });
    await expect(confirmNoShow(deps(), reference)).rejects.toThrow(
      `Request ${reference} has no no-show report from the homeowner: there is nothing to confirm.`,
    );
    await expect(confirmNoShow(deps(), 'ZZZZZZZZ')).rejects.toThrow('No request ZZZZZZZZ.');
    expect((await getHauler(table, hauler.haulerId))?.strikes).toBeUndefined();
    expect(sesMock.commandCalls(SendEmailCommand)).toEqual([]);
  });
});
