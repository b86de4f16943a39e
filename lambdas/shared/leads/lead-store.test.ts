import { randomUUID } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addressHash,
  claimUploadBatch,
  countDailyConfirmation,
  getUploadBatch,
  reserveConfirmation,
} from '../runtime/abuse-counters';
import {
  createLead,
  deleteLeadItems,
  findLeadsByReference,
  getLead,
  listLeadsByStatus,
  newLead,
  referenceFor,
  updateLeadStatus,
} from './lead-store';
import type { LeadTable } from '../runtime/table-handle';
import { bookingRequest, startStoreTestTable } from '../../../test/support/testing-leads';
import type { StoreTestTable } from '../../../test/support/testing-leads';

let store: StoreTestTable;
let table: LeadTable;

beforeAll(async () => {
  store = await startStoreTestTable();
  ({ table } = store);
});

afterAll(() => store.close());

const at = (iso: string) => new Date(iso);

describe('leads', () => {
  it('stores a lead once per submission id, whatever happens later', async () => {
    const lead = newLead(bookingRequest(), at('2026-01-31T23:59:00Z'), 730);
    expect(await createLead(table, lead)).toEqual({ outcome: 'created', lead });

    // Months later, the same submission id: the stored lead comes back, nothing is overwritten.
    const replay = newLead(
      { ...lead.request, name: 'Someone Else' },
      at('2026-06-01T00:00:00Z'),
      730,
    );
    const again = await createLead(table, replay);
    expect(again.outcome).toBe('exists');
    expect(again.lead.request.name).toBe('Ann Homeowner');
    expect(again.lead.receivedAt).toBe('2026-01-31T23:59:00.000Z');
  });

  it('sets the expiry from the retention and starts as received, version 1', async () => {
    const lead = newLead(bookingRequest(), at('2026-03-01T00:00:00Z'), 10);
    await createLead(table, lead);
    const stored = await getLead(table, lead.submissionId);
    expect(stored).toMatchObject({
      status: 'received',
      version: 1,
      reference: referenceFor(lead.submissionId),
      expiresAt: Date.parse('2026-03-11T00:00:00Z') / 1000,
      emails: { confirmation: 'pending', operations: 'pending' },
    });
    expect(stored).not.toHaveProperty('pk');
    expect(await getLead(table, randomUUID())).toBeUndefined();
  });

  it('finds leads by reference, in any case, and lists every lead sharing one', async () => {
    const lead = newLead(bookingRequest(), at('2026-03-02T00:00:00Z'));
    await createLead(table, lead);
    // A second lead whose id starts with the same 8 hex digits: the short code is shared.
    const twinId = `${lead.submissionId.slice(0, 8)}-0000-4000-8000-000000000000`;
    await createLead(
      table,
      newLead(bookingRequest({ submissionId: twinId }), at('2026-03-03T00:00:00Z')),
    );

    const found = await findLeadsByReference(table, ` ${lead.reference.toLowerCase()} `);
    expect(found.map((l) => l.submissionId).sort()).toEqual([lead.submissionId, twinId].sort());
    expect(await findLeadsByReference(table, 'ZZZZZZZZ')).toEqual([]);
  });

  it('lists leads by status, oldest first, since a date', async () => {
    const ids: string[] = [];
    for (const day of ['2030-05-01', '2030-05-03', '2030-05-05']) {
      const lead = newLead(bookingRequest(), at(`${day}T10:00:00Z`));
      ids.push(lead.submissionId);
      await createLead(table, lead);
    }
    const since = await listLeadsByStatus(table, 'received', { since: at('2030-05-02T00:00:00Z') });
    expect(since.map((l) => l.submissionId)).toEqual(ids.slice(1));

    const all = await listLeadsByStatus(table, 'received');
    expect(all.length).toBeGreaterThanOrEqual(3);
    const times = all.map((l) => l.receivedAt);
    expect(times).toEqual([...times].sort());
  });

  it('changes status only from an allowed status and the expected version, with a history', async () => {
    const lead = newLead(bookingRequest(), at('2026-04-01T00:00:00Z'));
    await createLead(table, lead);
    const quoted = await updateLeadStatus(table, lead.submissionId, {
      from: ['received'],
      to: 'quoted',
      at: at('2026-04-01T01:00:00Z'),
      patch: { firstQuoteAt: '2026-04-01T01:00:00.000Z' },
      expectedVersion: 1,
    });
    expect(quoted).toMatchObject({
      ok: true,
      lead: { status: 'quoted', version: 2, firstQuoteAt: '2026-04-01T01:00:00.000Z' },
    });
    if (!quoted.ok) throw new Error('unreachable');
    expect(quoted.lead.statusHistory.map((h) => h.status)).toEqual(['received', 'quoted']);

    // A stale version, or a status it may not come from: a conflict with the current lead.
    const stale = await updateLeadStatus(table, lead.submissionId, {
      from: ['quoted'],
      to: 'accepted',
      at: at('2026-04-02T00:00:00Z'),
      expectedVersion: 1,
    });
    expect(stale).toMatchObject({ ok: false, reason: 'conflict', current: { version: 2 } });
    const wrongFrom = await updateLeadStatus(table, lead.submissionId, {
      from: ['received'],
      to: 'cancelled',
      at: at('2026-04-02T00:00:00Z'),
    });
    expect(wrongFrom).toMatchObject({
      ok: false,
      reason: 'conflict',
      current: { status: 'quoted' },
    });

    expect(
      await updateLeadStatus(table, randomUUID(), {
        from: ['received'],
        to: 'quoted',
        at: at('2026-04-02T00:00:00Z'),
      }),
    ).toEqual({ ok: false, reason: 'not-found' });

    // The index follows the status.
    const quotedList = await listLeadsByStatus(table, 'quoted', {
      since: at('2026-04-01T00:00:00Z'),
    });
    expect(quotedList.map((l) => l.submissionId)).toContain(lead.submissionId);
  });

  it('refuses a patch of the bookkeeping attributes', async () => {
    await expect(
      updateLeadStatus(table, randomUUID(), {
        from: ['received'],
        to: 'quoted',
        at: new Date(),
        patch: { version: 7 },
      }),
    ).rejects.toThrow('cannot patch version');
  });
});

