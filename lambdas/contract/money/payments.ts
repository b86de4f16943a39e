// Pay on proof (issue 39, decision 048): the numbers, states and texts of a job's money, in one
// place; no zod here, so that a page showing them loads none (decision 040).

import { groupThousands } from '../core/en-us-format';

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
  /** A hold that would lapse before its capture is renewed this long before it lapses (decision 057). */
  holdRenewalLeadHours: 12,
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

/** An amount in cents as the emails write it: $325, $1,276.25. */
export function formatCents(amountCents: number): string {
  const whole = Math.floor(amountCents / 100);
  const rest = amountCents % 100;
  return `$${groupThousands(whole)}${rest === 0 ? '' : `.${String(rest).padStart(2, '0')}`}`;
}

/** The money job's emails (decision 057): the homeowner never sees the platform's fee. */
export const MONEY_EMAIL_TEXTS = {
  chargedSubject: (amount: string, reference: string) =>
    `Your card was charged ${amount} for job ${reference}`,
  chargedIntro: (amount: string, hauler: string) =>
    `Your card was charged ${amount}, the agreed price, for the pickup by ${hauler}. The disposal receipt is on your request page.`,
  lateFeeSubject: (amount: string, reference: string) =>
    `Your card was charged the ${amount} late-cancellation fee for job ${reference}`,
  lateFeeIntro: (amount: string) =>
    `The pickup was cancelled less than ${PAYMENT_TERMS.lateCancellationHours} hours before its window, so your card was charged the ${amount} late-cancellation fee, paid to the hauler, as stated when you accepted the quote.`,
  releasedSubject: (reference: string) => `Nothing was charged for job ${reference}`,
  releasedIntro: 'Nothing was charged: the hold on your card is released.',
  holdFailedSubject: (reference: string) =>
    `Payment not yet secured for job ${reference}: please update your card`,
  holdFailedIntro: (amount: string) =>
    `We could not place the hold of ${amount} on your card before the pickup. Nothing was charged. Please update the card so that the pickup goes ahead.`,
  updateCard: 'Update your card',
  payoutSubject: (amount: string, reference: string) =>
    `Your payout of ${amount} for job ${reference} is on its way`,
  payoutIntro: (amount: string, charged: string, fee: string) =>
    `The homeowner was charged ${charged}; after the platform fee of ${fee}, ${amount} is transferred to your payout account.`,
  lateFeePayoutIntro: (amount: string) =>
    `The homeowner cancelled late: the ${amount} late-cancellation fee is transferred to your payout account in full.`,
  overdueSubject: (reference: string) =>
    `Payment not secured for job ${reference} after ${PAYMENT_TERMS.holdFailureEscalationHours} hours`,
  overdueIntro: (reference: string, code: string) =>
    `The hold for job ${reference} failed (${code}) and the homeowner has not updated the card in ${PAYMENT_TERMS.holdFailureEscalationHours} hours. Call them before the pickup, or cancel it.`,
  viewRequest: 'View your request',
  viewJob: 'Open the job page',
  labels: { reference: 'Job', amount: 'Amount', pickup: 'Pickup' },
  /** "Your pickup is done" with payments on; with them off it says PAYMENT_TEXTS.paymentsOff. */
  doneChargeAfterWindow: (price: string) =>
    `Your card is charged ${price} once ${PAYMENT_TERMS.objectionHours} hours have passed without a problem reported; report one on your request page before then and nothing is charged while operations look at it.`,
} as const;

/**
 * Operations' side of a job's money (decision 058): refunds from the command line, disputes. The
 * emails' subjects and sentences, one place each.
 */
export const MONEY_OPERATIONS_TEXTS = {
  refundSubject: 'Your refund',
  refundIntro:
    'We have refunded part or all of what your card was charged for your pickup. Your bank shows it in 5 to 10 business days.',
  haulerRefundSubject: 'A refund on one of your jobs',
  haulerRefundIntro:
    'Operations refunded the homeowner for one of your jobs. Your payout for it is reduced in proportion to the refund, and so is our fee.',
  disputeSubject: 'Dispute opened',
  disputeClosedSubject: 'Dispute closed',
  disputeIntro:
    "The homeowner's bank has disputed a job's charge. The hauler's payout for this job is held until the dispute closes. Gather the evidence and submit it before it is due:",
  payoutHeld: 'held while the charge is disputed',
} as const;

