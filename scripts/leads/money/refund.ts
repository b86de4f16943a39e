/**
 * `npm run leads -- refund REF [--amount 12.34] --reason "…"` (decision 058): a full or partial
 * refund through the money runner: the `refund-requested` event is stored first, then Stripe is
 * asked (reverse_transfer and refund_application_fee, so the hauler's transfer and the platform's
 * fee are given back in proportion) with the key `job_…:refund:N`. A rerun while a refund is still
 * unanswered sends that same refund again, never a second one; the emails are keyed per refund on
 * the request's ledger, so each party hears of a refund once.
 */
import { getHauler } from '../../../lambdas/shared/haulers/hauler-store';
import { createMailer, leadLedger } from '../../../lambdas/shared/mail/mailer';
import type { MailResult, MailerDeps } from '../../../lambdas/shared/mail/mailer';
import { storedQuotes } from '../../../lambdas/shared/leads/lead-quotes';
import type { Lead } from '../../../lambdas/shared/models/lead-model';
import type { StoredPayment, StoredRefund } from '../../../lambdas/shared/models/payment-model';
import { capturedHold } from '../../../lambdas/shared/payments/money-holds';
import { advanceMoney } from '../../../lambdas/shared/payments/money-runner';
import type { MoneyDeps } from '../../../lambdas/shared/payments/money-runner';
import { getLead } from '../../../lambdas/shared/leads/lead-store';
import { oneRequest } from '../find-request';
import { type JobMoney, dollars, leadMoney, payoutOf, refundableCents, shareOf } from './job-money';
import { haulerRefundEmail, homeownerRefundEmail } from './refund-emails';
import { REFUND_REASON_MAX_CHARS } from '#contract/money/payments';

export interface RefundDeps extends MoneyDeps, MailerDeps {
  operationsAddress?: string;
}

export interface RefundRequest {
  /** Cents; without it, everything left. */
  amountCents?: number;
  reason: string;
  /** The quote whose money to refund, when the request was charged for more than one. */
  quote?: number;
}

export interface RefundDone {
  reference: string;
  jobId: string;
  refund: StoredRefund;
  /** `resent`: this run finished a refund an earlier run began (no answer heard, or no emails). */
  kind: 'new' | 'resent';
  /** Still owed: Stripe did not answer; the same command sends the same refund again. */
  owed: boolean;
  emails: { homeowner?: MailResult; hauler?: MailResult };
  leftCents: number;
}

