/**
 * The backfill of decision 052 (`npm run haulers -- file-work`) against dynalite: work made
 * before the hauler's home page had no pointer, so the page missed it; the backfill files one,
 * and running it again changes nothing.
 */
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it, vi } from 'vitest';
import { readAccount } from '../../lambdas/hauler-account/account';
import { createLead, newLead } from '../../lambdas/shared/leads/lead-store';
import type { Hauler } from '../../lambdas/shared/models/hauler-model';
import { allItems, queryItems } from '../../lambdas/shared/runtime/paged-query';
import { fileWork } from '../../scripts/haulers/file-work';
import { bookingRequest } from '../support/testing-leads';
import { seedOffers } from '../support/testing-offers';
import { NOW, PICKUP, flowWorld } from './flow-world';
import type { HaulerAccountView } from '#contract/haulers/hauler-api';
import type { HaulerWorkView } from '#contract/haulers/hauler-work';
import { KEY_PREFIXES } from '#contract/core/table-keys';

const w = flowWorld();

async function workOf(hauler: Hauler): Promise<HaulerWorkView> {
  const token = w.token(hauler.haulerId, 'hauler', 'manage', NOW, hauler.linkVersion);
  const result = await readAccount(
    { token },
    { ...w.deps(), uploadUrlSeconds: 300, payments: { setting: 'off' } },
  );
  expect(result.statusCode, result.body).toBe(200);
  return (JSON.parse(result.body) as { account: HaulerAccountView }).account.work;
}

/** Every pointer filed under the haulers, as stored. */
async function pointers(): Promise<Record<string, unknown>[]> {
  const all = [];
  for (const hauler of [w.a, w.b]) {
    const items = queryItems(w.table, {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :work)',
      ExpressionAttributeValues: {
        ':pk': `${KEY_PREFIXES.hauler}${hauler.haulerId}`,
        ':work': 'WORK#',
      },
    });
    all.push(...(await allItems(items)));
  }
  return all;
}

/** As if the offers and quotes had been made before the pointers existed. */
async function forgetPointers(): Promise<void> {
  for (const { pk, sk } of await pointers()) {
    await w.table.client.send(new DeleteCommand({ TableName: w.table.tableName, Key: { pk, sk } }));
  }
}

describe('the backfill of the haulers’ home pages', () => {
  it('lists again a booked job and an open offer made before the pointers existed', async () => {
    await w.bookedWithA();
    const request = bookingRequest({ zipCode: '85001' });
    await createLead(w.table, newLead(request, NOW));
    await seedOffers(w.table, request.submissionId, [w.a], NOW);
    await forgetPointers();
    const before = await workOf(w.a);
    expect([before.offers, before.booked]).toEqual([[], []]);

    const report = await fileWork(w.table, NOW);

    // A's booked job and B's quote that went elsewhere on one lead, A's open offer on the other.
    expect(report).toEqual({ leadsRead: 2, unreadable: 0, offerPointers: 1, quotePointers: 2 });
    const after = await workOf(w.a);
    expect(after.booked).toEqual([
      expect.objectContaining({ reference: (await w.lead()).reference, pickupDate: PICKUP }),
    ]);
    expect(after.offers).toEqual([expect.objectContaining({ miles: 0 })]);
    expect((await workOf(w.b)).quotes[0]?.outcome).toBe('went-elsewhere');
  });

  it('changes nothing when run again', async () => {
    await w.twoQuotes();
    await forgetPointers();
    await fileWork(w.table, NOW);
    const once = await pointers();
    expect(once).toHaveLength(2);

    const again = await fileWork(w.table, NOW);

    expect(again).toMatchObject({ leadsRead: 1, quotePointers: 2 });
    expect(await pointers()).toEqual(once);
  });

  it('counts and skips a lead it cannot read, and files the others', async () => {
    await w.table.client.send(
      new PutCommand({
        TableName: w.table.tableName,
        Item: { pk: `${KEY_PREFIXES.lead}broken`, sk: 'LEAD', submissionId: 'broken' },
      }),
    );
    await forgetPointers();
    // The unreadable lead's metric line (parseLead counts it).
    const metrics = vi.spyOn(console, 'log').mockImplementation(() => undefined);

    const report = await fileWork(w.table, NOW);

    metrics.mockRestore();
    expect(report).toEqual({ leadsRead: 2, unreadable: 1, offerPointers: 2, quotePointers: 0 });
    expect((await workOf(w.a)).offers).toHaveLength(1);
  });
});
