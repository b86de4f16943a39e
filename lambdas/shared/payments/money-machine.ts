// A job's money as a pure state machine (issue 39, decision 048): each event, ours or Stripe's,
// gives the next state and the writes to Stripe to run. It reads no clock and calls nothing, so a
// property test can drive it through any order of events and deliveries.
import {
  MONEY_END_STATES,
  type MoneyState,
  PAYMENT_TERMS,
  platformFeeCents,
} from '#contract/money/payments';
import type { PayoutMove, StoredHold, StoredPayment } from '../models/payment-model';
import {
  capturedHold,
  disputeKey,
  findHold,
  idempotencyKey,
  refundedCents,
  transferLeftCents,
  updateHold,
  usableHold,
} from './money-holds';
import { type PaymentWebhook, applyWebhook } from './money-webhooks';

export type MoneyEvent =
  | { type: 'card-saved'; customerId: string; paymentMethodId: string }
  /** The scheduled job (or acceptance, when the pickup is sooner): the hold must last past captureBy. */
  | { type: 'hold-due'; captureBy: string }
  | {
      type: 'hold-placed';
      key: string;
      intentId: string;
      chargeId?: string | undefined;
      captureBefore?: string | undefined;
    }
  | {
      type: 'hold-failed';
      key: string;
      at: string;
      intentId?: string | undefined;
      code: string;
      declineCode?: string | undefined;
    }
  | { type: 'price-change-approved'; priceCents: number }
  | { type: 'job-done'; at: string; receipt: boolean }
  | { type: 'problem-reported'; at: string }
  | { type: 'problem-resolved'; charge: boolean }
  | { type: 'window-passed'; at: string }
  | { type: 'captured'; key: string; amountCents: number }
  | { type: 'capture-failed'; key: string }
  | { type: 'no-show-confirmed' }
  /** The homeowner's cancellation (by default) or the hauler's, who never costs them a fee. */
  | { type: 'cancelled'; at: string; by?: 'homeowner' | 'hauler' | undefined }
  | { type: 'released'; key: string }
  | { type: 'refund-requested'; amountCents?: number | undefined; reason?: string | undefined }
  | { type: 'refunded'; key: string; refundId: string; amountCents: number }
  | { type: 'webhook'; event: PaymentWebhook }
  /** Stripe's answers to a dispute's moves of the hauler's payout (decision 061). */
  | { type: 'payout-held'; key: string; reversalId: string }
  | { type: 'payout-released'; key: string; transferId: string }
  | { type: 'payout-move-refused'; key: string };

export type PaymentCommand =
  | {
      kind: 'place-hold';
      key: string;
      jobId: string;
      customerId: string;
      paymentMethodId: string;
      destination: string;
      amountCents: number;
      feeCents: number;
    }
  | { kind: 'capture'; key: string; intentId: string; amountCents: number; feeCents: number }
  | { kind: 'release'; key: string; intentId: string }
  | { kind: 'refund'; key: string; intentId: string; amountCents: number }
  /** The charge's transfer to the hauler reversed by this much while its dispute is open. */
  | { kind: 'hold-payout'; key: string; jobId: string; chargeId: string; amountCents: number }
  /** The held amount transferred to the hauler again once the dispute is won. */
  | {
      kind: 'release-payout';
      key: string;
      jobId: string;
      chargeId: string;
      destination: string;
      amountCents: number;
    };

export interface Stepped {
  state: StoredPayment;
  /** Writes not asked for before this event; `pendingCommands` gives every one still unanswered. */
  commands: PaymentCommand[];
}

export interface MoneyStart {
  jobId: string;
  priceCents: number;
  windowStartsAt: string;
  destination: string;
  card: { customerId: string; paymentMethodId: string };
}

/** A job's money begins when its quote is accepted, which is when the card is saved. */
export function startMoney(start: MoneyStart): StoredPayment {
  return { ...start, holds: [], refunds: [], refundedCents: 0, seenEvents: [] };
}

const hoursAfter = (iso: string, hours: number) =>
  new Date(Date.parse(iso) + hours * 3_600_000).toISOString();
const before = (a: string, b: string) => Date.parse(a) < Date.parse(b);

function withHold(state: StoredPayment, hold: StoredHold, patch: Partial<StoredHold>) {
  return updateHold(state, { key: hold.key }, patch);
}

