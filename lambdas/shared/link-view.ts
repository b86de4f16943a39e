// What any signed link may see of its request: the one composition read-lead answers with and the
// quote loop's tests read through. Read only: opening a link never changes anything.
import type { JsonResult } from './http';
import { leadView } from './lead-view';
import type { LinkSecretLoader } from './link-secret';
import { authoriseOffer } from './offer-auth';
import { authorise, invalidLinkResult } from './quote-loop-auth';
import type { LeadTable } from './table-handle';
import { LINK_ACTIONS } from '#contract/quote-loop';
import type { LeadView } from '#contract/quote-loop';

export interface LinkViewDeps {
  table: LeadTable;
  secrets: LinkSecretLoader;
  now: () => Date;
}

/** The request as the token's role may see it, or the loop's one 403. */
export async function viewForLink(
  body: Record<string, unknown>,
  deps: LinkViewDeps,
): Promise<{ ok: true; lead: LeadView } | { ok: false; result: JsonResult }> {
  const { hauler: _hauler, ...leadLinks } = LINK_ACTIONS;
  const auth = await authorise(body, deps, leadLinks);
  if (auth.ok) return { ok: true, lead: leadView(auth.lead, auth.claims, deps.now()) };
  // A hauler's offer link also needs its offer and its hauler, still taking jobs.
  const offer = await authoriseOffer(body, deps);
  if (!offer.ok) return { ok: false, result: invalidLinkResult() };
  return { ok: true, lead: leadView(offer.lead, offer.claims, deps.now(), offer.viewer) };
}
