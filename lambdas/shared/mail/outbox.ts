// The outbox (decision 054): every email the mailer is asked for is kept here until it is sent or
// given up, so an SES throttle, a transient error or a crash loses nothing. One item per email,
// OUTBOX / {ledger}#{id}#{key}; the ledger's claim still gives at-most-once.
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { outboxItemFromItem } from '../models/outbox-model';
import type { LedgerKind, OutboxItem } from '../models/outbox-model';
import { queryItems } from '../runtime/paged-query';
import { DAY_MS, epochSeconds, unlessConditionFailed } from '../runtime/table-handle';
import type { LeadTable } from '../runtime/table-handle';
import { TRANSACTION_LIMITS, itemBytes } from '../runtime/table-transactions';

export interface LedgerRef {
  kind: LedgerKind;
  id: string;
}

/** What the outbox keeps of a Mail: the recipient and the rendered message. */
export interface OwedMail {
  key: string;
  to: string;
  replyTo?: string;
  configurationSet?: string;
  message: {
    subject: string;
    html: string;
    text: string;
    attachments?: readonly { fileName: string; contentType: string; content: string }[];
  };
}

export interface OutboxStore {
  /** Keeps the email unless it is kept already; the sender leaves it alone until `firstTryAt`. */
  keep(ref: LedgerRef, mail: OwedMail, now: Date, firstTryAt: Date): Promise<void>;
  /** Items whose next attempt is due, oldest first, at most `limit`. */
  due(now: Date, limit: number): Promise<OutboxItem[]>;
  /** Only while the item is still there: a sender that lost a race must not bring it back. */
  reschedule(
    ref: LedgerRef,
    key: string,
    next: { attempts?: number; nextAttemptAt: number; lastError?: string },
  ): Promise<void>;
  remove(ref: LedgerRef, key: string): Promise<void>;
  /** What one record still owes (for `npm run leads -- show`). */
  owedBy(ref: LedgerRef): Promise<OutboxItem[]>;
}

export const OUTBOX_PK = 'OUTBOX';

/** A sender gives up on an email still refused as "not now" after this long. */
export const OUTBOX_MAX_AGE_MS = 3 * DAY_MS;
/** First backoff window and its cap (full jitter: a random wait inside the window). */
export const OUTBOX_BACKOFF_BASE_MS = 60_000;
export const OUTBOX_BACKOFF_CAP_MS = 30 * 60_000;
/**
 * The sender waits this long before taking an email the mailer just kept: past the mailer's own
 * first attempt and past a dead call's stale claim (a minute).
 */
export const OUTBOX_GRACE_MS = 90_000;

/** Exponential backoff with full jitter, capped: `random` in [0, 1). */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number {
  const window = Math.min(
    OUTBOX_BACKOFF_CAP_MS,
    OUTBOX_BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1),
  );
  return Math.floor(random() * window);
}

const sortKey = (ref: LedgerRef, key: string) => `${ref.kind}#${ref.id}#${key}`;

/** The emails among `mails` whose items are in `items`, marked as kept (decision 059). */
export function markKept<M extends { key: string }>(
  mails: readonly M[],
  items: readonly Record<string, unknown>[],
): (M & { kept?: boolean })[] {
  const kept = new Set(items.map((item) => item.key));
  return mails.map((mail) => (kept.has(mail.key) ? { ...mail, kept: true } : mail));
}

/** The stored item of an owed email: put by `keep`, or by a transition's own write (059). */
export function outboxItem(
  ref: LedgerRef,
  mail: OwedMail,
  now: Date,
  firstTryAt: Date,
): Record<string, unknown> {
  const { message } = mail;
  return {
    pk: OUTBOX_PK,
    sk: sortKey(ref, mail.key),
    ledgerKind: ref.kind,
    ledgerId: ref.id,
    key: mail.key,
    to: mail.to,
    ...(mail.replyTo === undefined ? {} : { replyTo: mail.replyTo }),
    ...(mail.configurationSet === undefined ? {} : { configurationSet: mail.configurationSet }),
    subject: message.subject,
    html: message.html,
    text: message.text,
    ...(message.attachments === undefined || message.attachments.length === 0
      ? {}
      : { attachments: message.attachments.map((file) => ({ ...file })) }),
    attempts: 0,
    nextAttemptAt: firstTryAt.getTime(),
    owedAt: now.toISOString(),
    // Holds an address: gone a week after its last chance, sent or not.
    expiresAt: epochSeconds(now.getTime() + OUTBOX_MAX_AGE_MS + 7 * DAY_MS),
  };
}

