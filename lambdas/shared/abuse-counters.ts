// Abuse limits in the lead table (decision 017): confirmations per address and per UTC day, and
// one upload batch per submission; the hauler side's emails, applications and certificate URLs
// are counted by the same functions under names of their own.
import { createHash } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { utcToday } from '#contract/calendar-date';
import { HAULER_COUNTED_LIMITS } from '#contract/hauler-api';
import { normaliseAddress } from './mailbox';
import {
  DAY_MS,
  batchKey,
  capKey,
  epochSeconds,
  unlessConditionFailed,
  windowKey,
} from './table-handle';
import type { LeadTable } from './table-handle';

/** At most this many confirmations to one address in any 24 hours. */
export const CONFIRMATIONS_PER_ADDRESS = 3;
const WINDOW_MS = DAY_MS;
const WINDOW_ATTEMPTS = 5;
/** Upload batches and certificate counts outlive the day-long quarantine. */
const BATCH_TTL_MS = 2 * DAY_MS;

/** Hex SHA-256 of the address's inbox (mailbox.ts): the window item holds no address. */
export function addressHash(address: string): string {
  return createHash('sha256').update(normaliseAddress(address)).digest('hex');
}

interface WindowItem {
  sentAt?: number[];
  revision?: number;
}

/**
 * One of the address's confirmations in the rolling 24 hours, or 'limit'. Written on the revision
 * read and retried on a race, so two Lambdas never both take the last one.
 */
export async function reserveConfirmation(
  table: LeadTable,
  address: string,
  now: Date,
  limit: number = CONFIRMATIONS_PER_ADDRESS,
  namespace?: string,
): Promise<'granted' | 'limit'> {
  const key = windowKey(addressHash(address), namespace);
  const nowMs = now.getTime();
  for (let attempt = 0; attempt < WINDOW_ATTEMPTS; attempt += 1) {
    const read = await table.client.send(
      new GetCommand({ TableName: table.tableName, Key: key, ConsistentRead: true }),
    );
    const item = read.Item as WindowItem | undefined;
    const recent = (item?.sentAt ?? []).filter((t) => t > nowMs - WINDOW_MS);
    if (recent.length >= limit) return 'limit';
    const sentAt = [...recent, nowMs];
    const granted = await unlessConditionFailed(
      table.client.send(
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
      ),
    );
    if (granted !== undefined) return 'granted';
  }
  // Five lost races in a row: a flood on one address. Withholding errs on the side of strangers.
  return 'limit';
}

/** The hauler side's emails to one address (confirm-my-email, fresh links) share one window. */
export const HAULER_EMAIL_NAMESPACE = 'hauler-email';

/** One of the address's hauler emails in the rolling 24 hours, or 'limit'. */
export function reserveHaulerEmail(
  table: LeadTable,
  address: string,
  now: Date,
): Promise<'granted' | 'limit'> {
  return reserveConfirmation(
    table,
    address,
    now,
    HAULER_COUNTED_LIMITS.emailsPerAddressPerDay,
    HAULER_EMAIL_NAMESPACE,
  );
}

/** `ADD 1` to the item under `count < cap`; undefined once the cap is reached. */
export async function addUnderCap(
  table: LeadTable,
  key: { pk: string; sk: string },
  cap: number,
  expiresAt: number,
): Promise<number | undefined> {
  const result = await unlessConditionFailed(
    table.client.send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: key,
        UpdateExpression: 'ADD #count :one SET #expiresAt = :expires',
        ConditionExpression: 'attribute_not_exists(#count) OR #count < :cap',
        ExpressionAttributeNames: { '#count': 'count', '#expiresAt': 'expiresAt' },
        ExpressionAttributeValues: { ':one': 1, ':cap': cap, ':expires': expiresAt },
        ReturnValues: 'UPDATED_NEW',
      }),
    ),
  );
  return result === undefined ? undefined : Number(result.Attributes?.count ?? 0);
}

