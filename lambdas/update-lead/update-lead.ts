/**
 * The quote loop's changes: send a quote, accept or decline it, cancel the request. Each needs a
 * signed link of the right role and action; the status machine decides on the stored lead; the
 * change is one conditional write, stored before its email goes through the mailer.
 */
import { apiError, jsonResult } from '../shared/runtime/http';
import type { JsonResult } from '../shared/runtime/http';
import { haulerRatingOf, quoteHaulerFactsOf } from '../shared/haulers/hauler-rules';
import { fileQuote } from '../shared/hauler-work/work-store';
import { storedQuotes } from '../shared/leads/lead-quotes';
import type { StoredQuote } from '../shared/models/quote-model';
import { decide, quoteOf, quotesAfter, windowStarted } from '../shared/leads/lead-status';
import type { Decision, LeadEvent, QuoteSender } from '../shared/leads/lead-status';
import type { UpdateLeadDeps } from './update-lead-deps';
import { applyChange } from '../shared/leads/lead-change';
import { unavailableHaulers } from '../shared/offers/quote-availability';
import type { Applied } from '../shared/leads/lead-change';
import type { Lead } from '../shared/models/lead-model';
import { leadFacts } from '../shared/leads/lead-view';
import { viewAs } from '../shared/auth/link-view';
import type { OfferViewer } from '../shared/leads/lead-view';
import { emfValue } from '../shared/runtime/metrics';
import { authoriseLink } from '../shared/auth/link-auth';
import { refusedLinkResult } from '../shared/auth/link-results';
import { linkClaims, linkUrl, signLink } from '../shared/links/signed-links';
import type { LinkClaims } from '../shared/links/signed-links';
import {
  acceptanceMails,
  deliver,
  deliverAcceptance,
  deliverEach,
} from '../shared/acceptance/acceptance';
import {
  acceptDecision,
  quoteNumbered,
  sessionQuote,
  startCheckout,
} from '../shared/acceptance/checkout';
import { acceptWithSavedCard } from '../shared/acceptance/accept-with-card';
import type { CheckoutDeps } from '../shared/acceptance/checkout';
import { PAYMENT_TEXTS } from '#contract/money/payments';
import { owedWithChange } from '../shared/mail/owed-with-change';
import type { Mail } from '../shared/mail/mailer';
import { jobTimer } from '../shared/jobs/job-timer';
import { jobMoneyEvent } from '../shared/payments/money-due';
import { paidThroughUs, quotePayments } from '../shared/payments/money-start';
import { cancellationMails, deliverCancellation } from './cancellation';
import { declinedEmail, quoteEmail } from '../shared/acceptance/emails';
import { usToday } from '#contract/core/calendar-date';
import { firstMessagePerField } from '#contract/core/fields';
import { QUOTE_DELAY_SECONDS } from '#contract/core/metrics';
import { OFFER_TEXTS } from '#contract/loop/offers';
import { LOOP_PAGE_PATHS } from '#contract/core/pages';
import { PAYOUT_TEXTS } from '#contract/money/payments';
import type { PaymentSetting } from '#contract/money/payments';
import { quoteNeedsPayouts, withPayoutsNeeded } from '../shared/auth/payouts-needed';
import { LOOP_MESSAGES, quotePickupDateError } from '#contract/loop/quote-loop';
import {
  cancelRequestSchema,
  decideQuoteRequestSchema,
  sendQuoteRequestSchema,
} from '#contract/loop/quote-loop-schemas';
import type { HaulerRating, LeadStatus, QuoteHaulerFacts } from '#contract/loop/quote-loop';
import type { PriceQuote } from '#contract/loop/quote-loop-schemas';

function badRequest(issues: ReadonlyArray<{ code: string; path: PropertyKey[]; message: string }>) {
  return jsonResult(
    400,
    apiError(
      'invalid_request',
      issues[0]?.message ?? LOOP_MESSAGES.unexpected,
      firstMessagePerField(issues),
    ),
  );
}

/** Who asked: the link's claims, and the hauler behind an offer link. */
interface Asker {
  claims: LinkClaims;
  viewer?: OfferViewer;
}

async function refused(message: string, lead: Lead, asker: Asker, deps: UpdateLeadDeps) {
  return jsonResult(409, {
    ...apiError('conflict', message),
    lead: await viewAs(lead, asker, deps),
  });
}

