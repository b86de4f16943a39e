/**
 * Haulers on the lead table (decision 030): the one module that reads and writes their profiles.
 * Every change is decided by the contract's status machine and written conditioned on the status
 * and version read, so of two racing changes one wins and the other is answered, never thrown.
 * Coverage follows each change that moves it (coverage-store.ts).
 */
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { coverageIsCurrent, forgetCoverage, syncCoverage } from '../offers/coverage-store';
import type { CoverageSpec, CoverageSync } from '../offers/coverage-store';
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
  withoutKeys,
} from '../runtime/table-handle';
import type { LeadTable } from '../runtime/table-handle';
import { utcToday } from '#contract/core/calendar-date';
import { HAULER_API_MESSAGES } from '#contract/haulers/hauler-api';
import { decideHaulerChange, hasCoverage } from '#contract/haulers/hauler-status';
import type { HaulerEvent, HaulerStatus } from '#contract/haulers/hauler-status';
import type { StrikeKind } from '#contract/loop/jobs';
import { HAULER_LIMITS, insuranceExpiryError, pauseUntilError } from '#contract/haulers/haulers';
import type {
  CertificateFile,
  HaulerApplicationRequest,
  HaulerDetailsChange,
} from '#contract/haulers/hauler-schemas';
import type { ServiceRadiusMiles, Truck } from '#contract/haulers/haulers';
import { DEFAULT_LEAD_RETENTION_DAYS, KEY_PREFIXES } from '#contract/core/table-keys';

/** A checked document under the private hauler-documents/ prefix (never served by CloudFront). */
export interface StoredDocument extends CertificateFile {
  key: string;
  uploadedAt: string;
}

/** A strike as the hauler's profile keeps it (hauler-strikes.ts): one per kind and request. */
export interface StoredStrike {
  kind: StrikeKind;
  submissionId: string;
  reference: string;
  at: string;
}

/** A hauler as stored, without the table's keys. */
export interface Hauler {
  /** The application id the browser made: the hauler's identity from then on. */
  haulerId: string;
  status: HaulerStatus;
  businessName: string;
  name: string;
  email: string;
  phone: string;
  /** Five digits. */
  baseZipCode: string;
  serviceRadiusMiles: ServiceRadiusMiles;
  truck: Truck;
  licenceNumber?: string;
  /** As declared when applying; the application's handler adds where the checked copy is kept. */
  certificate: CertificateFile & Partial<StoredDocument>;
  /** A renewed certificate waiting for operations' review. */
  renewal?: StoredDocument;
  /** Paused because the certificate expired: only an approved renewal resumes the hauler. */
  pausedForInsurance?: boolean;
  /** YYYY-MM-DD, set by operations on approval. */
  insuranceExpiresOn?: string;
  appliedAt: string;
  updatedAt: string;
  emailConfirmedAt?: string;
  approvedAt?: string;
  rejectionReason?: string;
  /** YYYY-MM-DD: the first day the hauler takes jobs again. */
  pausedUntil?: string;
  /** Paused by a strike: only operations resume the hauler (`resumeHauler` with `liftStrike`). */
  pausedForStrike?: boolean;
  strikes?: StoredStrike[];
  /** The request whose rating opened the current low-rating strike, until the average recovers. */
  lowRatingStrikeFor?: string;
  /** Summed from the hauler's rating items (hauler-rating.ts). */
  ratingCount?: number;
  ratingSum?: number;
  removedAt?: string;
  history: { event: HaulerEvent | 'apply'; status: HaulerStatus; at: string }[];
  /** Starts at 1, +1 on every change: `expectedVersion` guards against lost updates. */
  version: number;
  /** Signed into the hauler's links; a new link or a removal adds 1, so older links stop working. */
  linkVersion: number;
  /** Epoch seconds (DynamoDB TTL): an unconfirmed application, a rejected or removed hauler. */
  expiresAt?: number;
}

export const haulerKey = (haulerId: string) => ({
  pk: `${KEY_PREFIXES.hauler}${haulerId}`,
  sk: 'PROFILE',
});

/** What an application stores: status `applied`, deleted unless its email is confirmed in time. */
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

