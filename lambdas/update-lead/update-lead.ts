/**
 * The quote loop's changes: send a quote, accept or decline it, cancel the request. Each needs a
 * signed link of the right role and action; the status machine decides on the stored lead; the
 * change is one conditional write, stored before its email goes through the mailer.
 */
import { apiError, jsonResult } from '../shared/http';
import type { JsonResult } from '../shared/http';
import { decide } from '../shared/lead-status';
import type { Decision, LeadEvent } from '../shared/lead-status';
import { updateLeadStatus } from '../shared/lead-store';
import type { Lead } from '../shared/lead-store';
import { leadFacts, leadView, storedQuote } from '../shared/lead-view';
import type { LinkSecretLoader } from '../shared/link-secret';
import { createMailer, leadLedger } from '../shared/mailer';
import type { Mail, MailerDeps } from '../shared/mailer';
import { authorise } from '../shared/quote-loop-auth';
import { linkClaims, linkUrl, signLink } from '../shared/signed-links';
import type { LinkClaims } from '../shared/signed-links';
import type { LeadTable } from '../shared/table-handle';
import { acceptedEmail, cancelledEmail, declinedEmail, quoteEmail } from './emails';
import { usToday } from '#contract/calendar-date';
import { firstMessagePerField } from '#contract/fields';
import { LOOP_PAGE_PATHS } from '#contract/pages';
import {
  LOOP_MESSAGES,
  cancelRequestSchema,
  decideQuoteRequestSchema,
  quotePickupDateError,
  sendQuoteRequestSchema,
} from '#contract/quote-loop';
import type { LeadStatus, PriceQuote, QuoteView } from '#contract/quote-loop';

export interface UpdateLeadDeps extends MailerDeps {
  table: LeadTable;
  secrets: LinkSecretLoader;
  publicBaseUrl: string;
  operationsAddress: string;
}

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

function viewOf(lead: Lead, claims: LinkClaims, deps: UpdateLeadDeps) {
  return leadView(lead, claims, deps.now());
}

function refused(message: string, lead: Lead, claims: LinkClaims, deps: UpdateLeadDeps) {
  return jsonResult(409, { ...apiError('conflict', message), lead: viewOf(lead, claims, deps) });
}

function done(sent: boolean, lead: Lead, claims: LinkClaims, deps: UpdateLeadDeps): JsonResult {
  if (!sent) {
    return jsonResult(502, {
      ...apiError('email_failed', LOOP_MESSAGES.emailRetry),
      lead: viewOf(lead, claims, deps),
    });
  }
  return jsonResult(200, { lead: viewOf(lead, claims, deps) });
}

/** False only when this attempt failed: sent now, before or by a concurrent call is true. */
async function deliver(lead: Lead, mail: Mail, deps: UpdateLeadDeps): Promise<boolean> {
  const mailer = createMailer(deps, 'quote loop');
  return (await mailer.deliver(leadLedger(deps.table, lead), mail)) !== 'failed';
}

type Applied =
  | { kind: 'changed' | 'already'; lead: Lead; from: LeadStatus }
  | { kind: 'refused'; lead: Lead; message: string };

/** A write that keeps losing races is answered like a refusal (409 with the lead as it is now). */
const APPLY_ATTEMPTS = 3;

/**
 * Decides `event` on the lead and writes the change conditioned on the version read. A lost race
 * re-decides on the lead as it now is (a concurrent duplicate then reads as 'already').
 */
async function apply(
  event: LeadEvent,
  initial: Lead,
  deps: UpdateLeadDeps,
  options: {
    quoteNumber?: number;
    /** The same action on an unchanged lead: treated as already done (e.g. the same quote twice). */
    isRepeat?: (lead: Lead) => boolean;
    patch?: (
      lead: Lead,
      decision: Extract<Decision, { kind: 'change' }>,
    ) => Record<string, unknown>;
  },
): Promise<Applied> {
  let lead = initial;
  for (let attempt = 0; attempt < APPLY_ATTEMPTS; attempt += 1) {
    if (options.isRepeat?.(lead) === true) return { kind: 'already', lead, from: lead.status };
    const decision = decide(event, leadFacts(lead), {
      today: usToday(deps.now()),
      ...(options.quoteNumber === undefined ? {} : { quoteNumber: options.quoteNumber }),
    });
    if (decision.kind === 'refuse') return { kind: 'refused', lead, message: decision.message };
    if (decision.kind === 'already') return { kind: 'already', lead, from: lead.status };
    const result = await updateLeadStatus(deps.table, lead.submissionId, {
      from: [decision.from],
      to: decision.to,
      at: deps.now(),
      expectedVersion: lead.version,
      ...(options.patch === undefined ? {} : { patch: options.patch(lead, decision) }),
    });
    if (result.ok) return { kind: 'changed', lead: result.lead, from: decision.from };
    if (result.reason === 'not-found') throw new Error('Lead vanished during a status change');
    lead = result.current;
  }
  return { kind: 'refused', lead, message: LOOP_MESSAGES.contended };
}

function homeownerLink(deps: UpdateLeadDeps, secret: Buffer, claims: LinkClaims): string {
  return linkUrl(deps.publicBaseUrl, LOOP_PAGE_PATHS.request, signLink(claims, secret));
}

function sameQuote(stored: QuoteView | undefined, quote: PriceQuote): boolean {
  return (
    stored !== undefined &&
    stored.priceDollars === quote.priceDollars &&
    stored.pickupDate === quote.pickupDate &&
    stored.pickupWindow === quote.pickupWindow &&
    stored.hauler === quote.hauler &&
    (stored.note ?? '') === (quote.note ?? '')
  );
}