/**
 * The items a transition writes with its own change (decision 059): one per owed email, while
 * they fit one transaction beside the change (DynamoDB's 100 actions and 4 MB, with room kept for
 * the changed item itself; none over an item's 400 KB). An email that does not fit is left out and
 * kept by `deliver` as before, a moment later.
 */
export function owedItems(
  ref: LedgerRef,
  mails: readonly OwedMail[],
  now: Date,
): Record<string, unknown>[] {
  const firstTryAt = new Date(now.getTime() + OUTBOX_GRACE_MS);
  const items: Record<string, unknown>[] = [];
  // The change itself is one action and one item of at most itemBytes.
  let room = TRANSACTION_LIMITS.bytes - TRANSACTION_LIMITS.itemBytes;
  for (const mail of mails) {
    const item = outboxItem(ref, mail, now, firstTryAt);
    const size = itemBytes(item);
    if (items.length + 1 >= TRANSACTION_LIMITS.actions) break;
    if (size > TRANSACTION_LIMITS.itemBytes || size > room) continue;
    room -= size;
    items.push(item);
  }
  return items;
}

export function dynamoOutbox(table: LeadTable): OutboxStore {
  const itemKey = (ref: LedgerRef, key: string) => ({ pk: OUTBOX_PK, sk: sortKey(ref, key) });
  return {
    async keep(ref, mail, now, firstTryAt) {
      await unlessConditionFailed(
        table.client.send(
          new PutCommand({
            TableName: table.tableName,
            Item: outboxItem(ref, mail, now, firstTryAt),
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        ),
      );
    },
    async due(now, limit) {
      const found: OutboxItem[] = [];
      const items = queryItems(table, {
        KeyConditionExpression: 'pk = :pk',
        FilterExpression: 'nextAttemptAt <= :now',
        ExpressionAttributeValues: { ':pk': OUTBOX_PK, ':now': now.getTime() },
        ConsistentRead: true,
      });
      for await (const item of items) {
        found.push(outboxItemFromItem(item));
      }
      return found.sort((a, b) => a.nextAttemptAt - b.nextAttemptAt).slice(0, limit);
    },
    async reschedule(ref, key, next) {
      const sets = ['nextAttemptAt = :next'];
      const values: Record<string, unknown> = { ':next': next.nextAttemptAt };
      if (next.attempts !== undefined) {
        sets.push('attempts = :attempts');
        values[':attempts'] = next.attempts;
      }
      if (next.lastError !== undefined) {
        sets.push('lastError = :error');
        values[':error'] = next.lastError;
      }
      await unlessConditionFailed(
        table.client.send(
          new UpdateCommand({
            TableName: table.tableName,
            Key: itemKey(ref, key),
            UpdateExpression: `SET ${sets.join(', ')}`,
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: values,
          }),
        ),
      );
    },
    async remove(ref, key) {
      await table.client.send(
        new DeleteCommand({ TableName: table.tableName, Key: itemKey(ref, key) }),
      );
    },
    async owedBy(ref) {
      const found: OutboxItem[] = [];
      const items = queryItems(table, {
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': OUTBOX_PK, ':prefix': `${ref.kind}#${ref.id}#` },
        ConsistentRead: true,
      });
      for await (const item of items) found.push(outboxItemFromItem(item));
      return found;
    },
  };
}

/** The Mail an outbox item stands for. */
export function owedMail(item: OutboxItem): OwedMail {
  return {
    key: item.key,
    to: item.to,
    ...(item.replyTo === undefined ? {} : { replyTo: item.replyTo }),
    ...(item.configurationSet === undefined ? {} : { configurationSet: item.configurationSet }),
    message: {
      subject: item.subject,
      html: item.html,
      text: item.text,
      ...(item.attachments === undefined ? {} : { attachments: item.attachments }),
    },
  };
}
