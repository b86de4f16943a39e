// Accepting a quote saves a card (issue 39 flow 2, decision 056): with payments on, "Confirm:
// accept this quote" opens a Stripe Checkout Session in setup mode instead of accepting; the quote
// is accepted when the page comes back and the saved card is read from Stripe, not before.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { getHauler } from '../shared/haulers/hauler-store';
import { decide } from '../shared/leads/lead-status';
import type { Decision } from '../shared/leads/lead-status';
import { leadFacts } from '../shared/leads/lead-view';
import { storedQuotes } from '../shared/leads/lead-quotes';
import { linkClaims, linkUrl, signLink } from '../shared/links/signed-links';
import type { Lead, StoredCheckoutSession } from '../shared/models/lead-model';
import { moneyJobId, startJobMoney } from '../shared/payments/money-runner';
import { acceptedMoney, moneyDestination } from '../shared/payments/money-start';
import type { PaymentProvider } from '../shared/payments/stripe-payments';
import { addUnderCap } from '../shared/runtime/abuse-counters';
import { DAY_MS, epochSeconds, leadKey } from '../shared/runtime/table-handle';
import type { LeadTable } from '../shared/runtime/table-handle';
import type { StoredQuote } from '../shared/models/quote-model';
import type { UpdateLeadDeps } from './update-lead-deps';
import { usToday } from '#contract/core/calendar-date';
import { LOOP_PAGE_PATHS } from '#contract/core/pages';
import { KEY_PREFIXES } from '#contract/core/table-keys';
import { CHECKOUT_LIMITS, CHECKOUT_RETURN } from '#contract/money/payments';

export type CheckoutDeps = UpdateLeadDeps & { provider: PaymentProvider };

export type CheckoutStarted =
  { kind: 'opened'; url: string } | { kind: 'limit' } | { kind: 'retry' };

/** The accept decision as the write would take it, without writing: a quote no longer live refuses. */
export function acceptDecision(
  lead: Lead,
  quoteNumber: number,
  unavailable: ReadonlySet<string>,
  now: Date,
): Decision {
  return decide('accept', leadFacts(lead, unavailable), { today: usToday(now), now, quoteNumber });
}

/** The request page's own link, back from the card page with `checkout` in its fragment. */
async function returnUrl(lead: Lead, deps: UpdateLeadDeps, checkout: string): Promise<string> {
  const { current } = await deps.secrets();
  const claims = linkClaims(lead.submissionId, 'homeowner', 'view', deps.now());
  const link = linkUrl(deps.publicBaseUrl, LOOP_PAGE_PATHS.request, signLink(claims, current));
  return `${link}&${CHECKOUT_RETURN.param}=${checkout}`;
}

/** The session added to the lead's list: two tabs opening sessions at once both keep theirs. */
async function storeSession(
  table: LeadTable,
  lead: Lead,
  customerId: string,
  session: StoredCheckoutSession,
): Promise<void> {
  await table.client.send(
    new UpdateCommand({
      TableName: table.tableName,
      Key: leadKey(lead.submissionId),
      UpdateExpression:
        'SET #customer = :customer, #sessions = list_append(if_not_exists(#sessions, :none), :session)',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: {
        '#customer': 'checkoutCustomer',
        '#sessions': 'checkoutSessions',
      },
      ExpressionAttributeValues: { ':customer': customerId, ':none': [], ':session': [session] },
    }),
  );
}

/**
 * One more Checkout Session for this request's quote: counted (each is a write to Stripe), the
 * customer made once per request, both keyed by the request, the job and the attempt.
 */
export async function startCheckout(
  lead: Lead,
  quoteNumber: number,
  deps: CheckoutDeps,
): Promise<CheckoutStarted> {
  const now = deps.now();
  const attempt = await addUnderCap(
    deps.table,
    { pk: `${KEY_PREFIXES.checkoutCount}${lead.submissionId}`, sk: 'COUNT' },
    CHECKOUT_LIMITS.sessionsPerRequest,
    epochSeconds(now.getTime() + 30 * DAY_MS),
  );
  if (attempt === undefined) return { kind: 'limit' };
  const jobId = moneyJobId(lead.submissionId, quoteNumber);
  const customer = await deps.provider.ensureCustomer({
    key: `request_${lead.submissionId}:customer`,
    jobId,
    email: lead.request.email,
    customerId: lead.checkoutCustomer,
  });
  if (customer.outcome !== 'done') return { kind: 'retry' };
  const session = await deps.provider.setupCheckout({
    key: `job_${jobId}:checkout:${attempt}`,
    jobId,
    customerId: customer.customerId,
    // Stripe puts the session's id in place of the braces (the stand-in does the same).
    successUrl: await returnUrl(lead, deps, '{CHECKOUT_SESSION_ID}'),
    cancelUrl: await returnUrl(lead, deps, CHECKOUT_RETURN.cancelled),
  });
  if (session.outcome !== 'done' || session.url === '') return { kind: 'retry' };
  await storeSession(deps.table, lead, customer.customerId, {
    id: session.sessionId,
    quote: quoteNumber,
    attempt,
    at: now.toISOString(),
  });
  return { kind: 'opened', url: session.url };
}

export type CardCheck =
  | { kind: 'saved'; quote: number; card: { customerId: string; paymentMethodId: string } }
  | { kind: 'not-saved' }
  | { kind: 'unknown' };

/** This request's session, with the card Stripe says it saved; unknown: none of this request's. */
export async function savedCardOf(
  lead: Lead,
  sessionId: string,
  provider: PaymentProvider,
): Promise<CardCheck> {
  const opened = (lead.checkoutSessions ?? []).find((session) => session.id === sessionId);
  if (opened === undefined) return { kind: 'unknown' };
  const card = await provider.savedCard(sessionId);
  return card === undefined ? { kind: 'not-saved' } : { kind: 'saved', quote: opened.quote, card };
}

/** The quote a session of this request was opened for. */
export function sessionQuote(lead: Lead, sessionId: string): number | undefined {
  return (lead.checkoutSessions ?? []).find((session) => session.id === sessionId)?.quote;
}

/**
 * The job's money, once the quote is accepted with the card: the destination is the hauler's
 * payouts account. Without one (an operations quote, a hauler without payouts yet) nothing starts
 * and the log says so.
 */
export async function startMoneyOfAcceptance(
  lead: Lead,
  accepted: StoredQuote,
  card: { customerId: string; paymentMethodId: string },
  deps: CheckoutDeps,
) {
  const hauler =
    accepted.haulerId === undefined ? undefined : await getHauler(deps.table, accepted.haulerId);
  const destination = moneyDestination(hauler);
  const jobId = moneyJobId(lead.submissionId, accepted.number);
  if (destination === undefined) {
    console.error('checkout: no payouts account, the job has no money', {
      submissionId: lead.submissionId,
      quote: accepted.number,
    });
    return undefined;
  }
  const { start, event } = acceptedMoney(jobId, accepted, destination, card, deps.now());
  return startJobMoney({ table: deps.table, provider: deps.provider, now: deps.now }, start, event);
}

export function quoteNumbered(lead: Lead, number: number): StoredQuote | undefined {
  return storedQuotes(lead).find((quote) => quote.number === number);
}
