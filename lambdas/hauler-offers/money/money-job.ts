/**
 * The money job (decision 057), in the minute after the offer round: the jobs whose money is due,
 * from one Query of the `by-due` index's money shard, each run through the money runner: first
 * the writes still owed (a lost answer), then what the time asks (the hold at most 4 days before
 * the window, a renewal before a lapse, the capture after the objection window), then whoever
 * the new state concerns is emailed once (claimed on the lead), and the next due time written.
 * It stops starting jobs when its budget is spent: the rest stay due for the next minute.
 */
import { describeError } from '../../shared/runtime/aws';
import type { LinkMailDeps } from '../../shared/handlers/deps';
import { getHauler } from '../../shared/haulers/hauler-store';
import { storedQuotes } from '../../shared/leads/lead-quotes';
import { getLead } from '../../shared/leads/lead-store';
import { linkClaims, linkUrl, signLink } from '../../shared/links/signed-links';
import { createMailer, isSettled, leadLedger } from '../../shared/mail/mailer';
import type { Mail, MailResult } from '../../shared/mail/mailer';
import type { Lead } from '../../shared/models/lead-model';
import type { StoredPayment } from '../../shared/models/payment-model';
import { capturedHold } from '../../shared/payments/money-holds';
import { holdFailureOverdue, moneyState } from '../../shared/payments/money-machine';
import type { MoneyEvent } from '../../shared/payments/money-machine';
import {
  MONEY_RETRY_MS,
  type DueMoney,
  listDueMoney,
  moneyDueAt,
  moneyDueOf,
  moneyTimeEvent,
  scheduleMoney,
} from '../../shared/payments/money-due';
import { advanceMoney } from '../../shared/payments/money-runner';
import type { MoneyDeps } from '../../shared/payments/money-runner';
import type { PaymentProvider } from '../../shared/payments/stripe-payments';
import {
  chargedEmail,
  holdFailedEmail,
  holdOverdueEmail,
  lateFeeEmail,
  payoutEmail,
  releasedEmail,
} from './money-emails';
import { disputePayoutMails } from './dispute-payout-emails';
import {
  HAULER_PAGE_PATHS,
  LOOP_PAGE_PATHS,
  PAGE_SECTIONS,
  withSection,
} from '#contract/core/pages';
import type { MoneyState } from '#contract/money/payments';

export interface MoneyJobDeps extends LinkMailDeps {
  provider: PaymentProvider;
  /** Jobs handled in one run at most; the rest stay due. */
  maxJobs?: number;
  /** Real milliseconds the run may spend before it stops starting jobs. */
  budgetMs?: number;
  /** Real elapsed time (tests and the bench pass their own). */
  elapsedMs?: () => number;
  /** Only this job, if it is due (the local stack's test switch). */
  only?: string;
}

export interface MoneyJobRun {
  jobId: string;
  before?: MoneyState;
  after?: MoneyState;
  /** What the time asked of the money in this run. */
  event?: MoneyEvent['type'];
  /** Writes still owed after this run. */
  owed?: number;
  /** Each email this run settled or tried, by its key. */
  told: Record<string, MailResult>;
  dueAt?: string;
  error?: string;
}

export interface MoneyJobReport {
  now: string;
  due: number;
  jobs: MoneyJobRun[];
  failed: number;
  /** Due jobs left for the next run when the budget was spent. */
  left: number;
}

const DEFAULT_MAX_JOBS = 500;
/** The offer round and the outbox share the minute: the money job takes at most this. */
export const MONEY_JOB_BUDGET_MS = 20_000;

/** A job's money is its lead's accepted quote's: `{submissionId}-q{quote}` (moneyJobId). */
export function jobOfMoney(jobId: string): { submissionId: string; quote: number } | undefined {
  const at = jobId.lastIndexOf('-q');
  const quote = Number(jobId.slice(at + 2));
  if (at <= 0 || !Number.isInteger(quote) || quote < 1) return undefined;
  return { submissionId: jobId.slice(0, at), quote };
}

export const moneyEmailKeys = {
  holdFailed: (quote: number, hold: number) => `money-hold-failed-${quote}-${hold}`,
  overdue: (quote: number, hold: number) => `money-hold-overdue-${quote}-${hold}`,
  charged: (quote: number) => `money-charged-${quote}`,
  lateFee: (quote: number) => `money-late-fee-${quote}`,
  payout: (quote: number) => `money-payout-${quote}`,
  released: (quote: number) => `money-released-${quote}`,
};