/**
 * The request as `/api/lead` answers the same link, job included: accepting a quote books a job,
 * and the request page shows its next step (the address) from this answer, with no reload.
 */
async function done(
  sent: boolean,
  lead: Lead,
  asker: Asker,
  deps: UpdateLeadDeps,
): Promise<JsonResult> {
  if (!sent) {
    return jsonResult(502, {
      ...apiError('email_failed', LOOP_MESSAGES.emailRetry),
      lead: await viewAs(lead, asker, deps),
    });
  }
  return jsonResult(200, { lead: await viewAs(lead, asker, deps) });
}

/** Decides `event` on the lead as stored and writes it (see applyChange). */
async function apply(
  event: LeadEvent,
  initial: Lead,
  deps: UpdateLeadDeps,
  options: {
    quoteNumber?: number;
    sender?: QuoteSender;
    /** accept: haulers who cannot be booked now (quote-availability.ts). */
    unavailable?: ReadonlySet<string>;
    isRepeat?: (lead: Lead) => boolean;
    patch?: (
      lead: Lead,
      decision: Extract<Decision, { kind: 'change' }>,
    ) => Record<string, unknown>;
    /** The emails the change owes, rendered for the changed lead (decision 059). */
    owes?: (next: Lead, from: LeadStatus) => Promise<readonly Mail[]>;
  },
): Promise<Applied & { owed: readonly Mail[] }> {
  const { owes } = options;
  const owed =
    owes === undefined
      ? undefined
      : owedWithChange(deps, (next, change: Extract<Decision, { kind: 'change' }>) =>
          owes(next, change.from),
        );
  const applied = await applyChange(
    deps.table,
    initial,
    deps.now(),
    (lead) => {
      const decision = decide(event, leadFacts(lead, options.unavailable), {
        today: usToday(deps.now()),
        now: deps.now(),
        ...(options.quoteNumber === undefined ? {} : { quoteNumber: options.quoteNumber }),
        ...(options.sender === undefined ? {} : { sender: options.sender }),
      });
      return decision.kind === 'change'
        ? {
            ...decision,
            // Declining one of several quotes leaves the request quoted: no new timeline step.
            history: !(event === 'decline' && decision.to === decision.from),
          }
        : decision;
    },
    {
      ...(options.isRepeat === undefined ? {} : { isRepeat: options.isRepeat }),
      ...(options.patch === undefined ? {} : { patch: options.patch }),
      ...(owed === undefined ? {} : { beside: owed.beside }),
    },
  );
  return { ...applied, owed: owed?.written(applied) ?? [] };
}

function homeownerLink(deps: UpdateLeadDeps, secret: Buffer, claims: LinkClaims): string {
  return linkUrl(deps.publicBaseUrl, LOOP_PAGE_PATHS.request, signLink(claims, secret));
}

function sameQuote(stored: StoredQuote | undefined, quote: PriceQuote): boolean {
  return (
    stored !== undefined &&
    stored.state === 'live' &&
    stored.priceDollars === quote.priceDollars &&
    stored.pickupDate === quote.pickupDate &&
    stored.pickupWindow === quote.pickupWindow &&
    stored.hauler === quote.hauler &&
    (stored.note ?? '') === (quote.note ?? '')
  );
}

function senderQuote(lead: Lead, sender: QuoteSender): StoredQuote | undefined {
  const fact = quoteOf(leadFacts(lead), sender);
  return fact === undefined ? undefined : storedQuotes(lead).find((q) => q.number === fact.number);
}

/** An operations quote link, or a hauler's offer link (whose business name signs the quote). */
async function quoteSender(
  body: Record<string, unknown>,
  deps: UpdateLeadDeps,
): Promise<
  | {
      ok: true;
      lead: Lead;
      asker: Asker;
      sender: QuoteSender;
      offer?: number;
      hauler?: string;
      rating?: HaulerRating;
      haulerFacts?: QuoteHaulerFacts;
    }
  | { ok: false; result: JsonResult }
