// The leads of a hauler's work pointers (decision 052), by id in BatchGets: apart from the pointers
// (work-store.ts), so the operators' backfill, which files them, never bundles a BatchGet.
import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { parseLead } from '../models/lead-model';
import type { Lead } from '../models/lead-model';
import { leadKey } from '../runtime/table-handle';
import type { LeadTable } from '../runtime/table-handle';

const KEYS_PER_BATCH_GET = 100;
const BATCH_GET_ATTEMPTS = 5;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The leads by id (eventually consistent: a list, not a decision); a forgotten one is absent. */
export async function readLeads(table: LeadTable, ids: readonly string[]): Promise<Lead[]> {
  const leads: Lead[] = [];
  for (let i = 0; i < ids.length; i += KEYS_PER_BATCH_GET) {
    let pending: Record<string, unknown>[] = ids.slice(i, i + KEYS_PER_BATCH_GET).map(leadKey);
    for (let attempt = 0; pending.length > 0; attempt += 1) {
      if (attempt >= BATCH_GET_ATTEMPTS) {
        throw new Error(`BatchGet left ${pending.length} leads unread after ${attempt} attempts`);
      }
      if (attempt > 0) await sleep(25 * 2 ** (attempt - 1));
      const result = await table.client.send(
        new BatchGetCommand({ RequestItems: { [table.tableName]: { Keys: pending } } }),
      );
      for (const item of result.Responses?.[table.tableName] ?? []) leads.push(parseLead(item));
      pending = result.UnprocessedKeys?.[table.tableName]?.Keys ?? [];
    }
  }
  return leads;
}
