// The hauler side's signed links (decision 031): the link's id is the hauler's, its number 0 but
// for `manage` links, which carry the hauler's linkVersion so a new link or a removal ends them.
import type { Hauler } from '../models/hauler-model';
import type { LinkSecretLoader } from './link-secret';
import { linkClaims, linkUrl, signLink } from './signed-links';
import { HAULER_PAGE_PATHS } from '#contract/core/pages';

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
