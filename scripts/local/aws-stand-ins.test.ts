import { DescribeTableCommand, DynamoDBClient, PutItemCommand } from '@aws-sdk/client-dynamodb';
import type { AddressInfo } from 'node:net';
import dynalite from 'dynalite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_CREDENTIALS, createLeadTable } from './aws-stand-ins';
import { LEAD_TABLE_KEYS } from '#contract/core/table-keys';

describe('createLeadTable', () => {
  // A table that takes a while to become ACTIVE, as DynamoDB's do: the local stack's own dynalite
  // takes one timer, which a loaded machine can let a write overtake.
  const server = dynalite({ createTableMs: 300 });
  let client: DynamoDBClient;

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const { port } = server.address() as AddressInfo;
    client = new DynamoDBClient({
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      credentials: LOCAL_CREDENTIALS,
    });
  });

  afterAll(async () => {
    client.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('returns only once the table is ACTIVE and takes items at once', async () => {
    await createLeadTable(client, 'leads-slow');
    const { Table } = await client.send(new DescribeTableCommand({ TableName: 'leads-slow' }));
    expect(Table?.TableStatus).toBe('ACTIVE');
    await expect(
      client.send(
        new PutItemCommand({
          TableName: 'leads-slow',
          Item: {
            [LEAD_TABLE_KEYS.partitionKey]: { S: 'x' },
            [LEAD_TABLE_KEYS.sortKey]: { S: 'y' },
          },
        }),
      ),
    ).resolves.toBeDefined();
  });
});
