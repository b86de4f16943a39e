// Haulers' profiles on the lead table (decision 030). Every change is decided by the contract's
// status machine and written conditioned on the status and version read, so of two racing changes
// one wins and the other is answered, never thrown. Coverage follows each change that moves it.
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { coverageIsCurrent, forgetCoverage, syncCoverage } from './coverage-store';
import type { CoverageSync } from './coverage-store';
import type { CoverageSpec } from '../models/coverage-model';
import { haulerFromItem } from '../models/hauler-model';
import { rawString, unlessUnreadable } from '../runtime/stored-item';
import type { Hauler } from '../models/hauler-model';
import {
  deleteEmailIndex,
  forgetCertificateDue,
  forgetHaulerPartition,
  putEmailIndex,
  recordCertificateDue,
  setEmailIndexExpiry,
} from './hauler-indexes';
import {
  DAY_MS,
  conditionalWrite,
  epochSeconds,
  unlessConditionFailed,
} from '../runtime/table-handle';
import type { LeadTable } from '../runtime/table-handle';
import { writeTogether } from '../runtime/table-transactions';
import type { TransactItem } from '../runtime/table-transactions';
import { utcToday } from '#contract/core/calendar-date';
import { decideHaulerChange, hasCoverage } from '#contract/haulers/hauler-status';
import type { HaulerEvent } from '#contract/haulers/hauler-status';
import { HAULER_LIMITS, insuranceExpiryError, pauseUntilError } from '#contract/haulers/haulers';
import type {
  HaulerApplicationRequest,
  HaulerDetailsChange,
} from '#contract/haulers/hauler-schemas';
import { DEFAULT_LEAD_RETENTION_DAYS, KEY_PREFIXES } from '#contract/core/table-keys';

export const haulerKey = (haulerId: string) => ({
  pk: `${KEY_PREFIXES.hauler}${haulerId}`,
  sk: 'PROFILE',
});

export function newHauler(application: HaulerApplicationRequest, now: Date): Hauler {
  const at = now.toISOString();
  const { applicationId, insuranceCertificate, licenceNumber } = application;
  const { businessName, name, email, phone, baseZipCode, serviceRadiusMiles, truck } = application;
  return {
    haulerId: applicationId,
    status: 'applied',
    businessName,
    name,
    email,
    phone,
    baseZipCode,
    serviceRadiusMiles,
    truck,
    ...(licenceNumber ? { licenceNumber } : {}),
    certificate: insuranceCertificate,
    appliedAt: at,
    updatedAt: at,
    history: [{ event: 'apply', status: 'applied', at }],
    version: 1,
    linkVersion: 1,
    expiresAt: epochSeconds(now.getTime() + HAULER_LIMITS.confirmLinkDays * DAY_MS),
  };
}

/** A conditional put: never overwrites an application with the same id. */
export async function createHauler(
  table: LeadTable,
  hauler: Hauler,
  /** Items stored with the hauler or not at all: the emails it owes (decision 059). */
  beside: readonly Record<string, unknown>[] = [],
): Promise<{ outcome: 'created' | 'exists'; hauler: Hauler }> {
  await putEmailIndex(table, hauler.email, hauler.haulerId, hauler.expiresAt);
  const put = {
    TableName: table.tableName,
    Item: { ...haulerKey(hauler.haulerId), ...hauler },
    ConditionExpression: 'attribute_not_exists(pk)',
  };
  const created =
    beside.length > 0
      ? (await writeTogether(table, { Put: put }, beside)) === 'written'
      : (await unlessConditionFailed(table.client.send(new PutCommand(put)))) !== undefined;
  if (created) return { outcome: 'created', hauler };
  const existing = await getHauler(table, hauler.haulerId);
  if (existing === undefined) throw new Error('Hauler vanished between its put and its read');
  return { outcome: 'exists', hauler: existing };
}

/** Strongly consistent. */
export async function getHauler(table: LeadTable, haulerId: string): Promise<Hauler | undefined> {
  const read = await table.client.send(
    new GetCommand({ TableName: table.tableName, Key: haulerKey(haulerId), ConsistentRead: true }),
  );
  return read.Item === undefined ? undefined : haulerFromItem(read.Item);
}