interface RunContext {
  deps: MoneyJobDeps;
  now: Date;
  secret: () => Promise<Buffer>;
}

/** The emails the money's state owes, each under its own key: sent once across runs. */
async function owedMails(
  payment: StoredPayment,
  lead: Lead,
  quote: number,
  context: RunContext,
): Promise<Mail[]> {
  const { deps, now } = context;
  const secret = await context.secret();
  const homeownerLink = () =>
    linkUrl(
      deps.publicBaseUrl,
      LOOP_PAGE_PATHS.request,
      signLink(linkClaims(lead.submissionId, 'homeowner', 'view', now), secret),
    );
  const operationsMail = {
    to: deps.operationsAddress,
    ...(deps.operationsConfigurationSet === undefined
      ? {}
      : { configurationSet: deps.operationsConfigurationSet }),
  };
  const mails: Mail[] = [];
  const state = moneyState(payment);
  const newest = payment.holds.at(-1);
  if (newest?.status === 'failed' && payment.closing === undefined) {
    mails.push({
      key: moneyEmailKeys.holdFailed(quote, newest.number),
      to: lead.request.email,
      // The request page's card section, where "Update your card" is (decision 060).
      message: holdFailedEmail(
        lead,
        newest.amountCents,
        withSection(homeownerLink(), PAGE_SECTIONS.card),
      ),
    });
  }
  if (newest !== undefined && holdFailureOverdue(payment, now.toISOString())) {
    const token = signLink(linkClaims(lead.submissionId, 'operations', 'quote', now), secret);
    mails.push({
      key: moneyEmailKeys.overdue(quote, newest.number),
      ...operationsMail,
      message: holdOverdueEmail(
        lead,
        newest.failure?.declineCode ?? newest.failure?.code ?? 'declined',
        linkUrl(deps.publicBaseUrl, LOOP_PAGE_PATHS.operationsQuote, token),
      ),
    });
  }
  const charged = capturedHold(payment);
  const capture = charged?.capture;
  const stored = storedQuotes(lead).find((candidate) => candidate.number === quote);
  if (charged !== undefined && capture !== undefined) {
    const amountCents = charged.capturedCents ?? capture.amountCents;
    const late = capture.purpose === 'late-fee';
    mails.push({
      key: late ? moneyEmailKeys.lateFee(quote) : moneyEmailKeys.charged(quote),
      to: lead.request.email,
      message: late
        ? lateFeeEmail(lead, amountCents, homeownerLink())
        : chargedEmail(lead, amountCents, stored?.hauler ?? '', homeownerLink()),
    });
    const hauler =
      stored?.haulerId === undefined ? undefined : await getHauler(deps.table, stored.haulerId);
    // A hauler forgotten or removed since hears nothing more of the job (decision 045).
    if (hauler !== undefined && hauler.status !== 'removed') {
      const claims = linkClaims(lead.submissionId, 'hauler', 'job', now, stored?.offer ?? 0);
      const jobLink = () =>
        linkUrl(deps.publicBaseUrl, HAULER_PAGE_PATHS.job, signLink(claims, secret));
      mails.push({
        key: moneyEmailKeys.payout(quote),
        to: hauler.email,
        ...(deps.haulerConfigurationSet === undefined
          ? {}
          : { configurationSet: deps.haulerConfigurationSet }),
        message: payoutEmail(lead, hauler, { ...capture, amountCents }, jobLink()),
      });
      // A dispute's hold of the payout, and its payment again when won (decision 061).
      mails.push(
        ...disputePayoutMails(payment, lead, quote, hauler, jobLink, deps.haulerConfigurationSet),
      );
    }
  }
  // "Nothing was charged: the hold on your card is released" only when a hold was placed: a job
  // cancelled before its hold hears of it in the cancellation's own email (decision 061).
  if (state === 'released' && payment.holds.some((hold) => hold.status === 'released')) {
    mails.push({
      key: moneyEmailKeys.released(quote),
      to: lead.request.email,
      message: releasedEmail(lead, homeownerLink()),
    });
  }
  return mails;
}