/** A new hold of the current price, unless one is on its way or one still covers the job. */
function holdIfNeeded(state: StoredPayment, captureBy: string | undefined): StoredPayment {
  if (state.closing === 'release' || state.closing === 'late-fee') return state;
  if (capturedHold(state) !== undefined) return state;
  if (state.holds.some((hold) => hold.status === 'requested')) return state;
  const usable = usableHold(state);
  const lapses =
    usable?.captureBefore !== undefined &&
    captureBy !== undefined &&
    !before(captureBy, usable.captureBefore);
  if (usable !== undefined && usable.amountCents >= state.priceCents && !lapses) return state;
  const number = state.holds.length + 1;
  const hold: StoredHold = {
    number,
    key: idempotencyKey(state.jobId, 'hold', number),
    amountCents: state.priceCents,
    feeCents: platformFeeCents(state.priceCents),
    status: 'requested',
    card: state.card,
  };
  return { ...state, holds: [...state.holds, hold] };
}

function requestRefund(
  state: StoredPayment,
  asked: number | undefined,
  reason?: string,
): StoredPayment {
  const hold = capturedHold(state);
  // A disputed charge is never refunded: Stripe refuses it (charge_disputed) once charged back,
  // and the hauler's share may already be held for the dispute (decision 061).
  if (hold === undefined || state.dispute !== undefined) return state;
  const inFlight = state.refunds
    .filter((refund) => refund.status === 'requested')
    .reduce((sum, refund) => sum + refund.amountCents, 0);
  const left = (hold.capturedCents ?? 0) - refundedCents(state) - inFlight;
  const amountCents = Math.min(asked ?? left, left);
  if (amountCents <= 0) return state;
  const number = state.refunds.length + 1;
  const key = idempotencyKey(state.jobId, 'refund', number);
  return {
    ...state,
    refunds: [
      ...state.refunds,
      {
        number,
        key,
        amountCents,
        status: 'requested',
        ...(reason === undefined ? {} : { reason }),
      },
    ],
  };
}

function applyEvent(state: StoredPayment, event: MoneyEvent): StoredPayment {
  const open = state.closing === undefined;
  switch (event.type) {
    case 'card-saved':
      return {
        ...state,
        card: { customerId: event.customerId, paymentMethodId: event.paymentMethodId },
      };
    case 'hold-due':
      return holdIfNeeded(state, event.captureBy);
    case 'hold-placed':
      return updateHold(
        state,
        { key: event.key, intentId: event.intentId },
        {
          status: 'authorized',
          intentId: event.intentId,
          chargeId: event.chargeId,
          captureBefore: event.captureBefore,
        },
      );
    case 'hold-failed':
      return updateHold(
        state,
        { key: event.key, intentId: event.intentId },
        {
          status: 'failed',
          intentId: event.intentId,
          failedAt: event.at,
          failure: {
            code: event.code,
            ...(event.declineCode ? { declineCode: event.declineCode } : {}),
          },
        },
      );
    case 'price-change-approved':
      if (!open || capturedHold(state) !== undefined || state.doneAt !== undefined) return state;
      return state.holds.length === 0
        ? { ...state, priceCents: event.priceCents }
        : holdIfNeeded({ ...state, priceCents: event.priceCents }, undefined);
    case 'job-done':
      return event.receipt && open && state.doneAt === undefined
        ? { ...state, doneAt: event.at }
        : state;
    case 'problem-reported': {
      const inWindow =
        state.doneAt !== undefined &&
        before(event.at, hoursAfter(state.doneAt, PAYMENT_TERMS.objectionHours));
      return inWindow && open && state.problem === undefined
        ? { ...state, problem: { at: event.at } }
        : state;
    }
    case 'problem-resolved':
      if (state.problem === undefined || state.problem.resolution !== undefined) return state;
      return {
        ...state,
        problem: { ...state.problem, resolution: event.charge ? 'charge' : 'release' },
        closing: event.charge ? 'capture' : 'release',
      };
    case 'window-passed': {
      const passed =
        state.doneAt !== undefined &&
        !before(event.at, hoursAfter(state.doneAt, PAYMENT_TERMS.objectionHours));
      return passed && open && state.problem === undefined
        ? { ...state, closing: 'capture' }
        : state;
    }
    case 'captured': {
      const hold = state.holds.find((each) => each.capture?.key === event.key);
      if (hold?.capture === undefined) return state;
      return withHold(state, hold, {
        status: 'captured',
        capturedCents: event.amountCents,
        capture: { ...hold.capture, status: 'succeeded' },
      });
    }
    case 'capture-failed': {
      const hold = state.holds.find((each) => each.capture?.key === event.key);
      if (hold?.capture?.status !== 'requested') return state;
      return withHold(state, hold, { capture: { ...hold.capture, status: 'failed' } });
    }
    case 'no-show-confirmed':
      return open && state.doneAt === undefined ? { ...state, closing: 'release' } : state;
    case 'cancelled': {
      if (!open || state.doneAt !== undefined) return state;
      const late =
        event.by !== 'hauler' &&
        !before(event.at, hoursAfter(state.windowStartsAt, -PAYMENT_TERMS.lateCancellationHours));
      return { ...state, closing: late ? 'late-fee' : 'release' };
    }
    case 'released': {
      const hold = state.holds.find((each) => each.releaseKey === event.key);
      return hold === undefined ? state : withHold(state, hold, { status: 'released' });
    }
    case 'refund-requested':
      return requestRefund(state, event.amountCents, event.reason);
    case 'refunded':
      return {
        ...state,
        refunds: state.refunds.map((refund) =>
          refund.key === event.key && refund.status === 'requested'
            ? { ...refund, status: 'succeeded', refundId: event.refundId }
            : refund,
        ),
      };
    case 'webhook':
      return applyWebhook(state, event.event);
    case 'payout-held':
      return answerPayoutMove(state, event.key, 'succeeded', event.reversalId);
    case 'payout-released':
      return answerPayoutMove(state, event.key, 'succeeded', event.transferId);
    case 'payout-move-refused':
      return answerPayoutMove(state, event.key, 'failed', undefined);
  }
}

