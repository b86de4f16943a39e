// The hauler side's signed links (decision 031): the link's id is the hauler's, its number 0 but
// for `manage` links, which carry the hauler's linkVersion so a new link or a removal ends them.
// Whatever is wrong with a link, the answer is the quote loop's one 403.
import { getHauler } from '../haulers/hauler-store';
import type { Hauler } from '../haulers/hauler-store';
import type { JsonResult } from '../runtime/http';
import type { LinkSecretLoader } from './link-secret';
import { invalidLinkResult } from './quote-loop-auth';
import { linkClaims, linkUrl, signLink, verifyLink } from './signed-links';
import type { LinkClaims } from './signed-links';
import type { LeadTable } from '../runtime/table-handle';
import { epochSeconds } from '../runtime/table-handle';
import { HAULER_PAGE_PATHS } from '#contract/core/pages';
import { allowsLink } from '#contract/loop/quote-loop';
import type { LinkAllowance } from '#contract/loop/quote-loop';

type HaulerLink =
  | { role: 'applicant'; action: 'confirm' }
  | { role: 'operations'; action: 'review' }
  | { role: 'hauler'; action: 'manage' };

const PAGE_OF: Record<HaulerLink['action'], string> = {
  confirm: HAULER_PAGE_PATHS.confirm,
  review: HAULER_PAGE_PATHS.review,
  manage: HAULER_PAGE_PATHS.account,
};

/** `https://site/haulers/confirm#t=…`, signed with the current secret. */
export async function haulerLinkUrl(
  deps: { secrets: LinkSecretLoader; publicBaseUrl: string },
  hauler: Pick<Hauler, 'haulerId' | 'linkVersion'>,
  link: HaulerLink,
  now: Date,
): Promise<string> {
  const { current } = await deps.secrets();
  const number = link.action === 'manage' ? hauler.linkVersion : 0;
  const claims = linkClaims(hauler.haulerId, link.role, link.action, now, number);
  return linkUrl(deps.publicBaseUrl, PAGE_OF[link.action], signLink(claims, current));
}

export type HaulerAuthorised =
  { ok: true; claims: LinkClaims; hauler: Hauler } | { ok: false; result: JsonResult };

/**
 * The hauler a body's token names, when the token is a hauler's (kind `hauler`, decision 044) and
 * valid for one of `allowed` (hauler actions only), the hauler exists (an unconfirmed application
 * past its link's life does not) and a `manage` link carries the hauler's current linkVersion.
 */
export async function authoriseHaulerLink(
  body: Record<string, unknown>,
  deps: { table: LeadTable; secrets: LinkSecretLoader; now: () => Date },
  allowed: LinkAllowance<'hauler'>,
): Promise<HaulerAuthorised> {
  const refused = { ok: false, result: invalidLinkResult() } as const;
  const { token } = body;
  if (typeof token !== 'string') return refused;
  const { accepted } = await deps.secrets();
  const now = deps.now();
  const claims = verifyLink(token, accepted, now, 'hauler');
  if (claims === undefined || !allowsLink(allowed, claims.role, claims.action)) {
    return refused;
  }
  const hauler = await getHauler(deps.table, claims.id);
  if (hauler === undefined) return refused;
  const lapsed =
    hauler.status === 'applied' &&
    hauler.expiresAt !== undefined &&
    hauler.expiresAt <= epochSeconds(now.getTime());
  if (lapsed) return refused;
  if (claims.action === 'manage' && claims.quote !== hauler.linkVersion) return refused;
  return { ok: true, claims, hauler };
}
