/** The CreateTable request for dynalite (local stack and tests); production builds it with CDK. */
import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';
import { LEAD_TABLE_INDEXES, LEAD_TABLE_KEYS } from '#contract/core/table-keys';

export function leadTableCreateInput(tableName: string): CreateTableCommandInput {
  const { partitionKey, sortKey } = LEAD_TABLE_KEYS;
  const { byStatus, byReference, byDue } = LEAD_TABLE_INDEXES;
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [
      { AttributeName: partitionKey, AttributeType: 'S' },
      { AttributeName: sortKey, AttributeType: 'S' },
      { AttributeName: byStatus.partitionKey, AttributeType: 'S' },
      { AttributeName: byStatus.sortKey, AttributeType: 'S' },
      { AttributeName: byReference.partitionKey, AttributeType: 'S' },
      { AttributeName: byDue.partitionKey, AttributeType: 'S' },
      { AttributeName: byDue.sortKey, AttributeType: 'S' },
    ],
    KeySchema: [
      { AttributeName: partitionKey, KeyType: 'HASH' },
      { AttributeName: sortKey, KeyType: 'RANGE' },
    ],
    GlobalSecondaryIndexes: [
      {
        IndexName: byStatus.indexName,
        KeySchema: [
          { AttributeName: byStatus.partitionKey, KeyType: 'HASH' },
          { AttributeName: byStatus.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      },
      {
        IndexName: byReference.indexName,
        KeySchema: [{ AttributeName: byReference.partitionKey, KeyType: 'HASH' }],
        Projection: { ProjectionType: 'ALL' },
      },
      {
        IndexName: byDue.indexName,
        KeySchema: [
          { AttributeName: byDue.partitionKey, KeyType: 'HASH' },
          { AttributeName: byDue.sortKey, KeyType: 'RANGE' },
        ],
        // The scheduled function reads each due lead itself, consistently.
        Projection: { ProjectionType: 'KEYS_ONLY' },
      },
    ],
  };
}
