// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Hauler } from '../../lambdas/shared/models/hauler-model';
import { jobView } from '../../lambdas/shared/jobs/job-view';
import { jobOf } from '../../lambdas/shared/jobs/lead-job';
import { getLead } from '../../lambdas/shared/leads/lead-store';
import type { LeadTable } from '../../lambdas/shared/runtime/table-handle';
import { haulerIn } from '../../test/support/testing-haulers';
import { startTestLeadTable } from '../../test/support/testing-leads';
import type { TestLeadTable } from '../../test/support/testing-leads';
import { seedDoneJob } from '../../test/support/testing-ratings';
import { hideComment } from './hide-comment';
import { parseHaulerArgs } from './options';
import { standingLines } from './standing';

const ID = '7c1e0c2d-8f3a-4c6b-9d7e-1a2b3c4d5e6f';
const NOW = new Date('2026-11-24T15:00:00Z');
const COMMENT = 'The driver was rude to my neighbour Mrs Quigley.';
let dynamo: TestLeadTable;
let table: LeadTable;
let hauler: Hauler;
let reference: string;

beforeAll(async () => {
  dynamo = await startTestLeadTable();
});
afterAll(async () => {
  await dynamo.close();
});
beforeEach(async () => {
  table = await dynamo.freshTable();
  hauler = await haulerIn(table, 'active', NOW);
  const rating = { stars: 2, comment: COMMENT, at: NOW.toISOString() };
  ({
    lead: { reference },
  } = await seedDoneJob(table, ID, hauler, NOW, { rating }));
});

describe('npm run haulers -- hide-comment', () => {
  it('takes a request reference, not a hauler id', () => {
    expect(parseHaulerArgs(['hide-comment', '3F2A9C1B'])).toMatchObject({
      command: 'hide-comment',
      reference: '3F2A9C1B',
    });
    expect(() => parseHaulerArgs(['hide-comment'])).toThrow('hide-comment needs a reference');
  });

  it('hides the comment from every view and keeps the stars', async () => {
    expect(await hideComment(table, reference, NOW)).toEqual({ reference, outcome: 'hidden' });
    const lead = (await getLead(table, ID))!;
    expect(jobOf(lead)?.rating).toMatchObject({ stars: 2, commentHidden: true });
    for (const reader of [
      { role: 'homeowner' as const },
      { role: 'operations' as const },
      { role: 'hauler' as const, haulerId: hauler.haulerId },
    ]) {
      const view = jobView(lead, reader, NOW);
      expect(view?.rating).toEqual({ stars: 2, at: NOW.toISOString() });
      expect(JSON.stringify(view)).not.toContain('Quigley');
    }
    expect(await hideComment(table, reference, NOW)).toEqual({
      reference,
      outcome: 'already hidden',
    });
  });

  it('says so when the request has no rating', async () => {
    const { lead } = await seedDoneJob(table, '8d1e0c2d-8f3a-4c6b-9d7e-1a2b3c4d5e6f', hauler, NOW);
    await expect(hideComment(table, lead.reference, NOW)).rejects.toThrow(
      `Request ${lead.reference} is not rated.`,
    );
  });
});

describe('npm run haulers -- show', () => {
  it('prints the rating (New under 3) and each strike with its kind, request and date', async () => {
    expect(standingLines(hauler)).toEqual(['  rating     New (0 so far)', '  strikes    none']);
    const struck: Hauler = {
      ...hauler,
      ratingCount: 4,
      ratingSum: 18,
      pausedForStrike: true,
      strikes: [
        { kind: 'no-show', submissionId: ID, reference: 'AB12CD34', at: '2026-11-20T10:00:00Z' },
        {
          kind: 'late-cancel',
          submissionId: ID,
          reference: 'EF56GH78',
          at: '2026-11-22T10:00:00Z',
        },
      ],
    };
    expect(standingLines(struck)).toEqual([
      '  rating     4.5 (4 ratings)',
      '  strikes    no-show     AB12CD34  2026-11-20',
      '             late-cancel EF56GH78  2026-11-22',
      '  paused     by a strike: `npm run haulers -- resume ID` lifts it',
    ]);
  });
});
