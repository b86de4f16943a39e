/**
 * "Email me a link to my hauler page" from the public /haulers page. The answer is the same
 * whether or not the address belongs to a hauler, so it says nothing about who is one; only the
 * counted limits, which count every request for the address alike, answer otherwise (429).
 */
import { countDailyConfirmation, reserveHaulerEmail } from '../shared/abuse-counters';
import { haulerIdsByEmail } from '../shared/hauler-indexes';
import { haulerLinkUrl } from '../shared/hauler-links';
import { haulerLedger } from '../shared/hauler-mail';
import { getHauler, issueHaulerLink } from '../shared/hauler-store';
import { apiError, invalidRequest, jsonResult } from '../shared/http';
import type { JsonResult } from '../shared/http';
import { createMailer } from '../shared/mailer';
import type { HaulerAccountDeps } from './account';
import { freshLinkEmail } from './emails';
import { HAULER_API_MESSAGES, HAULER_COUNTED_LIMITS, HAULER_TEXTS } from '#contract/hauler-api';
import { freshLinkRequestSchema } from '#contract/hauler-api-schemas';

/** The day's count of fresh-link requests, all addresses together. */
export const FRESH_LINK_COUNTER = 'hauler-fresh-links';

/** Only a hauler who takes or may take jobs has a page to link to. */
const HAS_PAGE = new Set(['active', 'paused']);

export async function freshLink(
  body: Record<string, unknown>,
  deps: HaulerAccountDeps,
): Promise<JsonResult> {
  const parsed = freshLinkRequestSchema.safeParse(body);
  if (!parsed.success) {
    const { statusCode, body: error } = invalidRequest(parsed.error.issues);
    return jsonResult(statusCode, error);
  }
  const { email } = parsed.data;
  const now = deps.now();
  if ((await reserveHaulerEmail(deps.table, email, now)) === 'limit') {
    return jsonResult(429, apiError('limit_reached', HAULER_API_MESSAGES.tooManyEmails));
  }
  const cap = HAULER_COUNTED_LIMITS.freshLinkDailyCap;
  const counted = await countDailyConfirmation(deps.table, now, cap, FRESH_LINK_COUNTER);
  if (counted.outcome === 'daily-cap') {
    console.warn('hauler account: fresh-link daily cap reached', { cap });
    return jsonResult(429, apiError('limit_reached', HAULER_API_MESSAGES.tooManyLinkRequests));
  }

  const mailer = createMailer(deps, 'hauler account');
  let sent = 0;
  for (const haulerId of await haulerIdsByEmail(deps.table, email)) {
    const found = await getHauler(deps.table, haulerId);
    if (found === undefined || !HAS_PAGE.has(found.status)) continue;
    if (found.email.trim().toLowerCase() !== email.trim().toLowerCase()) continue;
    const issued = await issueHaulerLink(deps.table, haulerId, { now });
    if (!issued.ok) continue;
    const { hauler } = issued;
    const link = await haulerLinkUrl(deps, hauler, { role: 'hauler', action: 'manage' }, now);
    const result = await mailer.deliver(await haulerLedger(deps.table, haulerId), {
      key: `fresh-link-${hauler.linkVersion}`,
      to: hauler.email,
      ...(deps.haulerConfigurationSet === undefined
        ? {}
        : { configurationSet: deps.haulerConfigurationSet }),
      message: freshLinkEmail(hauler, link),
    });
    if (result === 'sent') sent += 1;
  }
  // A count only: the log never says which address asked.
  console.info('hauler account: fresh link', { sent });
  return jsonResult(200, { message: HAULER_TEXTS.freshLinkSent });
}
