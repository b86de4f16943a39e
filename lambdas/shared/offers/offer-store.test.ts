/**
 * The offer store and the matching step against a real dynalite: offers as conditional writes on
 * the lead, the daily count under its cap, the rotation's time, the `by-due` timer and its Query,
 * and the chunked profile reads of a round.
 */
import { BatchGetCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { VALID_HAULER_APPLICATION } from '../../../test/fixtures/hauler';
import { getHauler } from '../haulers/hauler-store';
import { createLead, getLead, newLead, updateLeadStatus } from '../leads/lead-store';
import { matchHaulers } from './offer-matching';
import type { OfferedHauler } from './offer-ranking';
import { leadOffers } from '../models/offer-model';
import {
  countOffer,
  listDueLeads,
  markOffered,
  readOfferCandidates,
  recordFirstOffer,
  recordOffer,
  setOfferTimer,
} from './offer-store';
import type { LeadTable } from '../runtime/table-handle';
import { haulerIn } from '../../../test/support/testing-haulers';
import { bookingRequest, startTestLeadTable } from '../../../test/support/testing-leads';
import type { TestLeadTable } from '../../../test/support/testing-leads';
import type { LeadOffer } from '#contract/loop/offers';

let dynamo: TestLeadTable;
let table: LeadTable;

beforeAll(async () => {
  dynamo = await startTestLeadTable();
});
beforeEach(async () => {
  table = await dynamo.freshTable();
});
afterAll(async () => {
  vi.restoreAllMocks();
  await dynamo.close();
});

const NOW = new Date('2026-11-24T15:00:00Z');
const later = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);

const offer = (haulerId: string, round = 1): LeadOffer => ({
  haulerId,
  businessName: 'Desert Haul LLC',
  miles: 2.5,
  round,
  sentAt: NOW.toISOString(),
});

async function storedLead(at = NOW) {
  const { lead } = await createLead(table, newLead(bookingRequest(), at));
  return lead;
}

/** A profile and its coverage item written straight to the table: quick enough for hundreds. */
async function fakeHauler(id: string, miles: number, overrides: Partial<OfferedHauler> = {}) {
  const profile: OfferedHauler = {
    ...VALID_HAULER_APPLICATION,
    haulerId: id,
    status: 'active',
    certificate: VALID_HAULER_APPLICATION.insuranceCertificate,
    insuranceExpiresOn: '2027-06-30',
    appliedAt: NOW.toISOString(),
    updatedAt: NOW.toISOString(),
    history: [],
    version: 3,
    linkVersion: 1,
    ...overrides,
  };
  await table.client.send(
    new PutCommand({
      TableName: table.tableName,
      Item: { pk: `HAULER#${id}`, sk: 'PROFILE', ...profile },
    }),
  );
  await table.client.send(
    new PutCommand({ TableName: table.tableName, Item: { pk: 'COVER#85001', sk: id, miles } }),
  );
}

