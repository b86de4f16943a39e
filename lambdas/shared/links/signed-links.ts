// Signed links (decisions 020, 044): `{kind}.{id}.{role}.{action}.{number}.{expires}.{signature}`.
// One verdict for every failure; tokens and secrets are never logged.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { TOKEN_FRAGMENT_PARAM } from '#contract/core/pages';
import {
  LINK_ACTIONS,
  LINK_KINDS,
  LINK_LIFETIME_DAYS,
  linkKindOf,
} from '#contract/loop/quote-loop';
import type { LinkAction, LinkKind, LinkRole } from '#contract/loop/quote-loop';

export interface LinkClaims {
  kind: LinkKind;
  id: string;
  role: LinkRole;
  action: LinkAction;
  /** The quote an accept/decline link answers, an offer's number, a linkVersion; 0 otherwise. */
  quote: number;
  /** Epoch seconds. */
  expires: number;
}

/** Domain separation: a signature made for anything else with the same key never verifies here. */
const CONTEXT = 'bulk-trash-pickup/link/v2';
/** Decision 020's kindless tokens: read, never made, until the last expires (90 days on). */
const LEGACY_CONTEXT = 'bulk-trash-pickup/link/v1';

const FIELDS =
  '([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\\.([a-z]+)\\.([a-z]+)\\.(0|[1-9]\\d{0,3})\\.([1-9]\\d{9,10})\\.([A-Za-z0-9_-]{43})';
const TOKEN_PATTERN = new RegExp(`^(${LINK_KINDS.join('|')})\\.${FIELDS}$`);
const LEGACY_TOKEN_PATTERN = new RegExp(`^${FIELDS}$`);

function signatureOf(claims: LinkClaims, secret: Buffer, legacy = false): Buffer {
  const { kind, id, role, action, quote, expires } = claims;
  const fields = legacy
    ? [LEGACY_CONTEXT, id, role, action, quote, expires]
    : [CONTEXT, kind, id, role, action, quote, expires];
  return createHmac('sha256', secret).update(fields.join('\n')).digest();
}

export function isRoleAction(role: string, action: string): role is LinkRole {
  return (
    Object.hasOwn(LINK_ACTIONS, role) &&
    (LINK_ACTIONS[role as LinkRole] as readonly string[]).includes(action)
  );
}

export function signLink(claims: LinkClaims, secret: Buffer): string {
  const { kind, id, role, action, quote, expires } = claims;
  if (!isRoleAction(role, action)) throw new Error(`A ${role} link cannot ${action}`);
  if (linkKindOf(role, action) !== kind) throw new Error(`A ${role} ${action} link is not ${kind}`);
  const signature = signatureOf(claims, secret).toString('base64url');
  return [kind, id, role, action, quote, expires, signature].join('.');
}

export function linkClaims(
  id: string,
  role: LinkRole,
  action: LinkAction,
  now: Date,
  quote = 0,
): LinkClaims {
  const kind = linkKindOf(role, action);
  if (kind === undefined) throw new Error(`A ${role} link cannot ${action}`);
  const expires = Math.floor(now.getTime() / 1000) + LINK_LIFETIME_DAYS[action] * 86_400;
  return { kind, id: id.toLowerCase(), role, action, quote, expires };
}

function parseToken(
  token: string,
): { claims: LinkClaims; signature: string; legacy: boolean } | undefined {
  const current = TOKEN_PATTERN.exec(token);
  const legacy = current === null ? LEGACY_TOKEN_PATTERN.exec(token) : null;
  const match = current ?? legacy;
  if (match === null) return undefined;
  const fields = current === null ? [undefined, ...match.slice(1)] : match.slice(1);
  const [written, id, role, action, quote, expires, signature] = fields;
  if (
    id === undefined ||
    role === undefined ||
    action === undefined ||
    quote === undefined ||
    expires === undefined ||
    signature === undefined ||
    !isRoleAction(role, action)
  ) {
    return undefined;
  }
  const kind = linkKindOf(role, action);
  // A current token's kind must be its action's: a lead kind on an applicant's confirm is forged.
  if (kind === undefined || (written !== undefined && written !== kind)) return undefined;
  const claims: LinkClaims = {
    kind,
    id,
    role,
    action: action as LinkAction,
    quote: Number(quote),
    expires: Number(expires),
  };
  return { claims, signature, legacy: legacy !== null };
}

// Every reader states the kinds it reads, so an id of one kind is never read as another; every
// secret is tried (no early exit) so timing says nothing about which one matched.
export function verifyLink(
  token: string,
  secrets: readonly Buffer[],
  now: Date,
  kinds: LinkKind | readonly LinkKind[],
): LinkClaims | undefined {
  const parsed = parseToken(token);
  const read: readonly LinkKind[] = typeof kinds === 'string' ? [kinds] : kinds;
  if (parsed === undefined || !read.includes(parsed.claims.kind)) return undefined;
  const { claims, signature, legacy } = parsed;
  const given = Buffer.from(signature, 'base64url');
  // 43 base64url characters carry 258 bits: two spare bits would give each link three other
  // spellings, so only the canonical one (the 32 bytes re-encoded) is accepted.
  if (given.length !== 32 || given.toString('base64url') !== signature) return undefined;
  let valid = false;
  for (const secret of secrets) {
    if (timingSafeEqual(given, signatureOf(claims, secret, legacy))) valid = true;
  }
  if (!valid) return undefined;
  if (claims.expires * 1000 <= now.getTime()) return undefined;
  return claims;
}

/** `https://site/request#t=TOKEN`: the token in the fragment, never sent to a server. */
export function linkUrl(publicBaseUrl: string, pagePath: string, token: string): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}${pagePath}#${TOKEN_FRAGMENT_PARAM}=${token}`;
}
