// The holds of a job's money and the keys of its writes to Stripe: shared by the machine and by
// the webhooks it applies, so that our own answers and Stripe's events update a hold one way.
import type { HoldStatus, StoredHold, StoredPayment } from '../models/payment-model';
import type { PayoutHoldState } from '#contract/money/payments';

export type MoneyStep = 'hold' | 'capture' | 'late-fee' | 'release' | 'refund';

/** Same job and step, same key: a retry after a lost answer replays instead of charging again. */
export function idempotencyKey(jobId: string, step: MoneyStep, number: number): string {
  return `job_${jobId}:${step}:${number}`;
}

/** A dispute's moves of the hauler's payout: one key per job, dispute and move (decision 061). */
export function disputeKey(jobId: string, disputeId: string, move: 'hold' | 'release'): string {
  return `job_${jobId}:dispute:${disputeId}:${move}`;
}

/** Facts only move forward: a delivery that arrives late, or again, cannot undo a later one. */
const RANK: Record<HoldStatus, number> = {
  requested: 0,
  authorized: 1,
  failed: 1,
  captured: 2,
  released: 2,
};

export interface HoldMatch {
  key?: string | undefined;
  intentId?: string | undefined;
}

export function findHold(state: StoredPayment, match: HoldMatch): StoredHold | undefined {
  return (
    state.holds.find((hold) => match.intentId !== undefined && hold.intentId === match.intentId) ??
    state.holds.find((hold) => match.key !== undefined && hold.key === match.key)
  );
}

const defined = <T extends object>(patch: T): Partial<T> =>
  Object.fromEntries(
    Object.entries(patch).filter(([, value]) => value !== undefined),
  ) as Partial<T>;

/** A status of lower rank (or another of the same rank) is old news: it may only add ids. */
export function updateHold(
  state: StoredPayment,
  match: HoldMatch,
  patch: Partial<StoredHold>,
): StoredPayment {
  const hold = findHold(state, match);
  if (hold === undefined) return state;
  const status = patch.status ?? hold.status;
  const forward = status === hold.status || RANK[status] > RANK[hold.status];
  const ids = defined({
    intentId: hold.intentId ?? patch.intentId ?? match.intentId,
    chargeId: hold.chargeId ?? patch.chargeId,
  });
  const updated: StoredHold = forward
    ? { ...hold, ...defined(patch), ...ids }
    : { ...hold, ...ids };
  return { ...state, holds: state.holds.map((each) => (each === hold ? updated : each)) };
}

export function usableHold(state: StoredPayment): StoredHold | undefined {
  return state.holds.findLast(
    (hold) =>
      hold.status === 'authorized' &&
      hold.releaseKey === undefined &&
      hold.capture?.status !== 'failed',
  );
}

export const capturedHold = (state: StoredPayment): StoredHold | undefined =>
  state.holds.find((hold) => hold.status === 'captured');

export function refundedCents(state: StoredPayment): number {
  const answered = state.refunds
    .filter((refund) => refund.status === 'succeeded')
    .reduce((sum, refund) => sum + refund.amountCents, 0);
  return Math.max(state.refundedCents, answered);
}

/** Stripe's proportional share of a running total: rounding never leaves a cent behind. */
export const shareOf = (whole: number, part: number, of: number): number =>
  of === 0 ? 0 : Math.round((whole * part) / of);

/**
 * What is still transferred to the hauler of a charged job: the transfer (captured less the fee)
 * less its share of every refund done or on its way, less a dispute's hold already asked for.
 */
export function transferLeftCents(state: StoredPayment): number {
  const hold = capturedHold(state);
  const captured = hold?.capturedCents;
  if (hold === undefined || captured === undefined) return 0;
  const transferred = captured - (hold.capture?.feeCents ?? 0);
  const inFlight = state.refunds
    .filter((refund) => refund.status === 'requested')
    .reduce((sum, refund) => sum + refund.amountCents, 0);
  const refunded = Math.min(refundedCents(state) + inFlight, captured);
  const payoutHold = state.dispute?.payoutHold;
  const held =
    payoutHold !== undefined && payoutHold.status !== 'failed' ? payoutHold.amountCents : 0;
  return Math.max(0, transferred - shareOf(transferred, refunded, captured) - held);
}

/** Where a dispute's hold of the payout stands, once Stripe reversed it; undefined before. */
export function payoutHoldOf(
  state: StoredPayment,
): { state: PayoutHoldState; amountCents: number } | undefined {
  const dispute = state.dispute;
  if (dispute?.payoutHold?.status !== 'succeeded') return undefined;
  const amountCents = dispute.payoutHold.amountCents;
  if (dispute.payoutRelease?.status === 'succeeded') return { state: 'paid-again', amountCents };
  return { state: dispute.status === 'lost' ? 'kept' : 'held', amountCents };
}
