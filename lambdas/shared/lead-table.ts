/**
 * The lead table's shape (decision 012): key names, index names and the TTL attribute, in one
 * place. The CDK construct (infra/lead-table.ts), the local stack and the tests build the table
 * from these constants, and lambdas/shared/lead-store.ts is the only module that reads or writes
 * items with them. Type-only import of the SDK: infra imports this module without bundling it.
 */
import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';

/** Generic string keys: every item type of decision 012 shares them. */
export const LEAD_TABLE_KEYS = { partitionKey: 'pk', sortKey: 'sk' } as const;

/** Sparse global secondary indexes: only lead items carry their key attributes. */
export const LEAD_TABLE_INDEXES = {
  byStatus: { indexName: 'by-status', partitionKey: 'status', sortKey: 'receivedAt' },
  byReference: { indexName: 'by-reference', partitionKey: 'reference' },
} as const;

/** Epoch seconds; DynamoDB's TTL deletes the item within a day or two after it. */
export const LEAD_TABLE_TTL_ATTRIBUTE = 'expiresAt';

/** How long a lead is kept unless `leadRetentionDays` says otherwise (also the S3 archive's lifecycle). */
export const DEFAULT_LEAD_RETENTION_DAYS = 730;

/**
 * The CreateTable request for dynalite (local stack and tests). Production builds the same keys
 * and indexes with CDK from the constants above, on demand, with PITR, TTL and KMS.
 */
export function leadTableCreateInput(tableName: string): CreateTableCommandInput {
  const { partitionKey, sortKey } = LEAD_TABLE_KEYS;
  const { byStatus, byReference } = LEAD_TABLE_INDEXES;
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [
      { AttributeName: partitionKey, AttributeType: 'S' },
      { AttributeName: sortKey, AttributeType: 'S' },
      { AttributeName: byStatus.partitionKey, AttributeType: 'S' },
      { AttributeName: byStatus.sortKey, AttributeType: 'S' },
      { AttributeName: byReference.partitionKey, AttributeType: 'S' },
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
    ],
  };
}
