// Leads (decision 012). A write that decides is conditional, so of two racing Lambdas one wins;
// callers get plain results ("created" / "exists", ok / conflict), never the SDK's exception.
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { BookingRequest } from '#contract/booking/booking';
import type { LeadStatus, TimelineStep } from '#contract/loop/quote-loop';
import {
  DEFAULT_LEAD_RETENTION_DAYS,
  DUE_SHARD,
  LEAD_TABLE_INDEXES,
} from '#contract/core/table-keys';
import { addressHash } from '../runtime/abuse-counters';
import { allItems, queryItems } from '../runtime/paged-query';
import { rawString, unlessUnreadable } from '../runtime/stored-item';
import {
  DAY_MS,
  batchKey,
  conditionalWrite,
  epochSeconds,
  unlessConditionFailed,
  leadKey,
  windowKey,
} from '../runtime/table-handle';
import type { LeadTable } from '../runtime/table-handle';
import { writeTogether } from '../runtime/table-transactions';
import { parseLead } from '../models/lead-model';
import type { Lead } from '../models/lead-model';

// The types live with the model; older imports of them from the store keep working.
export type {
  ConfirmationAllowance,
  ConfirmationWithheldReason,
  EmailStatus,
  Lead,
  LeadStatus,
} from '../models/lead-model';

export function referenceFor(submissionId: string): string {
  return submissionId.replace(/-/g, '').slice(0, 8).toUpperCase();
}

export function newLead(
  request: BookingRequest,
  now: Date,
  retentionDays: number = DEFAULT_LEAD_RETENTION_DAYS,
): Lead {
  const at = now.toISOString();
  return {
    submissionId: request.submissionId,
    reference: referenceFor(request.submissionId),
    status: 'received',
    receivedAt: at,
    updatedAt: at,
    request,
    emails: { confirmation: 'pending', operations: 'pending' },
    emailErrors: {},
    emailClaims: {},
    mediaClaimedAt: now.getTime(),
    statusHistory: [{ status: 'received', at }],
    version: 1,
    expiresAt: epochSeconds(now.getTime() + retentionDays * DAY_MS),
    // Due at once: the offer job's next run sends the first round.
    dueAt: at,
    dueShard: DUE_SHARD,
  };
}

function isSameWrite(stored: Lead, written: Lead): boolean {
  return (
    stored.receivedAt === written.receivedAt && stored.mediaClaimedAt === written.mediaClaimedAt
  );
}

/** A lead already stored under the submission id, whatever its age, is returned, not replaced. */
export async function createLead(
  table: LeadTable,
  lead: Lead,
  /** Items stored with the lead or not at all: the emails it owes (decision 059). */
  beside: readonly Record<string, unknown>[] = [],
): Promise<{ outcome: 'created'; lead: Lead } | { outcome: 'exists'; lead: Lead }> {
  const put = {
    TableName: table.tableName,
    Item: { ...leadKey(lead.submissionId), ...lead },
    ConditionExpression: 'attribute_not_exists(pk)',
  };
  if (beside.length > 0) {
    // A lost answer's retry repeats the client token: DynamoDB answers it as written, once.
    if ((await writeTogether(table, { Put: put }, beside)) === 'written') {
      return { outcome: 'created', lead };
    }
    const existing = await getLead(table, lead.submissionId);
    if (existing === undefined) throw new Error('Lead vanished between its put and its read');
    return { outcome: 'exists', lead: existing };
  }
  const written = await conditionalWrite(table.client.send(new PutCommand(put)));
  if (written.applied) return { outcome: 'created', lead };
  const existing = await getLead(table, lead.submissionId);
  // Only TTL or `forget` removes a lead; between the failed put and this read is the one window.
  if (existing === undefined) throw new Error('Lead vanished between its put and its read');
  // Refused on the SDK's retry, with this call's own times: its first attempt, applied but
  // unheard. Taken for a duplicate, the lead would wait for a media job nobody holds, unannounced.
  if (written.retried && isSameWrite(existing, lead)) return { outcome: 'created', lead: existing };
  return { outcome: 'exists', lead: existing };
}

export async function getLead(table: LeadTable, submissionId: string): Promise<Lead | undefined> {
  const result = await table.client.send(
    new GetCommand({
      TableName: table.tableName,
      Key: leadKey(submissionId),
      ConsistentRead: true,
    }),
  );
  return result.Item === undefined ? undefined : parseLead(result.Item);
}

async function queryAll(
  table: LeadTable,
  input: Parameters<typeof queryItems>[1],
): Promise<Lead[]> {
  const items = await allItems(queryItems(table, input));
  return items.map(parseLead);
}

/** Usually one lead, but the code is short: two can share it. Eventually consistent (an index). */
export async function findLeadsByReference(table: LeadTable, reference: string): Promise<Lead[]> {
  return queryAll(table, {
    IndexName: LEAD_TABLE_INDEXES.byReference.indexName,
    KeyConditionExpression: '#reference = :reference',
    ExpressionAttributeNames: { '#reference': LEAD_TABLE_INDEXES.byReference.partitionKey },
    ExpressionAttributeValues: { ':reference': reference.trim().toUpperCase() },
  });
}