export function coverageSpecOf(hauler: Hauler | undefined): CoverageSpec | undefined {
  if (hauler === undefined || !hasCoverage(hauler.status)) return undefined;
  return { baseZipCode: hauler.baseZipCode, radiusMiles: hauler.serviceRadiusMiles };
}

export type HaulerChange =
  /** `coverage`: what happened to the coverage items when the change moved them. */
  | { ok: true; changed: true; hauler: Hauler; coverage?: CoverageSync }
  /** Already done (a second press, a retry): nothing written but coverage, if it lagged. */
  | { ok: true; changed: false; hauler: Hauler; coverage: CoverageSync }
  | { ok: false; reason: 'refused'; message: string; hauler: Hauler }
  /** Another press won, or the page was stale: the hauler as it is now. */
  | { ok: false; reason: 'conflict'; hauler: Hauler }
  | { ok: false; reason: 'not-found' };

export interface ChangeOptions {
  now: Date;
  /** The version the page showed: a change made since then is a conflict, not overwritten. */
  expectedVersion?: number;
  /**
   * Items written with the change or not at all (decision 059): the emails it owes, rendered for
   * the hauler as the change will leave it. Called once per attempt of the write.
   */
  beside?: (next: Hauler) => Promise<readonly Record<string, unknown>[]>;
}

interface Write {
  set?: Record<string, unknown>;
  remove?: readonly string[];
  newLink?: boolean;
}

/** An application left unconfirmed past its link's life is as good as deleted. */
const lapsed = (hauler: Hauler, now: Date) =>
  hauler.status === 'applied' &&
  hauler.expiresAt !== undefined &&
  hauler.expiresAt <= epochSeconds(now.getTime());

/** The hauler as a change will leave it, read through the model as the written item will be. */
function nextHauler(
  current: Hauler,
  step: { event: HaulerEvent; to: Hauler['status']; at: string },
  set: Record<string, unknown>,
  write: Write,
): Hauler {
  const next: Record<string, unknown> = {
    ...haulerKey(current.haulerId),
    ...current,
    ...set,
    status: step.to,
    updatedAt: step.at,
    history: [...current.history, { event: step.event, status: step.to, at: step.at }],
    version: current.version + 1,
    ...(write.newLink === true ? { linkVersion: current.linkVersion + 1 } : {}),
  };
  for (const name of write.remove ?? []) delete next[name];
  return haulerFromItem(next);
}

/** A transaction cancelled by a concurrent write that left the profile as read is sent again. */
const TOGETHER_ATTEMPTS = 3;

/**
 * The change with its owed items in one transaction (decision 059): 'written', or the profile
 * as it now is when the condition failed. A transaction returns no item: it is read back.
 */
async function writeChangeTogether(
  table: LeadTable,
  current: Hauler,
  update: NonNullable<TransactItem['Update']>,
  items: readonly Record<string, unknown>[],
): Promise<{ written: boolean; latest: Hauler | undefined }> {
  for (let attempt = 1; ; attempt += 1) {
    const written = (await writeTogether(table, { Update: update }, items)) === 'written';
    const latest = await getHauler(table, current.haulerId);
    const untouched = latest?.version === current.version && latest.status === current.status;
    if (written || !untouched || attempt >= TOGETHER_ATTEMPTS) return { written, latest };
  }
}