/** Tells whoever the money's state concerns; `retry`: an email failed and is owed. */
async function tell(
  payment: StoredPayment,
  context: RunContext,
): Promise<{ told: Record<string, MailResult>; retry: boolean; operationsTold: boolean }> {
  const job = jobOfMoney(payment.jobId);
  const lead = job === undefined ? undefined : await getLead(context.deps.table, job.submissionId);
  if (job === undefined || lead === undefined)
    return { told: {}, retry: false, operationsTold: true };
  const ledger = leadLedger(context.deps.table, lead);
  const mailer = createMailer({ ...context.deps, now: () => context.now }, 'money job');
  const told: Record<string, MailResult> = {};
  let retry = false;
  for (const mail of await owedMails(payment, lead, job.quote, context)) {
    if (isSettled(ledger.status(mail.key))) continue;
    told[mail.key] = await mailer.deliver(ledger, mail);
    if (told[mail.key] === 'failed') retry = true;
  }
  const newest = payment.holds.at(-1);
  const overdueKey = newest === undefined ? '' : moneyEmailKeys.overdue(job.quote, newest.number);
  return { told, retry, operationsTold: isSettled(ledger.status(overdueKey)) };
}

async function runJob(due: DueMoney, context: RunContext): Promise<MoneyJobRun> {
  const { deps, now } = context;
  const { jobId } = due;
  const money: MoneyDeps = { table: deps.table, provider: deps.provider, now: () => now };
  // First what is owed (a write whose answer was lost), then what the time asks.
  let moved = await advanceMoney(money, jobId);
  if (moved === undefined) {
    await scheduleMoney(deps.table, jobId, undefined, due.dueAt);
    return { jobId, told: {} };
  }
  const before = moved.before;
  const event = moneyTimeEvent(moved.payment, now);
  if (event !== undefined) moved = (await advanceMoney(money, jobId, event)) ?? moved;
  const { told, retry, operationsTold } = await tell(moved.payment, context);
  const next = moneyDueAt(moved.payment, now, { operationsTold });
  const dueAt =
    retry && (next === undefined || next.getTime() > now.getTime() + MONEY_RETRY_MS)
      ? new Date(now.getTime() + MONEY_RETRY_MS)
      : next;
  // Written only over the due time this run found: a job's event meanwhile keeps its own.
  await scheduleMoney(deps.table, jobId, dueAt, due.dueAt);
  return {
    jobId,
    ...(before === undefined ? {} : { before }),
    after: moved.after,
    ...(event === undefined ? {} : { event: event.type }),
    owed: moved.owed,
    told,
    ...(dueAt === undefined ? {} : { dueAt: dueAt.toISOString() }),
  };
}

export async function runMoneyJob(deps: MoneyJobDeps): Promise<MoneyJobReport> {
  const now = deps.now();
  const started = performance.now();
  const elapsed = deps.elapsedMs ?? (() => performance.now() - started);
  const budget = deps.budgetMs ?? MONEY_JOB_BUDGET_MS;
  // The named job is read itself: behind a page of other due jobs, a filter would miss it.
  const only = deps.only === undefined ? undefined : await moneyDueOf(deps.table, deps.only);
  const due =
    deps.only === undefined
      ? await listDueMoney(deps.table, now, deps.maxJobs ?? DEFAULT_MAX_JOBS)
      : only !== undefined && only <= now.toISOString()
        ? [{ jobId: deps.only, dueAt: only }]
        : [];
  let secret: Buffer | undefined;
  const context: RunContext = {
    deps,
    now,
    secret: async () => (secret ??= (await deps.secrets()).current),
  };
  const report: MoneyJobReport = {
    now: now.toISOString(),
    due: due.length,
    jobs: [],
    failed: 0,
    left: 0,
  };
  for (const [index, item] of due.entries()) {
    if (elapsed() >= budget) {
      report.left = due.length - index;
      break;
    }
    try {
      report.jobs.push(await runJob(item, context));
    } catch (error) {
      // One job's failure leaves it due: the next run tries it again; the others go on.
      report.failed += 1;
      const described = describeError(error);
      report.jobs.push({ jobId: item.jobId, told: {}, error: described });
      console.error('money job: job failed', { jobId: item.jobId, error: described });
    }
  }
  return report;
}
