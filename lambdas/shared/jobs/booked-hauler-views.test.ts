/**
 * What a booked hauler's two links read on `/api/lead` as the job moves on (issue 37, items 6 and
 * 11): a cancellation takes back the street, the access notes and the homeowner's contact, and
 * says when; the winning hauler's offer link leads to the job page and tells the price now.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Hauler } from '../models/hauler-model';
import { createLead, getLead, newLead, updateLeadStatus } from '../leads/lead-store';
import type { StoredJob } from '../models/job-model';
import { viewForLink } from '../auth/link-view';
import { linkClaims, signLink } from '../links/signed-links';
import type { LeadTable } from '../runtime/table-handle';
import { haulerIn } from '../../../test/support/testing-haulers';
import { seedAcceptedJob } from '../../../test/support/testing-jobs';
import { bookingRequest, startTestLeadTable } from '../../../test/support/testing-leads';
import type { TestLeadTable } from '../../../test/support/testing-leads';
import { seedOffers } from '../../../test/support/testing-offers';
import type { LeadWithJob } from '#contract/loop/jobs';
import type { HaulerLeadView, LeadStatus } from '#contract/loop/quote-loop';

const SECRET = Buffer.from('unit-test-link-secret-0123456789abcdef');
const ID = '5d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const NOW = new Date('2026-11-23T18:00:00Z');
const LATER = new Date('2026-11-24T09:30:00Z');
// Unique strings: wherever they appear, the homeowner's address or contact went there.
const STREET = '2291 Marigold Ridge Road';
const NOTES = 'Gate code 7731, junk behind the shed';

let dynamo: TestLeadTable;
let table: LeadTable;
let hauler: Hauler;
let other: Hauler;
let jobToken: string;
let offerToken: string;
let otherOfferToken: string;

beforeAll(async () => {
  dynamo = await startTestLeadTable();
});
afterAll(async () => {
  await dynamo.close();
});

beforeEach(async () => {
  table = await dynamo.freshTable();
  await createLead(table, newLead(bookingRequest({ submissionId: ID }), NOW));
  hauler = await haulerIn(table, 'active', NOW, { businessName: 'Desert Haul Co' });
  other = await haulerIn(table, 'active', NOW, { businessName: 'Valley Junk LLC' });
  ({ jobToken } = await seedAcceptedJob(table, ID, hauler, NOW, SECRET, {
    priceDollars: 285,
    pickupDate: '2026-11-28',
  }));
  // Offer 1 is the booked hauler's, offer 2 another hauler's who never won.
  await seedOffers(table, ID, [hauler, other], NOW);
  offerToken = signLink(linkClaims(ID, 'hauler', 'offer', NOW, 1), SECRET);
  otherOfferToken = signLink(linkClaims(ID, 'hauler', 'offer', NOW, 2), SECRET);
  await change(['accepted'], 'accepted', NOW, {
    pickupAddress: { street: STREET, accessNotes: NOTES, at: NOW.toISOString(), version: 1 },
  });
});

const deps = (now = LATER) => ({
  table,
  secrets: () => Promise.resolve({ current: SECRET, accepted: [SECRET] }),
  now: () => now,
});

async function read(token: string, now = LATER): Promise<LeadWithJob> {
  const seen = await viewForLink({ token }, deps(now));
  if (!seen.ok) throw new Error(`refused: ${seen.reason}`);
  return seen.lead;
}

async function change(
  from: LeadStatus[],
  to: LeadStatus,
  at: Date,
  patch: Record<string, unknown>,
): Promise<void> {
  const result = await updateLeadStatus(table, ID, {
    from,
    to,
    at,
    patch,
    history: from[0] !== to,
  });
  if (!result.ok) throw new Error(`could not change the lead: ${result.reason}`);
}

/** The homeowner cancels the booked job, as the quote loop's cancel writes it. */
const cancel = () => change(['accepted'], 'cancelled', LATER, {});

describe('a job the homeowner cancels after booking', () => {
  it('tells its hauler’s job link when, and no longer gives the street, the access notes or the homeowner’s contact', async () => {
    const { request } = (await getLead(table, ID))!;
    const before = JSON.stringify(await read(jobToken));
    for (const secret of [STREET, NOTES, request.phone, request.email]) {
      expect(before).toContain(secret);
    }

    await cancel();
    const after = await read(jobToken);
    expect(after.job?.cancelledAt).toBe(LATER.toISOString());
    const text = JSON.stringify(after);
    for (const secret of [STREET, NOTES, request.name, request.phone, request.email]) {
      expect(text).not.toContain(secret);
    }
    expect(Object.values(after.job!.can).every((can) => !can)).toBe(true);
  });

  it('tells the hauler’s offer link the same, with no link to a job that is over', async () => {
    await cancel();
    const view = (await read(offerToken)) as HaulerLeadView;
    expect(view.jobPage).toEqual({
      status: 'cancelled',
      priceDollars: 285,
      cancelledAt: LATER.toISOString(),
    });
    expect(view.contact).toBeUndefined();
    expect(view.can.quote).toBe(false);
  });

  it('leaves the homeowner their own address', async () => {
    const view = await read(signLink(linkClaims(ID, 'homeowner', 'view', NOW), SECRET));
    expect(view.job?.address?.street).toBe(STREET);
    await cancel();
    expect((await read(signLink(linkClaims(ID, 'homeowner', 'view', NOW), SECRET))).job).toEqual(
      expect.objectContaining({ cancelledAt: LATER.toISOString(), address: expect.anything() }),
    );
  });
});

describe('the winning hauler’s offer link once the job is booked', () => {
  it('carries a job link for the same request and offer, and the price an approved change set', async () => {
    const approved: StoredJob = {
      quote: 1,
      haulerId: hauler.haulerId,
      priceChanges: [
        {
          number: 1,
          priceDollars: 310,
          fromDollars: 285,
          reason: 'A second sofa',
          state: 'approved',
          at: NOW.toISOString(),
          answeredAt: LATER.toISOString(),
        },
      ],
    };
    await change(['accepted'], 'accepted', LATER, { job: approved });
    const view = (await read(offerToken)) as HaulerLeadView;
    expect(view.jobPage).toMatchObject({ status: 'accepted', priceDollars: 310 });
    // The token opens this hauler's job page on this request.
    const job = await read(view.jobPage!.token!);
    expect(job.role).toBe('hauler');
    expect(job.job?.priceDollars).toBe(310);
    expect(job.job?.address?.street).toBe(STREET);
  });

  it('says when the job is on the way and when it is done', async () => {
    await change(['accepted'], 'on-the-way', LATER, {
      job: { quote: 1, haulerId: hauler.haulerId, onTheWayAt: LATER.toISOString() },
    });
    expect(((await read(offerToken)) as HaulerLeadView).jobPage?.status).toBe('on-the-way');
    const doneAt = new Date(LATER.getTime() + 3_600_000);
    await change(['on-the-way'], 'done', doneAt, {
      job: { quote: 1, haulerId: hauler.haulerId, doneAt: doneAt.toISOString() },
    });
    expect(((await read(offerToken, doneAt)) as HaulerLeadView).jobPage).toMatchObject({
      status: 'done',
      doneAt: doneAt.toISOString(),
      priceDollars: 285,
    });
  });

  it('carries nothing of the job for a hauler whose quote was not the one accepted', async () => {
    const view = (await read(otherOfferToken)) as HaulerLeadView;
    expect(view.outcome).not.toBe('won');
    expect(view.jobPage).toBeUndefined();
    expect(JSON.stringify(view)).not.toContain(STREET);
  });
});