/** `ADD 1` under `count < cap`, per UTC day; `counter` names the day's count. */
export async function countDailyConfirmation(
  table: LeadTable,
  now: Date,
  cap: number,
  counter?: string,
): Promise<{ outcome: 'granted'; count: number } | { outcome: 'daily-cap' }> {
  const dayStart = Date.parse(`${utcToday(now)}T00:00:00.000Z`);
  const count = await addUnderCap(
    table,
    capKey(utcToday(now), counter),
    cap,
    epochSeconds(dayStart + 2 * DAY_MS),
  );
  return count === undefined ? { outcome: 'daily-cap' } : { outcome: 'granted', count };
}

/** The day's count of hauler applications. */
export const HAULER_APPLICATIONS_COUNTER = 'hauler-applications';

/**
 * One more certificate upload URL for the application, or false once it has had
 * `certificateUrlsPerApplication`: a script cannot mint unlimited uploads under one id.
 */
export async function countCertificateUrl(
  table: LeadTable,
  applicationId: string,
  now: Date,
): Promise<boolean> {
  const count = await addUnderCap(
    table,
    { pk: batchKey(applicationId).pk, sk: 'CERTIFICATE' },
    HAULER_COUNTED_LIMITS.certificateUrlsPerApplication,
    epochSeconds(now.getTime() + BATCH_TTL_MS),
  );
  return count !== undefined;
}

/** What a batch records of each file: enough to recognise a retry of the same file. */
export interface UploadBatchFile {
  kind: 'photo' | 'video';
  contentType: string;
  size: number;
}

/** How many times the files of a batch may be asked for again (the form's 'Try Again'). */
export const UPLOAD_BATCH_RETRIES = 3;

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
 * The first call is the submission's batch; later ones only retry its files, a few times, so a
 * script cannot turn one submission id into unlimited storage.
 */
export async function claimUploadBatch(
  table: LeadTable,
  submissionId: string,
  files: readonly UploadBatchFile[],
  now: Date,
): Promise<UploadBatchClaim> {
  const key = batchKey(submissionId);
  for (let attempt = 0; attempt < WINDOW_ATTEMPTS; attempt += 1) {
    const first = await unlessConditionFailed(
      table.client.send(
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
      ),
    );
    if (first !== undefined) return { outcome: 'first' };
    const read = await table.client.send(
      new GetCommand({ TableName: table.tableName, Key: key, ConsistentRead: true }),
    );
    const batch = read.Item as { files: UploadBatchFile[]; retries: number } | undefined;
    if (batch === undefined) continue; // expired or forgotten in between: claim it afresh
    if (!isRetryOf(files, batch.files)) return { outcome: 'refused', reason: 'not-in-batch' };
    if (batch.retries >= UPLOAD_BATCH_RETRIES)
      return { outcome: 'refused', reason: 'retries-used' };
    // Counted in place: concurrent retries cannot race, only run out.
    const counted = await unlessConditionFailed(
      table.client.send(
        new UpdateCommand({
          TableName: table.tableName,
          Key: key,
          UpdateExpression: 'ADD #retries :one',
          ConditionExpression: 'attribute_exists(pk) AND #retries < :max',
          ExpressionAttributeNames: { '#retries': 'retries' },
          ExpressionAttributeValues: { ':one': 1, ':max': UPLOAD_BATCH_RETRIES },
          ReturnValues: 'UPDATED_NEW',
        }),
      ),
    );
    if (counted === undefined) return { outcome: 'refused', reason: 'retries-used' };
    const used = Number(counted.Attributes?.retries ?? UPLOAD_BATCH_RETRIES);
    return { outcome: 'retry', retriesLeft: UPLOAD_BATCH_RETRIES - used };
  }
  // The batch kept expiring between our write and our read: refuse rather than fail.
  return { outcome: 'refused', reason: 'retries-used' };
}

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
