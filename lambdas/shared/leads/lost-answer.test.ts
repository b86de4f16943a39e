// A write DynamoDB applied whose answer never arrived (a timeout, a dropped connection): the SDK
// retries it and the retry is refused by the write's own change (decision 042). Real dynalite and
// the functions' own client; only the network's loss is simulated, by a middleware inside the
// SDK's retry loop.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { reserveFreshLinkEmail } from '../runtime/abuse-counters';
import { dynamoClientFromEnv } from '../runtime/aws';
import { syncCoverage } from '../haulers/coverage-store';
import { haulerLedger } from '../haulers/hauler-mail';
import { getHauler, pauseHauler } from '../haulers/hauler-store';
import { claimEmail, claimMediaRelease } from './lead-claims';
import { applyChange } from './lead-change';
import { createLead, getLead, newLead } from './lead-store';
import { leadOffers } from '../models/offer-model';
import { recordOffer } from '../offers/offer-store';
import { leadTableFromEnv } from '../runtime/table-handle';
import type { LeadTable } from '../runtime/table-handle';
import { haulerIn } from '../../../test/support/testing-haulers';
import { bookingRequest, startStoreTestTable } from '../../../test/support/testing-leads';
import type { StoreTestTable } from '../../../test/support/testing-leads';

type Loss = 'answer' | 'request';

let store: StoreTestTable;
let env: StoreTestTable['env'];
let table: LeadTable;
const opened: LeadTable[] = [];

const WRITES = new Set(['PutItemCommand', 'UpdateItemCommand', 'TransactWriteItemsCommand']);

/**
 * A table whose client loses the first attempt of every write: 'answer', the write is applied and
 * its answer lost; 'request', the request is lost before it reaches the table.
 */
function lossyTable(loss: Loss): LeadTable {
  const handle = leadTableFromEnv(env, dynamoClientFromEnv(env));
  handle.client.middlewareStack.add(
    (next, context) => async (args) => {
      const headers = (args.request as { headers?: Record<string, string> }).headers ?? {};
      const first = (headers['amz-sdk-request'] ?? '').startsWith('attempt=1;');
      const lost = () => Object.assign(new Error(`${loss} lost`), { name: 'TimeoutError' });
      if (!first || !WRITES.has(context.commandName ?? '')) return next(args);
      if (loss === 'request') throw lost();
      await next(args);
      throw lost();
    },
    { step: 'deserialize', name: 'loseFirstAttempt' },
  );
  opened.push(handle);
  return handle;
}

