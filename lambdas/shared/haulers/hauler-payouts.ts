// The hauler's payouts on their profile (issue 39 flow 1): Stripe's `account.updated` as
// ../payments/payout-account reads it, written only when it is newer than what the profile holds
// and about the account the profile knows, and adding 1 to the version like every change.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { getHauler, haulerKey } from './hauler-store';
import type { KnownPayouts } from '../payments/payout-account';
import { unlessConditionFailed } from '../runtime/table-handle';
import type { LeadTable } from '../runtime/table-handle';

export type PayoutsRecorded = 'recorded' | 'stale-or-unknown';

export async function recordHaulerPayouts(
  table: LeadTable,
  haulerId: string,
  payouts: KnownPayouts,
): Promise<PayoutsRecorded> {
  const written = await unlessConditionFailed(
    table.client.send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: haulerKey(haulerId),
        UpdateExpression: 'SET #payouts = :payouts, #version = #version + :one',
        ConditionExpression:
          'attribute_exists(pk) AND (attribute_not_exists(#payouts) OR (#payouts.accountId = :account AND #payouts.asOf <= :asOf))',
        ExpressionAttributeNames: { '#payouts': 'payouts', '#version': 'version' },
        ExpressionAttributeValues: {
          ':payouts': payouts,
          ':one': 1,
          ':account': payouts.accountId,
          ':asOf': payouts.asOf,
        },
      }),
    ),
  );
  return written === undefined ? 'stale-or-unknown' : 'recorded';
}

/**
 * The hauler's new Express account, stored once: only when the profile names none yet, so two
 * presses of "Set up payouts" keep one account. Answers the account the profile now names.
 */
export async function claimPayoutAccount(
  table: LeadTable,
  haulerId: string,
  payouts: KnownPayouts,
): Promise<string | undefined> {
  const written = await unlessConditionFailed(
    table.client.send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: haulerKey(haulerId),
        UpdateExpression: 'SET #payouts = :payouts, #version = #version + :one',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#payouts)',
        ExpressionAttributeNames: { '#payouts': 'payouts', '#version': 'version' },
        ExpressionAttributeValues: { ':payouts': payouts, ':one': 1 },
      }),
    ),
  );
  if (written !== undefined) return payouts.accountId;
  return (await getHauler(table, haulerId))?.payouts?.accountId;
}