/** '12.34' or '12' dollars → cents; anything else is refused. */
export function parseAmount(text: string): number {
  const match = /^\$?(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (match === null) throw new Error(`--amount takes dollars like 12.34, not '${text}'`);
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
  if (cents <= 0) throw new Error('--amount must be more than $0.00');
  return cents;
}

function chargedMoney(lead: Lead, monies: JobMoney[], quote: number | undefined): JobMoney {
  if (monies.length === 0) {
    throw new Error(
      `Request ${lead.reference} has no money: no quote was accepted with a card (or payments were off), so nothing was charged.`,
    );
  }
  const named = quote === undefined ? monies : monies.filter((money) => money.quote === quote);
  if (named.length === 0)
    throw new Error(`Request ${lead.reference} has no money for quote #${quote}.`);
  const charged = named.filter((money) => capturedHold(money.payment) !== undefined);
  if (charged.length === 0) {
    throw new Error(
      `Nothing was charged for request ${lead.reference}: there is nothing to refund (a hold is released, not refunded).`,
    );
  }
  if (charged.length > 1) {
    throw new Error(
      `Request ${lead.reference} was charged for quotes ${charged.map((m) => `#${m.quote}`).join(' and ')}: name one with --quote N.`,
    );
  }
  return charged[0]!;
}

/** The refunds of a charge answered before this one: the running total the shares are taken of. */
const refundedBefore = (payment: StoredPayment, refund: StoredRefund) =>
  payment.refunds
    .filter((each) => each.number < refund.number && each.status === 'succeeded')
    .reduce((sum, each) => sum + each.amountCents, 0);

/** Each answered refund told to the homeowner and the hauler, once (the ledger's keys). */
async function tellRefund(
  deps: RefundDeps,
  lead: Lead,
  money: JobMoney,
  payment: StoredPayment,
  refund: StoredRefund,
): Promise<RefundDone['emails']> {
  const mailer = createMailer(deps, 'leads refund');
  // Read afresh: the ledger must see what an earlier run sent.
  const ledger = leadLedger(deps.table, (await getLead(deps.table, lead.submissionId)) ?? lead);
  const captured = capturedHold(payment)?.capturedCents ?? 0;
  const before = refundedBefore(payment, refund);
  const facts = {
    reference: lead.reference,
    refundedCents: refund.amountCents,
    totalRefundedCents: before + refund.amountCents,
    chargedCents: captured,
    reason: refund.reason,
  };
  const key = `refund-q${money.quote}-${refund.number}`;
  const replyTo = deps.operationsAddress === undefined ? {} : { replyTo: deps.operationsAddress };
  const emails: RefundDone['emails'] = {
    homeowner: await mailer.deliver(ledger, {
      key,
      to: lead.request.email,
      ...replyTo,
      message: homeownerRefundEmail(lead.request.name, facts),
    }),
  };
  const haulerId = storedQuotes(lead).find((quote) => quote.number === money.quote)?.haulerId;
  const hauler = haulerId === undefined ? undefined : await getHauler(deps.table, haulerId);
  const payout = payoutOf(payment);
  if (hauler !== undefined && payout !== undefined) {
    const reducedByCents =
      shareOf(payout.transferredCents, facts.totalRefundedCents, captured) -
      shareOf(payout.transferredCents, before, captured);
    const nowCents =
      payout.transferredCents -
      shareOf(payout.transferredCents, facts.totalRefundedCents, captured);
    emails.hauler = await mailer.deliver(ledger, {
      key: `${key}-hauler`,
      to: hauler.email,
      ...replyTo,
      message: haulerRefundEmail(hauler.name, facts, { reducedByCents, nowCents }),
    });
  }
  return emails;
}

export async function refundJob(
  deps: RefundDeps,
  ref: string,
  request: RefundRequest,
): Promise<RefundDone> {
  const reason = request.reason.trim();
  if (reason === '')
    throw new Error('Give the reason with --reason "…": both parties are told it.');
  if ([...reason].length > REFUND_REASON_MAX_CHARS) {
    throw new Error(`--reason is at most ${REFUND_REASON_MAX_CHARS} characters.`);
  }
  const lead = await oneRequest(deps.table, ref);
  const money = chargedMoney(lead, await leadMoney(deps.table, lead), request.quote);
  const { payment } = money;
  if (payment.dispute?.status === 'open') {
    throw new Error(
      `The charge for request ${lead.reference} is disputed (${payment.dispute.id}): the bank decides; nothing can be refunded until the dispute closes.`,
    );
  }
  // Stripe refuses a refund of a charge once disputed (charge_disputed), and the hauler's share
  // was held for the dispute (decision 061): settle with the homeowner outside a refund.
  if (payment.dispute !== undefined) {
    throw new Error(
      `The charge for request ${lead.reference} was disputed (${payment.dispute.id}, ${payment.dispute.status}): a disputed charge cannot be refunded.`,
    );
  }
  // An earlier run that stopped before its emails (or before Stripe's answer) is finished first.
  const untold = payment.refunds.findLast(
    (refund) =>
      refund.status === 'succeeded' &&
      lead.emails?.[`refund-q${money.quote}-${refund.number}`] === undefined,
  );
  const owed = payment.refunds.find((refund) => refund.status === 'requested') ?? untold;
  let kind: RefundDone['kind'] = 'resent';
  let moved;
  if (owed !== undefined) {
    // An earlier run's refund whose answer was lost: the same key again, never a second refund.
    // (Nothing is owed to Stripe for a refund already answered: the run only stores and returns.)
    moved = await advanceMoney(deps, payment.jobId);
  } else {
    const left = refundableCents(payment);
    if (left === 0) {
      throw new Error(`The charge for request ${lead.reference} is already refunded in full.`);
    }
    const amountCents = request.amountCents ?? left;
    if (amountCents > left) {
      throw new Error(
        `A refund of ${dollars(amountCents)} is more than the ${dollars(left)} left to refund of request ${lead.reference}'s charge.`,
      );
    }
    kind = 'new';
    moved = await advanceMoney(deps, payment.jobId, {
      type: 'refund-requested',
      amountCents,
      reason,
    });
  }
  if (moved === undefined) throw new Error(`The money of job ${payment.jobId} is gone.`);
  const refund =
    owed === undefined
      ? moved.payment.refunds.at(-1)!
      : moved.payment.refunds.find((each) => each.number === owed.number)!;
  const emails =
    refund.status === 'succeeded' ? await tellRefund(deps, lead, money, moved.payment, refund) : {};
  return {
    reference: lead.reference,
    jobId: payment.jobId,
    refund,
    kind,
    owed: refund.status === 'requested',
    emails,
    leftCents: refundableCents(moved.payment),
  };
}
