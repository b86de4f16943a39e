/**
 * Coverage items against a real dynalite: in and out after each change, the lookup as one Query,
 * forget, racing writers; and the batch writer's retries against a scripted client.
 */
import { BatchWriteCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { coveredZips } from './coverage';
import { batchWriteAll, coverageIsCurrent, findCoveringHaulers } from './coverage-store';
import {
  approveHauler,
  changeHaulerDetails,
  coverageSpecOf,
  followCoverage,
  forgetHauler,
  getHauler,
  pauseHauler,
  removeHauler,
  resumeHauler,
} from './hauler-store';
import type { LeadTable } from '../runtime/table-handle';
import { haulerIn, itemsOf } from '../../../test/support/testing-haulers';
import { startTestLeadTable } from '../../../test/support/testing-leads';
import type { TestLeadTable } from '../../../test/support/testing-leads';
import { KEY_PREFIXES } from '#contract/core/table-keys';

let dynamo: TestLeadTable;
let table: LeadTable;

beforeAll(async () => {
  dynamo = await startTestLeadTable();
});

beforeEach(async () => {
  table = await dynamo.freshTable();
});

afterAll(async () => {
  await dynamo.close();
});

const NOW = new Date('2026-11-24T15:00:00Z');
const PHOENIX = '85001';
const SCOTTSDALE = '85257'; // 9.2 miles from 85001
const MESA = '85201'; // 13.1 miles

const covering = async (zip: string) =>
  (await findCoveringHaulers(table, zip)).map((hauler) => hauler.haulerId);

/** The ZIPs the hauler has items under, against what its base and radius say. */
async function expectCoverage(haulerId: string, radiusMiles: number | undefined) {
  const { coverage } = await itemsOf(table, haulerId);
  const expected = radiusMiles === undefined ? [] : await coveredZips(PHOENIX, radiusMiles);
  expect([...coverage.keys()].sort()).toEqual(expected.map((zip) => zip.zipCode).sort());
  for (const zip of expected) expect(coverage.get(zip.zipCode)).toBe(zip.distanceMiles);
}

describe('coverage follows the hauler', () => {
  it('appears on approval: one item per covered ZIP with its distance', async () => {
    const hauler = await haulerIn(table, 'active', NOW, { serviceRadiusMiles: 10 });
    await expectCoverage(hauler.haulerId, 10);
    expect(await findCoveringHaulers(table, SCOTTSDALE)).toEqual([
      { haulerId: hauler.haulerId, distanceMiles: 9.2 },
    ]);
    expect(await covering(MESA)).toEqual([]);
  });

  it('never exists before approval', async () => {
    for (const status of ['applied', 'pending-review', 'rejected', 'removed'] as const) {
      const hauler = await haulerIn(table, status, NOW);
      expect((await itemsOf(table, hauler.haulerId)).coverage.size).toBe(0);
    }
  });

  it('grows and shrinks with the radius', async () => {
    const { haulerId } = await haulerIn(table, 'active', NOW, { serviceRadiusMiles: 10 });
    const grown = await changeHaulerDetails(table, haulerId, {
      now: NOW,
      details: { serviceRadiusMiles: 25 },
    });
    expect(grown).toMatchObject({ coverage: { outcome: 'written', zips: 180, added: 97 } });
    await expectCoverage(haulerId, 25);
    expect(await findCoveringHaulers(table, MESA)).toEqual([{ haulerId, distanceMiles: 13.1 }]);
    const shrunk = await changeHaulerDetails(table, haulerId, {
      now: NOW,
      details: { serviceRadiusMiles: 10 },
    });
    expect(shrunk).toMatchObject({ coverage: { outcome: 'written', added: 0, removed: 97 } });
    await expectCoverage(haulerId, 10);
  });

  it('is left alone by a change of phone', async () => {
    const { haulerId } = await haulerIn(table, 'active', NOW, { serviceRadiusMiles: 10 });
    const result = await changeHaulerDetails(table, haulerId, {
      now: NOW,
      details: { phone: '602-555-0100' },
    });
    expect(result).toMatchObject({ ok: true, changed: true });
    expect(result).not.toHaveProperty('coverage');
    await expectCoverage(haulerId, 10);
  });

  it('goes on pause, comes back on resume, at the radius chosen meanwhile', async () => {
    const { haulerId } = await haulerIn(table, 'active', NOW, { serviceRadiusMiles: 10 });
    await pauseHauler(table, haulerId, { now: NOW, until: '2026-12-01' });
    await expectCoverage(haulerId, undefined);
    expect(await covering(PHOENIX)).toEqual([]);
    await changeHaulerDetails(table, haulerId, { now: NOW, details: { serviceRadiusMiles: 25 } });
    await expectCoverage(haulerId, undefined);
    await resumeHauler(table, haulerId, { now: NOW });
    await expectCoverage(haulerId, 25);
  });

  it('goes on removal', async () => {
    const { haulerId } = await haulerIn(table, 'active', NOW, { serviceRadiusMiles: 10 });
    await removeHauler(table, haulerId, { now: NOW });
    await expectCoverage(haulerId, undefined);
  });

  it('is finished by a retry when the change was cut short before its coverage', async () => {
    const hauler = await haulerIn(table, 'pending-review', NOW);
    // The status written as a change would, the coverage never: a Lambda that died in between.
    await table.client.send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: { pk: `${KEY_PREFIXES.hauler}${hauler.haulerId}`, sk: 'PROFILE' },
        UpdateExpression: 'SET #status = :active',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':active': 'active' },
      }),
    );
    const retry = await approveHauler(table, hauler.haulerId, {
      now: NOW,
      insuranceExpiresOn: '2027-06-30',
    });
    expect(retry).toMatchObject({ ok: true, changed: false, coverage: { outcome: 'written' } });
    await expectCoverage(hauler.haulerId, 25);
  });
});