export async function sendQuote(
  body: Record<string, unknown>,
  deps: UpdateLeadDeps,
): Promise<JsonResult> {
  const auth = await authorise(body, deps, { operations: ['quote'] });
  if (!auth.ok) return auth.result;
  const parsed = sendQuoteRequestSchema.safeParse(body);
  if (!parsed.success) return badRequest(parsed.error.issues);
  const { quote } = parsed.data;
  const dateError = quotePickupDateError(quote.pickupDate, usToday(deps.now()));
  if (dateError !== undefined) {
    return badRequest([{ code: 'custom', path: ['quote', 'pickupDate'], message: dateError }]);
  }

  const applied = await apply('quote', auth.lead, deps, {
    // The same quote again (a double click, a retry after a failed email) is not a new quote.
    isRepeat: (lead) => lead.status === 'quoted' && sameQuote(storedQuote(lead), quote),
    patch: (lead) => {
      const number = (storedQuote(lead)?.number ?? 0) + 1;
      const stored: QuoteView = {
        number,
        from: 'operations',
        state: 'live',
        priceDollars: quote.priceDollars,
        pickupDate: quote.pickupDate,
        pickupWindow: quote.pickupWindow,
        hauler: quote.hauler,
        ...(quote.note === undefined || quote.note === '' ? {} : { note: quote.note }),
        sentAt: deps.now().toISOString(),
      };
      return { quote: stored };
    },
  });
  if (applied.kind === 'refused') return refused(applied.message, applied.lead, auth.claims, deps);

  const { lead } = applied;
  const stored = storedQuote(lead);
  if (stored === undefined) throw new Error('A quoted lead has no quote');
  const { current } = await deps.secrets();
  const now = deps.now();
  const id = lead.submissionId;
  const links = {
    accept: homeownerLink(deps, current, linkClaims(id, 'homeowner', 'accept', now, stored.number)),
    decline: homeownerLink(
      deps,
      current,
      linkClaims(id, 'homeowner', 'decline', now, stored.number),
    ),
    view: homeownerLink(deps, current, linkClaims(id, 'homeowner', 'view', now)),
  };
  const sent = await deliver(
    lead,
    {
      key: `quote-${stored.number}`,
      message: quoteEmail(lead, stored, links),
      to: lead.request.email,
    },
    deps,
  );
  console.info('quote loop: quote', {
    submissionId: id,
    outcome: applied.kind,
    quote: stored.number,
    sent,
  });
  return done(sent, lead, auth.claims, deps);
}

export async function decideQuote(
  body: Record<string, unknown>,
  deps: UpdateLeadDeps,
): Promise<JsonResult> {
  const auth = await authorise(body, deps, { homeowner: ['accept', 'decline'] });
  if (!auth.ok) return auth.result;
  const parsed = decideQuoteRequestSchema.safeParse(body);
  if (!parsed.success) return badRequest(parsed.error.issues);
  const { decision, reason } = parsed.data;
  // An accept link cannot decline and a decline link cannot accept.
  if (decision !== auth.claims.action) {
    return jsonResult(
      400,
      apiError('invalid_request', LOOP_MESSAGES.decisionMismatch, {
        decision: LOOP_MESSAGES.decisionMismatch,
      }),
    );
  }

  const applied = await apply(decision, auth.lead, deps, {
    quoteNumber: auth.claims.quote,
    patch: () => ({
      decision: {
        kind: decision === 'accept' ? 'accepted' : 'declined',
        at: deps.now().toISOString(),
        quote: auth.claims.quote,
        ...(decision === 'decline' && reason !== undefined && reason !== '' ? { reason } : {}),
      },
    }),
  });
  if (applied.kind === 'refused') return refused(applied.message, applied.lead, auth.claims, deps);

  const { lead } = applied;
  const stored = storedQuote(lead);
  if (stored === undefined) throw new Error('An answered lead has no quote');
  const storedReason = (lead.decision as { reason?: string } | undefined)?.reason;
  const message =
    decision === 'accept' ? acceptedEmail(lead, stored) : declinedEmail(lead, stored, storedReason);
  const sent = await deliver(
    lead,
    {
      key: decision === 'accept' ? 'accepted' : 'declined',
      message,
      to: deps.operationsAddress,
      replyTo: lead.request.email,
    },
    deps,
  );
  console.info('quote loop: decision', {
    submissionId: lead.submissionId,
    decision,
    outcome: applied.kind,
    sent,
  });
  return done(sent, lead, auth.claims, deps);
}

export async function cancelRequest(
  body: Record<string, unknown>,
  deps: UpdateLeadDeps,
): Promise<JsonResult> {
  const auth = await authorise(body, deps, { homeowner: ['view'] });
  if (!auth.ok) return auth.result;
  const parsed = cancelRequestSchema.safeParse(body);
  if (!parsed.success) return badRequest(parsed.error.issues);

  const applied = await apply('cancel', auth.lead, deps, {});
  if (applied.kind === 'refused') return refused(applied.message, applied.lead, auth.claims, deps);

  const { lead } = applied;
  const history = lead.statusHistory ?? [];
  const before = history.length >= 2 ? history[history.length - 2]?.status : undefined;
  const sent = await deliver(
    lead,
    {
      key: 'cancelled',
      message: cancelledEmail(lead, storedQuote(lead), before ?? applied.from),
      to: deps.operationsAddress,
      replyTo: lead.request.email,
    },
    deps,
  );
  console.info('quote loop: cancel', {
    submissionId: lead.submissionId,
    outcome: applied.kind,
    sent,
  });
  return done(sent, lead, auth.claims, deps);
}