beforeAll(async () => {
  store = await startStoreTestTable();
  ({ table, env } = store);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterAll(async () => {
  for (const handle of opened) handle.client.destroy();
  await store.close();
});

const at = (iso: string) => new Date(iso);

async function storedLead(iso: string) {
  const lead = newLead(bookingRequest(), at(iso));
  await createLead(table, lead);
  return lead;
}

describe('a write whose answer was lost and retried by the SDK', () => {
  it('still claims the email for the call that made the claim', async () => {
    const lead = await storedLead('2026-04-03T00:00:00Z');
    const claimed = await claimEmail(
      lossyTable('answer'),
      lead.submissionId,
      'confirmation',
      at('2026-04-03T00:00:01Z'),
    );
    expect(claimed).toBe(true);
    expect((await getLead(table, lead.submissionId))?.emails.confirmation).toBe('sending');
    expect(console.warn).toHaveBeenCalledWith('conditional write refused on a retried attempt', {
      attempts: 2,
    });
  });

  it('does not take another call’s claim for its own when its own request was the one lost', async () => {
    const lead = await storedLead('2026-04-03T01:00:00Z');
    expect(
      await claimEmail(table, lead.submissionId, 'confirmation', at('2026-04-03T01:00:01Z')),
    ).toBe(true);
    const claimed = await claimEmail(
      lossyTable('request'),
      lead.submissionId,
      'confirmation',
      at('2026-04-03T01:00:02Z'),
    );
    expect(claimed).toBe(false);
  });

  it('creates the lead for the booking that stored it, not a duplicate left waiting for its media', async () => {
    const lead = newLead(bookingRequest(), at('2026-04-04T00:00:00Z'));
    const stored = await createLead(lossyTable('answer'), lead);
    expect(stored.outcome).toBe('created');
    const again = await createLead(table, newLead(lead.request, at('2026-04-04T00:00:01Z')));
    expect(again.outcome).toBe('exists');
  });

  it('still hands the media job to the call that claimed it', async () => {
    const lead = await storedLead('2026-04-05T00:00:00Z');
    // The creating call died: its claim is stale a minute later.
    expect(
      await claimMediaRelease(lossyTable('answer'), lead.submissionId, at('2026-04-05T00:01:01Z')),
    ).toBe('claimed');
    expect(await claimMediaRelease(table, lead.submissionId, at('2026-04-05T00:01:02Z'))).toBe(
      'in-flight',
    );
  });

  it('reads a status change as already done, so the caller still sends what follows it', async () => {
    const lead = await storedLead('2026-04-07T00:00:00Z');
    const applied = await applyChange(
      lossyTable('answer'),
      lead,
      at('2026-04-07T00:00:01Z'),
      (current) =>
        current.status === 'cancelled'
          ? { kind: 'already', status: current.status }
          : { kind: 'change', from: current.status, to: 'cancelled' },
    );
    expect(applied.kind).toBe('already');
    expect(applied.lead.status).toBe('cancelled');
    expect(applied.lead.version).toBe(2);
  });

  it('reads a change written with its emails as its own: the retry repeats the client token', async () => {
    const lead = await storedLead('2026-04-07T12:00:00Z');
    const owed = { pk: 'OUTBOX', sk: `lead#${lead.submissionId}#cancelled`, key: 'cancelled' };
    const applied = await applyChange(
      lossyTable('answer'),
      lead,
      at('2026-04-07T12:00:01Z'),
      (current) =>
        current.status === 'cancelled'
          ? { kind: 'already', status: current.status }
          : { kind: 'change', from: current.status, to: 'cancelled' },
      { beside: async () => [owed] },
    );
    // DynamoDB (and the local front) answer the repeated token as written, without writing twice.
    expect(applied.kind).toBe('changed');
    expect(applied.lead.version).toBe(2);
    expect((await getLead(table, lead.submissionId))?.statusHistory).toHaveLength(2);
  });

  it('still stores a lead with its emails once for the call that stored it', async () => {
    const lead = newLead(bookingRequest(), at('2026-04-07T13:00:00Z'));
    const owed = { pk: 'OUTBOX', sk: `lead#${lead.submissionId}#operations`, key: 'operations' };
    const stored = await createLead(lossyTable('answer'), lead, [owed]);
    expect(stored.outcome).toBe('created');
  });

  it('still numbers the offer it stored, and not one another run stored', async () => {
    const lead = await storedLead('2026-04-08T00:00:00Z');
    const offer = (haulerId: string) => ({
      haulerId,
      businessName: 'Desert Haul LLC',
      miles: 2.5,
      round: 1,
      sentAt: '2026-04-08T00:00:01.000Z',
    });
    expect(await recordOffer(lossyTable('answer'), lead.submissionId, 0, offer('a'))).toBe(1);
    // Another run's offer 2 is stored while this run's request for number 2 was lost.
    expect(await recordOffer(table, lead.submissionId, 1, offer('b'))).toBe(2);
    expect(
      await recordOffer(lossyTable('request'), lead.submissionId, 1, offer('c')),
    ).toBeUndefined();
    const stored = await getLead(table, lead.submissionId);
    expect(leadOffers(stored!).map(([n, { haulerId }]) => `${n}:${haulerId}`)).toEqual([
      '1:a',
      '2:b',
    ]);
  });

  it('still writes the coverage whose claim it took', async () => {
    const spec = { baseZipCode: '85004', radiusMiles: 5 };
    const sync = await syncCoverage(lossyTable('answer'), 'hauler-lost-coverage', () =>
      Promise.resolve(spec),
    );
    expect(sync.outcome).toBe('written');
  });

  it('reads a hauler’s change as made by the call that made it, not as a conflict', async () => {
    const now = at('2026-04-09T00:00:00Z');
    const { haulerId } = await haulerIn(table, 'active', now);
    const paused = await pauseHauler(lossyTable('answer'), haulerId, {
      now,
      until: '2026-04-20',
    });
    expect(paused.ok).toBe(true);
    expect((await getHauler(table, haulerId))?.status).toBe('paused');
  });

  it('still claims a hauler’s email for the call that made the claim, and only for it', async () => {
    const mine = await haulerLedger(lossyTable('answer'), 'hauler-lost-answer');
    expect(await mine.claim('approved', at('2026-04-06T00:00:00Z'))).toBe(true);
    const other = await haulerLedger(lossyTable('request'), 'hauler-lost-answer');
    expect(await other.claim('approved', at('2026-04-06T00:00:01Z'))).toBe(false);
  });

  it('still sends the fresh link whose email it reserved, not coalescing it with itself', async () => {
    const address = 'lost-answer@example.com';
    const now = at('2026-04-10T00:00:00Z');
    expect((await reserveFreshLinkEmail(lossyTable('answer'), address, now)).outcome).toBe(
      'granted',
    );
    expect((await reserveFreshLinkEmail(table, address, now)).outcome).toBe('coalesced');
  });
});
