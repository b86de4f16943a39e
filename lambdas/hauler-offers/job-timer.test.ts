/**
 * A booked job's "not marked done" timer, against a real dynalite: the offer job, run at any time,
 * tells operations once when the window's end plus the grace has passed and the job is not done;
 * never for a job done, cancelled or given up; and a job given up goes back to offer rounds.
 */
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { decideJobTimer } from './job-timer';
import { runOffersJob } from './offers-job';
import type { OffersJobDeps } from './offers-job';
import type { Hauler } from '../shared/models/hauler-model';
import { notDoneDueAt } from '../shared/jobs/lead-job';
import { storedQuotes } from '../shared/leads/lead-quotes';
import { createLead, getLead, newLead, updateLeadStatus } from '../shared/leads/lead-store';
import { setOfferTimer } from '../shared/offers/offer-store';
import type { LeadTable } from '../shared/runtime/table-handle';
import { haulerIn } from '../../test/support/testing-haulers';
import { seedAcceptedJob } from '../../test/support/testing-jobs';
import { bookingRequest, startTestLeadTable } from '../../test/support/testing-leads';
import type { TestLeadTable } from '../../test/support/testing-leads';
import { JOB_TEXTS } from '#contract/loop/jobs';
import { OFFER_DEFAULTS } from '#contract/loop/offers';

const SECRET = Buffer.from('unit-test-link-secret-0123456789abcdef');
const ID = '3a4b5c6d-7e8f-4a1b-9c2d-3e4f5a6b7c8d';
const BOOKED = new Date('2026-11-24T15:00:00.000Z');
const PICKUP = '2026-11-25';
// The afternoon window ends at 17:00 in the last US zone (03:00 UTC the next day); plus 4 hours.
const DUE = new Date('2026-11-26T07:00:00.000Z');
const OPS = 'ops@example.com';

const sesMock = mockClient(SESv2Client);
let dynamo: TestLeadTable;
let table: LeadTable;
let hauler: Hauler;

beforeAll(async () => {
  dynamo = await startTestLeadTable();
});
afterAll(async () => {
  sesMock.restore();
  vi.restoreAllMocks();
  await dynamo.close();
});
beforeEach(async () => {
  sesMock.reset();
  sesMock.on(SendEmailCommand).resolves({ MessageId: 'm' });
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  table = await dynamo.freshTable();
  await createLead(table, newLead(bookingRequest({ submissionId: ID, zipCode: '85001' }), BOOKED));
  hauler = await haulerIn(table, 'active', BOOKED, { businessName: 'Desert Haul Co' });
  await seedAcceptedJob(table, ID, hauler, BOOKED, SECRET, {
    pickupDate: PICKUP,
    pickupWindow: 'afternoon',
  });
  // What acceptance sets: the job's next look at its due time.
  await setOfferTimer(table, ID, DUE);
});

function run(at: Date) {
  const deps: OffersJobDeps = {
    table,
    ses: new SESv2Client({ region: 'us-east-1' }),
    secrets: () => Promise.resolve({ current: SECRET, accepted: [SECRET] }),
    publicBaseUrl: 'https://www.example.com',
    sender: 'quotes@example.com',
    operationsAddress: OPS,
    settings: { ...OFFER_DEFAULTS },
    now: () => at,
  };
  return runOffersJob(deps);
}

const subjects = () =>
  sesMock
    .commandCalls(SendEmailCommand)
    .map(({ args: [{ input }] }) => input.Content?.Simple?.Subject?.Data ?? '');

describe('a booked job’s “not marked done” timer', () => {
  it('is due at the end of the afternoon window plus 4 hours, read in the last US zone', () => {
    expect(notDoneDueAt({ pickupDate: PICKUP, pickupWindow: 'afternoon' })).toEqual(DUE);
    expect(notDoneDueAt({ pickupDate: PICKUP, pickupWindow: 'morning' }).toISOString()).toBe(
      '2026-11-26T02:00:00.000Z',
    );
  });

  it('tells operations once, after the due time, however often the job runs', async () => {
    expect((await run(new Date(DUE.getTime() - 60_000))).due).toBe(0);
    const report = await run(DUE);
    expect(report.leads[0]?.notDone).toBe('sent');
    await run(new Date(DUE.getTime() + 60_000));
    await setOfferTimer(table, ID, DUE);
    await run(new Date(DUE.getTime() + 120_000));
    const lead = (await getLead(table, ID))!;
    expect(subjects()).toEqual([JOB_TEXTS.notDoneSubject(lead.reference)]);
    const mail = sesMock.commandCalls(SendEmailCommand)[0]!.args[0].input;
    expect(mail.Destination?.ToAddresses).toEqual([OPS]);
    expect(mail.Content?.Simple?.Body?.Text?.Data).toContain(hauler.phone);
    // Out of the index: nothing more is due.
    expect(lead.dueAt).toBeUndefined();
  });

  it('stays silent for a job done in time, and for a cancelled one', async () => {
    await updateLeadStatus(table, ID, { from: ['accepted'], to: 'done', at: BOOKED });
    await run(DUE);
    expect(subjects()).toEqual([]);
    expect(decideJobTimer((await getLead(table, ID))!, DUE)).toEqual({ kind: 'end' });
    await updateLeadStatus(table, ID, { from: ['done'], to: 'cancelled', at: BOOKED });
    expect(decideJobTimer((await getLead(table, ID))!, DUE)).toEqual({ kind: 'offers' });
  });

  it('sends a job given up back to offer rounds, without offering it to the hauler who gave it up', async () => {
    const other = await haulerIn(table, 'active', BOOKED, {
      businessName: 'Valley Junk LLC',
      baseZipCode: '85001',
    });
    // Five minutes after the first round: the new cycle's round runs at once all the same.
    const gaveUp = new Date('2026-11-24T15:05:00.000Z');
    await updateLeadStatus(table, ID, {
      from: ['accepted'],
      to: 'received',
      at: gaveUp,
      step: 'reassigned',
      patch: {
        quotes: storedQuotes((await getLead(table, ID))!).map((quote) => ({
          ...quote,
          state: 'withdrawn',
        })),
        offerCycle: 1,
        offersFrom: gaveUp.toISOString(),
      },
    });
    await setOfferTimer(table, ID, gaveUp);
    const report = await run(gaveUp);
    expect(report.leads[0]?.offered.map((offer) => offer.haulerId)).toEqual([other.haulerId]);
    expect(subjects()).toHaveLength(1);
  });
});
