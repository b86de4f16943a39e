/**
 * "Set up payouts" on the hauler's page (issue 39 flow 1, decision 055): the hauler's Express
 * account is made once (its idempotency key is the hauler's, its id stored only where the profile
 * names none) and an Account Link each time, since they expire in minutes; each link is counted
 * per hauler and day and carries a key of its own. Coming back from Stripe asks Stripe for the
 * account's state and stores it, as `account.updated` does: the newer of the two wins.
 */
import { authoriseLink } from '../shared/auth/link-auth';
import { refusedLinkResult } from '../shared/auth/link-results';
import { claimPayoutAccount, recordHaulerPayouts } from '../shared/haulers/hauler-payouts';
import { getHauler } from '../shared/haulers/hauler-store';
import { linkUrl, signLink, linkClaims } from '../shared/links/signed-links';
import type { Hauler } from '../shared/models/hauler-model';
import type { Payments } from '../shared/payments/payments-from-env';
import type { PaymentProvider } from '../shared/payments/stripe-payments';
import { addUnderCap } from '../shared/runtime/abuse-counters';
import { apiError, invalidRequest, jsonResult } from '../shared/runtime/http';
import type { JsonResult } from '../shared/runtime/http';
import { DAY_MS, epochSeconds } from '../shared/runtime/table-handle';
import { accountResult } from './account';
import type { HaulerAccountDeps } from './account';
import { utcToday } from '#contract/core/calendar-date';
import { HAULER_PAGE_PATHS } from '#contract/core/pages';
import { KEY_PREFIXES } from '#contract/core/table-keys';
import { HAULER_COUNTED_LIMITS } from '#contract/haulers/hauler-api';
import { payoutsRequestSchema } from '#contract/haulers/hauler-api-schemas';
import { PAYOUT_TEXTS } from '#contract/money/payments';

/** The query the hauler page reads when Stripe sends the hauler back. */
export const PAYOUTS_RETURN_QUERY = { back: 'payouts=back', again: 'payouts=again' } as const;

/** Idempotency keys derived from the hauler and the step (decision 048's rule). */
export const payoutKeys = {
  account: (haulerId: string) => `hauler_${haulerId}:express-account`,
  link: (haulerId: string, day: string, count: number) =>
    `hauler_${haulerId}:account-link:${day}:${count}`,
};

/** One more Account Link today for this hauler; undefined once the day's are used. */
async function countPayoutLink(
  deps: HaulerAccountDeps,
  haulerId: string,
  now: Date,
): Promise<{ day: string; count: number } | undefined> {
  const day = utcToday(now);
  const count = await addUnderCap(
    deps.table,
    { pk: `${KEY_PREFIXES.hauler}${haulerId}`, sk: `PAYOUT_LINKS#${day}` },
    HAULER_COUNTED_LIMITS.payoutLinksPerHaulerPerDay,
    epochSeconds(Date.parse(`${day}T00:00:00Z`) + 2 * DAY_MS),
  );
  return count === undefined ? undefined : { day, count };
}

const unavailable = () => jsonResult(502, apiError('internal', PAYOUT_TEXTS.stripeUnavailable));

/** The account the profile names, made (once) when it names none. */
async function ensureAccount(
  deps: HaulerAccountDeps,
  provider: PaymentProvider,
  hauler: Hauler,
): Promise<string | undefined> {
  if (hauler.payouts !== undefined) return hauler.payouts.accountId;
  const made = await provider.createExpressAccount({
    key: payoutKeys.account(hauler.haulerId),
    haulerId: hauler.haulerId,
    email: hauler.email,
  });
  if (made.outcome !== 'done') {
    console.warn('payouts account not made', { haulerId: hauler.haulerId, outcome: made.outcome });
    return undefined;
  }
  return claimPayoutAccount(deps.table, hauler.haulerId, {
    accountId: made.accountId,
    state: 'not-started',
    asOf: epochSeconds(deps.now().getTime()),
  });
}

async function onboardingLink(
  deps: HaulerAccountDeps,
  provider: PaymentProvider,
  hauler: Hauler,
): Promise<JsonResult> {
  const now = deps.now();
  const counted = await countPayoutLink(deps, hauler.haulerId, now);
  if (counted === undefined) {
    return jsonResult(429, apiError('limit_reached', PAYOUT_TEXTS.tooManyLinks));
  }
  const accountId = await ensureAccount(deps, provider, hauler);
  if (accountId === undefined) return unavailable();
  // Stripe sends the hauler back to their own page, its link in the fragment as every page's.
  const { current } = await deps.secrets();
  const token = signLink(
    linkClaims(hauler.haulerId, 'hauler', 'manage', now, hauler.linkVersion),
    current,
  );
  const back = (query: string) =>
    linkUrl(deps.publicBaseUrl, `${HAULER_PAGE_PATHS.account}?${query}`, token);
  const link = await provider.accountLink({
    key: payoutKeys.link(hauler.haulerId, counted.day, counted.count),
    accountId,
    returnUrl: back(PAYOUTS_RETURN_QUERY.back),
    refreshUrl: back(PAYOUTS_RETURN_QUERY.again),
  });
  if (link.outcome !== 'done') {
    console.warn('payouts link not made', { haulerId: hauler.haulerId, outcome: link.outcome });
    return unavailable();
  }
  return jsonResult(200, { url: link.url });
}

/** Stripe's state of the account now, stored unless a newer `account.updated` is already. */
async function refreshState(
  deps: HaulerAccountDeps,
  provider: PaymentProvider,
  hauler: Hauler,
): Promise<JsonResult> {
  if (hauler.payouts === undefined) return accountResult(200, hauler, deps);
  const { accountId } = hauler.payouts;
  let state;
  try {
    state = await provider.accountState(accountId);
  } catch (error) {
    console.warn('payouts state not read', { haulerId: hauler.haulerId, error: String(error) });
    return unavailable();
  }
  const asOf = epochSeconds(deps.now().getTime());
  await recordHaulerPayouts(deps.table, hauler.haulerId, { accountId, state, asOf });
  return accountResult(200, (await getHauler(deps.table, hauler.haulerId)) ?? hauler, deps);
}

export async function payouts(
  body: Record<string, unknown>,
  deps: HaulerAccountDeps,
): Promise<JsonResult> {
  const auth = await authoriseLink(body, deps, { hauler: ['manage'] });
  if (!auth.ok) return refusedLinkResult(auth);
  const parsed = payoutsRequestSchema.safeParse(body);
  if (!parsed.success) {
    const { statusCode, body: error } = invalidRequest(parsed.error.issues);
    return jsonResult(statusCode, error);
  }
  const settings: Payments = deps.payments;
  if (settings.setting === 'off') {
    return jsonResult(409, apiError('conflict', PAYOUT_TEXTS.paymentsOff));
  }
  return parsed.data.step === 'link'
    ? onboardingLink(deps, settings.provider, auth.hauler)
    : refreshState(deps, settings.provider, auth.hauler);
}