describe('recording an offer on the lead', () => {
  it('numbers offers 1, 2, … and keeps each under its number', async () => {
    const lead = await storedLead();
    expect(await recordOffer(table, lead.submissionId, 0, offer('a'))).toBe(1);
    expect(await recordOffer(table, lead.submissionId, 1, offer('b'))).toBe(2);
    const stored = (await getLead(table, lead.submissionId))!;
    expect(stored.offerCount).toBe(2);
    expect(leadOffers(stored)).toEqual([
      [1, offer('a')],
      [2, offer('b')],
    ]);
    // The quote loop's attributes are untouched.
    expect(stored).toMatchObject({ status: 'received', version: 1 });
  });

  it('refuses a write made on a stale count, so two runs never give out one number twice', async () => {
    const lead = await storedLead();
    expect(await recordOffer(table, lead.submissionId, 0, offer('a'))).toBe(1);
    expect(await recordOffer(table, lead.submissionId, 0, offer('b'))).toBeUndefined();
    expect(await recordOffer(table, lead.submissionId, 1, offer('b'))).toBe(2);
    expect(await recordOffer(table, lead.submissionId, 1, offer('c'))).toBeUndefined();
    expect(await recordOffer(table, lead.submissionId, 3, offer('c'))).toBeUndefined();
    expect(leadOffers((await getLead(table, lead.submissionId))!)).toEqual([
      [1, offer('a')],
      [2, offer('b')],
    ]);
  });

  it.each(['accepted', 'cancelled'] as const)(
    'refuses an offer once the request is %s',
    async (to) => {
      const lead = await storedLead();
      await recordOffer(table, lead.submissionId, 0, offer('a'));
      const from = to === 'accepted' ? (['quoted'] as const) : (['received'] as const);
      if (to === 'accepted') {
        await updateLeadStatus(table, lead.submissionId, {
          from: ['received'],
          to: 'quoted',
          at: NOW,
        });
      }
      await updateLeadStatus(table, lead.submissionId, { from, to, at: NOW });
      expect(await recordOffer(table, lead.submissionId, 1, offer('b'))).toBeUndefined();
    },
  );

  it('records the first offer email once', async () => {
    const lead = await storedLead();
    expect(await recordFirstOffer(table, lead.submissionId, later(1))).toBe(true);
    expect(await recordFirstOffer(table, lead.submissionId, later(2))).toBe(false);
    expect((await getLead(table, lead.submissionId))?.firstOfferAt).toBe(later(1).toISOString());
  });
});

describe("a hauler's daily offers", () => {
  it('counts up to the cap, then refuses, and starts again the next UTC day', async () => {
    const results = [];
    for (let i = 0; i < 3; i += 1) results.push(await countOffer(table, 'h1', NOW, 2));
    expect(results).toEqual(['counted', 'counted', 'cap']);
    expect(await countOffer(table, 'h2', NOW, 2)).toBe('counted');
    expect(await countOffer(table, 'h1', new Date('2026-11-25T00:00:01Z'), 2)).toBe('counted');
    const item = await table.client.send(
      new GetCommand({
        TableName: table.tableName,
        Key: { pk: 'HAULER#h1', sk: 'OFFERS#2026-11-24' },
      }),
    );
    // Deleted by TTL a day after its own day.
    expect(item.Item).toMatchObject({
      count: 2,
      expiresAt: Date.parse('2026-11-26T00:00:00Z') / 1000,
    });
  });

  it('reads profiles and counts together, more than one BatchGet of them', async () => {
    const ids = Array.from({ length: 70 }, (_, i) => `h${String(i).padStart(3, '0')}`);
    for (const id of ids) await fakeHauler(id, 1);
    await countOffer(table, 'h001', NOW, 5);
    await countOffer(table, 'h069', NOW, 5);
    await countOffer(table, 'h069', NOW, 5);
    const { profiles, offersToday } = await readOfferCandidates(table, [...ids, 'nobody'], NOW);
    expect([...profiles.keys()].sort()).toEqual(ids);
    expect(profiles.get('h005')).toMatchObject({ haulerId: 'h005', status: 'active' });
    expect(profiles.get('h005')).not.toHaveProperty('pk');
    expect(Object.fromEntries(offersToday)).toEqual({ h001: 1, h069: 2 });
  });

  it('remembers when the hauler was last offered a job, never moving it back', async () => {
    const hauler = await haulerIn(table, 'active', NOW);
    await markOffered(table, hauler.haulerId, later(5));
    await markOffered(table, hauler.haulerId, later(1));
    const stored = (await getHauler(table, hauler.haulerId)) as OfferedHauler;
    expect(stored.lastOfferedAt).toBe(later(5).toISOString());
    // The profile's own versioned changes are untouched.
    expect(stored.version).toBe(hauler.version);
    await markOffered(table, 'no-such-hauler', NOW);
    expect(await getHauler(table, 'no-such-hauler')).toBeUndefined();
  });
});

