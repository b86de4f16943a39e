/**
 * The accepted hauler's job actions (docs/decisions/034-jobs.md): "On my way", a price change and
 * "I can't do this job". Each is decided by the job machine on the stored lead, written
 * in one conditional write, and only then emailed (each email claimed on the lead: twice is once).
 */
import type { Hauler } from '../shared/models/hauler-model';
import type { JsonResult } from '../shared/runtime/http';
import type { Applied } from '../shared/leads/lead-change';
import { authoriseLink } from '../shared/auth/link-auth';
import { refusedLinkResult } from '../shared/auth/link-results';
import {
  acceptedStoredQuote,
  jobOf,
  jobPrice,
  pendingPriceChange,
  reassignmentsOf,
} from '../shared/jobs/lead-job';
import type { StoredPriceChange } from '../shared/models/job-model';
import { offersAgain } from '../shared/models/offer-model';
import { jobMoneyEvent } from '../shared/payments/money-due';
import { storedQuotes } from '../shared/leads/lead-quotes';
import type { Lead } from '../shared/models/lead-model';
import type { Mail } from '../shared/mail/mailer';
import type { LinkHolder } from '../shared/auth/link-view';
import { homeownerLink, operationsMail } from './job-links';
import { applyJob, jobPatch } from './apply-job';
import type { JobDeps } from './job-deps';
import {
  onTheWayEmail,
  priceChangeEmail,
  reassignedHomeownerEmail,
  reassignedOperationsEmail,
} from './job-emails';
import { answered, badRequest, deliverAll, fieldError, refused } from './respond';
import { JOB_MESSAGES, STRIKE_RULES, pickupInstant } from '#contract/loop/jobs';
import {
  cantDoRequestSchema,
  jobTokenRequestSchema,
  priceChangeRequestSchema,
} from '#contract/loop/job-schemas';

/** The hauler's link, authorised, as the holder its answers are viewed as. */
async function haulerAction(body: Record<string, unknown>, deps: JobDeps) {
  const auth = await authoriseLink(body, deps, { hauler: ['job'] });
  if (!auth.ok) return auth;
  const holder: LinkHolder = { claims: auth.claims, viewer: auth.viewer };
  return { ...auth, holder, actor: { role: 'hauler' as const, haulerId: auth.hauler.haulerId } };
}

export async function onMyWay(body: Record<string, unknown>, deps: JobDeps): Promise<JsonResult> {
  const auth = await haulerAction(body, deps);
  if (!auth.ok) return refusedLinkResult(auth);
  const parsed = jobTokenRequestSchema.safeParse(body);
  if (!parsed.success) return badRequest(parsed.error.issues);
  const onTheWay = async (lead: Lead): Promise<Mail[]> => [
    {
      key: `on-the-way-${jobOf(lead)?.quote ?? 0}`,
      to: lead.request.email,
      message: onTheWayEmail(lead, auth.hauler, await homeownerLink(deps, lead, 'view')),
    },
  ];
  const applied = await applyJob('on-my-way', auth.lead, deps, auth.actor, {
    patch: (lead) => jobPatch(lead, { onTheWayAt: deps.now().toISOString() }),
    // Rendered before the write and stored with it: a call dying after it loses no email.
    owes: onTheWay,
  });
  if (applied.kind === 'refused') return refused(applied.message, applied.lead, auth.holder, deps);
  const { lead } = applied;
  const sent = await deliverAll(
    lead,
    applied.owed.length > 0 ? applied.owed : await onTheWay(lead),
    deps,
  );
  console.info('job: on my way', { submissionId: lead.submissionId, outcome: applied.kind, sent });
  return answered(sent, lead, auth.holder, deps);
}

/** A hauler asks for a new price with a reason; the homeowner approves or declines it. */
export async function requestPriceChange(
  body: Record<string, unknown>,
  deps: JobDeps,
): Promise<JsonResult> {
  const auth = await haulerAction(body, deps);
  if (!auth.ok) return refusedLinkResult(auth);
  const parsed = priceChangeRequestSchema.safeParse(body);
  if (!parsed.success) return badRequest(parsed.error.issues);
  const { priceDollars, reason } = parsed.data;
  if (priceDollars === jobPrice(auth.lead))
    return fieldError('priceDollars', JOB_MESSAGES.samePrice);
  const asked = async (lead: Lead): Promise<Mail[]> => {
    const change = pendingPriceChange(jobOf(lead));
    if (change === undefined) return [];
    return [
      {
        key: `price-${jobOf(lead)?.quote ?? 0}-${change.number}`,
        to: lead.request.email,
        message: priceChangeEmail(lead, change, auth.hauler.businessName, {
          approve: await homeownerLink(deps, lead, 'price', change.number),
          decline: await homeownerLink(deps, lead, 'price', change.number),
        }),
      },
    ];
  };
  const applied = await applyJob('price-change', auth.lead, deps, auth.actor, {
    priceDollars,
    // Rendered before the write and stored with it: a call dying after it loses no email.
    owes: asked,
    // The same change again (a double click) while it waits is not a second change.
    isRepeat: (lead) => {
      const pending = pendingPriceChange(jobOf(lead));
      return pending?.priceDollars === priceDollars && pending.reason === reason;
    },
    patch: (lead) => {
      const job = jobOf(lead);
      const changes = job?.priceChanges ?? [];
      const change: StoredPriceChange = {
        number: changes.length + 1,
        priceDollars,
        fromDollars: jobPrice(lead, job) ?? priceDollars,
        reason,
        state: 'pending',
        at: deps.now().toISOString(),
      };
      return jobPatch(lead, { priceChanges: [...changes, change] });
    },
  });
  if (applied.kind === 'refused') return refused(applied.message, applied.lead, auth.holder, deps);
  const { lead } = applied;
  const mails = applied.owed.length > 0 ? applied.owed : await asked(lead);
  const sent = mails.length === 0 ? true : await deliverAll(lead, mails, deps);
  console.info('job: price change', {
    submissionId: lead.submissionId,
    outcome: applied.kind,
    sent,
  });
  return answered(sent, lead, auth.holder, deps);
}

