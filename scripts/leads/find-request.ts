// By reference or submission id. A reference may be shared: commands that change insist on one.
import { findLeadsByReference, getLead } from '../../lambdas/shared/leads/lead-store';
import type { Lead } from '../../lambdas/shared/models/lead-model';
import type { LeadTable } from '../../lambdas/shared/runtime/table-handle';

export async function findRequests(table: LeadTable, ref: string): Promise<Lead[]> {
  if (/^[0-9a-f-]{36}$/i.test(ref)) {
    const lead = await getLead(table, ref.toLowerCase());
    return lead === undefined ? [] : [lead];
  }
  return findLeadsByReference(table, ref);
}

export async function oneRequest(table: LeadTable, ref: string): Promise<Lead> {
  const leads = await findRequests(table, ref);
  if (leads.length === 0) throw new Error(`No request ${ref}.`);
  if (leads.length > 1) {
    throw new Error(
      `${leads.length} requests share ${ref}: name one by its submission id (${leads.map((l) => l.submissionId).join(', ')}).`,
    );
  }
  return leads[0]!;
}