/** Stripe's answer to a hold or release of the payout: only a move still asked for takes it. */
function answerPayoutMove(
  state: StoredPayment,
  key: string,
  status: 'succeeded' | 'failed',
  stripeId: string | undefined,
): StoredPayment {
  const dispute = state.dispute;
  if (dispute === undefined) return state;
  const answer = (move: PayoutMove | undefined): PayoutMove | undefined =>
    move?.key === key && move.status === 'requested'
      ? { ...move, status, ...(stripeId === undefined ? {} : { stripeId }) }
      : move;
  const payoutHold = answer(dispute.payoutHold);
  const payoutRelease = answer(dispute.payoutRelease);
  return {
    ...state,
    dispute: {
      ...dispute,
      ...(payoutHold === undefined ? {} : { payoutHold }),
      ...(payoutRelease === undefined ? {} : { payoutRelease }),
    },
  };
}

/**
 * A dispute holds the hauler's payout (decision 061): while it is open or once lost, the charge's
 * transfer is reversed by the disputed amount, at most what is still transferred; once won, what
 * was held is transferred again, once. Derived from the facts, so any order of events asks the same.
 */
function holdPayoutForDispute(state: StoredPayment): StoredPayment {
  const dispute = state.dispute;
  const charged = capturedHold(state);
  if (dispute === undefined || charged?.chargeId === undefined) return state;
  if (dispute.payoutHold === undefined && dispute.status !== 'won') {
    const amountCents = Math.min(dispute.amountCents, transferLeftCents(state));
    if (amountCents <= 0) return state;
    const payoutHold: PayoutMove = {
      key: disputeKey(state.jobId, dispute.id, 'hold'),
      amountCents,
      status: 'requested',
    };
    return { ...state, dispute: { ...dispute, payoutHold } };
  }
  if (
    dispute.status === 'won' &&
    dispute.payoutHold?.status === 'succeeded' &&
    dispute.payoutRelease === undefined
  ) {
    const payoutRelease: PayoutMove = {
      key: disputeKey(state.jobId, dispute.id, 'release'),
      amountCents: dispute.payoutHold.amountCents,
      status: 'requested',
    };
    return { ...state, dispute: { ...dispute, payoutRelease } };
  }
  return state;
}

function release(state: StoredPayment, keep: StoredHold | undefined): StoredPayment {
  return state.holds
    .filter(
      (hold) =>
        hold.status === 'authorized' &&
        hold.releaseKey === undefined &&
        hold.number !== keep?.number,
    )
    .reduce(
      (next, hold) =>
        withHold(next, hold, { releaseKey: idempotencyKey(state.jobId, 'release', hold.number) }),
      state,
    );
}

/** A capture asked for or done, of a hold that did not lapse first: the hold the job keeps. */
const captureStands = (hold: StoredHold) =>
  hold.capture !== undefined &&
  hold.capture.status !== 'failed' &&
  (hold.status === 'authorized' || hold.status === 'captured');

/** What the known facts ask of Stripe next: only the newest usable hold is kept, and captured. */
function reconcile(state: StoredPayment): StoredPayment {
  const capturing = state.holds.find(captureStands);
  if (capturing !== undefined) return release(state, capturing);
  const usable = usableHold(state);
  if (state.closing === undefined) return release(state, usable);
  if (state.closing === 'release' || usable === undefined) {
    const next = release(state, undefined);
    return state.closing === 'capture' && state.holds.at(-1)?.status !== 'failed'
      ? holdIfNeeded(next, undefined)
      : next;
  }
  const lateFee = state.closing === 'late-fee';
  const amountCents = Math.min(
    lateFee ? PAYMENT_TERMS.lateCancellationFeeCents : state.priceCents,
    usable.amountCents,
  );
  const step = lateFee ? 'late-fee' : 'capture';
  const capture = {
    purpose: lateFee ? ('late-fee' as const) : ('job' as const),
    key: idempotencyKey(state.jobId, step, usable.number),
    amountCents,
    // The late fee is the hauler's: the platform keeps nothing of it.
    feeCents: lateFee ? 0 : platformFeeCents(amountCents),
    status: 'requested' as const,
  };
  return release(withHold(state, usable, { capture }), usable);
}

