/**
 * A failed hold and the card updated (issue 39 flow 3, decision 060). The request page's "Update
 * your card" POSTs here: while the job's hold has failed, a new Checkout Session in setup mode for
 * the request's customer (counted per job, keyed `job_<id>:update-card:<n>`) and its URL. Back
 * from the card page, the page POSTs the session: only a card Stripe says is saved, for this
 * request's customer, moves the money: the new card, then the hold at once (the money runner,
 * due now so that the money job tells whoever the new state concerns). Twice is once.
 */
import { apiError, jsonResult } from '../shared/runtime/http';
import type { JsonResult } from '../shared/runtime/http';
import { authoriseLink } from '../shared/auth/link-auth';
import { refusedLinkResult } from '../shared/auth/link-results';
import type { LinkHolder } from '../shared/auth/link-view';
import { viewAs } from '../shared/auth/link-view';
import { acceptedStoredQuote } from '../shared/jobs/lead-job';
import { linkClaims, linkUrl, signLink } from '../shared/links/signed-links';
import type { Lead } from '../shared/models/lead-model';
import { cardUpdateEvents } from '../shared/payments/card-update';
import { moveMoney } from '../shared/payments/money-due';
import { moneyState } from '../shared/payments/money-machine';
import { type MoneyDeps, moneyJobId } from '../shared/payments/money-runner';
import { getPayment } from '../shared/payments/payment-store';
import type { PaymentProvider } from '../shared/payments/stripe-payments';
import { addUnderCap } from '../shared/runtime/abuse-counters';
import { DAY_MS, epochSeconds } from '../shared/runtime/table-handle';
import type { JobDeps } from './job-deps';
import { badRequest, refused } from './respond';
import { LOOP_PAGE_PATHS } from '#contract/core/pages';
import { KEY_PREFIXES } from '#contract/core/table-keys';
import { updateCardRequestSchema } from '#contract/loop/job-schemas';
import {
  CARD_UPDATE_LIMITS,
  CARD_UPDATE_RETURN,
  CARD_UPDATE_TEXTS,
} from '#contract/money/payments';

/**
 * The request page's own link with `card` in its fragment: back at the top of the page, where it
 * says what became of the card, with the payment's line just below it.
 */
async function returnUrl(lead: Lead, deps: JobDeps, card: string): Promise<string> {
  const { current } = await deps.secrets();
  const claims = linkClaims(lead.submissionId, 'homeowner', 'view', deps.now());
  const link = linkUrl(deps.publicBaseUrl, LOOP_PAGE_PATHS.request, signLink(claims, current));
  return `${link}&${CARD_UPDATE_RETURN.param}=${card}`;
}

async function openCardPage(
  lead: Lead,
  jobId: string,
  customerId: string,
  provider: PaymentProvider,
  holder: LinkHolder,
  deps: JobDeps,
): Promise<JsonResult> {
  const attempt = await addUnderCap(
    deps.table,
    { pk: `${KEY_PREFIXES.cardUpdateCount}${jobId}`, sk: 'COUNT' },
    CARD_UPDATE_LIMITS.sessionsPerJob,
    epochSeconds(deps.now().getTime() + 30 * DAY_MS),
  );
  if (attempt === undefined) {
    return jsonResult(429, apiError('limit_reached', CARD_UPDATE_TEXTS.limit));
  }
  const session = await provider.setupCheckout({
    key: `job_${jobId}:update-card:${attempt}`,
    jobId,
    customerId,
    // Stripe puts the session's id in place of the braces (the stand-in does the same).
    successUrl: await returnUrl(lead, deps, '{CHECKOUT_SESSION_ID}'),
    cancelUrl: await returnUrl(lead, deps, CARD_UPDATE_RETURN.cancelled),
  });
  if (session.outcome !== 'done' || session.url === '') {
    return jsonResult(502, {
      ...apiError('internal', CARD_UPDATE_TEXTS.notSaved),
      lead: await viewAs(lead, holder, deps),
    });
  }
  console.info('job: card update opened', { submissionId: lead.submissionId, jobId, attempt });
  return jsonResult(200, { checkoutUrl: session.url, lead: await viewAs(lead, holder, deps) });
}

/** The card a session saved; undefined for one Stripe does not know (a forged or mistyped id). */
async function savedCardOf(provider: PaymentProvider, session: string) {
  try {
    return await provider.savedCard(session);
  } catch (error) {
    if ((error as { type?: unknown }).type !== 'StripeInvalidRequestError') throw error;
    console.warn('job: card update of an unknown session', { session });
    return undefined;
  }
}

export async function updateCard(
  body: Record<string, unknown>,
  deps: JobDeps,
): Promise<JsonResult> {
  const auth = await authoriseLink(body, deps, { homeowner: ['view'] });
  if (!auth.ok) return refusedLinkResult(auth);
  const parsed = updateCardRequestSchema.safeParse(body);
  if (!parsed.success) return badRequest(parsed.error.issues);
  const { lead } = auth;
  const holder: LinkHolder = { claims: auth.claims };
  const accepted = acceptedStoredQuote(lead);
  const { payments } = deps;
  if (payments?.setting !== 'on' || accepted === undefined) {
    return refused(CARD_UPDATE_TEXTS.notNeeded, lead, holder, deps);
  }
  const jobId = moneyJobId(lead.submissionId, accepted.number);
  const stored = await getPayment(deps.table, jobId);
  if (stored === undefined) return refused(CARD_UPDATE_TEXTS.notNeeded, lead, holder, deps);
  const { session } = parsed.data;
  if (session === undefined) {
    if (moneyState(stored.payment) !== 'hold-failed') {
      return refused(CARD_UPDATE_TEXTS.notNeeded, lead, holder, deps);
    }
    const customerId = stored.payment.card.customerId;
    return openCardPage(lead, jobId, customerId, payments.provider, holder, deps);
  }
  const card = await savedCardOf(payments.provider, session);
  const update =
    card === undefined ? undefined : cardUpdateEvents(stored.payment, card, deps.now());
  if (card === undefined || update === undefined || update.kind === 'foreign') {
    return refused(CARD_UPDATE_TEXTS.notSaved, lead, holder, deps);
  }
  const money: MoneyDeps = { table: deps.table, provider: payments.provider, now: deps.now };
  // One event at a time, each decided on the money as it now is: a second tab that ran first
  // leaves nothing to do.
  const ran: string[] = [];
  let after = moneyState(stored.payment);
  for (let steps = 0; steps < update.events.length; steps += 1) {
    const current = steps === 0 ? stored : await getPayment(deps.table, jobId);
    const next =
      current === undefined ? undefined : cardUpdateEvents(current.payment, card, deps.now());
    const event = next?.kind === 'events' ? next.events[0] : undefined;
    if (event === undefined) break;
    ran.push(event.type);
    after = (await moveMoney(money, jobId, event))?.after ?? after;
  }
  console.info('job: card updated', {
    submissionId: lead.submissionId,
    jobId,
    events: ran,
    after,
  });
  return jsonResult(200, { lead: await viewAs(lead, holder, deps) });
}