/** Oldest first, received at or after `since` if given. Eventually consistent (an index). */
export async function listLeadsByStatus(
  table: LeadTable,
  status: LeadStatus,
  options: { since?: Date } = {},
): Promise<Lead[]> {
  const { partitionKey, sortKey, indexName } = LEAD_TABLE_INDEXES.byStatus;
  const since = options.since?.toISOString();
  return queryAll(table, {
    IndexName: indexName,
    KeyConditionExpression:
      since === undefined ? '#status = :status' : '#status = :status AND #receivedAt >= :since',
    ExpressionAttributeNames: {
      '#status': partitionKey,
      ...(since === undefined ? {} : { '#receivedAt': sortKey }),
    },
    ExpressionAttributeValues: {
      ':status': status,
      ...(since === undefined ? {} : { ':since': since }),
    },
  });
}

/** What a status change's `patch` may not set: the keys and the bookkeeping it does itself. */
const PROTECTED_ATTRIBUTES = new Set([
  'pk',
  'sk',
  'submissionId',
  'reference',
  'status',
  'receivedAt',
  'updatedAt',
  'statusHistory',
  'version',
  'expiresAt',
  'request',
  'emails',
  'emailErrors',
  'emailClaims',
]);

export type StatusUpdateResult =
  | { ok: true; lead: Lead }
  | { ok: false; reason: 'conflict'; current: Lead }
  | { ok: false; reason: 'not-found' };

/**
 * One conditional write from a status in `from` (at `expectedVersion`, if given) to `to`, with
 * `patch`, the history and the version; anything else is a conflict, with the current lead.
 */
export async function updateLeadStatus(
  table: LeadTable,
  submissionId: string,
  change: {
    from: readonly LeadStatus[];
    to: LeadStatus;
    at: Date;
    patch?: Record<string, unknown>;
    expectedVersion?: number;
    /** False: the status stays what it was, so the timeline gains no step. Default true. */
    history?: boolean;
    /** The timeline's step when it is not the new status ('reassigned', 'rated', …). */
    step?: TimelineStep;
    /** Items put with the change or not at all: the emails it owes (decision 059). */
    beside?: readonly Record<string, unknown>[];
  },
): Promise<StatusUpdateResult> {
  const patch = Object.entries(change.patch ?? {}).filter(([, value]) => value !== undefined);
  for (const [name] of patch) {
    if (PROTECTED_ATTRIBUTES.has(name)) throw new Error(`updateLeadStatus cannot patch ${name}`);
  }
  if (change.from.length === 0) throw new Error('updateLeadStatus needs at least one from status');
  const at = change.at.toISOString();
  const withHistory = change.history ?? true;
  const names: Record<string, string> = {
    '#status': 'status',
    '#updatedAt': 'updatedAt',
    '#version': 'version',
    ...(withHistory ? { '#history': 'statusHistory' } : {}),
  };
  const values: Record<string, unknown> = {
    ':to': change.to,
    ':at': at,
    ':one': 1,
    ...(withHistory ? { ':entry': [{ status: change.step ?? change.to, at }] } : {}),
  };
  const fromList = change.from.map((status, i) => {
    values[`:from${i}`] = status;
    return `:from${i}`;
  });
  const sets = [
    '#status = :to',
    '#updatedAt = :at',
    ...(withHistory ? ['#history = list_append(#history, :entry)'] : []),
    '#version = #version + :one',
  ];
  patch.forEach(([name, value], i) => {
    names[`#p${i}`] = name;
    values[`:p${i}`] = value;
    sets.push(`#p${i} = :p${i}`);
  });
  let condition = `attribute_exists(pk) AND #status IN (${fromList.join(', ')})`;
  if (change.expectedVersion !== undefined) {
    values[':expected'] = change.expectedVersion;
    condition += ' AND #version = :expected';
  }
  const update = {
    TableName: table.tableName,
    Key: leadKey(submissionId),
    UpdateExpression: `SET ${sets.join(', ')}`,
    ConditionExpression: condition,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
  if (change.beside !== undefined && change.beside.length > 0) {
    // A transaction returns no item: the lead is read back, consistently.
    const written = await writeTogether(table, { Update: update }, change.beside);
    const current = await getLead(table, submissionId);
    if (current === undefined) return { ok: false, reason: 'not-found' };
    return written === 'written'
      ? { ok: true, lead: current }
      : { ok: false, reason: 'conflict', current };
  }
  const result = await unlessConditionFailed(
    table.client.send(new UpdateCommand({ ...update, ReturnValues: 'ALL_NEW' })),
  );
  if (result !== undefined) return { ok: true, lead: parseLead(result.Attributes ?? {}) };
  const current = await getLead(table, submissionId);
  return current === undefined
    ? { ok: false, reason: 'not-found' }
    : { ok: false, reason: 'conflict', current };
}

/**
 * Deletes one request's items: the lead, its upload batch and its address's window (the daily count
 * names nobody and stays). Returns the lead as it was, if any, for the caller's clean-up.
 */
export async function deleteLeadItems(
  table: LeadTable,
  submissionId: string,
): Promise<{ lead: Lead | undefined; deletedKeys: string[] }> {
  const { Item: item } = await table.client.send(
    new GetCommand({
      TableName: table.tableName,
      Key: leadKey(submissionId),
      ConsistentRead: true,
    }),
  );
  // A lead that no longer parses is still forgotten, with every row its address names.
  const lead = item === undefined ? undefined : unlessUnreadable(() => parseLead(item));
  const email = lead?.request.email ?? rawString(item, 'request', 'email');
  const keys = [leadKey(submissionId), batchKey(submissionId)];
  if (email !== undefined) keys.push(windowKey(addressHash(email)));
  await Promise.all(
    keys.map((Key) => table.client.send(new DeleteCommand({ TableName: table.tableName, Key }))),
  );
  return { lead, deletedKeys: keys.map((key) => `${key.pk}/${key.sk}`) };
}