describe('the lookup', () => {
  it('lists every active hauler covering the ZIP, nearest first', async () => {
    const near = await haulerIn(table, 'active', NOW, { baseZipCode: '85004' });
    const here = await haulerIn(table, 'active', NOW, { baseZipCode: PHOENIX });
    const far = await haulerIn(table, 'active', NOW, { baseZipCode: '85201' });
    await haulerIn(table, 'paused', NOW, { baseZipCode: PHOENIX });
    const found = await findCoveringHaulers(table, PHOENIX);
    expect(found.map((hauler) => hauler.haulerId)).toEqual([
      here.haulerId,
      near.haulerId,
      far.haulerId,
    ]);
    expect(found[0]?.distanceMiles).toBe(0);
  });

  it('is one Query on the ZIP’s partition, never a scan', async () => {
    await haulerIn(table, 'active', NOW);
    const sent: unknown[] = [];
    const client = new Proxy(table.client, {
      get: (target, property) =>
        property === 'send'
          ? (command: unknown) => {
              sent.push(command);
              return target.send(command as never);
            }
          : Reflect.get(target, property),
    }) as DynamoDBDocumentClient;
    await findCoveringHaulers({ client, tableName: table.tableName }, '85001-1234');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toBeInstanceOf(QueryCommand);
    expect((sent[0] as QueryCommand).input).toMatchObject({
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': 'COVER#85001' },
    });
  });

  it('refuses something that is not a ZIP code', async () => {
    await expect(findCoveringHaulers(table, '85001 OR 1=1')).rejects.toThrow(TypeError);
  });
});

describe('forget', () => {
  it('leaves nothing of the hauler in the table', async () => {
    const hauler = await haulerIn(table, 'active', NOW, { serviceRadiusMiles: 50 });
    expect((await itemsOf(table, hauler.haulerId)).coverage.size).toBe(238);
    const result = await forgetHauler(table, hauler.haulerId);
    expect(result).toEqual({ hauler, coverageRemoved: 238 });
    expect(await itemsOf(table, hauler.haulerId)).toEqual({ own: [], coverage: new Map() });
  });

  it('answers a hauler it never knew', async () => {
    expect(await forgetHauler(table, '00000000-0000-4000-8000-000000000000')).toEqual({
      hauler: undefined,
      coverageRemoved: 0,
    });
  });
});

