/**
 * A request's money as operations read it (decision 058): one money per accepted quote
 * (moneyJobId), each shown by `npm run leads -- show` with its state, price, holds, capture, fee,
 * refunds, dispute, the hauler's payout and every Stripe id.
 */
import { storedQuotes } from '../../../lambdas/shared/leads/lead-quotes';
import type { Lead } from '../../../lambdas/shared/models/lead-model';
import type { StoredPayment } from '../../../lambdas/shared/models/payment-model';
import { moneyState } from '../../../lambdas/shared/payments/money-machine';
import { capturedHold, refundedCents } from '../../../lambdas/shared/payments/money-holds';
import { moneyJobId } from '../../../lambdas/shared/payments/money-runner';
import { getPayment } from '../../../lambdas/shared/payments/payment-store';
import type { LeadTable } from '../../../lambdas/shared/runtime/table-handle';
import {
  DISPUTE_PAYOUT_TEXTS,
  MONEY_OPERATIONS_TEXTS,
  MONEY_STATE_TEXTS,
} from '#contract/money/payments';

export interface JobMoney {
  quote: number;
  payment: StoredPayment;
}

/** Every quote's money that exists, oldest quote first: a rebooked job has money of its own. */
export async function leadMoney(table: LeadTable, lead: Lead): Promise<JobMoney[]> {
  const found = await Promise.all(
    storedQuotes(lead).map(async (quote) => {
      const stored = await getPayment(table, moneyJobId(lead.submissionId, quote.number));
      return stored === undefined ? undefined : { quote: quote.number, payment: stored.payment };
    }),
  );
  return found.filter((money): money is JobMoney => money !== undefined);
}

/** `$1,234.56` from cents. */
export function dollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const whole = Math.abs(cents);
  const text = `${Math.floor(whole / 100).toLocaleString('en-US')}.${String(whole % 100).padStart(2, '0')}`;
  return `${sign}$${text}`;
}

export interface Payout {
  /** The hauler's share of the charge as transferred: what was captured less the fee. */
  transferredCents: number;
  /** Given back with refunds, in proportion to what was refunded (as Stripe reverses it). */
  reversedCents: number;
  feeCents: number;
  feeRefundedCents: number;
}

/** Stripe's proportional share of a running total: rounding never leaves a cent behind. */
export const shareOf = (whole: number, part: number, of: number): number =>
  of === 0 ? 0 : Math.round((whole * part) / of);

/** The hauler's payout of a charged job, after refunds; undefined before a capture. */
export function payoutOf(payment: StoredPayment): Payout | undefined {
  const hold = capturedHold(payment);
  const captured = hold?.capturedCents;
  if (hold === undefined || captured === undefined) return undefined;
  const feeCents = hold.capture?.feeCents ?? 0;
  const transferredCents = captured - feeCents;
  const refunded = Math.min(refundedCents(payment), captured);
  return {
    transferredCents,
    reversedCents: shareOf(transferredCents, refunded, captured),
    feeCents,
    feeRefundedCents: shareOf(feeCents, refunded, captured),
  };
}

/** What is left to refund of the charge: captured, less refunds done and refunds on their way. */
export function refundableCents(payment: StoredPayment): number {
  const captured = capturedHold(payment)?.capturedCents ?? 0;
  const inFlight = payment.refunds
    .filter((refund) => refund.status === 'requested')
    .reduce((sum, refund) => sum + refund.amountCents, 0);
  return Math.max(0, captured - refundedCents(payment) - inFlight);
}

const facts = (...parts: (string | undefined | false)[]) =>
  parts.filter((part): part is string => typeof part === 'string' && part !== '').join(' · ');

/** The lines of one job's money, under the request's other lines. */
export function moneyLines({ quote, payment }: JobMoney): string[] {
  const state = moneyState(payment);
  const lines = [
    `  money      quote #${quote} · ${state}: ${MONEY_STATE_TEXTS[state]} · price ${dollars(payment.priceCents)} · job ${payment.jobId}`,
    `  stripe     customer ${payment.card.customerId} · card ${payment.card.paymentMethodId} · hauler account ${payment.destination}`,
  ];
  for (const hold of payment.holds) {
    lines.push(
      `  hold       ${facts(
        `#${hold.number} ${dollars(hold.amountCents)}`,
        hold.status,
        hold.captureBefore && `capture before ${hold.captureBefore}`,
        hold.failure &&
          `failed ${hold.failure.code}${hold.failure.declineCode ? ` (${hold.failure.declineCode})` : ''}${hold.failedAt ? ` ${hold.failedAt}` : ''}`,
        hold.intentId,
        hold.chargeId,
        hold.releaseKey && 'release asked',
      )}`,
    );
    if (hold.capture !== undefined) {
      lines.push(
        `  capture    ${facts(
          `hold #${hold.number}`,
          hold.capture.purpose === 'late-fee' ? 'late-cancellation fee' : 'the job',
          dollars(hold.capturedCents ?? hold.capture.amountCents),
          `fee ${dollars(hold.capture.feeCents)}`,
          hold.capture.status,
        )}`,
      );
    }
  }
  for (const refund of payment.refunds) {
    lines.push(
      `  refund     ${facts(`#${refund.number} ${dollars(refund.amountCents)}`, refund.status, refund.refundId, refund.key)}`,
    );
  }
  if (payment.refundedCents > 0) {
    lines.push(`  refunded   ${dollars(payment.refundedCents)} as Stripe last told it`);
  }
  if (payment.dispute !== undefined) {
    lines.push(
      `  dispute    ${facts(payment.dispute.id, payment.dispute.status, dollars(payment.dispute.amountCents))}`,
    );
    // The hauler's payout held for the dispute, and paid again when won (decision 061).
    const moves = [
      ['reversal', DISPUTE_PAYOUT_TEXTS.showHeld, payment.dispute.payoutHold],
      ['transfer', DISPUTE_PAYOUT_TEXTS.showPaidAgain, payment.dispute.payoutRelease],
    ] as const;
    for (const [label, words, move] of moves) {
      if (move === undefined) continue;
      lines.push(
        `  ${label.padEnd(10)} ${facts(dollars(move.amountCents), words, move.status, move.stripeId, move.key)}`,
      );
    }
  }
  const payout = payoutOf(payment);
  if (payout !== undefined) {
    const held = payment.dispute?.payoutHold;
    const again = payment.dispute?.payoutRelease;
    const moved = (move: typeof held) => (move?.status === 'succeeded' ? move.amountCents : 0);
    const net = payout.transferredCents - payout.reversedCents - moved(held) + moved(again);
    lines.push(
      `  payout     ${facts(
        `${dollars(net)} to ${payment.destination}`,
        `${dollars(payout.transferredCents)} transferred`,
        payout.reversedCents > 0 && `${dollars(payout.reversedCents)} reversed`,
        `fee kept ${dollars(payout.feeCents - payout.feeRefundedCents)}`,
        payment.dispute?.status === 'open' && MONEY_OPERATIONS_TEXTS.payoutHeld,
      )}`,
    );
  }
  return lines;
}
