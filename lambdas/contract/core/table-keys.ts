// The lead table's items and keys: docs/decisions/012-dynamodb-lead-table.md.
export const LEAD_TABLE_KEYS = { partitionKey: 'pk', sortKey: 'sk' } as const;

export const KEY_PREFIXES = {
  lead: 'LEAD#',
  uploads: 'UPLOADS#',
  confirm: 'CONFIRM#',
  cap: 'CAP#',
  // The hauler side: docs/decisions/030-hauler-coverage.md.
  hauler: 'HAULER#',
  coverage: 'COVER#',
  /** `{lower-case email}` / `{haulerId}`: which haulers use an address, in one Query. */
  haulerEmail: 'HAULER_EMAIL#',
  /** `{YYYY-MM-DD}` / `{haulerId}`: certificates with a reminder or their expiry that day. */
  certificateDue: 'CERT_DUE#',
} as const;

/** Sparse: only lead items carry their key attributes. */
export const LEAD_TABLE_INDEXES = {
  byStatus: { indexName: 'by-status', partitionKey: 'status', sortKey: 'receivedAt' },
  byReference: { indexName: 'by-reference', partitionKey: 'reference' },
  /** Leads with an offer timer due: `dueShard` is always DUE_SHARD (decision 033). */
  byDue: { indexName: 'by-due', partitionKey: 'dueShard', sortKey: 'dueAt' },
} as const;

/** The one partition of `by-due`; a lead without a timer has neither attribute. */
export const DUE_SHARD = 'due';

/** Epoch seconds; DynamoDB deletes the item within a day or two after it. */
export const LEAD_TABLE_TTL_ATTRIBUTE = 'expiresAt';

/** Unless `leadRetentionDays` says otherwise; the S3 archive's lifecycle too. */
export const DEFAULT_LEAD_RETENTION_DAYS = 730;
