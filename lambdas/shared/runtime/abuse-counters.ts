// Abuse limits in the lead table (decision 017): confirmations per address and UTC day, one upload
// batch per submission; the hauler side's emails, applications and certificate URLs alike.
import { createHash, randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { utcToday } from '#contract/core/calendar-date';
import { HAULER_COUNTED_LIMITS } from '#contract/haulers/hauler-api';
import { normaliseAddress } from '../text/mailbox';
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

/** One confirmation in the rolling 24 hours, or 'limit'; retried on a race: no two take the last. */
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
          ...revisionCondition(item),
        }),
      ),
    );
    if (granted !== undefined) return 'granted';
  }
  // Five lost races in a row: a flood on one address. Withholding errs on the side of strangers.
  return 'limit';
}

// Confirm-my-email emails to one address. Fresh links have a window of their own: an application
// naming a hauler's address must not cost the hauler their link (decision 043).
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

/** Fresh-link emails to one address: a window of their own (decision 043). */
export const FRESH_LINK_NAMESPACE = 'hauler-fresh-link';

interface FreshLinkWindowItem extends WindowItem {
  /** The last granted call's own mark, to know its write when the SDK's retry is refused. */
  claimToken?: string;
}

/** A granted fresh-link email, given back when nothing was sent (the day's cap, a failed send). */
export interface FreshLinkReservation {
  outcome: 'granted';
  release(): Promise<void>;
}

// One fresh-link email, or 'coalesced' when one went out in the last `freshLinkMinutesPerAddress`
// or the day holds `freshLinkEmailsPerAddressPerDay`. Coalescing never refuses the hauler: every
// link mailed still works, the one in the inbox included.
export async function reserveFreshLinkEmail(
  table: LeadTable,
  address: string,
  now: Date,
): Promise<FreshLinkReservation | { outcome: 'coalesced' }> {
  const key = windowKey(addressHash(address), FRESH_LINK_NAMESPACE);
  const nowMs = now.getTime();
  const spacingMs = HAULER_COUNTED_LIMITS.freshLinkMinutesPerAddress * 60_000;
  const token = randomUUID();
  const read = async () =>
    (
      await table.client.send(
        new GetCommand({ TableName: table.tableName, Key: key, ConsistentRead: true }),
      )
    ).Item as FreshLinkWindowItem | undefined;
  const granted: FreshLinkReservation = {
    outcome: 'granted',
    release: () => releaseFreshLinkEmail(table, key, nowMs),
  };
  for (let attempt = 0; attempt < WINDOW_ATTEMPTS; attempt += 1) {
    const item = await read();
    if (item?.claimToken === token) return granted; // our write, its answer lost (decision 042)
    const recent = (item?.sentAt ?? []).filter((t) => t > nowMs - WINDOW_MS);
    const tooSoon = recent.some((t) => t > nowMs - spacingMs);
    if (tooSoon || recent.length >= HAULER_COUNTED_LIMITS.freshLinkEmailsPerAddressPerDay) {
      return { outcome: 'coalesced' };
    }
    const written = await unlessConditionFailed(
      table.client.send(
        new PutCommand({
          TableName: table.tableName,
          Item: {
            ...key,
            sentAt: [...recent, nowMs],
            claimToken: token,
            revision: (item?.revision ?? 0) + 1,
            expiresAt: epochSeconds(nowMs + WINDOW_MS),
          },
          ...revisionCondition(item),
        }),
      ),
    );
    if (written !== undefined) return granted;
  }
  // A flood of concurrent requests for one address: one of them holds the email.
  return { outcome: 'coalesced' };
}

