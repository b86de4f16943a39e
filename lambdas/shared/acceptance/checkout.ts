// Accepting a quote saves a card (issue 39 flow 2, decision 056): with payments on, "Confirm:
// accept this quote" opens a Stripe Checkout Session in setup mode instead of accepting; the quote
// is accepted when the page comes back and the saved card is read from Stripe, not before.
import { DeleteCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { getHauler } from '../haulers/hauler-store';
import { decide } from '../leads/lead-status';
import type { Decision } from '../leads/lead-status';
import { leadFacts } from '../leads/lead-view';
import { storedQuotes } from '../leads/lead-quotes';
import { linkClaims, linkUrl, signLink } from '../links/signed-links';
import type { Lead, StoredCheckoutSession } from '../models/lead-model';
import { scheduleMoney } from '../payments/money-due';
import { moneyJobId, startJobMoney } from '../payments/money-runner';
import { acceptedMoney, moneyDestination } from '../payments/money-start';
import type { PaymentProvider } from '../payments/stripe-payments';
import { addUnderCap } from '../runtime/abuse-counters';
import { DAY_MS, epochSeconds, leadKey } from '../runtime/table-handle';
import type { LeadTable } from '../runtime/table-handle';
import type { StoredQuote } from '../models/quote-model';
import type { AcceptanceDeps } from './acceptance-deps';
import { usToday } from '#contract/core/calendar-date';
import { LOOP_PAGE_PATHS } from '#contract/core/pages';
import { KEY_PREFIXES } from '#contract/core/table-keys';
import { CHECKOUT_LIMITS, CHECKOUT_RETURN } from '#contract/money/payments';

export type CheckoutDeps = AcceptanceDeps & { provider: PaymentProvider };

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
async function returnUrl(lead: Lead, deps: AcceptanceDeps, checkout: string): Promise<string> {
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

/** A session to look at again if no page comes back with it: the minute job's sweep. */
export interface PendingCheckout {
  submissionId: string;
  sessionId: string;
  at: string;
}

const pendingKey = (at: string, submissionId: string, sessionId: string) => ({
  pk: KEY_PREFIXES.checkoutPending,
  sk: `${at}#${submissionId}#${sessionId}`,
});

async function markPending(table: LeadTable, submissionId: string, sessionId: string, now: Date) {
  const at = now.toISOString();
  await table.client.send(
    new PutCommand({
      TableName: table.tableName,
      Item: {
        ...pendingKey(at, submissionId, sessionId),
        submissionId,
        sessionId,
        at,
        expiresAt: epochSeconds(now.getTime() + 2 * DAY_MS),
      },
    }),
  );
}

/** Sessions opened before `before`, oldest first. */
export async function pendingCheckouts(
  table: LeadTable,
  before: Date,
  limit: number,
): Promise<PendingCheckout[]> {
  const answer = await table.client.send(
    new QueryCommand({
      TableName: table.tableName,
      KeyConditionExpression: 'pk = :pk AND sk < :before',
      ExpressionAttributeValues: {
        ':pk': KEY_PREFIXES.checkoutPending,
        ':before': before.toISOString(),
      },
      Limit: limit,
    }),
  );
  return (answer.Items ?? []).map((item) => ({
    submissionId: String(item.submissionId),
    sessionId: String(item.sessionId),
    at: String(item.at),
  }));
}

export async function forgetPending(table: LeadTable, pending: PendingCheckout): Promise<void> {
  await table.client.send(
    new DeleteCommand({
      TableName: table.tableName,
      Key: pendingKey(pending.at, pending.submissionId, pending.sessionId),
    }),
  );
}

/** Stripe answers a second request with the same key, sent while the first runs, with a conflict. */
const CUSTOMER_TRIES = 3;
const CUSTOMER_PAUSE_MS = 300;

/**
 * The request's one customer: its key is the request's, so two accepts at once (two tabs) make one
 * customer; the one that meets the other in flight tries again once the first has answered.
 */
async function onceCustomer(provider: PaymentProvider, lead: Lead) {
  let answer: Awaited<ReturnType<PaymentProvider['ensureCustomer']>> | undefined;
  for (let tries = 1; tries <= CUSTOMER_TRIES; tries += 1) {
    answer = await provider.ensureCustomer({
      key: `request_${lead.submissionId}:customer`,
      // The same parameters whichever quote asks first: the customer is the request's.
      jobId: lead.submissionId,
      email: lead.request.email,
      customerId: lead.checkoutCustomer,
    });
    if (answer.outcome === 'done') return answer;
    await new Promise((resolve) => setTimeout(resolve, CUSTOMER_PAUSE_MS * tries));
  }
  return answer!;
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
  const customer = await onceCustomer(deps.provider, lead);
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
  await markPending(deps.table, lead.submissionId, session.sessionId, now);
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
  const moved = await startJobMoney(
    { table: deps.table, provider: deps.provider, now: deps.now },
    start,
    event,
  );
  // The money job takes it from here (decision 057): the hold 4 days ahead, its renewal, the
  // capture; due now, so that it reads the money's own next time within a minute.
  await scheduleMoney(deps.table, jobId, deps.now());
  return moved;
}

export function quoteNumbered(lead: Lead, number: number): StoredQuote | undefined {
  return storedQuotes(lead).find((quote) => quote.number === number);
}
