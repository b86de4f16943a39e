/**
 * Stripe's test card numbers and how each behaves (https://docs.stripe.com/testing), and the
 * checks the hosted card page makes on what is typed.
 */
import { createHash } from 'node:crypto';

export interface Decline {
  code: string;
  decline_code: string;
  message: string;
}

export interface TestCard {
  brand: 'visa' | 'mastercard';
  funding: 'credit' | 'debit';
  /** Saving it: accepted, declined, or only after the cardholder authenticates (3D Secure). */
  setup: 'ok' | 'authenticate' | Decline;
  /** Charging it later without the cardholder (a merchant-initiated hold). */
  offSession: 'ok' | Decline;
  /** Charging it with the cardholder present. */
  onSession: 'ok' | 'authenticate' | Decline;
}

export const GENERIC_DECLINE: Decline = {
  code: 'card_declined',
  decline_code: 'generic_decline',
  message: 'Your card was declined.',
};
const INSUFFICIENT_FUNDS: Decline = {
  code: 'card_declined',
  decline_code: 'insufficient_funds',
  message: 'Your card has insufficient funds.',
};
const AUTHENTICATION_REQUIRED: Decline = {
  code: 'authentication_required',
  decline_code: 'authentication_required',
  message: 'Your card was declined. This transaction requires authentication.',
};

export const TEST_CARDS: Readonly<Record<string, TestCard>> = {
  '4242424242424242': {
    brand: 'visa',
    funding: 'credit',
    setup: 'ok',
    offSession: 'ok',
    onSession: 'ok',
  },
  '5555555555554444': {
    brand: 'mastercard',
    funding: 'credit',
    setup: 'ok',
    offSession: 'ok',
    onSession: 'ok',
  },
  '4000000000000002': {
    brand: 'visa',
    funding: 'credit',
    setup: GENERIC_DECLINE,
    offSession: GENERIC_DECLINE,
    onSession: GENERIC_DECLINE,
  },
  '4000000000009995': {
    brand: 'visa',
    funding: 'credit',
    setup: INSUFFICIENT_FUNDS,
    offSession: INSUFFICIENT_FUNDS,
    onSession: INSUFFICIENT_FUNDS,
  },
  // Authenticated once when saved for off-session use, then charged without asking again.
  '4000002500003155': {
    brand: 'visa',
    funding: 'credit',
    setup: 'authenticate',
    offSession: 'ok',
    onSession: 'ok',
  },
  // Asks for authentication on every payment, so a hold placed without the cardholder fails.
  '4000002760003184': {
    brand: 'visa',
    funding: 'credit',
    setup: 'authenticate',
    offSession: AUTHENTICATION_REQUIRED,
    onSession: 'authenticate',
  },
  // Saves fine, then every charge is declined: a hold that fails on a card that looked good.
  '4000000000000341': {
    brand: 'visa',
    funding: 'credit',
    setup: 'ok',
    offSession: GENERIC_DECLINE,
    onSession: GENERIC_DECLINE,
  },
};

/** What the card page lists for people trying it out. */
export const TEST_CARD_HINTS: readonly [string, string][] = [
  ['4242 4242 4242 4242', 'saved and charged'],
  ['4000 0000 0000 0002', 'declined'],
  ['4000 0000 0000 9995', 'declined: insufficient funds'],
  ['4000 0025 0000 3155', 'asks to authenticate once, when saved'],
  ['4000 0027 6000 3184', 'asks to authenticate every time: later charges fail'],
  ['4000 0000 0000 0341', 'saved, then every charge is declined'],
];

export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  card: TestCard;
}

export type FieldErrors = Partial<Record<'number' | 'expiry' | 'cvc', string>>;

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/** The typed card, or what is wrong with each field in Stripe Checkout's words. */
export function readCard(
  form: { number?: string; expiry?: string; cvc?: string },
  nowSeconds: number,
): CardInput | FieldErrors {
  const errors: FieldErrors = {};
  const number = (form.number ?? '').replace(/[\s-]/g, '');
  const card = TEST_CARDS[number];
  if (!/^\d{12,19}$/.test(number)) {
    errors.number = number === '' ? 'Enter your card number.' : 'Your card number is incomplete.';
  } else if (!luhn(number)) {
    errors.number = 'Your card number is invalid.';
  } else if (card === undefined) {
    errors.number =
      'Your card was declined. This is a test page: use one of the test card numbers listed below.';
  }
  const expiry = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(form.expiry ?? '');
  const expMonth = Number(expiry?.[1]);
  const expYear = expiry?.[2]?.length === 2 ? 2000 + Number(expiry[2]) : Number(expiry?.[2]);
  const now = new Date(nowSeconds * 1000);
  if (!expiry || expMonth < 1 || expMonth > 12) {
    errors.expiry = "Your card's expiration date is incomplete.";
  } else if (
    expYear < now.getUTCFullYear() ||
    (expYear === now.getUTCFullYear() && expMonth < now.getUTCMonth() + 1)
  ) {
    errors.expiry = "Your card's expiration date is in the past.";
  }
  if (!/^\d{3}$/.test((form.cvc ?? '').trim())) {
    errors.cvc = "Your card's security code is incomplete.";
  }
  if (Object.keys(errors).length > 0 || card === undefined) return errors;
  return { number, expMonth, expYear, card };
}

export const isCard = (read: CardInput | FieldErrors): read is CardInput => 'card' in read;

export function cardDetails(input: CardInput) {
  return {
    brand: input.card.brand,
    last4: input.number.slice(-4),
    exp_month: input.expMonth,
    exp_year: input.expYear,
    funding: input.card.funding,
    country: 'US',
    fingerprint: createHash('sha256').update(input.number).digest('hex').slice(0, 16),
    checks: { cvc_check: 'pass', address_line1_check: null, address_postal_code_check: null },
    networks: { available: [input.card.brand], preferred: null },
    three_d_secure_usage: { supported: true },
    wallet: null,
  };
}
