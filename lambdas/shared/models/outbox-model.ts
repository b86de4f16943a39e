// An email owed and not yet sent or given up (OUTBOX / {ledger}#{id}#{key}, decision 054), as read.
import * as z from 'zod/mini';
import { parseStored } from '../runtime/stored-item';

export const LEDGER_KINDS = ['lead', 'hauler'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export const outboxItemSchema = z.object({
  ledgerKind: z.enum(LEDGER_KINDS),
  ledgerId: z.string(),
  key: z.string(),
  to: z.string(),
  replyTo: z.optional(z.string()),
  configurationSet: z.optional(z.string()),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  attachments: z.optional(
    z.array(z.object({ fileName: z.string(), contentType: z.string(), content: z.string() })),
  ),
  /** Sends tried so far; the backoff grows with it. */
  attempts: z.number(),
  /** Epoch ms: the sender leaves the item alone before then. */
  nextAttemptAt: z.number(),
  owedAt: z.string(),
  /** The last SES error's name, never its message (it can quote the address). */
  lastError: z.optional(z.string()),
  expiresAt: z.optional(z.number()),
});
export type OutboxItem = z.output<typeof outboxItemSchema>;

export const outboxItemFromItem = (item: Record<string, unknown>): OutboxItem =>
  parseStored(outboxItemSchema, item, 'outbox', `${String(item.pk)}/${String(item.sk)}`);