> {
  const auth = await authoriseLink(body, deps, { operations: ['quote'], hauler: ['offer'] });
  if (!auth.ok) return { ok: false, result: refusedLinkResult(auth) };
  if (!('offer' in auth)) {
    return {
      ok: true,
      lead: auth.lead,
      asker: { claims: auth.claims },
      sender: { from: 'operations' },
    };
  }
  const { hauler, viewer } = auth;
  if (quoteNeedsPayouts(deps.payments?.setting ?? 'off', hauler)) {
    // The page as it now is, saying why and linking to the hauler's page.
    const view = await viewAs(auth.lead, { claims: auth.claims, viewer }, deps);
    const lead = await withPayoutsNeeded(view, hauler, deps);
    const body = { ...apiError('conflict', PAYOUT_TEXTS.quoteRefused), lead };
    return { ok: false, result: jsonResult(409, body) };
  }
  if (viewer.ended) {
    return {
      ok: false,
      result: await refused(
        OFFER_TEXTS.offerEnded,
        auth.lead,
        { claims: auth.claims, viewer },
        deps,
      ),
    };
  }
  return {
    ok: true,
    lead: auth.lead,
    asker: { claims: auth.claims, viewer },
    sender: { from: 'hauler', haulerId: hauler.haulerId },
    offer: auth.claims.quote,
    hauler: hauler.businessName,
    // The homeowner compares quotes by it: the standing when the quote was sent.
    rating: haulerRatingOf(hauler),
    haulerFacts: quoteHaulerFactsOf(hauler, auth.offer.miles),
  };
}

export async function sendQuote(
  body: Record<string, unknown>,
  deps: UpdateLeadDeps,
): Promise<JsonResult> {
  const auth = await quoteSender(body, deps);
  if (!auth.ok) return auth.result;
  // A hauler quotes under the business name operations approved, whatever the body says (or
  // leaves out): the name is not the hauler's to choose, so it is never an error either.
  const { quote: given } = body;
  const named =
    auth.hauler !== undefined &&
    typeof given === 'object' &&
    given !== null &&
    !Array.isArray(given)
      ? { ...body, quote: { ...given, hauler: auth.hauler } }
      : body;
  const parsed = sendQuoteRequestSchema.safeParse(named);
  if (!parsed.success) return badRequest(parsed.error.issues);
  const { quote } = parsed.data;
  const dateError = quotePickupDateError(quote.pickupDate, usToday(deps.now()));
  if (dateError !== undefined) {
    return badRequest([{ code: 'custom', path: ['quote', 'pickupDate'], message: dateError }]);
  }
  // A window that has begun could only be accepted too late (decision 045).
  if (windowStarted(quote, deps.now())) {
    const message = LOOP_MESSAGES.pickupWindowStarted;
    return badRequest([{ code: 'custom', path: ['quote', 'pickupWindow'], message }]);
  }

  // Filed under the hauler first, so their home page lists it whatever follows (decision 052).
  if (auth.sender.from === 'hauler') {
    const { haulerId } = auth.sender;
    await fileQuote(deps.table, haulerId, auth.lead.submissionId, quote.pickupDate);
  }
  const { current } = await deps.secrets();
  const quoteMail = (lead: Lead, stored: StoredQuote): Mail => {
    const now = deps.now();
    const id = lead.submissionId;
    const links = {
      accept: homeownerLink(
        deps,
        current,
        linkClaims(id, 'homeowner', 'accept', now, stored.number),
      ),
      decline: homeownerLink(
        deps,
        current,
        linkClaims(id, 'homeowner', 'decline', now, stored.number),
      ),
      view: homeownerLink(deps, current, linkClaims(id, 'homeowner', 'view', now)),
    };
    return {
      key: `quote-${stored.number}`,
      message: quoteEmail(
        lead,
        stored,
        links,
        usToday(now),
        quotePayments(stored, deps.payments?.setting),
      ),
      to: lead.request.email,
    };
  };
  const applied = await apply('quote', auth.lead, deps, {
    sender: auth.sender,
    // Rendered before the write and stored with it: a call dying after it loses no email.
    owes: async (next) => {
      const added = senderQuote(next, auth.sender);
      return added === undefined ? [] : [quoteMail(next, added)];
    },
    // The same quote again (a double click, a retry after a failed email) is not a new quote.
    isRepeat: (lead) => sameQuote(senderQuote(lead, auth.sender), quote),
    patch: (lead, decision) => {
      const number = leadFacts(lead).quoteCount + 1;
      const now = deps.now().toISOString();
      const added: StoredQuote = {
        number,
        from: auth.sender.from,
        state: 'live',
        priceDollars: quote.priceDollars,
        pickupDate: quote.pickupDate,
        pickupWindow: quote.pickupWindow,
        hauler: quote.hauler,
        ...(quote.note === undefined || quote.note === '' ? {} : { note: quote.note }),
        sentAt: now,
        ...(auth.sender.from === 'hauler'
          ? { haulerId: auth.sender.haulerId, offer: auth.offer }
          : {}),
        ...(auth.rating === undefined ? {} : { rating: auth.rating }),
        ...(auth.haulerFacts === undefined ? {} : { haulerFacts: auth.haulerFacts }),
      };
      return {
        quotes: quotesAfter('quote', storedQuotes(lead), decision, added),
        quoteCount: number,
        ...(typeof lead.firstQuoteAt === 'string' ? {} : { firstQuoteAt: now }),
      };
    },
  });
  if (applied.kind === 'refused') return refused(applied.message, applied.lead, auth.asker, deps);

  const { lead } = applied;
  const stored = senderQuote(lead, auth.sender);
  if (stored === undefined) throw new Error('A quoted lead has no quote from its sender');
  const now = deps.now();
  const id = lead.submissionId;
  // A repeat (a retry after a failed email) renders it again; the outbox keeps the first.
  const sent = await deliver(lead, applied.owed[0] ?? quoteMail(lead, stored), deps);
  // This write set firstQuoteAt (the lead had none when read, and it now holds this quote's time).
  const first = typeof auth.lead.firstQuoteAt !== 'string' && lead.firstQuoteAt === stored.sentAt;
  if (applied.kind === 'changed' && first) {
    // The first quote's delay from booking: the figure "quotes within minutes" is held to.
    const seconds = Math.round((Date.parse(stored.sentAt) - Date.parse(lead.receivedAt)) / 1000);
    console.info('quote loop: first quote', { submissionId: id, from: stored.from, seconds });
    deps.emitMetric?.(
      emfValue(QUOTE_DELAY_SECONDS, seconds, 'Seconds', { From: stored.from }, now),
    );
  }
  console.info('quote loop: quote', {
    submissionId: id,
    from: stored.from,
    outcome: applied.kind,
    quote: stored.number,
    sent,
  });
  return done(sent, lead, auth.asker, deps);
}

