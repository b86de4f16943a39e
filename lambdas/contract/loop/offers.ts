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

/**
 * To the homeowner once, when the offers' hours end and nobody ever quoted (the offer timer's
 * end, decision 033), claimed on the lead under OFFERS_ENDED_EMAIL_KEY. What it says matches the
 * request page's "ended" status.
 */
export const OFFERS_ENDED_EMAIL_KEY = 'offers-ended';

export const OFFERS_ENDED_TEXTS = {
  subject: (reference: string) => `No hauler took your request ${reference}`,
  heading: 'No local hauler took your request',
  intro: (zip: string, offerHours: number) =>
    `We offered your request to haulers near ${zip} for ${offerHours} hours, and none quoted. It is no longer offered to haulers, and nothing is booked.`,
  team: 'Our team was told; a quote from them would still arrive by email and show on your request page.',
  nextHeading: 'What you can do',
  next: [
    'See your request: its page still shows it, and you can cancel it there.',
    'Send a new request later: more haulers may cover your area by then.',
    'Ask us anything: write to us at the address at the foot of this email.',
  ],
  viewRequest: 'See your request',
  newRequest: 'Send a new request',
} as const;