/** Every write asked for and not yet answered: after a lost answer, run again with its key. */
export function pendingCommands(state: StoredPayment): PaymentCommand[] {
  const commands: PaymentCommand[] = [];
  for (const hold of state.holds) {
    if (hold.status === 'requested' && hold.intentId === undefined) {
      commands.push({
        kind: 'place-hold',
        key: hold.key,
        jobId: state.jobId,
        ...hold.card,
        destination: state.destination,
        amountCents: hold.amountCents,
        feeCents: hold.feeCents,
      });
    }
    if (hold.intentId === undefined || hold.status !== 'authorized') continue;
    const { capture, intentId } = hold;
    if (capture?.status === 'requested') {
      commands.push({ kind: 'capture', key: capture.key, intentId, ...pick(capture) });
    } else if (hold.releaseKey !== undefined) {
      commands.push({ kind: 'release', key: hold.releaseKey, intentId });
    }
  }
  const chargedHold = capturedHold(state);
  const charged = chargedHold?.intentId;
  const chargeId = chargedHold?.chargeId;
  const { payoutHold, payoutRelease } = state.dispute ?? {};
  if (payoutHold?.status === 'requested' && chargeId !== undefined) {
    commands.push({
      kind: 'hold-payout',
      key: payoutHold.key,
      jobId: state.jobId,
      chargeId,
      amountCents: payoutHold.amountCents,
    });
  }
  if (payoutRelease?.status === 'requested' && chargeId !== undefined) {
    commands.push({
      kind: 'release-payout',
      key: payoutRelease.key,
      jobId: state.jobId,
      chargeId,
      destination: state.destination,
      amountCents: payoutRelease.amountCents,
    });
  }
  for (const refund of state.refunds) {
    if (refund.status === 'requested' && charged !== undefined) {
      commands.push({
        kind: 'refund',
        key: refund.key,
        intentId: charged,
        amountCents: refund.amountCents,
      });
    }
  }
  return commands;
}

const pick = ({ amountCents, feeCents }: { amountCents: number; feeCents: number }) => ({
  amountCents,
  feeCents,
});

export function step(state: StoredPayment, event: MoneyEvent): Stepped {
  const asked = new Set(pendingCommands(state).map((command) => command.key));
  const next = holdPayoutForDispute(reconcile(applyEvent(state, event)));
  return { state: next, commands: pendingCommands(next).filter((c) => !asked.has(c.key)) };
}

export function moneyState(state: StoredPayment): MoneyState {
  const charged = capturedHold(state);
  if (state.dispute?.status === 'open') return 'disputed';
  if (charged !== undefined) {
    const back =
      state.dispute?.status === 'lost' || refundedCents(state) >= (charged.capturedCents ?? 0);
    return back ? 'refunded' : 'charged';
  }
  if (state.holds.some(captureStands)) return 'capturing';
  const live = state.holds.filter(
    (hold) => hold.status === 'requested' || hold.status === 'authorized',
  );
  if (state.closing === 'release' || state.closing === 'late-fee') {
    return live.length === 0 ? 'released' : 'releasing';
  }
  if (state.problem !== undefined && state.problem.resolution === undefined)
    return 'problem-reported';
  const newest = state.holds.at(-1);
  if (newest?.status === 'failed' && usableHold(state) === undefined) return 'hold-failed';
  if (state.doneAt !== undefined && state.closing === undefined) return 'objection-window';
  if (newest?.status === 'requested') return 'holding';
  return usableHold(state) === undefined ? 'card-saved' : 'held';
}

export const moneyEnded = (state: StoredPayment): boolean =>
  (MONEY_END_STATES as readonly MoneyState[]).includes(moneyState(state));

/** Operations hear of a hold still failed this long after it failed, with nothing else secured. */
export function holdFailureOverdue(state: StoredPayment, now: string): boolean {
  const newest = state.holds.at(-1);
  return (
    moneyState(state) === 'hold-failed' &&
    newest?.failedAt !== undefined &&
    !before(now, hoursAfter(newest.failedAt, PAYMENT_TERMS.holdFailureEscalationHours))
  );
}

export { findHold, idempotencyKey };
