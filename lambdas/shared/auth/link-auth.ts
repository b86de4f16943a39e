// The one way a signed link is let in: its token verified once, then handed, by its role and
// action, to the one authoriser for that kind of link. Authorisers answer plain outcomes; the
// edge (link-results.ts) turns a refusal into the loop's one 403.
import { authoriseAccount, authoriseApplicant, authoriseReviewer } from './hauler-auth';
import { authoriseJob } from './job-auth';
import { authoriseLead } from './lead-auth';
import { refuseLink } from './link-outcome';
import type { LinkAuthDeps, LinkRefusal } from './link-outcome';
import { authoriseOffer } from './offer-auth';
import { verifyLink } from '../links/signed-links';
import type { LinkClaims } from '../links/signed-links';
import { LINK_ACTION_KINDS, allowsLink, linkKindOf } from '#contract/loop/quote-loop';
import type { LinkActionOf, LinkAllowance, LinkKind, LinkRole } from '#contract/loop/quote-loop';

type Authoriser = (claims: LinkClaims, deps: LinkAuthDeps) => Promise<{ ok: true } | LinkRefusal>;

/** Who answers each role's action: every action of LINK_ACTION_KINDS has exactly one. */
export const LINK_AUTHORISERS = {
  operations: { quote: authoriseLead, review: authoriseReviewer },
  homeowner: {
    view: authoriseLead,
    accept: authoriseLead,
    decline: authoriseLead,
    price: authoriseLead,
  },
  applicant: { confirm: authoriseApplicant },
  hauler: { manage: authoriseAccount, offer: authoriseOffer, job: authoriseJob },
} as const satisfies { [R in LinkRole]: Record<LinkActionOf<R>, Authoriser> };

type Authorisers = typeof LINK_AUTHORISERS;
type Allowed = LinkAllowance<LinkKind>;

type Granted<F> = F extends (...args: never[]) => Promise<infer O>
  ? Exclude<O, LinkRefusal>
  : never;

/** What the authorisers of the actions in `A` grant, narrowed for the caller. */
export type LinkGrant<A extends Allowed> = {
  [R in keyof A & LinkRole]: Granted<
    Authorisers[R][NonNullable<A[R]>[number] & keyof Authorisers[R]]
  >;
}[keyof A & LinkRole];

function kindsOf(allowed: Allowed): LinkKind[] {
  const kinds = new Set<LinkKind>();
  for (const role of Object.keys(LINK_ACTION_KINDS) as LinkRole[]) {
    for (const action of allowed[role] ?? []) {
      const kind = linkKindOf(role, action);
      if (kind !== undefined) kinds.add(kind);
    }
  }
  return [...kinds];
}

/** The body's token, when it is valid for one of `allowed` and its authoriser lets it in. */
export async function authoriseLink<const A extends Allowed>(
  body: Record<string, unknown>,
  deps: LinkAuthDeps,
  allowed: A,
): Promise<LinkGrant<A> | LinkRefusal> {
  const { token } = body;
  if (typeof token !== 'string') return refuseLink('no-token');
  const { accepted } = await deps.secrets();
  const claims = verifyLink(token, accepted, deps.now(), kindsOf(allowed));
  if (claims === undefined) return refuseLink('not-verified');
  if (!allowsLink(allowed, claims.role, claims.action)) return refuseLink('not-allowed');
  const ofRole: Readonly<Record<string, Authoriser>> = LINK_AUTHORISERS[claims.role];
  const authorise = ofRole[claims.action];
  if (authorise === undefined) return refuseLink('not-allowed');
  return (await authorise(claims, deps)) as LinkGrant<A> | LinkRefusal;
}
