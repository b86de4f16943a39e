import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestLeadTable } from '../../../test/support/testing-leads';
import type { TestLeadTable } from '../../../test/support/testing-leads';
import type { LeadTable } from '../../../lambdas/shared/runtime/table-handle';
import { installMeter, takeTally } from './meter';

let dynamo: TestLeadTable;
let table: LeadTable;
let meter: { stop: () => void };

beforeAll(async () => {
  dynamo = await startTestLeadTable();
  table = await dynamo.freshTable();
  meter = installMeter();
});
afterAll(async () => {
  meter.stop();
  await dynamo.close();
});

describe('the SDK meter', () => {
  it('counts DynamoDB calls by command with the units DynamoDB would bill, by key', async () => {
    takeTally();
    // 3 KB of text: 3 write units to put; a consistent read of up to 4 KB is 1 read unit.
    const Item = { pk: 'OUTBOX', sk: 'a', text: 'x'.repeat(3 * 1024 - 40) };
    await table.client.send(new PutCommand({ TableName: table.tableName, Item }));
    await table.client.send(
      new GetCommand({
        TableName: table.tableName,
        Key: { pk: 'OUTBOX', sk: 'a' },
        ConsistentRead: true,
      }),
    );
    await table.client.send(
      new QueryCommand({
        TableName: table.tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': 'OUTBOX' },
      }),
    );
    const tally = takeTally();
    expect(tally.dynamo).toEqual({ PutCommand: 1, GetCommand: 1, QueryCommand: 1 });
    expect(tally.dynamoCalls).toBe(3);
    expect(tally.writeUnits).toBe(3);
    expect(tally.writesByKey).toEqual({ OUTBOX: 3 });
    // The Get's unit, and the Query's estimate: one 4 KB block read eventually consistent.
    expect(tally.readUnits).toBe(1.5);
    expect(tally.dynamoMs).toBeGreaterThan(0);
  });

  it('starts each tally from nothing', async () => {
    takeTally();
    expect(takeTally()).toMatchObject({ dynamoCalls: 0, readUnits: 0, writeUnits: 0, emails: 0 });
  });

  it('puts the clients’ own send back when stopped', async () => {
    meter.stop();
    takeTally();
    await table.client.send(
      new GetCommand({ TableName: table.tableName, Key: { pk: 'OUTBOX', sk: 'a' } }),
    );
    expect(takeTally().dynamoCalls).toBe(0);
    meter = installMeter();
  });
});
