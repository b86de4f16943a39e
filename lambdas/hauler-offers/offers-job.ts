/**
 * One run of the offer timer (decision 033): the leads due now, from one Query of the `by-due`
 * index, each read and decided on (offer-timer.ts): the next round (rank the covering haulers,
 * count each offer under the hauler's daily cap, record it on the lead, email it), the escalation
 * to operations, or the end of offers; then the lead's next due time. Every email is claimed on
 * the lead through the mailer, so a second run, a retry or a crash never sends one twice.
 */
import { performance } from 'node:perf_hooks';
import { describeError } from '../shared/runtime/aws';
import { getHauler } from '../shared/haulers/hauler-store';
import { acceptedStoredQuote, jobOf, jobPrice, pickupAddressOf } from '../shared/jobs/lead-job';
import { reminderKey } from '../shared/jobs/day-before';
import type { ReminderParty } from '../shared/jobs/day-before';
import type { StoredQuote } from '../shared/models/quote-model';
import { getLead } from '../shared/leads/lead-store';
import type { Lead } from '../shared/models/lead-model';
import { createMailer, isSettled, leadLedger } from '../shared/mail/mailer';
import type { MailLedger, Mailer } from '../shared/mail/mailer';
import type { LinkMailDeps } from '../shared/handlers/deps';
import { emfValue } from '../shared/runtime/metrics';
import { matchHaulers } from '../shared/offers/offer-matching';
import { takesOffers } from '../shared/haulers/hauler-rules';
import { leadOffers, offerCountOf } from '../shared/models/offer-model';
import {
  countOffer,
  isLeadDue,
  listDueLeads,
  markOffered,
  recordFirstOffer,
  recordOffer,
  recordOfferRound,
  setOfferTimer,
} from '../shared/offers/offer-store';
import { linkClaims, linkUrl, signLink } from '../shared/links/signed-links';
import { escalationEmail, notDoneEmail, offerEmail, offersEndedEmail } from './emails';
import { haulerReminderEmail, homeownerReminderEmail } from './reminder-emails';
import type { ReminderHauler } from './reminder-emails';
import { decideJobTimer } from './job-timer';
import { runWithinBudget } from './lead-pool';
import type { JobTimerStep } from './job-timer';
import type { EscalationReason } from './emails';
import {
  OFFER_EMAIL_RETRY_MS,
  decideOfferStep,
  escalationKey,
  nextDueAt,
  offerEmailKey,
  offerFacts,
  offersStartedAt,
  tellsOffersEnded,
} from './offer-timer';
import { OFFERS_ESCALATED, OFFERS_STARTED, OFFER_DELAY_SECONDS } from '#contract/core/metrics';
import { OFFERS_ENDED_EMAIL_KEY } from '#contract/loop/offers';
import type { LeadOffer, OfferSettings } from '#contract/loop/offers';
import { HAULER_PAGE_PATHS, LOOP_PAGE_PATHS } from '#contract/core/pages';
import { STATUS_LABELS, formatPickup } from '#contract/loop/quote-loop';

export interface OffersJobDeps extends LinkMailDeps {
  settings: OfferSettings;
  /** Leads handled in one run at most; the rest stay due for the next. */
  maxLeads?: number;
  /** Only this lead, if it is due (the local stack's test switch); `maxLeads` does not apply. */
  only?: string;
  /** Leads worked on at once (lead-pool.ts). */
  concurrency?: number;
  /** Milliseconds of the run after which no lead is started: the rest stay due for the next run. */
  budgetMs?: number;
  /** A monotonic clock in milliseconds for the budget; performance.now by default. */
  clock?: () => number;
}

export interface LeadRun {
  reference: string;
  submissionId: string;
  ended?: 'closed' | 'quoted' | 'expired' | 'gone';
  round?: number;
  /** This run's new offers: number and hauler. */
  offered: { number: number; haulerId: string; miles: number }[];
  /** Offer emails sent in this run (new and retried). */
  sent: number;
  escalated?: EscalationReason;
  /** The homeowner's "no hauler took your request" email: what became of it in this run. */
  offersEnded?: string;
  /** A booked job's "Not marked done" email to operations: what became of it in this run. */
  notDone?: string;
  /** A booked job's day-before reminders: what became of each in this run. */
  reminders?: Partial<Record<ReminderParty, string>>;
  /** ISO 8601, or undefined: out of the index. */
  dueAt?: string;
  error?: string;
}