/** Which quote a decision answers: the accept/decline link's own, or the one the page names. */
function answeredQuote(
  action: string,
  claimed: number,
  decision: 'accept' | 'decline',
  named: number | undefined,
): { ok: true; number: number } | { ok: false; result: JsonResult } {
  const mismatch = () => ({
    ok: false as const,
    result: jsonResult(
      400,
      apiError('invalid_request', LOOP_MESSAGES.decisionMismatch, {
        decision: LOOP_MESSAGES.decisionMismatch,
      }),
    ),
  });
  if (action === 'view') {
    // The request page's "Accept this quote": the view link accepts, never declines.
    if (decision !== 'accept') return mismatch();
    if (named === undefined) {
      return {
        ok: false,
        result: jsonResult(
          400,
          apiError('invalid_request', LOOP_MESSAGES.quoteNumberInvalid, {
            quote: LOOP_MESSAGES.quoteNumberInvalid,
          }),
        ),
      };
    }
    return { ok: true, number: named };
  }
  // An accept link cannot decline and a decline link cannot accept. The accept landing lists every
  // live quote (no email hides a cheaper one), so an accept link may accept another quote of the
  // same request, as the view link beside it in the same email may; a decline link only its own.
  if (decision !== action) return mismatch();
  if (action === 'accept') return { ok: true, number: named ?? claimed };
  if (named !== undefined && named !== claimed) return mismatch();
  return { ok: true, number: claimed };
}