async function change(
  table: LeadTable,
  haulerId: string,
  event: HaulerEvent,
  { now, expectedVersion, beside }: ChangeOptions,
  write: Write = {},
): Promise<HaulerChange> {
  const current = await getHauler(table, haulerId);
  if (current === undefined || lapsed(current, now)) return { ok: false, reason: 'not-found' };
  // A write that lifts the insurance pause is the approval of a new certificate itself.
  const lifted = (name: string) => write.remove?.includes(name) === true;
  const decision = decideHaulerChange(current.status, event, {
    pausedForInsurance: current.pausedForInsurance === true && !lifted('pausedForInsurance'),
    pausedForStrike: current.pausedForStrike === true && !lifted('pausedForStrike'),
  });
  if (decision.kind === 'refuse') {
    return { ok: false, reason: 'refused', message: decision.message, hauler: current };
  }
  if (decision.kind === 'already') {
    // A retry after a failure between the write and its coverage finishes the coverage.
    return {
      ok: true,
      changed: false,
      hauler: current,
      coverage: await followCoverage(table, haulerId),
    };
  }
  if (expectedVersion !== undefined && expectedVersion !== current.version) {
    return { ok: false, reason: 'conflict', hauler: current };
  }
  const at = now.toISOString();
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {
    ':to': decision.to,
    ':from': decision.from,
    ':at': at,
    ':entry': [{ event, status: decision.to, at }],
    ':one': 1,
    ':version': current.version,
  };
  const sets = [
    '#status = :to',
    'updatedAt = :at',
    'history = list_append(history, :entry)',
    'version = version + :one',
  ];
  if (write.newLink) sets.push('linkVersion = linkVersion + :one');
  const set = { ...write.set };
  // A deletion date only ever comes sooner: removing an unconfirmed application keeps its week.
  if (typeof set.expiresAt === 'number' && current.expiresAt !== undefined) {
    set.expiresAt = Math.min(set.expiresAt, current.expiresAt);
  }
  Object.entries(set).forEach(([name, value], i) => {
    names[`#s${i}`] = name;
    values[`:s${i}`] = value;
    sets.push(`#s${i} = :s${i}`);
  });
  // The address's item keeps the profile's deletion date: cleared before (a confirmed hauler is
  // never left with an expiring item), set after (never deleted before its profile).
  if (write.remove?.includes('expiresAt') === true && current.expiresAt !== undefined) {
    await setEmailIndexExpiry(table, current.email, haulerId, undefined);
  }
  const removes = (write.remove ?? []).map((name, i) => {
    names[`#r${i}`] = name;
    return `#r${i}`;
  });
  const update = {
    TableName: table.tableName,
    Key: haulerKey(haulerId),
    UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
    ConditionExpression: 'attribute_exists(pk) AND #status = :from AND version = :version',
    ExpressionAttributeNames: { '#status': 'status', ...names },
    ExpressionAttributeValues: values,
  };
  const items =
    beside === undefined
      ? []
      : await beside(nextHauler(current, { event, to: decision.to, at }, set, write));
  let hauler: Hauler;
  if (items.length > 0) {
    const { written, latest } = await writeChangeTogether(table, current, update, items);
    if (latest === undefined) return { ok: false, reason: 'not-found' };
    if (!written) return { ok: false, reason: 'conflict', hauler: latest };
    hauler = latest;
  } else {
    const result = await conditionalWrite(
      table.client.send(new UpdateCommand({ ...update, ReturnValues: 'ALL_NEW' })),
    );
    if (result.applied) hauler = haulerFromItem(result.output.Attributes!);
    else {
      const latest = await getHauler(table, haulerId);
      if (latest === undefined) return { ok: false, reason: 'not-found' };
      // Refused on the SDK's retry: its own first attempt, applied but unheard, when the profile is
      // one version on with this call's entry last in its history (decision 042).
      const last = latest.history.at(-1);
      const own =
        result.retried &&
        latest.version === current.version + 1 &&
        last?.event === event &&
        last.status === decision.to &&
        last.at === at;
      if (!own) return { ok: false, reason: 'conflict', hauler: latest };
      hauler = latest;
    }
  }
  if (typeof set.expiresAt === 'number' && hauler.expiresAt !== current.expiresAt) {
    await setEmailIndexExpiry(table, hauler.email, haulerId, hauler.expiresAt);
  }
  const before = coverageSpecOf(current);
  const after = coverageSpecOf(hauler);
  if (before?.baseZipCode === after?.baseZipCode && before?.radiusMiles === after?.radiusMiles) {
    return { ok: true, changed: true, hauler };
  }
  const coverage = await syncCoverage(table, haulerId, () => currentSpec(table, haulerId));
  return { ok: true, changed: true, hauler, coverage };
}

export { change as changeHauler };

const currentSpec = async (table: LeadTable, haulerId: string) =>
  coverageSpecOf(await getHauler(table, haulerId));

/** For a hauler whose change was cut short: a retry, a scheduled check or an operator. */
export async function followCoverage(table: LeadTable, haulerId: string): Promise<CoverageSync> {
  if (await coverageIsCurrent(table, haulerId, await currentSpec(table, haulerId))) {
    return { outcome: 'current' };
  }
  return syncCoverage(table, haulerId, () => currentSpec(table, haulerId));
}

