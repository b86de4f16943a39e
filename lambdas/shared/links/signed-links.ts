// The signed links of the quote loop and the hauler side (decision 020): the token
// `{kind}.{id}.{role}.{action}.{number}.{expires}.{signature}`, whose kind says what the id names
// (decision 044). One verdict for every failure; tokens and secrets never logged.
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
  /** What `id` names, signed with it: always the kind of the role's action (LINK_ACTION_KINDS). */
  kind: LinkKind;
  /** A request's submission id (kind `lead`) or a hauler's id (kind `hauler`). */
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
/**
 * Decision 020's tokens, `{id}.{role}.{action}.{number}.{expires}.{signature}`, carried no kind:
 * still read for their remaining life, their kind taken from their role and action (decision
 * 044). None is made any more; this branch goes once the longest of them (90 days) has expired.
 */
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

/** The claims for a new link of `action`, of its kind, expiring after that action's lifetime. */
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

/** The token's claims as written, and its signature, when it has either shape. */
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

/**
 * The token's claims when it names an id of `kind`, its signature matches one of `secrets` and
 * it has not expired, else undefined. Every reader states the kind it reads, so an id of one kind
 * is never read as another. Every secret is tried (no early exit) so timing says nothing about
 * which one matched.
 */
export function verifyLink(
  token: string,
  secrets: readonly Buffer[],
  now: Date,
  kind: LinkKind,
): LinkClaims | undefined {
  const parsed = parseToken(token);
  if (parsed === undefined || parsed.claims.kind !== kind) return undefined;
  const { claims, signature, legacy } = parsed;
  const given = Buffer.from(signature, 'base64url');
  // 43 base64url characters always decode to 32 bytes, the length timingSafeEqual needs. They
  // carry 258 bits, so the last character's two spare bits would give every link three other
  // spellings that decode alike: only the canonical one (the bytes re-encoded) is accepted.
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