export interface OffersJobReport {
  now: string;
  due: number;
  leads: LeadRun[];
  failed: number;
  /** Due leads not started within the run's budget: still due, for the next run. */
  left: number;
}

/** The most due leads one run reads; at the bench's 1,000 due a minute, one Query of them all. */
const DEFAULT_MAX_LEADS = 2_000;
/**
 * Ten leads at a time: each waits on DynamoDB and SES almost all its time, so ten overlap well in
 * one 512 MB instance, and each lead's offer emails go out one after another as before.
 */
export const DEFAULT_OFFER_CONCURRENCY = 10;
/**
 * The offer rounds' share of the minute: the outbox's sender may take 30 s after them
 * (handler.ts), and the schedule starts the next run a minute after this one.
 */
export const DEFAULT_OFFER_BUDGET_MS = 25_000;

interface RunContext {
  deps: OffersJobDeps;
  now: Date;
  mailer: Mailer;
  secret: () => Promise<Buffer>;
  emit: (line: string) => void;
}

/** The next round: the ranked haulers in order, each counted and recorded, until the batch is full. */
async function runRound(lead: Lead, round: number, context: RunContext, run: LeadRun) {
  const { deps, now } = context;
  const { batchSize, haulerDailyOffers } = deps.settings;
  const offers = leadOffers(lead).map(([, offer]) => offer);
  const ranked = await matchHaulers(deps.table, {
    zipCode: lead.request.zipCode,
    offers,
    settings: deps.settings,
    now,
    wanted: batchSize,
  });
  let count = offerCountOf(lead);
  for (const candidate of ranked) {
    if (run.offered.length >= batchSize) break;
    if ((await countOffer(deps.table, candidate.haulerId, now, haulerDailyOffers)) === 'cap')
      continue;
    const offer: LeadOffer = {
      haulerId: candidate.haulerId,
      businessName: candidate.hauler.businessName,
      miles: candidate.miles,
      round,
      sentAt: now.toISOString(),
      endsAt: new Date(
        Date.parse(offersStartedAt(lead)) + deps.settings.offerHours * 3_600_000,
      ).toISOString(),
    };
    const number = await recordOffer(deps.table, lead.submissionId, count, offer);
    // Closed meanwhile, or another run got there first: the next run decides again.
    if (number === undefined) break;
    count = number;
    run.offered.push({ number, haulerId: candidate.haulerId, miles: candidate.miles });
    await markOffered(deps.table, candidate.haulerId, now);
  }
  await recordOfferRound(deps.table, lead.submissionId, round, now);
}

/** The current round's offer emails not sent yet; a hauler that stopped taking jobs is skipped. */
async function sendOffers(lead: Lead, ledger: MailLedger, context: RunContext, run: LeadRun) {
  const { deps, now } = context;
  const { rounds } = offerFacts(lead);
  for (const [number, offer] of leadOffers(lead)) {
    const key = offerEmailKey(number);
    if (offer.round !== rounds || isSettled(ledger.status(key))) continue;
    const hauler = await getHauler(deps.table, offer.haulerId);
    if (hauler === undefined || !takesOffers(hauler, now)) {
      await context.mailer.withhold(ledger, key, 'hauler not taking offers');
      continue;
    }
    const token = signLink(
      linkClaims(lead.submissionId, 'hauler', 'offer', now, number),
      await context.secret(),
    );
    const result = await context.mailer.deliver(ledger, {
      key,
      to: hauler.email,
      ...(deps.haulerConfigurationSet === undefined
        ? {}
        : { configurationSet: deps.haulerConfigurationSet }),
      message: offerEmail(
        lead,
        offer,
        linkUrl(deps.publicBaseUrl, HAULER_PAGE_PATHS.quote, token),
        deps.settings.offerHours,
      ),
    });
    if (result !== 'sent') continue;
    run.sent += 1;
    if (await recordFirstOffer(deps.table, lead.submissionId, now)) {
      // The first offer's delay from booking: what "quotes within minutes" starts with.
      const seconds = Math.round((now.getTime() - Date.parse(lead.receivedAt)) / 1000);
      console.info('hauler offers: first offer', { submissionId: lead.submissionId, seconds });
      context.emit(emfValue(OFFER_DELAY_SECONDS, seconds, 'Seconds', {}, now));
    }
  }
}

