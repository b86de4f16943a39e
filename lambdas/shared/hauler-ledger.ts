/**
 * The mailer's ledger for emails about a hauler: one item per email beside the profile,
 * `HAULER#{id}` / `EMAIL#{key}`, claimed before the send so a retry or a second run never sends
 * twice (decision 028). Separate items, so a claim never races a status change for the profile.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { EmailStatus } from './lead-store';
import type { MailLedger } from './mailer';
import { unlessConditionFailed } from './table-handle';
import type { LeadTable } from './table-handle';
import { KEY_PREFIXES } from '#contract/table-keys';

/** A 'sending' claim older than this is taken to be from a call that died mid-send. */
const STALE_CLAIM_MS = 60_000;

export const HAULER_EMAIL_SORT_PREFIX = 'EMAIL#';

const emailItemKey = (haulerId: string, key: string) => ({
  pk: `${KEY_PREFIXES.hauler}${haulerId}`,
  sk: `${HAULER_EMAIL_SORT_PREFIX}${key}`,
});

export function haulerLedger(table: LeadTable, haulerId: string): MailLedger {
  const known = new Map<string, EmailStatus>();
  return {
    logFields: { haulerId },
    status: (key) => known.get(key),
    async claim(key, now) {
      const claimed = await unlessConditionFailed(
        table.client.send(
          new UpdateCommand({
            TableName: table.tableName,
            Key: emailItemKey(haulerId, key),
            UpdateExpression: 'SET #status = :sending, claimedAt = :now',
            ConditionExpression:
              'attribute_not_exists(#status) OR #status = :failed OR (#status = :sending AND claimedAt < :stale)',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: {
              ':sending': 'sending',
              ':failed': 'failed',
              ':now': now.getTime(),
              ':stale': now.getTime() - STALE_CLAIM_MS,
            },
          }),
        ),
      );
      return claimed !== undefined;
    },
    async record(key, outcome, now) {
      const note =
        outcome.status === 'failed'
          ? outcome.error
          : outcome.status === 'withheld'
            ? outcome.reason
            : undefined;
      await table.client.send(
        new UpdateCommand({
          TableName: table.tableName,
          Key: emailItemKey(haulerId, key),
          UpdateExpression: `SET #status = :status, settledAt = :at${note === undefined ? ' REMOVE note' : ', note = :note'}`,
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':status': outcome.status,
            ':at': now.toISOString(),
            ...(note === undefined ? {} : { ':note': note }),
          },
        }),
      );
      known.set(key, outcome.status);
    },
  };
}
