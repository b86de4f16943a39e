// Read only: opening a link (or a mail scanner prefetching it) never changes anything.
import { apiError, jsonResult } from '../shared/http';
import type { JsonResult } from '../shared/http';
import { leadView } from '../shared/lead-view';
import type { LinkSecretLoader } from '../shared/link-secret';
import { authoriseOffer, offerEnded } from '../shared/offer-auth';
import { authorise } from '../shared/quote-loop-auth';
import type { LeadTable } from '../shared/table-handle';
import { firstMessagePerField } from '#contract/fields';
import { LINK_ACTIONS, leadViewRequestSchema } from '#contract/quote-loop';

export interface ReadLeadDeps {
  table: LeadTable;
  secrets: LinkSecretLoader;
  now: () => Date;
}

export async function readLead(
  body: Record<string, unknown>,
  deps: ReadLeadDeps,
): Promise<JsonResult> {
  const { hauler: _hauler, ...leadLinks } = LINK_ACTIONS;
  const auth = await authorise(body, deps, leadLinks);
  // A hauler's offer link also needs its offer and its hauler, still taking jobs.
  const offer = auth.ok ? undefined : await authoriseOffer(body, deps);
  if (!auth.ok && (offer === undefined || !offer.ok)) return auth.result;
  const parsed = leadViewRequestSchema.safeParse(body);
  if (!parsed.success) {
    const { issues } = parsed.error;
    return jsonResult(
      400,
      apiError(
        'invalid_request',
        issues[0]?.message ?? 'Invalid request',
        firstMessagePerField(issues),
      ),
    );
  }
  if (offer?.ok === true) {
    const viewer = {
      haulerId: offer.hauler.haulerId,
      businessName: offer.hauler.businessName,
      ended: offerEnded(offer.offer, deps.now()),
    };
    return jsonResult(200, { lead: leadView(offer.lead, offer.claims, deps.now(), viewer) });
  }
  if (!auth.ok) return auth.result;
  return jsonResult(200, { lead: leadView(auth.lead, auth.claims, deps.now()) });
}