async function escalate(
  lead: Lead,
  ledger: MailLedger,
  reason: EscalationReason,
  context: RunContext,
  run: LeadRun,
) {
  const { deps, now } = context;
  const token = signLink(
    linkClaims(lead.submissionId, 'operations', 'quote', now),
    await context.secret(),
  );
  const offers = leadOffers(lead).map(([, offer]) => offer);
  const result = await context.mailer.deliver(ledger, {
    key: escalationKey(lead),
    to: deps.operationsAddress,
    ...(deps.operationsConfigurationSet === undefined
      ? {}
      : { configurationSet: deps.operationsConfigurationSet }),
    message: escalationEmail(
      lead,
      reason,
      offers,
      linkUrl(deps.publicBaseUrl, LOOP_PAGE_PATHS.operationsQuote, token),
      deps.settings.escalationMinutes,
    ),
  });
  if (result === 'sent') {
    run.escalated = reason;
    context.emit(emfValue(OFFERS_ESCALATED, 1, 'Count', {}, now));
  }
}

/** Each party's day-before reminder, claimed on the lead under its own key: once, across runs. */
async function sendReminders(
  lead: Lead,
  quote: StoredQuote,
  parties: readonly ReminderParty[],
  context: RunContext,
): Promise<Partial<Record<ReminderParty, string>>> {
  const { deps, now } = context;
  const ledger = leadLedger(deps.table, lead);
  const hauler =
    quote.haulerId === undefined ? undefined : await getHauler(deps.table, quote.haulerId);
  const price = jobPrice(lead) ?? quote.priceDollars;
  const address = pickupAddressOf(lead);
  const secret = await context.secret();
  const results: Partial<Record<ReminderParty, string>> = {};
  for (const party of parties) {
    const key = reminderKey(quote, party);
    if (party === 'homeowner') {
      // An operations quote has no hauler record: the name it quoted under, no phone.
      const booked: ReminderHauler =
        hauler === undefined
          ? { businessName: quote.hauler }
          : { businessName: hauler.businessName, phone: hauler.phone };
      const token = signLink(linkClaims(lead.submissionId, 'homeowner', 'view', now), secret);
      results[party] = await context.mailer.deliver(ledger, {
        key,
        to: lead.request.email,
        message: homeownerReminderEmail(
          lead,
          quote,
          booked,
          price,
          address,
          linkUrl(deps.publicBaseUrl, LOOP_PAGE_PATHS.request, token),
        ),
      });
      continue;
    }
    // A hauler forgotten or removed since gets nothing more about the job (decision 045).
    if (hauler === undefined || hauler.status === 'removed') {
      await context.mailer.withhold(ledger, key, 'hauler gone');
      results[party] = 'withheld';
      continue;
    }
    const claims = linkClaims(lead.submissionId, 'hauler', 'job', now, quote.offer ?? 0);
    results[party] = await context.mailer.deliver(ledger, {
      key,
      to: hauler.email,
      replyTo: lead.request.email,
      ...(deps.haulerConfigurationSet === undefined
        ? {}
        : { configurationSet: deps.haulerConfigurationSet }),
      message: haulerReminderEmail(
        lead,
        quote,
        price,
        address,
        linkUrl(deps.publicBaseUrl, HAULER_PAGE_PATHS.job, signLink(claims, secret)),
      ),
    });
  }
  return results;
}

