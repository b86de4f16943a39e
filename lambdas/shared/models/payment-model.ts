// A job's money (issue 39, decision 048): the money machine's state, stored beside the job and
// read through this model, so that a malformed item fails by name instead of moving money.
import * as z from 'zod/mini';
import { parseStored } from '../runtime/stored-item';

export const HOLD_STATUSES = ['requested', 'authorized', 'failed', 'captured', 'released'] as const;
export type HoldStatus = (typeof HOLD_STATUSES)[number];

const cents = z.number().check(z.int(), z.nonnegative());
const answerStatus = z.enum(['requested', 'succeeded', 'failed']);

const cardSchema = z.object({ customerId: z.string(), paymentMethodId: z.string() });

const captureSchema = z.object({
  purpose: z.enum(['job', 'late-fee']),
  key: z.string(),
  amountCents: cents,
  feeCents: cents,
  status: answerStatus,
});

export const storedHoldSchema = z.object({
  number: z.number().check(z.int(), z.positive()),
  key: z.string(),
  amountCents: cents,
  feeCents: cents,
  status: z.enum(HOLD_STATUSES),
  /** The card it was asked of: a retry must send what the first attempt sent. */
  card: cardSchema,
  intentId: z.optional(z.string()),
  chargeId: z.optional(z.string()),
  captureBefore: z.optional(z.string()),
  failure: z.optional(z.object({ code: z.string(), declineCode: z.optional(z.string()) })),
  failedAt: z.optional(z.string()),
  releaseKey: z.optional(z.string()),
  capture: z.optional(captureSchema),
  capturedCents: z.optional(cents),
});
export type StoredHold = z.output<typeof storedHoldSchema>;

export const storedRefundSchema = z.object({
  number: z.number().check(z.int(), z.positive()),
  key: z.string(),
  amountCents: cents,
  status: answerStatus,
  refundId: z.optional(z.string()),
  /** Operations' words for it (`npm run leads -- refund --reason`), told to both parties. */
  reason: z.optional(z.string()),
});
export type StoredRefund = z.output<typeof storedRefundSchema>;

/** A write that moves the hauler's payout for a dispute: a transfer reversal or a new transfer. */
export const payoutMoveSchema = z.object({
  key: z.string(),
  amountCents: cents,
  status: answerStatus,
  /** The transfer reversal (`trr_`) or the new transfer (`tr_`) Stripe answered with. */
  stripeId: z.optional(z.string()),
});
export type PayoutMove = z.output<typeof payoutMoveSchema>;

export const storedPaymentSchema = z.object({
  jobId: z.string(),
  /** The locked price plus every approved change: never captured above it. */
  priceCents: cents,
  windowStartsAt: z.string(),
  destination: z.string(),
  card: cardSchema,
  holds: z.array(storedHoldSchema),
  /** Set only with the disposal receipt: "Job done" without one starts no window. */
  doneAt: z.optional(z.string()),
  problem: z.optional(
    z.object({ at: z.string(), resolution: z.optional(z.enum(['charge', 'release'])) }),
  ),
  /** How the job's money is to end, once that is decided. */
  closing: z.optional(z.enum(['capture', 'release', 'late-fee'])),
  refunds: z.array(storedRefundSchema),
  /** The charge's `amount_refunded` as Stripe last told it, or our own answers' sum if larger. */
  refundedCents: cents,
  dispute: z.optional(
    z.object({
      id: z.string(),
      status: z.enum(['open', 'won', 'lost']),
      amountCents: cents,
      /** The hauler's transfer reversed while the dispute is open (decision 061). */
      payoutHold: z.optional(payoutMoveSchema),
      /** The held amount transferred to the hauler again once the dispute is won. */
      payoutRelease: z.optional(payoutMoveSchema),
    }),
  ),
  /** Webhook event ids already applied, newest last, so that a redelivery changes nothing. */
  seenEvents: z.array(z.string()),
});
export type StoredPayment = z.output<typeof storedPaymentSchema>;

export function parsePayment(item: unknown, key: string): StoredPayment {
  return parseStored(storedPaymentSchema, item, 'payment', key);
}
