// Whatever is wrong with a link, the answer is the same 403: the caller learns nothing.
import { apiError, jsonResult } from '../runtime/http';
import type { JsonResult } from '../runtime/http';
import { getLead } from '../leads/lead-store';
import type { Lead } from '../leads/lead-store';
import type { LinkSecretLoader } from './link-secret';
import { verifyLink } from './signed-links';
import type { LinkClaims } from './signed-links';
import type { LeadTable } from '../runtime/table-handle';
import { LOOP_MESSAGES, allowsLink } from '#contract/loop/quote-loop';
import type { LinkAllowance } from '#contract/loop/quote-loop';

export function invalidLinkResult(): JsonResult {
  return jsonResult(403, apiError('invalid_link', LOOP_MESSAGES.linkInvalid));
}

export type Authorised =
  { ok: true; claims: LinkClaims; lead: Lead } | { ok: false; result: JsonResult };

/**
 * The request a body's token names, when the token is a request's (kind `lead`, decision 044) and
 * valid for one of `allowed`, which may hold request actions only.
 */
export async function authorise(
  body: Record<string, unknown>,
  deps: { table: LeadTable; secrets: LinkSecretLoader; now: () => Date },
  allowed: LinkAllowance<'lead'>,
): Promise<Authorised> {
  const { token } = body;
  if (typeof token !== 'string') return { ok: false, result: invalidLinkResult() };
  const { accepted } = await deps.secrets();
  const claims = verifyLink(token, accepted, deps.now(), 'lead');
  if (claims === undefined || !allowsLink(allowed, claims.role, claims.action)) {
    return { ok: false, result: invalidLinkResult() };
  }
  const lead = await getLead(deps.table, claims.id);
  // Forgotten (npm run leads -- forget) or expired by TTL: the link leads nowhere.
  if (lead === undefined) return { ok: false, result: invalidLinkResult() };
  return { ok: true, claims, lead };
}
