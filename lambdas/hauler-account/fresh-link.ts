/**
 * "Email me a link to my hauler page" from the public /haulers page. Anyone may ask for any
 * address, so asking costs the hauler nothing (decision 043): the link is signed for the hauler's
 * current linkVersion and ends no older one, and requests for one address coalesce (one email per
 * `freshLinkMinutesPerAddress`) instead of running out. The answer is the same 200 whether the
 * address is a hauler's, a stranger's or coalesced; only the day's cap, the same for every
 * address, answers otherwise (429).
 */
import { countDailyConfirmation, reserveFreshLinkEmail } from '../shared/runtime/abuse-counters';
import { haulerIdsByEmail } from '../shared/haulers/hauler-indexes';
import { haulerLinkUrl } from '../shared/links/hauler-links';
import { haulerLedger } from '../shared/haulers/hauler-mail';
import { getHauler } from '../shared/haulers/hauler-store';
import { apiError, invalidRequest, jsonResult } from '../shared/runtime/http';
import type { JsonResult } from '../shared/runtime/http';
import { createMailer } from '../shared/mail/mailer';
import type { HaulerAccountDeps } from './account';
import { freshLinkEmail } from './emails';
import {
  HAULER_API_MESSAGES,
  HAULER_COUNTED_LIMITS,
  HAULER_TEXTS,
} from '#contract/haulers/hauler-api';
import { freshLinkRequestSchema } from '#contract/haulers/hauler-api-schemas';

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
  const sentAnswer = jsonResult(200, { message: HAULER_TEXTS.freshLinkSent });
  // Counted per address before the lookup and before the day's cap: every address alike, and a
  // flood naming one address neither mails it without end nor uses up the day.
  const reserved = await reserveFreshLinkEmail(deps.table, email, now);
  if (reserved.outcome === 'coalesced') {
    console.info('hauler account: fresh link coalesced');
    return sentAnswer;
  }
  const cap = HAULER_COUNTED_LIMITS.freshLinkDailyCap;
  const counted = await countDailyConfirmation(deps.table, now, cap, FRESH_LINK_COUNTER);
  if (counted.outcome === 'daily-cap') {
    console.warn('hauler account: fresh-link daily cap reached', { cap });
    // Nothing went out: the address may ask again once the day has room.
    await reserved.release();
    return jsonResult(429, apiError('limit_reached', HAULER_API_MESSAGES.tooManyLinkRequests));
  }

  const mailer = createMailer(deps, 'hauler account');
  let sent = 0;
  let failed = false;
  for (const haulerId of await haulerIdsByEmail(deps.table, email)) {
    const found = await getHauler(deps.table, haulerId);
    if (found === undefined || !HAS_PAGE.has(found.status)) continue;
    if (found.email.trim().toLowerCase() !== email.trim().toLowerCase()) continue;
    // Signed for the current linkVersion: every link the hauler holds keeps working. Ending them
    // is a removal's to do, never a stranger's request.
    const link = await haulerLinkUrl(deps, found, { role: 'hauler', action: 'manage' }, now);
    const result = await mailer.deliver(await haulerLedger(deps.table, haulerId), {
      // One per request that got through: the coalescing above bounds how many there are.
      key: `fresh-link-${now.toISOString()}`,
      to: found.email,
      ...(deps.haulerConfigurationSet === undefined
        ? {}
        : { configurationSet: deps.haulerConfigurationSet }),
      message: freshLinkEmail(found, link),
    });
    if (result === 'sent') sent += 1;
    if (result === 'failed') failed = true;
  }
  // A send that failed leaves the hauler nothing in the inbox: they may ask again at once.
  if (failed && sent === 0) await reserved.release();
  // A count only: the log never says which address asked.
  console.info('hauler account: fresh link', { sent });
  return sentAnswer;
}
