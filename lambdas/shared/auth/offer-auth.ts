// A hauler's offer link (decision 033): valid only for the request and the offer it was signed
// for, and only while that hauler takes jobs.
import { getHauler } from '../haulers/hauler-store';
import type { Hauler } from '../models/hauler-model';
import { offerNumbered } from '../models/offer-model';
import { takesOffers } from '../haulers/hauler-rules';
import type { Lead } from '../models/lead-model';
import type { OfferViewer } from '../leads/lead-view';
import { authoriseLead } from './lead-auth';
import { refuseLink } from './link-outcome';
import type { LinkAuthDeps, LinkRefusal } from './link-outcome';
import type { LinkClaims } from '../links/signed-links';
import type { LeadOffer } from '#contract/loop/offers';

export function offerOf(lead: Lead, number: number): LeadOffer | undefined {
  return offerNumbered(lead, number);
}

export interface OfferLinkGrant {
  ok: true;
  claims: LinkClaims;
  lead: Lead;
  hauler: Hauler;
  offer: LeadOffer;
  /** Who reads the job, and whether the offer has ended (read, but no more quotes). */
  viewer: OfferViewer;
}

export async function authoriseOffer(
  claims: LinkClaims,
  deps: LinkAuthDeps,
): Promise<OfferLinkGrant | LinkRefusal> {
  const auth = await authoriseLead(claims, deps);
  if (!auth.ok) return auth;
  const offer = offerOf(auth.lead, claims.quote);
  if (offer === undefined) return refuseLink('no-offer');
  const hauler = await getHauler(deps.table, offer.haulerId);
  // A paused, removed or uninsured hauler's links stop working.
  if (hauler === undefined || !takesOffers(hauler, deps.now())) {
    return refuseLink('hauler-not-taking-offers');
  }
  const viewer: OfferViewer = {
    haulerId: hauler.haulerId,
    businessName: hauler.businessName,
    ended: offerEnded(offer, deps.now()),
  };
  return { ok: true, claims, lead: auth.lead, hauler, offer, viewer };
}

/** Past its end (`offerHours` after the booking), an offer may be read but not quoted. */
export function offerEnded(offer: LeadOffer, now: Date): boolean {
  return offer.endsAt !== undefined && Date.parse(offer.endsAt) <= now.getTime();
}