/** Late: within STRIKE_RULES.lateCancelHours of the accepted window's start. */
export function isLateCancel(pickupDate: string, window: 'morning' | 'afternoon', now: Date) {
  const start = pickupInstant(pickupDate, window, 'start').getTime();
  return now.getTime() >= start - STRIKE_RULES.lateCancelHours * 3_600_000;
}

/** Strikes a hauler who gave a job up late (the ratings' strike store does the rest). */
export type LateCancelStrike = (
  deps: JobDeps,
  haulerId: string,
  context: { submissionId: string; reference: string; at: Date },
) => Promise<unknown>;

/**
 * "I can't do this job": the accepted quote is withdrawn and the request goes back to offers (the
 * offer job's next run sends a round to haulers not yet offered, with a fresh 48 hours). The
 * homeowner and operations are told; late, it is a strike.
 */
export function cantDoJob(strike?: LateCancelStrike) {
  return async (body: Record<string, unknown>, deps: JobDeps): Promise<JsonResult> => {
    const auth = await haulerAction(body, deps);
    if (!auth.ok) return refusedLinkResult(auth);
    const parsed = cantDoRequestSchema.safeParse(body);
    if (!parsed.success) return badRequest(parsed.error.issues);
    const { applied, sent } = await giveUpJob(auth.lead, auth.hauler, deps, {
      reason: parsed.data.reason,
      judgeLate: true,
      ...(strike === undefined ? {} : { strike }),
    });
    if (applied.kind === 'refused') {
      return refused(applied.message, applied.lead, auth.holder, deps);
    }
    return answered(sent, applied.lead, auth.holder, deps);
  };
}

/**
 * The booked job back to offers, as the hauler's "I can't do this job" or operations' removal of
 * the hauler (removal.ts) leave it: the quote withdrawn, offers again, the homeowner and
 * operations told. `judgeLate`: whether a late give-up is a strike (never for a removal).
 */
export async function giveUpJob(
  initial: Lead,
  hauler: Pick<Hauler, 'haulerId' | 'businessName'>,
  deps: JobDeps,
  options: { reason: string; judgeLate: boolean; strike?: LateCancelStrike },
): Promise<{ applied: Applied; sent: boolean }> {
  const { reason } = options;
  const now = deps.now();
  const accepted = acceptedStoredQuote(initial);
  const late =
    options.judgeLate &&
    accepted !== undefined &&
    isLateCancel(accepted.pickupDate, accepted.pickupWindow, now);
  const actor = { role: 'hauler' as const, haulerId: hauler.haulerId };
  const toldOf = async (lead: Lead): Promise<Mail[]> => {
    const given = reassignmentsOf(lead)
      .filter((r) => r.haulerId === hauler.haulerId)
      .at(-1);
    const quote = given?.quote ?? 0;
    return [
      {
        key: `reassigned-${quote}`,
        to: lead.request.email,
        message: reassignedHomeownerEmail(lead, await homeownerLink(deps, lead, 'view')),
      },
      {
        key: `reassigned-${quote}-ops`,
        to: deps.operationsAddress,
        ...operationsMail(deps),
        message: reassignedOperationsEmail(
          lead,
          hauler.businessName,
          given?.reason ?? reason,
          given?.late ?? late,
        ),
      },
    ];
  };
  const applied = await applyJob('cant-do', initial, deps, actor, {
    // Rendered before the write and stored with it: a call dying after it loses no email.
    owes: toldOf,
    patch: (lead) => {
      const quote = acceptedStoredQuote(lead);
      if (quote === undefined) throw new Error('A job given up has no accepted quote');
      return {
        quotes: storedQuotes(lead).map((candidate) =>
          candidate.number === quote.number ? { ...candidate, state: 'withdrawn' } : candidate,
        ),
        reassignments: [
          ...reassignmentsOf(lead),
          { haulerId: hauler.haulerId, quote: quote.number, reason, at: now.toISOString(), late },
        ],
        ...offersAgain(lead, now),
      };
    },
  });
  if (applied.kind === 'refused') return { applied, sent: false };
  const { lead } = applied;
  const given = reassignmentsOf(lead)
    .filter((r) => r.haulerId === hauler.haulerId)
    .at(-1);
  if (given?.late === true && options.strike !== undefined) {
    await options.strike(deps, hauler.haulerId, {
      submissionId: lead.submissionId,
      reference: lead.reference,
      at: new Date(given.at),
    });
  }
  // The hold is released: a job the hauler gives up never costs the homeowner a fee.
  if (given !== undefined) {
    await jobMoneyEvent(
      deps,
      { submissionId: lead.submissionId, quote: given.quote },
      { type: 'cancelled', at: given.at, by: 'hauler' },
    );
  }
  const sent = await deliverAll(
    lead,
    applied.owed.length > 0 ? applied.owed : await toldOf(lead),
    deps,
  );
  console.info('job: given up', {
    submissionId: lead.submissionId,
    outcome: applied.kind,
    late: given?.late,
    sent,
  });
  return { applied, sent };
}