/** The job's next look after this run: a failed reminder again in a minute, else its next step. */
async function nextJobTimer(submissionId: string, context: RunContext): Promise<Date | undefined> {
  const { deps, now } = context;
  const lead = await getLead(deps.table, submissionId);
  if (lead === undefined) return undefined;
  const next = decideJobTimer(lead, now);
  if (next.kind === 'wait') return next.until;
  if (next.kind === 'end' || next.kind === 'offers')
    return next.kind === 'offers' ? now : undefined;
  return new Date(now.getTime() + OFFER_EMAIL_RETRY_MS);
}

/** A booked job: remind both parties the day before; after its window plus the grace, tell operations once. */
async function runJobTimer(
  lead: Lead,
  step: Exclude<JobTimerStep, { kind: 'offers' }>,
  context: RunContext,
  run: LeadRun,
): Promise<LeadRun> {
  const { deps, now } = context;
  if (step.kind === 'remind') {
    const reminders = await sendReminders(lead, step.quote, step.parties, context);
    const dueAt = await nextJobTimer(lead.submissionId, context);
    await setOfferTimer(deps.table, lead.submissionId, dueAt);
    console.info('hauler offers: reminders', { submissionId: lead.submissionId, ...reminders });
    return { ...run, reminders, ...(dueAt === undefined ? {} : { dueAt: dueAt.toISOString() }) };
  }
  if (step.kind === 'end') {
    await setOfferTimer(deps.table, lead.submissionId, undefined);
    return { ...run, ended: 'closed' };
  }
  if (step.kind === 'wait') {
    await setOfferTimer(deps.table, lead.submissionId, step.until);
    return { ...run, dueAt: step.until.toISOString() };
  }
  const quote = acceptedStoredQuote(lead);
  const haulerId = jobOf(lead)?.haulerId;
  const hauler = haulerId === undefined ? undefined : await getHauler(deps.table, haulerId);
  const result = await context.mailer.deliver(leadLedger(deps.table, lead), {
    key: step.key,
    to: deps.operationsAddress,
    replyTo: lead.request.email,
    ...(deps.operationsConfigurationSet === undefined
      ? {}
      : { configurationSet: deps.operationsConfigurationSet }),
    message: notDoneEmail(
      lead,
      hauler,
      quote === undefined ? '' : formatPickup(quote.pickupDate, quote.pickupWindow),
      STATUS_LABELS[lead.status],
    ),
  });
  // A failed email is tried again with the next run; sent (or sent by a concurrent run), done.
  const dueAt = result === 'failed' ? new Date(now.getTime() + OFFER_EMAIL_RETRY_MS) : undefined;
  await setOfferTimer(deps.table, lead.submissionId, dueAt);
  console.info('hauler offers: not marked done', { submissionId: lead.submissionId, result });
  return {
    ...run,
    notDone: result,
    ...(dueAt === undefined ? {} : { dueAt: dueAt.toISOString() }),
  };
}

/** Nobody quoted in the offers' hours: the homeowner hears it once, with their request's link. */
async function tellOffersEnded(lead: Lead, context: RunContext, run: LeadRun): Promise<LeadRun> {
  const { deps, now } = context;
  const token = signLink(
    linkClaims(lead.submissionId, 'homeowner', 'view', now),
    await context.secret(),
  );
  const result = await context.mailer.deliver(leadLedger(deps.table, lead), {
    key: OFFERS_ENDED_EMAIL_KEY,
    to: lead.request.email,
    message: offersEndedEmail(
      lead,
      linkUrl(deps.publicBaseUrl, LOOP_PAGE_PATHS.request, token),
      new URL('/', deps.publicBaseUrl).toString(),
      deps.settings.offerHours,
    ),
  });
  // A failed email is tried again with the next run; sent (or sent by a concurrent run), done.
  const dueAt = result === 'failed' ? new Date(now.getTime() + OFFER_EMAIL_RETRY_MS) : undefined;
  await setOfferTimer(deps.table, lead.submissionId, dueAt);
  console.info('hauler offers: offers ended', { submissionId: lead.submissionId, result });
  return {
    ...run,
    offersEnded: result,
    ...(dueAt === undefined ? {} : { dueAt: dueAt.toISOString() }),
  };
}

