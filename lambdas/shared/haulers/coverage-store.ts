// Coverage items, one per (covered ZIP, active hauler): "who covers 85001" is one Query on one
// partition (decision 030). `syncCoverage` brings them to the profile, one writer at a time.
import { randomUUID } from 'node:crypto';
import { BatchWriteCommand, DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { BatchWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { coveredZips } from './coverage';
import { coverageManifestFromItem, coveringHaulerFromItem } from '../models/coverage-model';
import type {
  CoverageManifest as Manifest,
  CoverageSpec,
  CoveringHauler,
} from '../models/coverage-model';
import { allItems, queryItems } from '../runtime/paged-query';
import { conditionalWrite, unlessConditionFailed } from '../runtime/table-handle';
import type { LeadTable } from '../runtime/table-handle';
import { KEY_PREFIXES } from '#contract/core/table-keys';

export type CoverageSync =
  /** Items added and removed in this call; `zips` is how many the hauler covers now. */
  | { outcome: 'written'; zips: number; added: number; removed: number }
  | { outcome: 'current' }
  /** Another call holds the hauler's coverage; it checks the profile again before it lets go. */
  | { outcome: 'in-flight' };

const coverageKey = (zipCode: string, haulerId: string) => ({
  pk: `${KEY_PREFIXES.coverage}${zipCode}`,
  sk: haulerId,
});

/** Beside the profile: the ZIPs this hauler may have items under, and who is writing them. */
const manifestKey = (haulerId: string) => ({
  pk: `${KEY_PREFIXES.hauler}${haulerId}`,
  sk: 'COVERAGE',
});

/** Nearest first; eventually consistent, so check the profile before offering a job. */
export async function findCoveringHaulers(
  table: LeadTable,
  zipCode: string,
): Promise<CoveringHauler[]> {
  if (!/^\d{5}(-\d{4})?$/.test(zipCode)) throw new TypeError(`Not a ZIP code: ${zipCode}`);
  const items = queryItems(table, {
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': coverageKey(zipCode.slice(0, 5), '').pk },
    ProjectionExpression: 'pk, sk, miles',
  });
  const haulers = (await allItems(items)).map(coveringHaulerFromItem);
  return haulers.sort(
    (a, b) => a.distanceMiles - b.distanceMiles || a.haulerId.localeCompare(b.haulerId),
  );
}

type WriteRequest = NonNullable<BatchWriteCommandInput['RequestItems']>[string][number];

const BATCH_SIZE = 25;
const BATCHES_AT_ONCE = 4;
const BATCH_ATTEMPTS = 8;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Unprocessed items are sent again with growing pauses; throws if some are left after that. */
export async function batchWriteAll(
  table: LeadTable,
  requests: readonly WriteRequest[],
  retryBaseMs = 50,
): Promise<void> {
  const batches: WriteRequest[][] = [];
  for (let i = 0; i < requests.length; i += BATCH_SIZE) {
    batches.push(requests.slice(i, i + BATCH_SIZE));
  }
  const writeBatch = async (batch: WriteRequest[]) => {
    let pending = batch;
    for (let attempt = 0; attempt < BATCH_ATTEMPTS; attempt += 1) {
      if (attempt > 0) await sleep(retryBaseMs * 2 ** (attempt - 1));
      const result = await table.client.send(
        new BatchWriteCommand({ RequestItems: { [table.tableName]: pending } }),
      );
      pending = result.UnprocessedItems?.[table.tableName] ?? [];
      if (pending.length === 0) return;
    }
    throw new Error(
      `BatchWrite left ${pending.length} items unprocessed after ${BATCH_ATTEMPTS} attempts`,
    );
  };
  let next = 0;
  const worker = async () => {
    while (next < batches.length) await writeBatch(batches[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(BATCHES_AT_ONCE, batches.length) }, worker));
}

/** A claim older than this is from a call that died mid-write and may be taken over. */
const CLAIM_STALE_MS = 2 * 60_000;
const SYNC_ROUNDS = 5;

async function readManifest(table: LeadTable, haulerId: string): Promise<Manifest> {
  const read = await table.client.send(
    new GetCommand({
      TableName: table.tableName,
      Key: manifestKey(haulerId),
      ConsistentRead: true,
    }),
  );
  // No list, no items: the list is written before any item and deleted after the last.
  return read.Item === undefined
    ? { zips: [], spec: null, written: true }
    : coverageManifestFromItem(read.Item);
}

async function claim(
  table: LeadTable,
  haulerId: string,
  token: string,
  now: number,
): Promise<Manifest | undefined> {
  const result = await conditionalWrite(
    table.client.send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: manifestKey(haulerId),
        UpdateExpression: 'SET claimToken = :token, claimedAt = :now',
        ConditionExpression: 'attribute_not_exists(claimToken) OR claimedAt < :stale',
        ExpressionAttributeValues: { ':token': token, ':now': now, ':stale': now - CLAIM_STALE_MS },
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  let manifest: Manifest;
  if (result.applied) manifest = coverageManifestFromItem(result.output.Attributes!);
  else {
    // Refused on the SDK's retry: its own first attempt, applied but unheard, when the manifest
    // holds this call's token (decision 042).
    if (!result.retried) return undefined;
    const stored = await readManifest(table, haulerId);
    if (stored.claimToken !== token) return undefined;
    manifest = stored;
  }
  // Created by this claim: no list, so no items.
  return manifest.zips === undefined
    ? { ...manifest, zips: [], spec: null, written: true }
    : manifest;
}

async function recordManifest(
  table: LeadTable,
  haulerId: string,
  token: string,
  manifest: Required<Pick<Manifest, 'zips' | 'spec' | 'written'>>,
): Promise<boolean> {
  const recorded = await unlessConditionFailed(
    table.client.send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: manifestKey(haulerId),
        UpdateExpression: 'SET zips = :zips, spec = :spec, written = :written',
        ConditionExpression: 'claimToken = :token',
        ExpressionAttributeValues: { ...prefixed(manifest), ':token': token },
      }),
    ),
  );
  return recorded !== undefined;
}

