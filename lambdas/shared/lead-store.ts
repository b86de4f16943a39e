/**
 * The lead table (decision 012): the one module that reads and writes its items (their keys:
 * KEY_PREFIXES in the contract's table-keys).
 *
 * Every write that decides something is conditional, so two Lambdas racing on the same submission
 * or the same address never both win. Callers get plain results ("created" / "exists", ok /
 * conflict), never a ConditionalCheckFailedException.
 */
import { createHash } from 'node:crypto';
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { dynamoClientFromEnv } from './aws';
import type { EnvValues } from '#contract/env';
import type { BookingRequest } from '#contract/booking';
import type { LeadStatus } from '#contract/quote-loop';
import {
  DEFAULT_LEAD_RETENTION_DAYS,
  KEY_PREFIXES,
  LEAD_TABLE_INDEXES,
} from '#contract/table-keys';
import { utcToday } from '#contract/calendar-date';
import { normaliseAddress } from './mailbox';

// ---------------------------------------------------------------------------------------------
// The table handle
// ---------------------------------------------------------------------------------------------

/** A DocumentClient and the table it talks to; every function below takes one. */
export interface LeadTable {
  client: DynamoDBDocumentClient;
  tableName: string;
}

/** The table the function's environment names (and, locally, its endpoint). */
export function leadTableFromEnv(
  env: Pick<EnvValues, 'leadsTable'> & Partial<Pick<EnvValues, 'dynamodbEndpoint'>>,
  client = dynamoClientFromEnv(env),
): LeadTable {
  return { client, tableName: env.leadsTable };
}

const DAY_MS = 24 * 60 * 60 * 1000;
const epochSeconds = (ms: number): number => Math.floor(ms / 1000);

function isConditionFailed(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { name?: unknown }).name === 'ConditionalCheckFailedException'
  );
}

const leadKey = (submissionId: string) => ({
  pk: `${KEY_PREFIXES.lead}${submissionId}`,
  sk: 'LEAD',
});
const batchKey = (submissionId: string) => ({
  pk: `${KEY_PREFIXES.uploads}${submissionId}`,
  sk: 'BATCH',
});
const windowKey = (addressHash: string) => ({
  pk: `${KEY_PREFIXES.confirm}${addressHash}`,
  sk: 'WINDOW',
});
const capKey = (day: string) => ({ pk: `${KEY_PREFIXES.cap}confirmations`, sk: day });

// ---------------------------------------------------------------------------------------------
// Leads
// ---------------------------------------------------------------------------------------------

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

