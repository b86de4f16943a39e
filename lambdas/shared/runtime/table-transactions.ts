// Writes that land together or not at all (decision 059): a lead's change with the emails it owes.
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { LeadTable } from './table-handle';

/** DynamoDB's limits on one TransactWriteItems call and on one item. */
export const TRANSACTION_LIMITS = {
  actions: 100,
  bytes: 4 * 1024 * 1024,
  itemBytes: 400 * 1024,
} as const;

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** An item's size as DynamoDB counts it, from above (names and values, plus JSON's quotes). */
export const itemBytes = (item: Record<string, unknown>): number =>
  Buffer.byteLength(JSON.stringify(item), 'utf8');

function cancellationCodes(error: unknown): string[] | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { name, CancellationReasons } = error as {
    name?: unknown;
    CancellationReasons?: { Code?: string }[];
  };
  if (name !== 'TransactionCanceledException') return undefined;
  return (CancellationReasons ?? []).map((reason) => reason.Code ?? 'None');
}

/**
 * `decisive` with its condition, and `items` put beside it, in one transaction. 'refused': the
 * decisive write's condition failed, or a concurrent write to one of the items cancelled it
 * (TransactionConflict): the caller reads again and decides again. The SDK's retry after a lost
 * answer repeats the client request token, which DynamoDB answers without writing twice.
 */
export async function writeTogether(
  table: LeadTable,
  decisive: TransactItem,
  items: readonly Record<string, unknown>[],
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<'written' | 'refused'> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await table.client.send(
        new TransactWriteCommand({
          TransactItems: [
            decisive,
            ...items.map((Item) => ({ Put: { TableName: table.tableName, Item } })),
          ],
        }),
      );
      return 'written';
    } catch (error) {
      const codes = cancellationCodes(error);
      if (codes === undefined) throw error;
      if (codes[0] === 'ConditionalCheckFailed' || codes.includes('TransactionConflict')) {
        return 'refused';
      }
      // A throttled item cancels the whole transaction, which the SDK does not retry: nothing
      // was written, so it is sent again (a new token), a little later, a few times.
      if (!codes.includes('ThrottlingError') || attempt >= THROTTLED_ATTEMPTS) throw error;
      await wait(Math.floor(Math.random() * 50 * 2 ** attempt));
    }
  }
}

/** Tries of a transaction cancelled because an item was throttled. */
export const THROTTLED_ATTEMPTS = 3;