describe('the offer timer', () => {
  it('makes a new booking due at once, and lists due leads earliest first', async () => {
    const second = await storedLead(later(2));
    const first = await storedLead(NOW);
    expect(first).toMatchObject({ dueAt: NOW.toISOString(), dueShard: 'due' });
    expect(await listDueLeads(table, later(-1))).toEqual([]);
    expect(await listDueLeads(table, NOW)).toEqual([first.submissionId]);
    expect(await listDueLeads(table, later(2))).toEqual([first.submissionId, second.submissionId]);
    expect(await listDueLeads(table, later(2), 1)).toEqual([first.submissionId]);
  });

  it('moves a lead to its next due time, or takes it out of the index', async () => {
    const lead = await storedLead();
    await setOfferTimer(table, lead.submissionId, later(15));
    expect(await listDueLeads(table, later(14))).toEqual([]);
    expect(await listDueLeads(table, later(15))).toEqual([lead.submissionId]);
    await setOfferTimer(table, lead.submissionId, undefined);
    expect(await listDueLeads(table, later(60 * 24 * 30))).toEqual([]);
    const stored = await getLead(table, lead.submissionId);
    expect(stored).not.toHaveProperty('dueAt');
    expect(stored).not.toHaveProperty('dueShard');
  });

  it('never creates a lead that is not there', async () => {
    await setOfferTimer(table, '6b1f0a52-93c4-4e0b-8a47-2f7c1d9e5a31', later(1));
    expect(await getLead(table, '6b1f0a52-93c4-4e0b-8a47-2f7c1d9e5a31')).toBeUndefined();
  });
});

describe('matching a round', () => {
  it('ranks the eligible covering haulers and leaves out those already offered', async () => {
    await fakeHauler('near', 1);
    await fakeHauler('paused', 0.5, { status: 'paused', pausedUntil: '2026-12-01' });
    await fakeHauler('offered', 0.2);
    await fakeHauler('far', 20);
    const ranked = await matchHaulers(table, {
      zipCode: '85001-1234',
      offers: [offer('offered')],
      settings: { haulerDailyOffers: 20 },
      now: NOW,
      wanted: 3,
    });
    expect(ranked.map((r) => [r.haulerId, r.miles])).toEqual([
      ['near', 1],
      ['far', 20],
    ]);
  });

  it('reads profiles only as far as the nearest it needs, unless a tie reaches further', async () => {
    for (let i = 0; i < 120; i += 1) await fakeHauler(`h${String(i).padStart(3, '0')}`, 1 + i / 10);
    const send = vi.spyOn(table.client, 'send');
    const batchGets = () =>
      send.mock.calls.filter(([command]) => command instanceof BatchGetCommand);
    const request = { zipCode: '85001', offers: [], settings: { haulerDailyOffers: 20 }, now: NOW };
    const ranked = await matchHaulers(table, { ...request, wanted: 3 });
    expect(ranked.slice(0, 3).map((r) => r.haulerId)).toEqual(['h000', 'h001', 'h002']);
    expect(batchGets()).toHaveLength(1);

    // Everyone at one distance: the least recently offered may be the last one listed.
    for (let i = 0; i < 120; i += 1) {
      await fakeHauler(`h${String(i).padStart(3, '0')}`, 4, {
        lastOfferedAt: later(-i).toISOString(),
      });
    }
    send.mockClear();
    const tied = await matchHaulers(table, { ...request, wanted: 3 });
    expect(tied.slice(0, 3).map((r) => r.haulerId)).toEqual(['h119', 'h118', 'h117']);
    expect(batchGets()).toHaveLength(3);
    send.mockRestore();
  });

  it('finds nobody for a ZIP it cannot look up', async () => {
    const request = { offers: [], settings: { haulerDailyOffers: 20 }, now: NOW, wanted: 3 };
    expect(await matchHaulers(table, { ...request, zipCode: '8500' })).toEqual([]);
  });
});