/** Stores an application unless one with its id exists (conditional put); never overwrites. */
export async function createHauler(
  table: LeadTable,
  hauler: Hauler,
): Promise<{ outcome: 'created' | 'exists'; hauler: Hauler }> {
  await putEmailIndex(table, hauler.email, hauler.haulerId, hauler.expiresAt);
  const created = await unlessConditionFailed(
    table.client.send(
      new PutCommand({
        TableName: table.tableName,
        Item: { ...haulerKey(hauler.haulerId), ...hauler },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
  if (created !== undefined) return { outcome: 'created', hauler };
  const existing = await getHauler(table, hauler.haulerId);
  if (existing === undefined) throw new Error('Hauler vanished between its put and its read');
  return { outcome: 'exists', hauler: existing };
}

/** Strongly consistent. */
export async function getHauler(table: LeadTable, haulerId: string): Promise<Hauler | undefined> {
  const read = await table.client.send(
    new GetCommand({ TableName: table.tableName, Key: haulerKey(haulerId), ConsistentRead: true }),
  );
  return withoutKeys<Hauler>(read.Item);
}

/** The coverage a hauler should have: none unless active. */
export function coverageSpecOf(hauler: Hauler | undefined): CoverageSpec | undefined {
  if (hauler === undefined || !hasCoverage(hauler.status)) return undefined;
  return { baseZipCode: hauler.baseZipCode, radiusMiles: hauler.serviceRadiusMiles };
}

export type HaulerChange =
  /** Written; `coverage` says what happened to the coverage items when the change moved them. */
  | { ok: true; changed: true; hauler: Hauler; coverage?: CoverageSync }
  /** Already done (a second press, a retry): nothing written but coverage, if it lagged. */
  | { ok: true; changed: false; hauler: Hauler; coverage: CoverageSync }
  /** Not allowed in the hauler's status: the contract's message says why. */
  | { ok: false; reason: 'refused'; message: string; hauler: Hauler }
  /** Changed meanwhile (another press won, or the page was stale): the hauler as it is now. */
  | { ok: false; reason: 'conflict'; hauler: Hauler }
  | { ok: false; reason: 'not-found' };

export interface ChangeOptions {
  now: Date;
  /** The version the page showed: a change made since then is a conflict, not overwritten. */
  expectedVersion?: number;
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

async function change(
  table: LeadTable,
  haulerId: string,
  event: HaulerEvent,
  { now, expectedVersion }: ChangeOptions,
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
  const result = await conditionalWrite(
    table.client.send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: haulerKey(haulerId),
        UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
        ConditionExpression: 'attribute_exists(pk) AND #status = :from AND version = :version',
        ExpressionAttributeNames: { '#status': 'status', ...names },
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  let hauler: Hauler;
  if (result.applied) hauler = withoutKeys<Hauler>(result.output.Attributes)!;
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

/** For the strikes (hauler-strikes.ts): the same decided, conditional change. */
export { change as changeHauler };

const currentSpec = async (table: LeadTable, haulerId: string) =>
  coverageSpecOf(await getHauler(table, haulerId));

/**
 * Brings the hauler's coverage items to what the profile says now, writing nothing when they
 * already match. Changes sync themselves; a retry, a scheduled check or an operator calls this for
 * a hauler whose change was cut short.
 */
export async function followCoverage(table: LeadTable, haulerId: string): Promise<CoverageSync> {
  if (await coverageIsCurrent(table, haulerId, await currentSpec(table, haulerId))) {
    return { outcome: 'current' };
  }
  return syncCoverage(table, haulerId, () => currentSpec(table, haulerId));
}

/** applied → pending-review; the application stops expiring. */
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

/** pending-review → active, with the certificate's expiry date; coverage items are written. */
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

/** pending-review → rejected, with the reason emailed to the applicant; kept for `retentionDays`. */
export async function rejectHauler(
  table: LeadTable,
  haulerId: string,
  options: ChangeOptions & { reason: string; retentionDays?: number },
) {
  return change(table, haulerId, 'reject', options, {
    set: { rejectionReason: options.reason, expiresAt: retainedUntil(options) },
  });
}

/**
 * The renewal waiting for review becomes the certificate, with its expiry date; a hauler paused
 * by the old certificate's expiry is resumed. Conditioned on the version read, so a renewal
 * uploaded meanwhile is never approved unseen.
 */
export async function approveRenewal(
  table: LeadTable,
  haulerId: string,
  options: ChangeOptions & { insuranceExpiresOn: string },
): Promise<HaulerChange> {
  const problem = insuranceExpiryError(options.insuranceExpiresOn, utcToday(options.now));
  if (problem !== undefined) throw new RangeError(`insuranceExpiresOn: ${problem}`);
  const current = await getHauler(table, haulerId);
  if (current === undefined) return { ok: false, reason: 'not-found' };
  if (current.renewal === undefined) {
    // The same approval again (a second press): nothing left to do.
    if (current.insuranceExpiresOn === options.insuranceExpiresOn) {
      return { ok: true, changed: false, hauler: current, coverage: { outcome: 'current' } };
    }
    return {
      ok: false,
      reason: 'refused',
      message: HAULER_API_MESSAGES.noRenewal,
      hauler: current,
    };
  }
  const lifts = current.status === 'paused' && current.pausedForInsurance === true;
  // A strike's pause outlives the insurance's: only operations end it.
  const resumes = lifts && current.pausedForStrike !== true;
  // Before the profile names the new expiry, as on approval: the daily job finds it by its days.
  await recordCertificateDue(table, haulerId, options.insuranceExpiresOn, options.now);
  return change(
    table,
    haulerId,
    resumes ? 'resume' : 'change-details',
    { now: options.now, expectedVersion: options.expectedVersion ?? current.version },
    {
      set: { certificate: current.renewal, insuranceExpiresOn: options.insuranceExpiresOn },
      remove: [
        'renewal',
        ...(lifts ? ['pausedForInsurance'] : []),
        ...(resumes ? ['pausedUntil'] : []),
      ],
    },
  );
}

/** active (or paused) → paused until the date; coverage items are taken out. */
export async function pauseHauler(
  table: LeadTable,
  haulerId: string,
  options: ChangeOptions & { until: string },
) {
  const problem = pauseUntilError(options.until, utcToday(options.now));
  if (problem !== undefined) throw new RangeError(`until: ${problem}`);
  return change(table, haulerId, 'pause', options, { set: { pausedUntil: options.until } });
}

/**
 * The certificate's expiry day: active (or paused) → paused for insurance, coverage out. Pass the
 * version read with the expiry, so a new certificate approved meanwhile wins.
 */
export async function expireHaulerInsurance(
  table: LeadTable,
  haulerId: string,
  options: ChangeOptions,
) {
  return change(table, haulerId, 'expire-insurance', options, {
    set: { pausedForInsurance: true },
    remove: ['pausedUntil'],
  });
}

/** A new certificate, checked and stored, waits for operations; the status stays. */
export async function recordRenewal(
  table: LeadTable,
  haulerId: string,
  options: ChangeOptions & { renewal: StoredDocument },
) {
  return change(table, haulerId, 'renew-certificate', options, {
    set: { renewal: options.renewal },
  });
}

/** paused → active; coverage items are written again. `liftStrike`: operations only. */
export async function resumeHauler(
  table: LeadTable,
  haulerId: string,
  options: ChangeOptions & { liftStrike?: boolean },
) {
  const remove = ['pausedUntil', ...(options.liftStrike === true ? ['pausedForStrike'] : [])];
  return change(table, haulerId, 'resume', options, { remove });
}

/** Radius and phone; a new radius moves the coverage of an active hauler. */
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

/** A fresh link for the hauler's page: sign it with the returned hauler's `linkVersion`. */
export async function issueHaulerLink(table: LeadTable, haulerId: string, options: ChangeOptions) {
  return change(table, haulerId, 'new-link', options, { newLink: true });
}

/** Any status but removed → removed: coverage out, links dead, kept for `retentionDays`. */
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

/**
 * Deletes everything the table holds about one hauler: the profile, then the coverage items and
 * their list, the address's item, the certificate's due items, and whatever else sits in the
 * hauler's partition (email records, counters). Returns the hauler as it was, for the caller's
 * clean-up of documents, or undefined when there was none.
 */
export async function forgetHauler(
  table: LeadTable,
  haulerId: string,
): Promise<{ hauler: Hauler | undefined; coverageRemoved: number }> {
  const hauler = await getHauler(table, haulerId);
  // First, so that any coverage write from now on finds no active hauler to write for.
  await table.client.send(
    new DeleteCommand({ TableName: table.tableName, Key: haulerKey(haulerId) }),
  );
  const coverageRemoved = await forgetCoverage(table, haulerId);
  if (hauler !== undefined) await deleteEmailIndex(table, hauler.email, haulerId);
  await forgetCertificateDue(table, haulerId);
  await forgetHaulerPartition(table, haulerId);
  return { hauler, coverageRemoved };
}