describe('forget', () => {
  it("deletes the lead, its upload batch and its address's window; keeps the daily count", async () => {
    const lead = newLead(bookingRequest(), new Date('2026-07-01T00:00:00Z'));
    await createLead(table, lead);
    await claimUploadBatch(table, lead.submissionId, [photo(5)], new Date());
    await reserveConfirmation(table, lead.request.email, new Date());
    await countDailyConfirmation(table, new Date('2032-02-02T00:00:00Z'), 10);

    const { lead: deleted, deletedKeys } = await deleteLeadItems(table, lead.submissionId);
    expect(deleted?.submissionId).toBe(lead.submissionId);
    expect(deletedKeys).toEqual([
      `LEAD#${lead.submissionId}/LEAD`,
      `UPLOADS#${lead.submissionId}/BATCH`,
      `CONFIRM#${addressHash(lead.request.email)}/WINDOW`,
    ]);
    expect(await getLead(table, lead.submissionId)).toBeUndefined();
    expect(await getUploadBatch(table, lead.submissionId)).toBeUndefined();
    expect(await findLeadsByReference(table, lead.reference)).toEqual([]);
    // The address may be confirmed again: its window is gone.
    const window = await table.client.send(
      new GetCommand({
        TableName: table.tableName,
        Key: { pk: `CONFIRM#${addressHash(lead.request.email)}`, sk: 'WINDOW' },
      }),
    );
    expect(window.Item).toBeUndefined();
    expect(await countDailyConfirmation(table, new Date('2032-02-02T00:00:00Z'), 10)).toEqual({
      outcome: 'granted',
      count: 2,
    });
  });

  it('forgets a lead that no longer parses, with the window its address names', async () => {
    const lead = newLead(bookingRequest(), new Date('2026-07-01T00:00:00Z'));
    await createLead(table, lead);
    await reserveConfirmation(table, lead.request.email, new Date());
    await table.client.send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: { pk: `LEAD#${lead.submissionId}`, sk: 'LEAD' },
        UpdateExpression: 'SET version = :broken',
        ExpressionAttributeValues: { ':broken': 'one' },
      }),
    );
    await expect(getLead(table, lead.submissionId)).rejects.toThrow(/does not parse: version/);

    const { lead: deleted, deletedKeys } = await deleteLeadItems(table, lead.submissionId);
    expect(deleted).toBeUndefined();
    expect(deletedKeys).toContain(`CONFIRM#${addressHash(lead.request.email)}/WINDOW`);
    expect(await getLead(table, lead.submissionId)).toBeUndefined();
  });

  function photo(size: number) {
    return { kind: 'photo' as const, contentType: 'image/jpeg', size };
  }
});
