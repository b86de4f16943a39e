import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addressHash,
  claimUploadBatch,
  countDailyConfirmation,
  getUploadBatch,
  reserveConfirmation,
  UPLOAD_BATCH_RETRIES,
} from './abuse-counters';
import type { LeadTable } from './table-handle';
import { startStoreTestTable } from '../../../test/support/testing-leads';
import type { StoreTestTable } from '../../../test/support/testing-leads';

let store: StoreTestTable;
let table: LeadTable;

beforeAll(async () => {
  store = await startStoreTestTable();
  ({ table } = store);
});

afterAll(() => store.close());

describe('confirmations per address', () => {
  it('hashes an address by its inbox: case, spaces, +tag and Gmail spellings', () => {
    expect(addressHash('ANN+x@example.com')).toBe(addressHash('ann@example.com'));
    expect(addressHash('A.nn+x@GoogleMail.com')).toBe(addressHash('ann@gmail.com'));
    expect(addressHash('a.nn@example.com')).not.toBe(addressHash('ann@example.com'));
    expect(addressHash('ann@example.com')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('grants 3 in any rolling 24 hours, across spellings of the address', async () => {
    const address = `flood.${randomUUID().slice(0, 8)}@example.com`;
    const spellings = [address, address.toUpperCase(), address.replace('@', '+a@'), ` ${address}`];
    const t0 = Date.parse('2026-05-01T12:00:00Z');
    const results = [];
    for (const [i, spelling] of spellings.entries()) {
      results.push(await reserveConfirmation(table, spelling, new Date(t0 + i * 60_000)));
    }
    expect(results).toEqual(['granted', 'granted', 'granted', 'limit']);
    // 24 hours after the first, one slot frees up; the window rolls, it does not reset.
    expect(await reserveConfirmation(table, address, new Date(t0 + 24 * 3600_000 + 1))).toBe(
      'granted',
    );
    expect(await reserveConfirmation(table, address, new Date(t0 + 24 * 3600_000 + 2))).toBe(
      'limit',
    );
  });

  it('answers 20 concurrent requests for one address without an error, and grants at most 3', async () => {
    const address = `race.${randomUUID().slice(0, 8)}@example.com`;
    const now = new Date('2026-05-02T12:00:00Z');
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        reserveConfirmation(table, address, now).catch(() => 'error'),
      ),
    );
    expect(results).not.toContain('error');
    const granted = results.filter((r) => r === 'granted').length;
    expect(granted).toBeGreaterThanOrEqual(1);
    expect(granted).toBeLessThanOrEqual(3);
  });

  it('stores only a hash of the address', async () => {
    const address = `hash.${randomUUID().slice(0, 8)}@example.com`;
    await reserveConfirmation(table, address, new Date());
    const item = await table.client.send(
      new GetCommand({
        TableName: table.tableName,
        Key: { pk: `CONFIRM#${addressHash(address)}`, sk: 'WINDOW' },
      }),
    );
    expect(JSON.stringify(item.Item)).not.toContain(address);
    expect(item.Item?.sentAt).toHaveLength(1);
  });
});

describe('daily cap', () => {
  it('counts up to the cap per UTC day, then refuses', async () => {
    const day = new Date('2031-01-01T08:00:00Z');
    const outcomes = [];
    for (let i = 0; i < 4; i += 1) outcomes.push(await countDailyConfirmation(table, day, 3));
    expect(outcomes).toEqual([
      { outcome: 'granted', count: 1 },
      { outcome: 'granted', count: 2 },
      { outcome: 'granted', count: 3 },
      { outcome: 'daily-cap' },
    ]);
    expect(await countDailyConfirmation(table, new Date('2031-01-02T00:00:00Z'), 3)).toEqual({
      outcome: 'granted',
      count: 1,
    });
  });
});

describe('upload batches', () => {
  const photo = (size: number) => ({ kind: 'photo' as const, contentType: 'image/jpeg', size });

  it('allows one batch, then only retries of its own files, three times', async () => {
    const id = randomUUID();
    const now = new Date('2026-06-01T00:00:00Z');
    expect(await claimUploadBatch(table, id, [photo(100), photo(200)], now)).toEqual({
      outcome: 'first',
    });
    // A new file, or more copies of one, is not a retry.
    expect(await claimUploadBatch(table, id, [photo(300)], now)).toEqual({
      outcome: 'refused',
      reason: 'not-in-batch',
    });
    expect(await claimUploadBatch(table, id, [photo(100), photo(100)], now)).toEqual({
      outcome: 'refused',
      reason: 'not-in-batch',
    });
    expect(await claimUploadBatch(table, id, [photo(200)], now)).toEqual({
      outcome: 'retry',
      retriesLeft: 2,
    });
    await claimUploadBatch(table, id, [photo(200)], now);
    await claimUploadBatch(table, id, [photo(100), photo(200)], now);
    expect(await claimUploadBatch(table, id, [photo(200)], now)).toEqual({
      outcome: 'refused',
      reason: 'retries-used',
    });
    expect(await getUploadBatch(table, id)).toMatchObject({ retries: 3 });
  });

  it('lets only one of two concurrent first batches through as the batch', async () => {
    const id = randomUUID();
    const now = new Date();
    const [a, b] = await Promise.all([
      claimUploadBatch(table, id, [photo(1)], now),
      claimUploadBatch(table, id, [photo(2)], now),
    ]);
    expect([a.outcome, b.outcome].sort()).toEqual(['first', 'refused']);
  });

  it('counts 20 concurrent retries of one batch without an error: 3 retries, the rest refused', async () => {
    const id = randomUUID();
    const now = new Date();
    await claimUploadBatch(table, id, [photo(7)], now);
    const claims = await Promise.all(
      Array.from({ length: 20 }, () =>
        claimUploadBatch(table, id, [photo(7)], now).catch(() => ({ outcome: 'error' })),
      ),
    );
    const outcomes = claims.map((c) => c.outcome);
    expect(outcomes.filter((o) => o === 'retry')).toHaveLength(UPLOAD_BATCH_RETRIES);
    expect(outcomes.filter((o) => o === 'refused')).toHaveLength(20 - UPLOAD_BATCH_RETRIES);
    const left = claims.flatMap((c) => ('retriesLeft' in c ? [c.retriesLeft] : []));
    expect(left.sort()).toEqual([0, 1, 2]);
  });
});

describe('a write that keeps losing its race', () => {
  // A table where every conditional write loses: what a flood on one key looks like at its worst.
  const alwaysLosing = (item: Record<string, unknown>): LeadTable => ({
    tableName: 'leads',
    client: {
      send: (command: unknown) =>
        command instanceof GetCommand
          ? Promise.resolve({ Item: item })
          : Promise.reject(
              Object.assign(new Error('lost'), { name: 'ConditionalCheckFailedException' }),
            ),
    } as unknown as LeadTable['client'],
  });

  it('withholds the confirmation instead of failing the booking', async () => {
    const table = alwaysLosing({ sentAt: [], revision: 4 });
    expect(await reserveConfirmation(table, 'a@example.com', new Date())).toBe('limit');
  });

  it('refuses the upload batch instead of failing the request', async () => {
    const table = alwaysLosing({
      files: [{ kind: 'photo', contentType: 'image/jpeg', size: 7 }],
      retries: 0,
    });
    expect(
      await claimUploadBatch(
        table,
        randomUUID(),
        [{ kind: 'photo', contentType: 'image/jpeg', size: 7 }],
        new Date(),
      ),
    ).toEqual({
      outcome: 'refused',
      reason: 'retries-used',
    });
  });
});
