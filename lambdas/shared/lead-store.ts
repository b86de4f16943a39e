/**
 * Leads in the lead table (decision 012): create, read, list and move through their statuses.
 *
 * Every write that decides something is conditional, so two Lambdas racing on the same submission
 * or the same address never both win. Callers get plain results ("created" / "exists", ok /
 * conflict), never a ConditionalCheckFailedException.
 */
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { BookingRequest } from '#contract/booking';
import type { LeadStatus } from '#contract/quote-loop';
import { DEFAULT_LEAD_RETENTION_DAYS, LEAD_TABLE_INDEXES } from '#contract/table-keys';
import { addressHash } from './abuse-counters';
import {
  DAY_MS,
  batchKey,
  epochSeconds,
  isConditionFailed,
  leadKey,
  windowKey,
} from './table-handle';
import type { LeadTable } from './table-handle';

// A request's life (received, quoted, accepted or declined, cancelled): one list, LEAD_STATUSES in
// the browser-safe quote-loop contract, which the pages read too.
export type { LeadStatus } from '#contract/quote-loop';

/**
 * An email's state on the lead. 'sending' is a claim (one Lambda sends, a concurrent duplicate
 * does not); 'failed' is the retry marker; 'withheld' means a limit stopped it on purpose.
 */
export type EmailStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'withheld';

/** Why a confirmation was not sent: the address's rolling 24 hours, or the whole site's day. */
export type ConfirmationWithheldReason = 'limit' | 'daily-cap';

/** Decided once per lead, before its confirmation is first sent. */
export type ConfirmationAllowance = 'granted' | ConfirmationWithheldReason;

/** A lead as stored, without the table's keys. Other attributes (the quote loop's) pass through. */
export interface Lead {
  submissionId: string;
  /** 8 characters for people to read aloud; not unique by construction (see findLeadsByReference). */
  reference: string;
  status: LeadStatus;
  /** ISO 8601; the `by-status` index's sort key. */
  receivedAt: string;
  updatedAt: string;
  request: BookingRequest;
  /** Per email kind ('confirmation', 'operations', and the quote loop's own). */
  emails: Record<string, EmailStatus>;
  /** The SES error name of each email's last failed attempt, or why it was withheld. */
  emailErrors: Record<string, string>;
  /** When each 'sending' claim was taken (epoch ms): a claim older than a minute may be retaken. */
  emailClaims: Record<string, number>;
  confirmationAllowance?: ConfirmationAllowance;
  /** The call copying the media out of quarantine claimed it then (epoch ms); set at creation. */
  mediaClaimedAt?: number;
  /** When the media were copied out of quarantine. */
  mediaReleasedAt?: string;
  statusHistory: { status: LeadStatus; at: string }[];
  /** Starts at 1, +1 on every status change: `expectedVersion` guards against lost updates. */
  version: number;
  /** Epoch seconds: DynamoDB TTL deletes the lead after its retention. */
  expiresAt: number;
  readonly [attribute: string]: unknown;
}

/** A short code the homeowner can quote: the submission id's first 8 hex digits, upper-cased. */
export function referenceFor(submissionId: string): string {
  return submissionId.replace(/-/g, '').slice(0, 8).toUpperCase();
}

export function withoutKeys(item: Record<string, unknown> | undefined): Lead | undefined {
  if (item === undefined) return undefined;
  const { pk: _pk, sk: _sk, ...lead } = item;
  return lead as Lead;
}

/** The lead a first booking call stores: status `received`, both emails pending. */
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
  };
}

/**
 * Stores a lead unless one with its submission id exists, whatever its age (conditional put).
 * Returns the stored lead and whether this call created it.
 */
