import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Random base-62 characters; ids need only be unique, so they are not seeded. */
export function randomChars(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += ALPHABET[byte % ALPHABET.length];
  return out;
}

/** An id with Stripe's prefix for its kind, e.g. `pi_3Q…`. */
export function newId(prefix: string): string {
  return `${prefix}_${randomChars(24)}`;
}

/** Which store collection an id's prefix belongs to (for expand and retrieval by id). */
export const PREFIX_COLLECTION = {
  cus: 'customers',
  cs: 'checkout_sessions',
  seti: 'setup_intents',
  pm: 'payment_methods',
  pi: 'payment_intents',
  ch: 'charges',
  tr: 'transfers',
  fee: 'application_fees',
  re: 'refunds',
  dp: 'disputes',
  acct: 'accounts',
  evt: 'events',
} as const;

export type ObjectCollection = (typeof PREFIX_COLLECTION)[keyof typeof PREFIX_COLLECTION];

export function collectionOfId(id: string): ObjectCollection | undefined {
  const prefix = id.slice(0, id.indexOf('_')) as keyof typeof PREFIX_COLLECTION;
  return Object.hasOwn(PREFIX_COLLECTION, prefix) ? PREFIX_COLLECTION[prefix] : undefined;
}