export async function confirmHaulerEmail(
  table: LeadTable,
  haulerId: string,
  options: ChangeOptions,
) {
  return change(table, haulerId, 'confirm-email', options, {
    set: { emailConfirmedAt: options.now.toISOString() },
    remove: ['expiresAt'],
  });
}

export async function approveHauler(
  table: LeadTable,
  haulerId: string,
  options: ChangeOptions & { insuranceExpiresOn: string },
) {
  const problem = insuranceExpiryError(options.insuranceExpiresOn, utcToday(options.now));
  if (problem !== undefined) throw new RangeError(`insuranceExpiresOn: ${problem}`);
  await recordCertificateDue(table, haulerId, options.insuranceExpiresOn, options.now);
  return change(table, haulerId, 'approve', options, {
    set: { approvedAt: options.now.toISOString(), insuranceExpiresOn: options.insuranceExpiresOn },
  });
}

export async function rejectHauler(
  table: LeadTable,
  haulerId: string,
  options: ChangeOptions & { reason: string; retentionDays?: number },
) {
  return change(table, haulerId, 'reject', options, {
    set: { rejectionReason: options.reason, expiresAt: retainedUntil(options) },
  });
}

export async function pauseHauler(
  table: LeadTable,
  haulerId: string,
  options: ChangeOptions & { until: string },
) {
  const problem = pauseUntilError(options.until, utcToday(options.now));
  if (problem !== undefined) throw new RangeError(`until: ${problem}`);
  return change(table, haulerId, 'pause', options, { set: { pausedUntil: options.until } });
}

/** `liftStrike`: operations only. */
export async function resumeHauler(
  table: LeadTable,
  haulerId: string,
  options: ChangeOptions & { liftStrike?: boolean },
) {
  const remove = ['pausedUntil', ...(options.liftStrike === true ? ['pausedForStrike'] : [])];
  return change(table, haulerId, 'resume', options, { remove });
}

export async function changeHaulerDetails(
  table: LeadTable,
  haulerId: string,
  options: ChangeOptions & { details: HaulerDetailsChange },
) {
  const { serviceRadiusMiles, phone } = options.details;
  return change(table, haulerId, 'change-details', options, {
    set: {
      ...(serviceRadiusMiles === undefined ? {} : { serviceRadiusMiles }),
      ...(phone === undefined ? {} : { phone }),
    },
  });
}

/** Sign the new link with the returned hauler's `linkVersion`. */
export async function issueHaulerLink(table: LeadTable, haulerId: string, options: ChangeOptions) {
  return change(table, haulerId, 'new-link', options, { newLink: true });
}

/** Coverage out, links dead, kept for `retentionDays`. */
export async function removeHauler(
  table: LeadTable,
  haulerId: string,
  options: ChangeOptions & { retentionDays?: number },
) {
  return change(table, haulerId, 'remove', options, {
    set: { removedAt: options.now.toISOString(), expiresAt: retainedUntil(options) },
    remove: ['pausedUntil'],
    newLink: true,
  });
}

function retainedUntil(options: { now: Date; retentionDays?: number }): number {
  const days = options.retentionDays ?? DEFAULT_LEAD_RETENTION_DAYS;
  return epochSeconds(options.now.getTime() + days * DAY_MS);
}

/** Everything the table holds about one hauler; the hauler as it was, for its documents' clean-up. */
export async function forgetHauler(
  table: LeadTable,
  haulerId: string,
): Promise<{ hauler: Hauler | undefined; coverageRemoved: number }> {
  const { Item: item } = await table.client.send(
    new GetCommand({ TableName: table.tableName, Key: haulerKey(haulerId), ConsistentRead: true }),
  );
  // A profile that no longer parses is still forgotten, with its email's index row.
  const hauler = item === undefined ? undefined : unlessUnreadable(() => haulerFromItem(item));
  const email = hauler?.email ?? rawString(item, 'email');
  // First, so that any coverage write from now on finds no active hauler to write for.
  await table.client.send(
    new DeleteCommand({ TableName: table.tableName, Key: haulerKey(haulerId) }),
  );
  const coverageRemoved = await forgetCoverage(table, haulerId);
  if (email !== undefined) await deleteEmailIndex(table, email, haulerId);
  await forgetCertificateDue(table, haulerId);
  await forgetHaulerPartition(table, haulerId);
  return { hauler, coverageRemoved };
}
