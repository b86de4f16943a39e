// The lead table's items and keys: decisions 012 (leads), 030 (haulers) and 033 (the offer timer).
export const LEAD_TABLE_KEYS = { partitionKey: 'pk', sortKey: 'sk' } as const;

export const KEY_PREFIXES = {
  lead: 'LEAD#',
  uploads: 'UPLOADS#',
  confirm: 'CONFIRM#',
  cap: 'CAP#',
  hauler: 'HAULER#',
  coverage: 'COVER#',
  haulerEmail: 'HAULER_EMAIL#',
  certificateDue: 'CERT_DUE#',
  /** A job's money (decision 048), beside its lead: PAYMENT#{jobId} / MONEY. */
  payment: 'PAYMENT#',
  /** One per Stripe webhook event id: the conditional write that makes a delivery count once. */
  stripeEvent: 'STRIPE_EVENT#',
  /** The emails owed and not yet sent or given up (decision 054): one partition. */
  outbox: 'OUTBOX',
  /** When a job's money next needs the money job (decision 057): MONEY_DUE#{jobId} / DUE. */
  moneyDue: 'MONEY_DUE#',
  /** Checkout Sessions opened for one request (a counted limit, decision 056). */
  checkoutCount: 'CHECKOUT#',
  /** Checkout Sessions whose card may be saved with no page to come back (decision 056): one partition. */
  checkoutPending: 'CHECKOUT_PENDING',
  /** Card pages opened to update a job's card after a failed hold (decision 060): counted. */
  cardUpdateCount: 'CARD_UPDATE#',
} as const;

export const LEAD_TABLE_INDEXES = {
  byStatus: { indexName: 'by-status', partitionKey: 'status', sortKey: 'receivedAt' },
  byReference: { indexName: 'by-reference', partitionKey: 'reference' },
  byDue: { indexName: 'by-due', partitionKey: 'dueShard', sortKey: 'dueAt' },
} as const;

export const DUE_SHARD = 'due';

/** The money job's own partition of the `by-due` index (decision 057): the leads' stays apart. */
export const MONEY_DUE_SHARD = 'money-due';

/** Epoch seconds; DynamoDB deletes the item within a day or two after it. */
export const LEAD_TABLE_TTL_ATTRIBUTE = 'expiresAt';

export const DEFAULT_LEAD_RETENTION_DAYS = 730;