export async function decideQuote(
  body: Record<string, unknown>,
  deps: UpdateLeadDeps,
): Promise<JsonResult> {
  const auth = await authoriseLink(body, deps, { homeowner: ['accept', 'decline', 'view'] });
  if (!auth.ok) return refusedLinkResult(auth);
  const parsed = decideQuoteRequestSchema.safeParse(body);
  if (!parsed.success) return badRequest(parsed.error.issues);
  const { decision, reason } = parsed.data;
  // Back from the card page, the quote is the pending checkout's: the page need not know it.
  const named =
    parsed.data.quote ??
    (parsed.data.checkout === undefined
      ? undefined
      : sessionQuote(auth.lead, parsed.data.checkout));
  const answered = answeredQuote(auth.claims.action, auth.claims.quote, decision, named);
  if (!answered.ok) return answered.result;
  const quoteNumber = answered.number;
  const asker: Asker = { claims: auth.claims };
  const { payments } = deps;
  // Back from the card page, or a quote paid through us: the card. An operations quote is paid
  // directly (decision 062): accepted as with payments off.
  const byCard =
    parsed.data.checkout !== undefined || paidByCard(auth.lead, quoteNumber, payments?.setting);
  if (decision === 'accept' && payments?.setting === 'on' && byCard) {
    return acceptWithCard(auth.lead, quoteNumber, parsed.data.checkout, asker, {
      ...deps,
      provider: payments.provider,
    });
  }
  return answerQuote(decision, auth.lead, quoteNumber, reason, asker, deps);
}

/** A quote this request has, paid through us; one it lacks is left to the acceptance to refuse. */
function paidByCard(lead: Lead, quoteNumber: number, setting: PaymentSetting | undefined) {
  const quote = quoteNumbered(lead, quoteNumber);
  return quote === undefined || paidThroughUs(quote, setting);
}

/** The decision written, its emails sent. */
async function writeDecision(
  decision: 'accept' | 'decline',
  initial: Lead,
  quoteNumber: number,
  reason: string | undefined,
  deps: UpdateLeadDeps,
): Promise<{ applied: Applied; sent: boolean }> {
  const declined = (lead: Lead, stored: StoredQuote): Mail => ({
    key: `declined-${quoteNumber}`,
    message: declinedEmail(lead, stored, lead.decision?.reason),
    to: deps.operationsAddress,
    replyTo: lead.request.email,
  });
  const answeredIn = (lead: Lead) =>
    storedQuotes(lead).find((quote) => quote.number === quoteNumber);
  const applied = await apply(decision, initial, deps, {
    quoteNumber,
    // Rendered before the write and stored with it: a call dying after it loses no email.
    owes: async (next) => {
      const stored = answeredIn(next);
      if (stored === undefined) return [];
      return decision === 'accept' ? acceptanceMails(next, stored, deps) : [declined(next, stored)];
    },
    // Read before the write: a hauler paused in between is the same race as a click a moment
    // earlier, and their job then follows the paused hauler's rule (decision 045).
    ...(decision === 'accept'
      ? { unavailable: await unavailableHaulers(deps.table, initial, deps.now()) }
      : {}),
    patch: (lead, change) => ({
      quotes: quotesAfter(decision, storedQuotes(lead), change),
      ...(decision === 'accept' ? jobTimer(lead, quoteNumber) : {}),
      decision: {
        kind: decision === 'accept' ? 'accepted' : 'declined',
        at: deps.now().toISOString(),
        quote: quoteNumber,
        ...(decision === 'decline' && reason !== undefined && reason !== '' ? { reason } : {}),
      },
    }),
  });
  if (applied.kind === 'refused') return { applied, sent: false };

  const { lead } = applied;
  const stored = answeredIn(lead);
  if (stored === undefined) throw new Error('An answered lead has no such quote');
  const sent =
    applied.owed.length > 0
      ? await deliverEach(lead, applied.owed, deps)
      : decision === 'accept'
        ? await deliverAcceptance(lead, stored, deps)
        : await deliver(lead, declined(lead, stored), deps);
  console.info('quote loop: decision', {
    submissionId: lead.submissionId,
    decision,
    quote: quoteNumber,
    outcome: applied.kind,
    sent,
  });
  return { applied, sent };
}

async function answerQuote(
  decision: 'accept' | 'decline',
  initial: Lead,
  quoteNumber: number,
  reason: string | undefined,
  asker: Asker,
  deps: UpdateLeadDeps,
): Promise<JsonResult> {
  const { applied, sent } = await writeDecision(decision, initial, quoteNumber, reason, deps);
  if (applied.kind === 'refused') return refused(applied.message, applied.lead, asker, deps);
  return done(sent, applied.lead, asker, deps);
}

