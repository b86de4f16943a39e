import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestLeadTable } from '../../test/support/testing-leads';
import type { TestLeadTable } from '../../test/support/testing-leads';
import type { LeadTable } from '../../lambdas/shared/runtime/table-handle';
import { TRANSACTION_LIMITS } from '../../lambdas/shared/runtime/table-transactions';

let dynamo: TestLeadTable;
let table: LeadTable;

beforeAll(async () => {
  dynamo = await startTestLeadTable();
  table = await dynamo.freshTable();
});
afterAll(() => dynamo.close());

const read = async (pk: string, sk: string) =>
  (
    await table.client.send(
      new GetCommand({ TableName: table.tableName, Key: { pk, sk }, ConsistentRead: true }),
    )
  ).Item;

const put = (pk: string, sk: string, extra: Record<string, unknown> = {}) => ({
  Put: { TableName: table.tableName, Item: { pk, sk, ...extra } },
});
const transact = (
  input: Omit<TransactWriteCommandInput, 'TransactItems'> & {
    TransactItems: NonNullable<TransactWriteCommandInput['TransactItems']>;
  },
) => table.client.send(new TransactWriteCommand(input));

describe('TransactWriteItems in front of dynalite', () => {
  it('applies every action of a transaction whose conditions hold', async () => {
    await table.client.send(
      new PutCommand({ TableName: table.tableName, Item: { pk: 'A', sk: '1', n: 1 } }),
    );
    await transact({
      TransactItems: [
        {
          Update: {
            TableName: table.tableName,
            Key: { pk: 'A', sk: '1' },
            UpdateExpression: 'SET n = n + :one',
            ConditionExpression: 'n = :one',
            ExpressionAttributeValues: { ':one': 1 },
          },
        },
        put('OUT', 'A#1', { body: 'hello' }),
      ],
    });
    expect(await read('A', '1')).toMatchObject({ n: 2 });
    expect(await read('OUT', 'A#1')).toMatchObject({ body: 'hello' });
  });

  it('applies nothing when one condition fails, and names it among the reasons', async () => {
    await table.client.send(
      new PutCommand({ TableName: table.tableName, Item: { pk: 'B', sk: '1', n: 5 } }),
    );
    const refused = transact({
      TransactItems: [
        put('OUT', 'B#1', { body: 'never' }),
        {
          Update: {
            TableName: table.tableName,
            Key: { pk: 'B', sk: '1' },
            UpdateExpression: 'SET n = :seven',
            ConditionExpression: 'n = :one',
            ExpressionAttributeValues: { ':one': 1, ':seven': 7 },
          },
        },
      ],
    });
    await expect(refused).rejects.toBeInstanceOf(TransactionCanceledException);
    const reasons = await refused.then(
      () => undefined,
      (error: TransactionCanceledException) => error.CancellationReasons,
    );
    expect(reasons?.map((reason) => reason.Code)).toEqual(['None', 'ConditionalCheckFailed']);
    expect(await read('OUT', 'B#1')).toBeUndefined();
    expect(await read('B', '1')).toMatchObject({ n: 5 });
  });

  it('succeeds without applying twice when the same client token comes again', async () => {
    const input = {
      ClientRequestToken: 'token-c',
      TransactItems: [
        {
          Update: {
            TableName: table.tableName,
            Key: { pk: 'C', sk: '1' },
            UpdateExpression: 'ADD n :one',
            ExpressionAttributeValues: { ':one': 1 },
          },
        },
      ],
    };
    await transact(input);
    await transact(input);
    expect(await read('C', '1')).toMatchObject({ n: 1 });
  });

  it('refuses two actions on one item and more than DynamoDB allows', async () => {
    await expect(transact({ TransactItems: [put('D', '1'), put('D', '1')] })).rejects.toThrow(
      /multiple operations on one item/,
    );
    const many = Array.from({ length: TRANSACTION_LIMITS.actions + 1 }, (_, i) => put('E', `${i}`));
    await expect(transact({ TransactItems: many })).rejects.toThrow(/less than or equal to 100/);
    expect(await read('E', '0')).toBeUndefined();
  });
});
