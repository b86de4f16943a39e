// A booked request reaches nearby haulers in rounds (decision 033). Numbers: context defaults.
import { JOB_WENT_ELSEWHERE, formatPickup, formatPrice } from './quote-loop';
import type { LeadStatus, QuoteWindow } from './quote-loop';

export const OFFER_DEFAULTS = {
  batchSize: 3,
  /** With no quote this long after a round, the next round goes out. */
  roundMinutes: 15,
  /** An offer ends this long after booking (or at acceptance or cancellation). */
  offerHours: 48,
  /** With no quote this long after booking, operations are told. */
  escalationMinutes: 60,
  /** Offers one hauler may receive in a UTC day. */
  haulerDailyOffers: 20,
} as const;

/** A lead in these statuses may still get offers; accepted, declined or cancelled ends them. */
export const OFFER_OPEN_STATUSES = ['received', 'quoted'] as const satisfies readonly LeadStatus[];

export type OfferSettings = { -readonly [K in keyof typeof OFFER_DEFAULTS]: number };

/** One hauler's offer, stored on the lead under `offers[number]`; the link carries `number`. */
export interface LeadOffer {
  haulerId: string;
  businessName: string;
  miles: number;
  round: number;
  sentAt: string;
  /** ISO 8601: `offerHours` after the booking; a quote after it is refused. Older offers lack it. */
  endsAt?: string;
}

export const OFFER_TEXTS = {
  offerSubject: (zipCode: string, size: string, when: string) =>
    `New job near ${zipCode}: ${size} · ${when}`,
  sendQuote: 'Send a quote',
  /** To operations when nobody is eligible, or nobody quoted within the escalation time. */
  escalationSubject: (reference: string) => `No hauler has quoted ${reference} yet`,
  bookedSubject: (reference: string, priceDollars: number, date: string, window: QuoteWindow) =>
    `Booked: ${reference} · ${formatPrice(priceDollars)} · ${formatPickup(date, window)}`,
  /** To every other hauler who quoted; also what their link's page says. */
  wentElsewhere: JOB_WENT_ELSEWHERE,
  cancelledQuoteSubject: (reference: string) => `Request cancelled · ${reference}`,
  offerEnded: 'This offer has ended: the homeowner did not choose a quote in time.',
} as const;
