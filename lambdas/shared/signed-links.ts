// The quote loop's signed links: the token `{leadId}.{role}.{action}.{quote}.{expires}.{signature}`
// and its checks are decision 020. One verdict for every failure; tokens and secrets never logged.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { TOKEN_FRAGMENT_PARAM } from '#contract/pages';
import { LINK_ACTIONS, LINK_LIFETIME_DAYS } from '#contract/quote-loop';
import type { LinkAction, LinkRole } from '#contract/quote-loop';

export interface LinkClaims {
  leadId: string;
  role: LinkRole;
  action: LinkAction;
  /** The quote an accept/decline link answers; 0 otherwise. */
  quote: number;
  /** Epoch seconds. */
  expires: number;
}

/** Domain separation: a signature made for anything else with the same key never verifies here. */
const CONTEXT = 'bulk-trash-pickup/link/v1';

const TOKEN_PATTERN =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([a-z]+)\.([a-z]+)\.(0|[1-9]\d{0,3})\.([1-9]\d{9,10})\.([A-Za-z0-9_-]{43})$/;

function signatureOf(claims: LinkClaims, secret: Buffer): Buffer {
  return createHmac('sha256', secret)
    .update(
      [CONTEXT, claims.leadId, claims.role, claims.action, claims.quote, claims.expires].join('\n'),
    )
    .digest();
}

export function isRoleAction(role: string, action: string): role is LinkRole {
  return (
    Object.hasOwn(LINK_ACTIONS, role) &&
    (LINK_ACTIONS[role as LinkRole] as readonly string[]).includes(action)
  );
}

export function signLink(claims: LinkClaims, secret: Buffer): string {
  if (!isRoleAction(claims.role, claims.action)) {
    throw new Error(`A ${claims.role} link cannot ${claims.action}`);
  }
  const signature = signatureOf(claims, secret).toString('base64url');
  return [claims.leadId, claims.role, claims.action, claims.quote, claims.expires, signature].join(
    '.',
  );
}

/** The claims for a new link of `action`, expiring after that action's lifetime. */
export function linkClaims(
  leadId: string,
  role: LinkRole,
  action: LinkAction,
  now: Date,
  quote = 0,
): LinkClaims {
  const expires = Math.floor(now.getTime() / 1000) + LINK_LIFETIME_DAYS[action] * 86_400;
  return { leadId: leadId.toLowerCase(), role, action, quote, expires };
}

/**
 * The token's claims when its signature matches one of `secrets` and it has not expired, else
 * undefined. Every secret is tried (no early exit) so timing says nothing about which one matched.
 */
export function verifyLink(
  token: string,
  secrets: readonly Buffer[],
  now: Date,
): LinkClaims | undefined {
  const match = TOKEN_PATTERN.exec(token);
  if (match === null) return undefined;
  const [, leadId, role, action, quote, expires, signature] = match;
  if (
    leadId === undefined ||
    role === undefined ||
    action === undefined ||
    quote === undefined ||
    expires === undefined ||
    signature === undefined ||
    !isRoleAction(role, action)
  ) {
    return undefined;
  }
  const claims: LinkClaims = {
    leadId,
    role,
    action: action as LinkAction,
    quote: Number(quote),
    expires: Number(expires),
  };
  const given = Buffer.from(signature, 'base64url');
  // 43 base64url characters always decode to 32 bytes, the length timingSafeEqual needs. They
  // carry 258 bits, so the last character's two spare bits would give every link three other
  // spellings that decode alike: only the canonical one (the bytes re-encoded) is accepted.
  if (given.length !== 32 || given.toString('base64url') !== signature) return undefined;
  let valid = false;
  for (const secret of secrets) {
    if (timingSafeEqual(given, signatureOf(claims, secret))) valid = true;
  }
  if (!valid) return undefined;
  if (claims.expires * 1000 <= now.getTime()) return undefined;
  return claims;
}

/** `https://site/request#t=TOKEN`: the token in the fragment, never sent to a server. */
export function linkUrl(publicBaseUrl: string, pagePath: string, token: string): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}${pagePath}#${TOKEN_FRAGMENT_PARAM}=${token}`;
}
