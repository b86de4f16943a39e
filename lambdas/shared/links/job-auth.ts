// A hauler's job link (decision 034): signed for the request and the hauler's offer, like the
// offer link, and honoured while that hauler exists. Whether the job is still theirs is the job
// machine's to say (a job given up or a hauler paused since reads "no longer yours" or keeps
// working: a paused hauler still finishes the jobs they have).
import { getHauler } from '../haulers/hauler-store';
import type { Hauler } from '../haulers/hauler-store';
import type { JsonResult } from '../runtime/http';
import type { Lead } from '../leads/lead-store';
import type { OfferViewer } from '../leads/lead-view';
import type { LinkSecretLoader } from './link-secret';
import { offerOf } from './offer-auth';
import { authorise, invalidLinkResult } from './quote-loop-auth';
import type { LinkClaims } from './signed-links';
import type { LeadTable } from '../runtime/table-handle';

export type JobAuthorised =
  | { ok: true; claims: LinkClaims; lead: Lead; hauler: Hauler; viewer: OfferViewer }
  | { ok: false; result: JsonResult };

export async function authoriseJob(
  body: Record<string, unknown>,
  deps: { table: LeadTable; secrets: LinkSecretLoader; now: () => Date },
): Promise<JobAuthorised> {
  const auth = await authorise(body, deps, { hauler: ['job'] });
  if (!auth.ok) return auth;
  const offer = offerOf(auth.lead, auth.claims.quote);
  if (offer === undefined) return { ok: false, result: invalidLinkResult() };
  const hauler = await getHauler(deps.table, offer.haulerId);
  // A removed hauler's links read nothing and change nothing, a job done included (decision 045).
  if (hauler === undefined || hauler.status === 'removed') {
    return { ok: false, result: invalidLinkResult() };
  }
  const viewer: OfferViewer = { haulerId: hauler.haulerId, businessName: hauler.businessName };
  return { ok: true, claims: auth.claims, lead: auth.lead, hauler, viewer };
}