function withoutKeys(item: Record<string, unknown> | undefined): Lead | undefined {
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

/** A 'sending' claim older than this is taken to be from a Lambda that died mid-send. */
const STALE_CLAIM_MS = 60_000;

/**
 * Claims the right to send one email of a lead: succeeds when the email is pending or failed (or
 * its claim is stale), and marks it 'sending'. Of two concurrent duplicates only one gets true,
 * so an email never goes out twice.
 */
export async function claimEmail(
  table: LeadTable,
  submissionId: string,
  kind: string,
  now: Date,
): Promise<boolean> {
  try {
    await table.client.send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: leadKey(submissionId),
        UpdateExpression: 'SET #emails.#kind = :sending, #claims.#kind = :now',
        ConditionExpression:
          'attribute_exists(pk) AND (attribute_not_exists(#emails.#kind) OR #emails.#kind IN (:pending, :failed) OR (#emails.#kind = :sending AND #claims.#kind < :stale))',
        ExpressionAttributeNames: { '#emails': 'emails', '#claims': 'emailClaims', '#kind': kind },
        ExpressionAttributeValues: {
          ':sending': 'sending',
          ':pending': 'pending',
          ':failed': 'failed',
          ':now': now.getTime(),
          ':stale': now.getTime() - STALE_CLAIM_MS,
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/**
 * Takes the job of copying a lead's media out of quarantine. The creating call holds it from
 * creation; a duplicate gets it only after a failure or a claim older than a minute, so two calls
 * never copy at once.
 */
export async function claimMediaRelease(
  table: LeadTable,
  submissionId: string,
  now: Date,
): Promise<'claimed' | 'done' | 'in-flight'> {
  try {
    await table.client.send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: leadKey(submissionId),
        UpdateExpression: 'SET #claimed = :now',
        ConditionExpression:
          'attribute_exists(pk) AND attribute_not_exists(#released) AND (attribute_not_exists(#claimed) OR #claimed < :stale)',
        ExpressionAttributeNames: { '#claimed': 'mediaClaimedAt', '#released': 'mediaReleasedAt' },
        ExpressionAttributeValues: {
          ':now': now.getTime(),
          ':stale': now.getTime() - STALE_CLAIM_MS,
        },
      }),
    );
    return 'claimed';
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
  }
  const lead = await getLead(table, submissionId);
  return lead?.mediaReleasedAt === undefined ? 'in-flight' : 'done';
}

/** Records that the media are public, or gives the job back after a failure. */
export async function recordMediaRelease(
  table: LeadTable,
  submissionId: string,
  outcome: 'released' | 'failed',
  now: Date,
): Promise<void> {
  await table.client.send(
    new UpdateCommand({
      TableName: table.tableName,
      Key: leadKey(submissionId),
      UpdateExpression:
        outcome === 'released' ? 'SET #released = :at REMOVE #claimed' : 'REMOVE #claimed',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames:
        outcome === 'released'
          ? { '#claimed': 'mediaClaimedAt', '#released': 'mediaReleasedAt' }
          : { '#claimed': 'mediaClaimedAt' },
      ...(outcome === 'released'
        ? { ExpressionAttributeValues: { ':at': now.toISOString() } }
        : {}),
    }),
  );
}

/**
 * Records how one email ended: sent, failed (with the SES error name, for whoever follows up and
 * as the retry marker) or withheld (with the reason). Returns the updated lead.
 */
export async function recordEmailOutcome(
  table: LeadTable,
  submissionId: string,
  kind: string,
  outcome:
    | { status: 'sent' }
    | { status: 'failed'; error: string }
    | { status: 'withheld'; reason: string },
  now: Date,
): Promise<Lead> {
  const note =
    outcome.status === 'failed'
      ? outcome.error
      : outcome.status === 'withheld'
        ? outcome.reason
        : undefined;
  const result = await table.client.send(
    new UpdateCommand({
      TableName: table.tableName,
      Key: leadKey(submissionId),
      UpdateExpression:
        note === undefined
          ? 'SET #emails.#kind = :status, #updatedAt = :at REMOVE #errors.#kind, #claims.#kind'
          : 'SET #emails.#kind = :status, #errors.#kind = :note, #updatedAt = :at REMOVE #claims.#kind',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: {
        '#emails': 'emails',
        '#errors': 'emailErrors',
        '#claims': 'emailClaims',
        '#kind': kind,
        '#updatedAt': 'updatedAt',
      },
      ExpressionAttributeValues: {
        ':status': outcome.status,
        ':at': now.toISOString(),
        ...(note === undefined ? {} : { ':note': note }),
      },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return withoutKeys(result.Attributes) as Lead;
}

/**
 * Records whether this lead's confirmation may go out, once: a second call (a concurrent
 * duplicate) keeps the first decision. Returns the decision that stands.
 */
export async function recordConfirmationAllowance(
  table: LeadTable,
  submissionId: string,
  allowance: ConfirmationAllowance,
): Promise<ConfirmationAllowance> {
  try {
    await table.client.send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: leadKey(submissionId),
        UpdateExpression: 'SET #allowance = :allowance',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#allowance)',
        ExpressionAttributeNames: { '#allowance': 'confirmationAllowance' },
        ExpressionAttributeValues: { ':allowance': allowance },
      }),
    );
    return allowance;
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
  }
  const current = await getLead(table, submissionId);
  if (current?.confirmationAllowance === undefined) throw new Error('Lead not found');
  return current.confirmationAllowance;
}

// ---------------------------------------------------------------------------------------------
// Confirmations: per address (rolling 24 hours) and for the whole site (per UTC day)
// ---------------------------------------------------------------------------------------------

/** At most this many confirmations to one address in any 24 hours. */
export const CONFIRMATIONS_PER_ADDRESS = 3;
const WINDOW_MS = DAY_MS;
const WINDOW_ATTEMPTS = 5;

/** Hex SHA-256 of the address's inbox (mailbox.ts): the window item holds no address. */
export function addressHash(address: string): string {
  return createHash('sha256').update(normaliseAddress(address)).digest('hex');
}

interface WindowItem {
  sentAt?: number[];
  revision?: number;
}

/**
 * Takes one of the address's confirmations for the last 24 hours (rolling), or answers 'limit'
 * when all of them are taken. Read, then write conditioned on the revision read, retried on a
 * race: two Lambdas can never both take the last one.
 */
export async function reserveConfirmation(
  table: LeadTable,
  address: string,
  now: Date,
  limit: number = CONFIRMATIONS_PER_ADDRESS,
): Promise<'granted' | 'limit'> {
  const key = windowKey(addressHash(address));
  const nowMs = now.getTime();
  for (let attempt = 0; attempt < WINDOW_ATTEMPTS; attempt += 1) {
    const read = await table.client.send(
      new GetCommand({ TableName: table.tableName, Key: key, ConsistentRead: true }),
    );
    const item = read.Item as WindowItem | undefined;
    const recent = (item?.sentAt ?? []).filter((t) => t > nowMs - WINDOW_MS);
    if (recent.length >= limit) return 'limit';
    const sentAt = [...recent, nowMs];
    try {
      await table.client.send(
        new PutCommand({
          TableName: table.tableName,
          Item: {
            ...key,
            sentAt,
            revision: (item?.revision ?? 0) + 1,
            // The oldest time leaves the window 24 h after the newest at the latest.
            expiresAt: epochSeconds(nowMs + WINDOW_MS),
          },
          ...(item === undefined
            ? { ConditionExpression: 'attribute_not_exists(pk)' }
            : {
                ConditionExpression: '#revision = :revision',
                ExpressionAttributeNames: { '#revision': 'revision' },
                ExpressionAttributeValues: { ':revision': item.revision ?? 0 },
              }),
        }),
      );
      return 'granted';
    } catch (error) {
      if (!isConditionFailed(error)) throw error;
    }
  }
  // Five lost races in a row: a flood on one address. Withholding errs on the side of strangers.
  return 'limit';
}

/**
 * Counts one confirmation against the site's daily cap (`ADD 1` under `count < cap`): 'granted'
 * with the new count, or 'daily-cap' once the day's cap is reached.
 */
export async function countDailyConfirmation(
  table: LeadTable,
  now: Date,
  cap: number,
): Promise<{ outcome: 'granted'; count: number } | { outcome: 'daily-cap' }> {
  const dayStart = Date.parse(`${utcToday(now)}T00:00:00.000Z`);
  try {
    const result = await table.client.send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: capKey(utcToday(now)),
        UpdateExpression: 'ADD #count :one SET #expiresAt = :expires',
        ConditionExpression: 'attribute_not_exists(#count) OR #count < :cap',
        ExpressionAttributeNames: { '#count': 'count', '#expiresAt': 'expiresAt' },
        ExpressionAttributeValues: {
          ':one': 1,
          ':cap': cap,
          ':expires': epochSeconds(dayStart + 2 * DAY_MS),
        },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return { outcome: 'granted', count: Number(result.Attributes?.count ?? 0) };
  } catch (error) {
    if (isConditionFailed(error)) return { outcome: 'daily-cap' };
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Upload batches: one per submission, then only retries of its files
// ---------------------------------------------------------------------------------------------

/** What a batch records of each file: enough to recognise a retry of the same file. */
export interface UploadBatchFile {
  kind: 'photo' | 'video';
  contentType: string;
  size: number;
}

/** How many times the files of a batch may be asked for again (the form's 'Try Again'). */
export const UPLOAD_BATCH_RETRIES = 3;
const BATCH_TTL_MS = 2 * DAY_MS;

export type UploadBatchClaim =
  | { outcome: 'first' }
  | { outcome: 'retry'; retriesLeft: number }
  | { outcome: 'refused'; reason: 'not-in-batch' | 'retries-used' };

/** True when every file of `wanted` is a distinct file of `batch` (same kind, type and size). */
function isRetryOf(wanted: readonly UploadBatchFile[], batch: readonly UploadBatchFile[]): boolean {
  const left = [...batch];
  return wanted.every((file) => {
    const i = left.findIndex(
      (b) => b.kind === file.kind && b.contentType === file.contentType && b.size === file.size,
    );
    if (i < 0) return false;
    left.splice(i, 1);
    return true;
  });
}

/**
 * Records the submission's batch of upload URLs. The first call is the batch; later calls are
 * allowed only for files of that batch (a retry of the ones that failed), a few times, nothing
 * more: a script cannot turn one submission id into unlimited storage.
 */
export async function claimUploadBatch(
  table: LeadTable,
  submissionId: string,
  files: readonly UploadBatchFile[],
  now: Date,
): Promise<UploadBatchClaim> {
  const key = batchKey(submissionId);
  for (let attempt = 0; attempt < WINDOW_ATTEMPTS; attempt += 1) {
    try {
      await table.client.send(
        new PutCommand({
          TableName: table.tableName,
          Item: {
            ...key,
            files: files.map(({ kind, contentType, size }) => ({ kind, contentType, size })),
            retries: 0,
            issuedAt: now.toISOString(),
            expiresAt: epochSeconds(now.getTime() + BATCH_TTL_MS),
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
      return { outcome: 'first' };
    } catch (error) {
      if (!isConditionFailed(error)) throw error;
    }
    const read = await table.client.send(
      new GetCommand({ TableName: table.tableName, Key: key, ConsistentRead: true }),
    );
    const batch = read.Item as { files: UploadBatchFile[]; retries: number } | undefined;
    if (batch === undefined) continue; // expired or forgotten in between: claim it afresh
    if (!isRetryOf(files, batch.files)) return { outcome: 'refused', reason: 'not-in-batch' };
    if (batch.retries >= UPLOAD_BATCH_RETRIES)
      return { outcome: 'refused', reason: 'retries-used' };
    try {
      // Counted in place: concurrent retries cannot race, only run out.
      const result = await table.client.send(
        new UpdateCommand({
          TableName: table.tableName,
          Key: key,
          UpdateExpression: 'ADD #retries :one',
          ConditionExpression: 'attribute_exists(pk) AND #retries < :max',
          ExpressionAttributeNames: { '#retries': 'retries' },
          ExpressionAttributeValues: { ':one': 1, ':max': UPLOAD_BATCH_RETRIES },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      const used = Number(result.Attributes?.retries ?? UPLOAD_BATCH_RETRIES);
      return { outcome: 'retry', retriesLeft: UPLOAD_BATCH_RETRIES - used };
    } catch (error) {
      if (!isConditionFailed(error)) throw error;
      return { outcome: 'refused', reason: 'retries-used' };
    }
  }
  // The batch kept expiring between our write and our read: refuse rather than fail.
  return { outcome: 'refused', reason: 'retries-used' };
}

/** The submission's upload batch as recorded, or undefined. */
export async function getUploadBatch(
  table: LeadTable,
  submissionId: string,
): Promise<{ files: UploadBatchFile[]; retries: number; issuedAt: string } | undefined> {
  const read = await table.client.send(
    new GetCommand({
      TableName: table.tableName,
      Key: batchKey(submissionId),
      ConsistentRead: true,
    }),
  );
  if (read.Item === undefined) return undefined;
  const { files, retries, issuedAt } = read.Item as {
    files: UploadBatchFile[];
    retries: number;
    issuedAt: string;
  };
  return { files, retries, issuedAt };
}

// ---------------------------------------------------------------------------------------------
// Forget
// ---------------------------------------------------------------------------------------------

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
