// Pay on proof (issue 39, decision 048): the numbers, states and texts of a job's money, in one
// place; no zod here, so that a page showing them loads none (decision 040).

/** An explicit deploy setting: with payments off, the homeowner pays the hauler directly. */
export const PAYMENT_SETTINGS = ['on', 'off'] as const;
export type PaymentSetting = (typeof PAYMENT_SETTINGS)[number];

export const PAYMENT_TERMS = {
  currency: 'usd',
  /** The platform's share of each job's charge, kept as Stripe's `application_fee_amount`. */
  platformFeeBasisPoints: 1_500,
  /** A fixed amount, all of it paid to the hauler, stated before a quote is accepted. */
  lateCancellationFeeCents: 5_000,
  lateCancellationHours: 24,
  /** After "Job done" with the receipt, the homeowner may report a problem this long. */
  objectionHours: 24,
  /** The scheduled job places the hold at most this long before the window (at acceptance when sooner). */
  holdLeadHours: 4 * 24,
  /** A merchant-initiated (off-session) card hold lasts this long at the bank. */
  holdLastsHours: 4 * 24 + 18,
  /** Operations are told when a failed hold is still not secured after this long. */
  holdFailureEscalationHours: 12,
} as const;

/** A hauler's Express account, as the hauler page and the rule on quoting read it. */
export const PAYOUT_STATES = ['not-started', 'pending', 'enabled', 'restricted'] as const;
export type PayoutState = (typeof PAYOUT_STATES)[number];

export function platformFeeCents(amountCents: number): number {
  return Math.round((amountCents * PAYMENT_TERMS.platformFeeBasisPoints) / 10_000);
}

export const MONEY_STATES = [
  'card-saved',
  'holding',
  'held',
  'hold-failed',
  'objection-window',
  'problem-reported',
  'capturing',
  'releasing',
  'charged',
  'released',
  'refunded',
  'disputed',
] as const;
export type MoneyState = (typeof MONEY_STATES)[number];

export const MONEY_END_STATES = [
  'charged',
  'released',
  'refunded',
] as const satisfies readonly MoneyState[];

export const MONEY_STATE_TEXTS: Record<MoneyState, string> = {
  'card-saved': 'Card saved. Nothing is charged now.',
  holding: 'Securing the payment before pickup.',
  held: 'Payment secured. Nothing is charged until the disposal receipt is uploaded.',
  'hold-failed': 'Payment not yet secured: please update the card.',
  'objection-window': `Job done. You have ${PAYMENT_TERMS.objectionHours} hours to report a problem before the charge.`,
  'problem-reported': 'A problem was reported: nothing is charged while operations look at it.',
  capturing: 'Charging the agreed price.',
  releasing: 'Releasing the hold on the card.',
  charged: 'Charged.',
  released: 'Nothing was charged: the hold on the card is released.',
  refunded: 'Refunded.',
  disputed: 'The charge is disputed with the bank.',
};

export const PAYMENT_TEXTS = {
  beforeAccepting: `Nothing is charged now. Your card is charged the agreed price only after the hauler uploads the disposal receipt and ${PAYMENT_TERMS.objectionHours} hours have passed to report a problem.`,
  cancellationTerms: `Cancel free of charge until ${PAYMENT_TERMS.lateCancellationHours} hours before the pickup window; a later cancellation costs a $${PAYMENT_TERMS.lateCancellationFeeCents / 100} fee, paid to the hauler.`,
  paymentsOff: 'You pay the hauler directly after the pickup.',
  /** The accept question's first line: the price, said with the card that is asked for next. */
  saveCardNext:
    'Next you save a card on Stripe’s secure page. The quote is accepted once the card is saved.',
  saveCardButton: 'Continue to save a card',
  /** Back from the card page without a saved card: nothing was accepted. */
  checkoutCancelled:
    'No card was saved, so nothing changed: your quotes are still open. You can accept one again at any time.',
  /** Back from the card page, while the saved card is checked and the quote accepted. */
  checkoutConfirming: 'Checking your saved card…',
  checkoutNotComplete: 'Your card was not saved, so nothing changed. Please try again.',
  checkoutLimit: 'Too many attempts to save a card for this request. Please contact us.',
  /** Emails: how payment works, said once in each homeowner email about a quote or a booking. */
  emailPaymentsOn: `How payment works: nothing is charged when you accept. Your card is charged the agreed price only after the hauler uploads the disposal receipt and ${PAYMENT_TERMS.objectionHours} hours have passed to report a problem.`,
  emailPaymentsOff: 'How payment works: you pay the hauler directly after the pickup.',
} as const;

/** Acceptance through Stripe Checkout (issue 39 flow 2): counted per request. */
export const CHECKOUT_LIMITS = {
  /** Checkout Sessions one request may open: each is a write to Stripe. */
  sessionsPerRequest: 10,
  /** A saved card whose page did not come back is accepted by the minute job after this long. */
  sweepAfterMinutes: 3,
  /** A pending checkout is forgotten after this long (Stripe's sessions expire in 24 hours). */
  forgetAfterHours: 25,
} as const;

/** The card page's way back to the request page: `#t=TOKEN&checkout=SESSION` or `=cancelled`. */
export const CHECKOUT_RETURN = { param: 'checkout', cancelled: 'cancelled' } as const;

/** The session a return from the card page names, or 'cancelled'; undefined: no return. */
export function checkoutReturnOf(hash: string): string | undefined {
  const value = new URLSearchParams(hash.replace(/^#/, '')).get(CHECKOUT_RETURN.param);
  return value === null || value === '' ? undefined : value;
}