const prefixed = (values: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(values).map(([name, value]) => [`:${name}`, value]));

async function release(table: LeadTable, haulerId: string, token: string): Promise<void> {
  // Not ours any more (taken over as stale): nothing to give back.
  await unlessConditionFailed(
    table.client.send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: manifestKey(haulerId),
        UpdateExpression: 'REMOVE claimToken, claimedAt',
        ConditionExpression: 'claimToken = :token',
        ExpressionAttributeValues: { ':token': token },
      }),
    ),
  );
}

function sameSpec(a: CoverageSpec | null | undefined, b: CoverageSpec | undefined): boolean {
  if (a == null || b === undefined) return a == null && b === undefined;
  return a.baseZipCode === b.baseZipCode && a.radiusMiles === b.radiusMiles;
}

const isCurrent = (manifest: Manifest, spec: CoverageSpec | undefined): boolean =>
  manifest.written === true && sameSpec(manifest.spec, spec);

/** One pass under the claim: the items brought from what `manifest` lists to `spec`. */
async function writePass(
  table: LeadTable,
  haulerId: string,
  token: string,
  manifest: Manifest,
  spec: CoverageSpec | undefined,
): Promise<CoverageSync | 'lost-claim'> {
  if (isCurrent(manifest, spec)) return { outcome: 'current' };
  const target = spec === undefined ? [] : await coveredZips(spec.baseZipCode, spec.radiusMiles);
  const targetZips = new Set(target.map((zip) => zip.zipCode));
  const listed = manifest.zips ?? [];
  const listedZips = new Set(listed);
  // After an interrupted pass the listed ZIPs may lack their items; distances depend on the base.
  const keep = manifest.written === true && manifest.spec?.baseZipCode === spec?.baseZipCode;
  const puts = target.filter((zip) => !(keep && listedZips.has(zip.zipCode)));
  const deletes = listed.filter((zipCode) => !targetZips.has(zipCode));
  // Listed before written: a pass that dies midway leaves no item the manifest does not name.
  const union = [...new Set([...listed, ...targetZips])];
  if (
    !(await recordManifest(table, haulerId, token, { zips: union, spec: null, written: false }))
  ) {
    return 'lost-claim';
  }
  await batchWriteAll(table, [
    ...puts.map((zip) => ({
      PutRequest: { Item: { ...coverageKey(zip.zipCode, haulerId), miles: zip.distanceMiles } },
    })),
    ...deletes.map((zipCode) => ({ DeleteRequest: { Key: coverageKey(zipCode, haulerId) } })),
  ]);
  const done = { zips: [...targetZips], spec: spec ?? null, written: true };
  if (!(await recordManifest(table, haulerId, token, done))) return 'lost-claim';
  return { outcome: 'written', zips: targetZips.size, added: puts.length, removed: deletes.length };
}