/**
 * Payments on (decision 056): without `checkout`, a Checkout Session for the card, the quote still
 * live; with it (back from the card page), the quote accepted once Stripe says the card is saved,
 * then the job's money started.
 */
async function acceptWithCard(
  initial: Lead,
  quoteNumber: number,
  checkout: string | undefined,
  asker: Asker,
  deps: CheckoutDeps,
): Promise<JsonResult> {
  if (checkout === undefined) {
    const unavailable = await unavailableHaulers(deps.table, initial, deps.now());
    const decided = acceptDecision(initial, quoteNumber, unavailable, deps.now());
    if (decided.kind === 'refuse') return refused(decided.message, initial, asker, deps);
    // Accepted before: the same answer as without payments, and no card asked for again.
    if (decided.kind === 'already') return done(true, initial, asker, deps);
    const started = await startCheckout(initial, quoteNumber, deps);
    if (started.kind === 'limit') {
      return jsonResult(429, apiError('limit_reached', PAYMENT_TEXTS.checkoutLimit));
    }
    if (started.kind === 'retry') {
      return jsonResult(502, {
        ...apiError('internal', LOOP_MESSAGES.unexpected),
        lead: await viewAs(initial, asker, deps),
      });
    }
    console.info('quote loop: checkout', {
      submissionId: initial.submissionId,
      quote: quoteNumber,
    });
    return jsonResult(200, { checkoutUrl: started.url, lead: await viewAs(initial, asker, deps) });
  }
  const accepted = await acceptWithSavedCard(initial, checkout, deps);
  if (accepted.kind === 'not-saved' || accepted.kind === 'unknown') {
    return refused(PAYMENT_TEXTS.checkoutNotComplete, initial, asker, deps);
  }
  if (accepted.kind === 'refused') return refused(accepted.message, accepted.lead, asker, deps);
  return done(accepted.sent, accepted.lead, asker, deps);
}

export async function cancelRequest(
  body: Record<string, unknown>,
  deps: UpdateLeadDeps,
): Promise<JsonResult> {
  const auth = await authoriseLink(body, deps, { homeowner: ['view'] });
  if (!auth.ok) return refusedLinkResult(auth);
  const parsed = cancelRequestSchema.safeParse(body);
  if (!parsed.success) return badRequest(parsed.error.issues);
  const asker: Asker = { claims: auth.claims };

  const applied = await apply('cancel', auth.lead, deps, {
    // Rendered before the write and stored with it: a call dying after it loses no email.
    owes: (next, from) => {
      // The step before the cancellation: the last on the timeline the change appends to.
      const history = next.statusHistory ?? [];
      return cancellationMails(next, history[history.length - 1]?.status ?? from, deps);
    },
    patch: (lead, change) => ({
      quotes: quotesAfter('cancel', storedQuotes(lead), change),
      // Which quotes the cancellation closed: their haulers are told, however often this retries.
      cancellation: {
        at: deps.now().toISOString(),
        closedQuotes: storedQuotes(lead)
          .filter((quote) => quote.state === 'live')
          .map((quote) => quote.number),
      },
    }),
  });
  if (applied.kind === 'refused') return refused(applied.message, applied.lead, asker, deps);

  const { lead } = applied;
  const history = lead.statusHistory ?? [];
  const before = history.length >= 2 ? history[history.length - 2]?.status : undefined;
  // A booked job's hold is released, or 24 hours or less before its window the late fee taken.
  const accepted = storedQuotes(lead).find((quote) => quote.state === 'accepted');
  if (accepted !== undefined && lead.cancellation !== undefined) {
    await jobMoneyEvent(
      deps,
      { submissionId: lead.submissionId, quote: accepted.number },
      { type: 'cancelled', at: lead.cancellation.at, by: 'homeowner' },
    );
  }
  const sent =
    applied.owed.length > 0
      ? await deliverEach(lead, applied.owed, deps)
      : await deliverCancellation(lead, before ?? applied.from, deps);
  console.info('quote loop: cancel', {
    submissionId: lead.submissionId,
    outcome: applied.kind,
    sent,
  });
  return done(sent, lead, asker, deps);
}
