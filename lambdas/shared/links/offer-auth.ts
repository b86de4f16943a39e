// A hauler's offer link (decision 033): valid only for the request and the offer it was signed
// for, and only while that hauler takes jobs. Whatever is wrong, the answer is the loop's one 403.
import { getHauler } from '../haulers/hauler-store';
import type { Hauler } from '../haulers/hauler-store';
import type { JsonResult } from '../runtime/http';
import { takesOffers } from '../offers/offer-ranking';
import type { Lead } from '../leads/lead-store';
import type { OfferViewer } from '../leads/lead-view';
import type { LinkSecretLoader } from './link-secret';
import { authorise, invalidLinkResult } from './quote-loop-auth';
import type { LinkClaims } from './signed-links';
import type { LeadTable } from '../runtime/table-handle';
import type { LeadOffer } from '#contract/loop/offers';

export function offerOf(lead: Lead, number: number): LeadOffer | undefined {
  const offers = lead.offers as Record<string, LeadOffer> | undefined;
  if (typeof offers !== 'object' || offers === null || !Object.hasOwn(offers, String(number))) {
    return undefined;
  }
  return offers[String(number)];
}

export type OfferAuthorised =
  | {
      ok: true;
      claims: LinkClaims;
      lead: Lead;
      hauler: Hauler;
      offer: LeadOffer;
      /** Who reads the job, and whether the offer has ended (read, but no more quotes). */
      viewer: OfferViewer;
    }
  | { ok: false; result: JsonResult };

export async function authoriseOffer(
  body: Record<string, unknown>,
  deps: { table: LeadTable; secrets: LinkSecretLoader; now: () => Date },
): Promise<OfferAuthorised> {
  const auth = await authorise(body, deps, { hauler: ['offer'] });
  if (!auth.ok) return auth;
  const offer = offerOf(auth.lead, auth.claims.quote);
  if (offer === undefined) return { ok: false, result: invalidLinkResult() };
  const hauler = await getHauler(deps.table, offer.haulerId);
  // A paused, removed or uninsured hauler's links stop working.
  if (hauler === undefined || !takesOffers(hauler, deps.now())) {
    return { ok: false, result: invalidLinkResult() };
  }
  const viewer: OfferViewer = {
    haulerId: hauler.haulerId,
    businessName: hauler.businessName,
    ended: offerEnded(offer, deps.now()),
  };
  return { ok: true, claims: auth.claims, lead: auth.lead, hauler, offer, viewer };
}

/** Past its end (`offerHours` after the booking), an offer may be read but not quoted. */
export function offerEnded(offer: LeadOffer, now: Date): boolean {
  return offer.endsAt !== undefined && Date.parse(offer.endsAt) <= now.getTime();
}