/** Takes this call's time out of the window again, so the next request may send. */
async function releaseFreshLinkEmail(
  table: LeadTable,
  key: { pk: string; sk: string },
  sentAtMs: number,
): Promise<void> {
  for (let attempt = 0; attempt < WINDOW_ATTEMPTS; attempt += 1) {
    const read = await table.client.send(
      new GetCommand({ TableName: table.tableName, Key: key, ConsistentRead: true }),
    );
    const item = read.Item as WindowItem | undefined;
    // No other call holds the same time: the spacing keeps a second grant out of the millisecond.
    if (item === undefined || !(item.sentAt ?? []).includes(sentAtMs)) return;
    const released = await unlessConditionFailed(
      table.client.send(
        new PutCommand({
          TableName: table.tableName,
          Item: {
            ...item,
            sentAt: (item.sentAt ?? []).filter((t) => t !== sentAtMs),
            revision: (item.revision ?? 0) + 1,
          },
          ...revisionCondition(item),
        }),
      ),
    );
    if (released !== undefined) return;
  }
}

/** Written on the revision read: absent for a new item. */
function revisionCondition(item: WindowItem | undefined) {
  return item === undefined
    ? { ConditionExpression: 'attribute_not_exists(pk)' }
    : {
        ConditionExpression: '#revision = :revision',
        ExpressionAttributeNames: { '#revision': 'revision' },
        ExpressionAttributeValues: { ':revision': item.revision ?? 0 },
      };
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

export const HAULER_APPLICATIONS_COUNTER = 'hauler-applications';

/** The item counting an application's certificate URLs; `mintedAt` says this server made the id. */
const certificateCountKey = (applicationId: string) => ({
  pk: batchKey(applicationId).pk,
  sk: 'CERTIFICATE',
});

// A new application id, made here, never by the client (decision 044), with its first certificate
// URL counted: its item is the proof that the id is ours (`isMintedApplication`).
export async function mintApplicationId(table: LeadTable, now: Date): Promise<string> {
  const applicationId = randomUUID();
  // A fresh random id needs no condition: the SDK's retry after a lost answer writes the same item.
  await table.client.send(
    new PutCommand({
      TableName: table.tableName,
      Item: {
        ...certificateCountKey(applicationId),
        count: 1,
        mintedAt: now.toISOString(),
        expiresAt: epochSeconds(now.getTime() + BATCH_TTL_MS),
      },
    }),
  );
  return applicationId;
}

/** Whether `mintApplicationId` made this id, less than the batch's two days ago (or last counted). */
export async function isMintedApplication(
  table: LeadTable,
  applicationId: string,
  now: Date,
): Promise<boolean> {
  const read = await table.client.send(
    new GetCommand({
      TableName: table.tableName,
      Key: certificateCountKey(applicationId),
      ConsistentRead: true,
    }),
  );
  const item = read.Item as { mintedAt?: unknown; expiresAt?: unknown } | undefined;
  return typeof item?.mintedAt === 'string' && Number(item.expiresAt) > epochSeconds(now.getTime());
}

// One more certificate URL for an id this server minted: `limit` after
// `certificateUrlsPerApplication` (no unlimited uploads under one id), `unknown` for any other id.
export async function countCertificateUrl(
  table: LeadTable,
  applicationId: string,
  now: Date,
): Promise<'granted' | 'limit' | 'unknown'> {
  const counted = await unlessConditionFailed(
    table.client.send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: certificateCountKey(applicationId),
        UpdateExpression: 'ADD #count :one SET #expiresAt = :expires',
        ConditionExpression: 'attribute_exists(#minted) AND #expiresAt > :now AND #count < :cap',
        ExpressionAttributeNames: {
          '#count': 'count',
          '#expiresAt': 'expiresAt',
          '#minted': 'mintedAt',
        },
        ExpressionAttributeValues: {
          ':one': 1,
          ':cap': HAULER_COUNTED_LIMITS.certificateUrlsPerApplication,
          ':now': epochSeconds(now.getTime()),
          ':expires': epochSeconds(now.getTime() + BATCH_TTL_MS),
        },
      }),
    ),
  );
  if (counted !== undefined) return 'granted';
  return (await isMintedApplication(table, applicationId, now)) ? 'limit' : 'unknown';
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

// The first call is the submission's batch; later ones only retry its files, a few times, so a
// script cannot turn one submission id into unlimited storage.
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
