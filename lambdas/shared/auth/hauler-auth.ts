// The hauler side's verified links (kind `hauler`, decisions 031, 044): the hauler, if still valid.
import { getHauler } from '../haulers/hauler-store';
import type { Hauler } from '../models/hauler-model';
import { refuseLink } from './link-outcome';
import type { LinkAuthDeps, LinkRefusal } from './link-outcome';
import type { LinkClaims } from '../links/signed-links';
import { epochSeconds } from '../runtime/table-handle';

export interface HaulerLinkGrant {
  ok: true;
  claims: LinkClaims;
  hauler: Hauler;
}

type HaulerOutcome = Promise<HaulerLinkGrant | LinkRefusal>;

/** An applicant's confirm link: the hauler exists (an application never confirmed lapses). */
export async function authoriseApplicant(claims: LinkClaims, deps: LinkAuthDeps): HaulerOutcome {
  const hauler = await getHauler(deps.table, claims.id);
  if (hauler === undefined) return refuseLink('no-hauler');
  const lapsed =
    hauler.status === 'applied' &&
    hauler.expiresAt !== undefined &&
    hauler.expiresAt <= epochSeconds(deps.now().getTime());
  if (lapsed) return refuseLink('application-lapsed');
  return { ok: true, claims, hauler };
}

/** Operations' review link: until the applicant confirms their email, the hauler is not here. */
export async function authoriseReviewer(claims: LinkClaims, deps: LinkAuthDeps): HaulerOutcome {
  const auth = await authoriseApplicant(claims, deps);
  if (auth.ok && auth.hauler.status === 'applied') return refuseLink('application-unconfirmed');
  return auth;
}

/** A `manage` link carries its linkVersion: a newer link or a removal ends it. */
export async function authoriseAccount(claims: LinkClaims, deps: LinkAuthDeps): HaulerOutcome {
  const auth = await authoriseApplicant(claims, deps);
  if (!auth.ok) return auth;
  if (claims.quote !== auth.hauler.linkVersion) return refuseLink('link-replaced');
  const { status } = auth.hauler;
  if (status === 'removed' || status === 'rejected') return refuseLink('account-closed');
  return auth;
}