export async function createLead(
  table: LeadTable,
  lead: Lead,
): Promise<{ outcome: 'created'; lead: Lead } | { outcome: 'exists'; lead: Lead }> {
  try {
    await table.client.send(
      new PutCommand({
        TableName: table.tableName,
        Item: { ...leadKey(lead.submissionId), ...lead },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return { outcome: 'created', lead };
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
  }
  const existing = await getLead(table, lead.submissionId);
  // Only TTL or `forget` removes a lead; between the failed put and this read is the one window.
  if (existing === undefined) throw new Error('Lead vanished between its put and its read');
  return { outcome: 'exists', lead: existing };
}

/** The lead stored under a submission id (strongly consistent read), or undefined. */
export async function getLead(table: LeadTable, submissionId: string): Promise<Lead | undefined> {
  const result = await table.client.send(
    new GetCommand({
      TableName: table.tableName,
      Key: leadKey(submissionId),
      ConsistentRead: true,
    }),
  );
  return withoutKeys(result.Item);
}

async function queryAll(
  table: LeadTable,
  input: Omit<ConstructorParameters<typeof QueryCommand>[0], 'TableName' | 'ExclusiveStartKey'>,
): Promise<Lead[]> {
  const leads: Lead[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await table.client.send(
      new QueryCommand({ ...input, TableName: table.tableName, ExclusiveStartKey: start }),
    );
    for (const item of page.Items ?? []) {
      const lead = withoutKeys(item);
      if (lead !== undefined) leads.push(lead);
    }
    start = page.LastEvaluatedKey;
  } while (start !== undefined);
  return leads;
}

/**
 * Leads with this reference (index `by-reference`, eventually consistent). Usually one; the code
 * is short, so two leads can share it, and then both are returned.
 */
export async function findLeadsByReference(table: LeadTable, reference: string): Promise<Lead[]> {
  return queryAll(table, {
    IndexName: LEAD_TABLE_INDEXES.byReference.indexName,
    KeyConditionExpression: '#reference = :reference',
    ExpressionAttributeNames: { '#reference': LEAD_TABLE_INDEXES.byReference.partitionKey },
    ExpressionAttributeValues: { ':reference': reference.trim().toUpperCase() },
  });
}

/**
 * Leads in one status, oldest first (index `by-status`, eventually consistent); with `since`,
 * only those received at or after it.
 */
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

/** Attributes a status change's `patch` may not set: the keys and the bookkeeping it does itself. */
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
 * Moves a lead to `to` when its status is one of `from` (and its version is `expectedVersion`,
 * when given), setting `patch`'s attributes in the same write, appending to the status history
 * and adding 1 to the version. Anything else is a conflict, answered with the current lead.
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
  },
): Promise<StatusUpdateResult> {
  const patch = Object.entries(change.patch ?? {}).filter(([, value]) => value !== undefined);
  for (const [name] of patch) {
    if (PROTECTED_ATTRIBUTES.has(name)) throw new Error(`updateLeadStatus cannot patch ${name}`);
  }
  if (change.from.length === 0) throw new Error('updateLeadStatus needs at least one from status');
  const at = change.at.toISOString();
  const names: Record<string, string> = {
    '#status': 'status',
    '#updatedAt': 'updatedAt',
    '#history': 'statusHistory',
    '#version': 'version',
  };
  const values: Record<string, unknown> = {
    ':to': change.to,
    ':at': at,
    ':entry': [{ status: change.to, at }],
    ':one': 1,
  };
  const fromList = change.from.map((status, i) => {
    values[`:from${i}`] = status;
    return `:from${i}`;
  });
  const sets = [
    '#status = :to',
    '#updatedAt = :at',
    '#history = list_append(#history, :entry)',
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
  try {
    const result = await table.client.send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: leadKey(submissionId),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: condition,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return { ok: true, lead: withoutKeys(result.Attributes) as Lead };
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
  }
  const current = await getLead(table, submissionId);
  return current === undefined
    ? { ok: false, reason: 'not-found' }
    : { ok: false, reason: 'conflict', current };
}

/**
 * Deletes every item that belongs to one homeowner's request: the lead, its upload batch and the
 * confirmation window of its address (a hash, but of their address). The site-wide daily count
 * names nobody and stays. Returns the lead as it was (for the caller's media and archive
 * clean-up), or undefined when there was none; the batch and window are deleted either way.
 */
export async function deleteLeadItems(
  table: LeadTable,
  submissionId: string,
): Promise<{ lead: Lead | undefined; deletedKeys: string[] }> {
  const lead = await getLead(table, submissionId);
  const keys = [leadKey(submissionId), batchKey(submissionId)];
  if (lead !== undefined) keys.push(windowKey(addressHash(lead.request.email)));
  await Promise.all(
    keys.map((Key) => table.client.send(new DeleteCommand({ TableName: table.tableName, Key }))),
  );
  return { lead, deletedKeys: keys.map((key) => `${key.pk}/${key.sk}`) };
}
