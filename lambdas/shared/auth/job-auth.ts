// A hauler's job link (decision 034), honoured while that hauler exists: whether the job is still
// theirs is the job machine's to say (a paused hauler still finishes the jobs they have).
import { getHauler } from '../haulers/hauler-store';
import type { Hauler } from '../models/hauler-model';
import type { Lead } from '../leads/lead-store';
import type { OfferViewer } from '../leads/lead-view';
import { authoriseLead } from './lead-auth';
import { refuseLink } from './link-outcome';
import type { LinkAuthDeps, LinkRefusal } from './link-outcome';
import { offerOf } from './offer-auth';
import type { LinkClaims } from '../links/signed-links';

export interface JobLinkGrant {
  ok: true;
  claims: LinkClaims;
  lead: Lead;
  hauler: Hauler;
  viewer: OfferViewer;
}

export async function authoriseJob(
  claims: LinkClaims,
  deps: LinkAuthDeps,
): Promise<JobLinkGrant | LinkRefusal> {
  const auth = await authoriseLead(claims, deps);
  if (!auth.ok) return auth;
  const offer = offerOf(auth.lead, claims.quote);
  if (offer === undefined) return refuseLink('no-offer');
  const hauler = await getHauler(deps.table, offer.haulerId);
  // A removed hauler's links read nothing and change nothing, a job done included (decision 045).
  if (hauler === undefined) return refuseLink('no-hauler');
  if (hauler.status === 'removed') return refuseLink('hauler-removed');
  const viewer: OfferViewer = { haulerId: hauler.haulerId, businessName: hauler.businessName };
  return { ok: true, claims, lead: auth.lead, hauler, viewer };
}
