// A request's link (kind `lead`, decision 044), verified by link-auth: the request it names.
import { getLead } from '../leads/lead-store';
import type { Lead } from '../leads/lead-store';
import { refuseLink } from './link-outcome';
import type { LinkAuthDeps, LinkRefusal } from './link-outcome';
import type { LinkClaims } from '../links/signed-links';

export interface LeadLinkGrant {
  ok: true;
  claims: LinkClaims;
  lead: Lead;
}

export async function authoriseLead(
  claims: LinkClaims,
  deps: LinkAuthDeps,
): Promise<LeadLinkGrant | LinkRefusal> {
  const lead = await getLead(deps.table, claims.id);
  // Forgotten (npm run leads -- forget) or expired by TTL: the link leads nowhere.
  if (lead === undefined) return refuseLink('no-lead');
  return { ok: true, claims, lead };
}