/** The reasons operations give for a refund are their own words, this long at most. */
export const REFUND_REASON_MAX_CHARS = 500;

/** What operations are told when a dispute closes, by its outcome. */
export const DISPUTE_OUTCOME_TEXTS = {
  won: "The bank decided for us: the charge stands and the hauler's payout held for this job is transferred to them again.",
  lost: "The bank returned the charge to the homeowner: the job's money is refunded, and the hauler's payout held for this job stays reversed.",
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
const FEE_PERCENT = PAYMENT_TERMS.platformFeeBasisPoints / 100;

/** "Set up payouts" and the rule on quoting, on the hauler's page, offer page and emails (decision 055). */
export const PAYOUT_TEXTS = {
  heading: 'Payouts',
  setUpButton: 'Set up payouts',
  continueButton: 'Continue setting up payouts',
  opening: 'Opening Stripe…',
  states: {
    'not-started': `Payouts are not set up yet. Set them up to send quotes: we pay you for each job through Stripe, the price minus our ${FEE_PERCENT}% fee.`,
    pending:
      'Stripe is checking your details. You can send quotes as soon as your payouts are enabled.',
    enabled: `Payouts are enabled: we pay you for each job through Stripe, the price minus our ${FEE_PERCENT}% fee.`,
    restricted:
      'Stripe needs more details before it can pay you. Continue setting up payouts to send quotes again.',
  } satisfies Record<PayoutState, string>,
  stateLabels: {
    'not-started': 'Not set up',
    pending: 'Being checked by Stripe',
    enabled: 'Enabled',
    restricted: 'More details needed',
  } satisfies Record<PayoutState, string>,
  /** The hauler's side of payments on: who pays them and how much. */
  platformPays: `The homeowner pays us by card and we pay you the price minus our ${FEE_PERCENT}% fee, after the disposal receipt.`,
  /** The hauler's side of payments off. */
  homeownerPays: 'The homeowner pays you directly after the pickup. We charge nothing.',
  quoteRefused:
    'Set up payouts on your hauler page before you send a quote: we pay you for each job through Stripe.',
  openHaulerPage: 'Set up payouts on your hauler page',
  tooManyLinks:
    'You have opened the payouts setup many times today. Please try again tomorrow, or continue with the last Stripe page you opened.',
  paymentsOff: 'Payments are off: homeowners pay you directly, so there are no payouts to set up.',
  stripeUnavailable: 'Stripe did not answer. Please try again in a minute.',
  emailSubject: 'Set up payouts to keep sending quotes',
  emailLead:
    'We now take the homeowner’s card and pay you for each job ourselves, after you upload the disposal receipt.',
  emailAction:
    'Before you send your next quote, set up payouts with Stripe from your hauler page: it takes a few minutes.',
  approvedLine:
    'Before you send your first quote, set up payouts on your hauler page: we pay you for each job through Stripe.',
  jobMoneyHeading: 'Money',
  amount: 'Amount',
  fee: `Our fee (${FEE_PERCENT}%)`,
  payout: 'Your payout',
  payoutState: 'Payout',
} as const;

/** A job's money as the hauler's page names it (the homeowner's words are MONEY_STATE_TEXTS). */
export const HAULER_MONEY_TEXTS: Record<MoneyState, string> = {
  'card-saved': 'Card saved: you are paid after the disposal receipt',
  holding: 'Securing the homeowner’s payment',
  held: 'Payment secured: you are paid after the disposal receipt',
  'hold-failed': 'The homeowner’s payment is not yet secured',
  'objection-window': `Job done: paid after the homeowner’s ${PAYMENT_TERMS.objectionHours} hours to report a problem`,
  'problem-reported': 'On hold: the homeowner reported a problem',
  capturing: 'Being charged',
  releasing: 'Not charged: the hold is being released',
  charged: 'Paid to your Stripe account',
  released: 'Not charged',
  refunded: 'Refunded to the homeowner',
  disputed: 'Disputed with the bank: your payout for this job is held',
};

/**
 * /haulers is pre-rendered once for any stage, so it states both settings; the hauler's own
 * pages, read from the running stage, say the one that applies (decision 055).
 */
export const HAULERS_PAGE_PAYMENT = {
  title: 'How you are paid',
  text: `With card payments on, the homeowner pays us and we pay you the price minus our ${FEE_PERCENT}% fee, through Stripe, after you upload the disposal receipt. With payments off, the homeowner pays you directly after the pickup and we charge nothing. Your hauler page says which applies.`,
} as const;

/**
 * A failed hold and the card updated (issue 39 flow 3, decision 060): the request page's button
 * opens a new Checkout Session in setup mode for the same customer, counted per job.
 */
export const CARD_UPDATE_LIMITS = {
  /** Card pages one job may open to update its card: each is a write to Stripe. */
  sessionsPerJob: 5,
} as const;

/** The card page's way back: `#t=TOKEN&card=SESSION` or `&card=cancelled`. */
export const CARD_UPDATE_RETURN = { param: 'card', cancelled: 'cancelled' } as const;

/** The session a return from the update's card page names, or 'cancelled'; undefined: no return. */
export function cardUpdateReturnOf(hash: string): string | undefined {
  const value = new URLSearchParams(hash.replace(/^#/, '')).get(CARD_UPDATE_RETURN.param);
  return value === null || value === '' ? undefined : value;
}

export const CARD_UPDATE_TEXTS = {
  heading: 'Payment',
  /** The button, the same words as the failed hold's email. */
  button: MONEY_EMAIL_TEXTS.updateCard,
  explain:
    'Save a card on Stripe’s secure page: we then place the hold of the agreed price at once. Nothing is charged until the disposal receipt is uploaded.',
  opening: 'Opening Stripe…',
  checking: 'Checking your new card…',
  cancelled: 'No card was saved, so nothing changed: the payment is not yet secured.',
  notSaved: 'Your new card was not saved, so nothing changed. Please try again.',
  updated: 'Your card is updated.',
  /** The new card was saved but its hold was declined too. */
  declinedAgain: 'Your new card was saved, but the hold was declined. Please try another card.',
  notNeeded: 'The payment for this pickup needs no new card now.',
  limit: 'Too many attempts to update the card for this pickup. Please contact us.',
} as const;

/**
 * A dispute holds the hauler's payout (decision 061): the charge's transfer is reversed while the
 * homeowner's bank disputes it, paid again when the bank decides for us, kept when it does not.
 * The hauler is emailed at the hold and at the payment again; their page names each state.
 */
export const PAYOUT_HOLD_STATES = ['held', 'paid-again', 'kept'] as const;
export type PayoutHoldState = (typeof PAYOUT_HOLD_STATES)[number];

export const DISPUTE_PAYOUT_TEXTS = {
  heldSubject: (amount: string, reference: string) =>
    `Your payout of ${amount} for job ${reference} is held during a dispute`,
  heldIntro: (amount: string) =>
    `The homeowner’s bank disputed the charge for this job, so ${amount} of your payout was taken back from your Stripe account while the dispute is open. We answer the bank with your disposal receipt and photos. If the bank decides for us, the ${amount} is paid to you again; if it decides for the homeowner, it stays with the bank.`,
  paidAgainSubject: (amount: string, reference: string) =>
    `Your held payout of ${amount} for job ${reference} is paid again`,
  paidAgainIntro: (amount: string) =>
    `The bank decided the dispute for us: the ${amount} held from your payout is transferred to your Stripe account again.`,
  /** The hauler's page: the row's label and each state's words. */
  label: 'Dispute',
  states: {
    held: (amount: string) => `${amount} held while the homeowner’s bank disputes the charge`,
    'paid-again': (amount: string) => `${amount} held for a dispute, then paid to you again`,
    kept: (amount: string) => `${amount} kept by the bank: the dispute went to the homeowner`,
  } satisfies Record<PayoutHoldState, (amount: string) => string>,
  /** `npm run leads -- show`: the payout's moves. */
  showHeld: 'held for the dispute',
  showPaidAgain: 'paid again',
} as const;