/**
 * Brings a hauler's coverage items to `readSpec()` (read afresh each round). One call writes at a
 * time: a call that finds another writing answers 'in-flight', and the writer reads the spec again
 * after letting go, so the last change is always written.
 */
export async function syncCoverage(
  table: LeadTable,
  haulerId: string,
  readSpec: () => Promise<CoverageSpec | undefined>,
  now: () => number = Date.now,
): Promise<CoverageSync> {
  let written: Extract<CoverageSync, { outcome: 'written' }> | undefined;
  for (let round = 0; round < SYNC_ROUNDS; round += 1) {
    const token = randomUUID();
    const manifest = await claim(table, haulerId, token, now());
    if (manifest === undefined) return { outcome: 'in-flight' };
    const spec = await readSpec();
    let pass: CoverageSync | 'lost-claim';
    try {
      pass = await writePass(table, haulerId, token, manifest, spec);
    } finally {
      await release(table, haulerId, token);
    }
    if (pass === 'lost-claim') return { outcome: 'in-flight' };
    if (pass.outcome === 'written') {
      written = {
        outcome: 'written',
        zips: pass.zips,
        added: (written?.added ?? 0) + pass.added,
        removed: (written?.removed ?? 0) + pass.removed,
      };
    }
    // A change that found the claim taken relies on this check, made after letting go.
    if (sameSpec(spec, await readSpec())) return written ?? { outcome: 'current' };
  }
  // Changed on every round: the last writer's own check brings it the rest of the way.
  return { outcome: 'in-flight' };
}

/** True when the hauler's items match `spec` and nobody is writing them. */
export async function coverageIsCurrent(
  table: LeadTable,
  haulerId: string,
  spec: CoverageSpec | undefined,
): Promise<boolean> {
  const manifest = await readManifest(table, haulerId);
  return manifest.claimToken === undefined && isCurrent(manifest, spec);
}

const FORGET_WAIT_MS = 250;
const FORGET_ATTEMPTS = (CLAIM_STALE_MS / FORGET_WAIT_MS) * 2;

/**
 * Deletes all of a hauler's coverage items and then their list, once its profile is gone: waits
 * for a write in flight (up to twice a claim's life) rather than race it. Returns how many went.
 */
export async function forgetCoverage(table: LeadTable, haulerId: string): Promise<number> {
  let removed = 0;
  for (let attempt = 0; attempt < FORGET_ATTEMPTS; attempt += 1) {
    const sync = (await coverageIsCurrent(table, haulerId, undefined))
      ? ({ outcome: 'current' } as const)
      : await syncCoverage(table, haulerId, async () => undefined);
    if (sync.outcome === 'written') removed += sync.removed;
    if (sync.outcome !== 'in-flight') {
      const deleted = await unlessConditionFailed(
        table.client.send(
          new DeleteCommand({
            TableName: table.tableName,
            Key: manifestKey(haulerId),
            ConditionExpression: 'attribute_not_exists(claimToken)',
          }),
        ),
      );
      if (deleted !== undefined) return removed;
    }
    await sleep(FORGET_WAIT_MS);
  }
  throw new Error(`The coverage of hauler ${haulerId} stayed claimed; forget it again later`);
}