describe('racing coverage writers', () => {
  it('end on the coverage of the profile as it finally is', async () => {
    const { haulerId } = await haulerIn(table, 'active', NOW, { serviceRadiusMiles: 10 });
    // No expected version: each change applies to whatever the hauler is when it lands.
    await Promise.all([
      changeHaulerDetails(table, haulerId, { now: NOW, details: { serviceRadiusMiles: 50 } }),
      pauseHauler(table, haulerId, { now: NOW, until: '2026-12-01' }),
      changeHaulerDetails(table, haulerId, { now: NOW, details: { serviceRadiusMiles: 25 } }),
      resumeHauler(table, haulerId, { now: NOW }),
      changeHaulerDetails(table, haulerId, { now: NOW, details: { serviceRadiusMiles: 100 } }),
    ]);
    const final = await getHauler(table, haulerId);
    const spec = coverageSpecOf(final);
    expect(await coverageIsCurrent(table, haulerId, spec)).toBe(true);
    await expectCoverage(haulerId, spec?.radiusMiles);
  });

  it('leave no coverage behind a pause that lands while a radius change is being written', async () => {
    const { haulerId } = await haulerIn(table, 'active', NOW, { serviceRadiusMiles: 10 });
    // The radius change's writes wait at a gate until the pause has been written.
    let reachGate!: () => void;
    let openGate!: () => void;
    const reached = new Promise<void>((resolve) => (reachGate = resolve));
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    const client = new Proxy(table.client, {
      get: (target, property) =>
        property === 'send'
          ? async (command: unknown) => {
              if (command instanceof BatchWriteCommand) {
                reachGate();
                await gate;
              }
              return target.send(command as never);
            }
          : Reflect.get(target, property),
    }) as DynamoDBDocumentClient;
    const radiusChange = changeHaulerDetails({ client, tableName: table.tableName }, haulerId, {
      now: NOW,
      details: { serviceRadiusMiles: 50 },
    });
    await reached;
    const pause = await pauseHauler(table, haulerId, { now: NOW, until: '2026-12-01' });
    expect(pause).toMatchObject({ ok: true, coverage: { outcome: 'in-flight' } });
    openGate();
    expect(await radiusChange).toMatchObject({ ok: true, coverage: { outcome: 'written' } });
    await expectCoverage(haulerId, undefined);
    expect(await coverageIsCurrent(table, haulerId, undefined)).toBe(true);
  });

  it('redo in full a pass that died between listing its ZIPs and writing their items', async () => {
    const { haulerId } = await haulerIn(table, 'active', NOW, { serviceRadiusMiles: 10 });
    const wider = (await coveredZips(PHOENIX, 25)).map((zip) => zip.zipCode);
    // Radius 25 stored and its ZIPs listed, then the writer died: no item of the wider ring.
    await table.client.send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: { pk: `${KEY_PREFIXES.hauler}${haulerId}`, sk: 'PROFILE' },
        UpdateExpression: 'SET serviceRadiusMiles = :radius',
        ExpressionAttributeValues: { ':radius': 25 },
      }),
    );
    await table.client.send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: { pk: `${KEY_PREFIXES.hauler}${haulerId}`, sk: 'COVERAGE' },
        UpdateExpression: 'SET zips = :zips, spec = :spec, written = :written',
        ExpressionAttributeValues: { ':zips': wider, ':spec': null, ':written': false },
      }),
    );
    await expectCoverage(haulerId, 10);
    expect(await followCoverage(table, haulerId)).toMatchObject({ outcome: 'written', added: 180 });
    await expectCoverage(haulerId, 25);
  });

  it('take over a claim left by a writer that died, after two minutes', async () => {
    const { haulerId } = await haulerIn(table, 'pending-review', NOW);
    const claimAt = async (claimedAt: number) =>
      table.client.send(
        new UpdateCommand({
          TableName: table.tableName,
          Key: { pk: `${KEY_PREFIXES.hauler}${haulerId}`, sk: 'COVERAGE' },
          UpdateExpression: 'SET claimToken = :token, claimedAt = :at',
          ExpressionAttributeValues: { ':token': 'dead-writer', ':at': claimedAt },
        }),
      );
    await claimAt(Date.now());
    const approved = await approveHauler(table, haulerId, {
      now: NOW,
      insuranceExpiresOn: '2027-06-30',
    });
    expect(approved).toMatchObject({ ok: true, changed: true, coverage: { outcome: 'in-flight' } });
    await expectCoverage(haulerId, undefined);
    await claimAt(Date.now() - 2 * 60_000 - 1);
    expect(await followCoverage(table, haulerId)).toMatchObject({ outcome: 'written', zips: 180 });
    await expectCoverage(haulerId, 25);
  });
});

describe('batchWriteAll', () => {
  /** A client that leaves the first `unprocessed` requests of each call unprocessed, `times` times. */
  function scriptedClient(times: number, unprocessed = 3) {
    const calls: number[] = [];
    const client = {
      send: async (command: BatchWriteCommand) => {
        const requests = command.input.RequestItems!.t!;
        calls.push(requests.length);
        const left = calls.length <= times ? requests.slice(0, unprocessed) : [];
        return { UnprocessedItems: left.length > 0 ? { t: left } : {} };
      },
    } as unknown as DynamoDBDocumentClient;
    return { table: { client, tableName: 't' }, calls };
  }

  const puts = (count: number) =>
    Array.from({ length: count }, (_, i) => ({ PutRequest: { Item: { pk: `P${i}`, sk: 'S' } } }));

  it('sends at most 25 requests in one BatchWrite', async () => {
    const { table: scripted, calls } = scriptedClient(0);
    await batchWriteAll(scripted, puts(60), 0);
    expect(calls.sort((a, b) => b - a)).toEqual([25, 25, 10]);
  });

  it('sends unprocessed items again until they are written', async () => {
    const { table: scripted, calls } = scriptedClient(2);
    await batchWriteAll(scripted, puts(10), 0);
    expect(calls).toEqual([10, 3, 3]);
  });

  it('gives up with an error after eight attempts', async () => {
    const { table: scripted, calls } = scriptedClient(Infinity);
    await expect(batchWriteAll(scripted, puts(5), 0)).rejects.toThrow(
      'BatchWrite left 3 items unprocessed after 8 attempts',
    );
    expect(calls).toHaveLength(8);
  });
});