async function runLead(submissionId: string, context: RunContext): Promise<LeadRun> {
  const { deps, now } = context;
  const first = await getLead(deps.table, submissionId);
  const run: LeadRun = { reference: first?.reference ?? '', submissionId, offered: [], sent: 0 };
  if (first === undefined) return { ...run, ended: 'gone' };
  const timer = decideJobTimer(first, now);
  if (timer.kind !== 'offers') return runJobTimer(first, timer, context, run);
  const step = decideOfferStep(offerFacts(first), now, deps.settings);
  if (step.kind === 'end') {
    if (!tellsOffersEnded(first, step)) {
      await setOfferTimer(deps.table, submissionId, undefined);
      return { ...run, ended: step.reason };
    }
    return tellOffersEnded(first, context, { ...run, ended: step.reason });
  }
  let lead = first;
  let escalation: EscalationReason | undefined = step.escalate ? 'no-quote' : undefined;
  // The cycle's first round: at booking, or once a job given up goes back to offers.
  const firstOfCycle = offerFacts(first).lastRoundAt === undefined;
  if (step.round) {
    const round = offerFacts(first).rounds + 1;
    run.round = round;
    if (round === 1) context.emit(emfValue(OFFERS_STARTED, 1, 'Count', {}, now));
    await runRound(first, round, context, run);
    lead = (await getLead(deps.table, submissionId)) ?? first;
    const startedAt = offersStartedAt(lead);
    const cycleOffers = leadOffers(lead).filter(([, offer]) => offer.sentAt >= startedAt);
    // Nobody eligible (a concurrent run's offers count: they were made this cycle too).
    if (firstOfCycle && cycleOffers.length === 0) escalation = 'no-hauler';
  }
  const ledger = leadLedger(deps.table, lead);
  await sendOffers(lead, ledger, context, run);
  if (escalation !== undefined) await escalate(lead, ledger, escalation, context, run);
  const after = (await getLead(deps.table, submissionId)) ?? lead;
  const dueAt = nextDueAt(offerFacts(after), now, deps.settings);
  await setOfferTimer(deps.table, submissionId, dueAt);
  return { ...run, ...(dueAt === undefined ? {} : { dueAt: dueAt.toISOString() }) };
}

export async function runOffersJob(deps: OffersJobDeps): Promise<OffersJobReport> {
  const now = deps.now();
  // The named lead is read itself: behind a page of other due leads, a filter would miss it.
  const ids =
    deps.only === undefined
      ? await listDueLeads(deps.table, now, deps.maxLeads ?? DEFAULT_MAX_LEADS)
      : (await isLeadDue(deps.table, deps.only, now))
        ? [deps.only]
        : [];
  let secret: Buffer | undefined;
  const context: RunContext = {
    deps,
    now,
    // The run's clock is fixed, so that a run given a time (the local test switch) is one instant.
    mailer: createMailer({ ...deps, now: () => now }, 'hauler offers'),
    secret: async () => (secret ??= (await deps.secrets()).current),
    emit: deps.emitMetric ?? (() => undefined),
  };
  const report: OffersJobReport = {
    now: now.toISOString(),
    due: ids.length,
    leads: [],
    failed: 0,
    left: 0,
  };
  const pool = await runWithinBudget(
    ids,
    {
      concurrency: deps.concurrency ?? DEFAULT_OFFER_CONCURRENCY,
      budgetMs: deps.budgetMs ?? DEFAULT_OFFER_BUDGET_MS,
      clock: deps.clock ?? (() => performance.now()),
    },
    async (id): Promise<LeadRun> => {
      try {
        return await runLead(id, context);
      } catch (error) {
        // One lead's failure leaves it due: the next run tries it again; the others go on.
        report.failed += 1;
        const described = describeError(error);
        console.error('hauler offers: lead failed', { submissionId: id, error: described });
        return { reference: '', submissionId: id, offered: [], sent: 0, error: described };
      }
    },
  );
  report.leads = pool.results;
  report.left = pool.left;
  return report;
}
