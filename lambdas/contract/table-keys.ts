/**
 * The lead table's shape (docs/decisions/012-dynamodb-lead-table.md): key names, item prefixes,
 * index names and the TTL attribute. The CDK construct, its IAM conditions, the local stack and
 * lambdas/shared/lead-store.ts all build on these.
 */

/** Generic string keys: every item type shares them. */
export const LEAD_TABLE_KEYS = { partitionKey: 'pk', sortKey: 'sk' } as const;

/** The partition key's prefix per item type; the rest of the key follows the `#`. */
export const KEY_PREFIXES = {
  /** `LEAD#{submissionId}` / `LEAD`: the request, its status and email outcomes. */
  lead: 'LEAD#',
  /** `UPLOADS#{submissionId}` / `BATCH`: the one batch of upload URLs issued. */
  uploads: 'UPLOADS#',
  /** `CONFIRM#{sha256(address)}` / `WINDOW`: confirmation times of the last 24 hours. */
  confirm: 'CONFIRM#',
  /** `CAP#confirmations` / `{yyyy-mm-dd}`: confirmations counted that UTC day. */
  cap: 'CAP#',
} as const;

/** Sparse global secondary indexes: only lead items carry their key attributes. */
export const LEAD_TABLE_INDEXES = {
  byStatus: { indexName: 'by-status', partitionKey: 'status', sortKey: 'receivedAt' },
  byReference: { indexName: 'by-reference', partitionKey: 'reference' },
} as const;

/** Epoch seconds; DynamoDB's TTL deletes the item within a day or two after it. */
export const LEAD_TABLE_TTL_ATTRIBUTE = 'expiresAt';

/** How long a lead is kept unless `leadRetentionDays` says otherwise (also the S3 archive's lifecycle). */
export const DEFAULT_LEAD_RETENTION_DAYS = 730;
