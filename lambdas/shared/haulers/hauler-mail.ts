// A hauler's emails on the mailer's ledger: one item per email beside the profile
// (HAULER#{id} / MAIL#{key}), so a claim never races the profile's versioned changes, and a retry
// after a crash sends at most once (decision 028).
import { randomUUID } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { haulerMailFromItem } from '../models/hauler-items-model';
import type { EmailStatus } from '../models/lead-model';
import type { MailLedger, MailOutcome } from '../mail/mailer';
import { queryItems } from '../runtime/paged-query';
import { DAY_MS, conditionalWrite, epochSeconds } from '../runtime/table-handle';
import type { LeadTable } from '../runtime/table-handle';
import { DEFAULT_LEAD_RETENTION_DAYS, KEY_PREFIXES } from '#contract/core/table-keys';

const MAIL_SK_PREFIX = 'MAIL#';

/** A 'sending' claim older than this is from a call that died mid-send. */
const STALE_CLAIM_MS = 60_000;

const mailKey = (haulerId: string, key: string) => ({
  pk: `${KEY_PREFIXES.hauler}${haulerId}`,
  sk: `${MAIL_SK_PREFIX}${key}`,
});

/** The statuses of the hauler's emails so far, by key: one Query. */
export async function haulerMailStatuses(
  table: LeadTable,
  haulerId: string,
): Promise<Record<string, EmailStatus>> {
  const statuses: Record<string, EmailStatus> = {};
  const items = queryItems(table, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :mail)',
    ExpressionAttributeValues: { ':pk': mailKey(haulerId, '').pk, ':mail': MAIL_SK_PREFIX },
    ConsistentRead: true,
  });
  for await (const item of items) {
    statuses[String(item.sk).slice(MAIL_SK_PREFIX.length)] = haulerMailFromItem(item).status;
  }
  return statuses;
}

/** The ledger of one hauler's emails, read once; claims and outcomes are conditional writes. */
export async function haulerLedger(table: LeadTable, haulerId: string): Promise<MailLedger> {
  const statuses: Record<string, EmailStatus | undefined> = await haulerMailStatuses(
    table,
    haulerId,
  );
  // Holds no address: a status, an error name and times; gone with the hauler's data.
  const expiresAt = (now: Date) =>
    epochSeconds(now.getTime() + DEFAULT_LEAD_RETENTION_DAYS * DAY_MS);
  return {
    logFields: { haulerId },
    ref: { kind: 'hauler', id: haulerId },
    status: (key) => statuses[key],
    async claim(key, now) {
      // A token of this call's own: a claim refused on the SDK's retry may be its own first
      // attempt, applied but unheard (decision 042).
      const token = randomUUID();
      const claim = await conditionalWrite(
        table.client.send(
          new UpdateCommand({
            TableName: table.tableName,
            Key: mailKey(haulerId, key),
            UpdateExpression:
              'SET #status = :sending, claimedAt = :now, claimToken = :token, expiresAt = :expires',
            ConditionExpression:
              'attribute_not_exists(#status) OR #status IN (:pending, :failed) OR (#status = :sending AND claimedAt < :stale)',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: {
              ':sending': 'sending',
              ':pending': 'pending',
              ':failed': 'failed',
              ':now': now.getTime(),
              ':token': token,
              ':stale': now.getTime() - STALE_CLAIM_MS,
              ':expires': expiresAt(now),
            },
          }),
        ),
      );
      if (claim.applied) return true;
      if (!claim.retried) return false;
      const stored = await table.client.send(
        new GetCommand({
          TableName: table.tableName,
          Key: mailKey(haulerId, key),
          ConsistentRead: true,
        }),
      );
      if (stored.Item === undefined) return false;
      const item = haulerMailFromItem(stored.Item);
      return item.status === 'sending' && item.claimToken === token;
    },
    async record(key, outcome: MailOutcome, now) {
      const note =
        outcome.status === 'failed' || outcome.status === 'given-up'
          ? outcome.error
          : outcome.status === 'withheld'
            ? outcome.reason
            : undefined;
      await table.client.send(
        new UpdateCommand({
          TableName: table.tableName,
          Key: mailKey(haulerId, key),
          UpdateExpression: `SET #status = :status, updatedAt = :at${note === undefined ? '' : ', note = :note'} REMOVE claimedAt, claimToken`,
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':status': outcome.status,
            ':at': now.toISOString(),
            ...(note === undefined ? {} : { ':note': note }),
          },
        }),
      );
      statuses[key] = outcome.status;
    },
  };
}
