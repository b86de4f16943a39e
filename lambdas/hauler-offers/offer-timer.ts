// What is due for one request, and when it is next due (decision 033): pure, on the lead's facts.
import type { EmailStatus, Lead } from '../shared/models/lead-model';
import { hasAnyQuote, storedQuotes } from '../shared/leads/lead-quotes';
import { isSettled } from '../shared/mail/mailer';
import { leadOffers, offerCycleOf } from '../shared/models/offer-model';
import { OFFERS_ENDED_EMAIL_KEY, OFFER_OPEN_STATUSES } from '#contract/loop/offers';
import type { OfferSettings } from '#contract/loop/offers';
import type { LeadStatus } from '#contract/loop/quote-loop';

const MINUTE_MS = 60_000;
/** A failed offer email of the current round is tried again this soon. */
export const OFFER_EMAIL_RETRY_MS = MINUTE_MS;

/** The operations email's key on the lead: sent at most once per cycle of offers. */
export const ESCALATION_KEY = 'escalation';

export function escalationKey(lead: Lead): string {
  const cycle = offerCycleOf(lead);
  return cycle === 0 ? ESCALATION_KEY : `${ESCALATION_KEY}-${cycle}`;
}

/** When the current cycle of offers started: the booking, or the last "I can't do this job". */
/**
 * Whether this end of offers tells the homeowner (issue 40, item 5): the offers' hours ran out on
 * a request still open that never had a quote from anyone, and the email is neither sent nor
 * settled otherwise (a failed one is tried again; one kept by the outbox is its to send).
 */
export function tellsOffersEnded(lead: Lead, step: OfferStep): boolean {
  if (step.kind !== 'end' || step.reason !== 'expired') return false;
  if (lead.status !== 'received' || hasAnyQuote(lead)) return false;
  const status = lead.emails[OFFERS_ENDED_EMAIL_KEY];
  return status === undefined || status === 'failed';
}

export function offersStartedAt(lead: Lead): string {
  return typeof lead.offersFrom === 'string' ? lead.offersFrom : lead.receivedAt;
}
export const offerEmailKey = (number: number) => `offer-${number}`;

export interface OfferFacts {
  status: LeadStatus;
  receivedAt: string;
  quoted: boolean;
  rounds: number;
  lastRoundAt?: string;
  escalation?: EmailStatus;
  /** Offers of the last round whose email is not sent yet (failed, or never tried). */
  unsentOffers: number;
}

export type OfferStep =
  /** Nothing more will ever be due: the timer is cleared. */
  | { kind: 'end'; reason: 'closed' | 'quoted' | 'expired' }
  | { kind: 'work'; round: boolean; escalate: boolean };

function laterOf(a: string | undefined, b: string | undefined): string | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return a > b ? a : b;
}

/** The facts as the lead holds them; a round recorded on its offers counts even if its own record was lost. */
export function offerFacts(lead: Lead): OfferFacts {
  const offers = leadOffers(lead);
  let rounds = typeof lead.offerRound === 'number' ? lead.offerRound : 0;
  let lastRoundAt = typeof lead.offerRoundAt === 'string' ? lead.offerRoundAt : undefined;
  for (const [, offer] of offers) {
    rounds = Math.max(rounds, offer.round);
    lastRoundAt = laterOf(lastRoundAt, offer.sentAt);
  }
  const unsentOffers = offers.filter(
    ([number, offer]) => offer.round === rounds && !isSettled(lead.emails[offerEmailKey(number)]),
  ).length;
  const startedAt = offersStartedAt(lead);
  // A new cycle (the job was given up) starts with a round at once, whenever the last one ran.
  if (lastRoundAt !== undefined && lastRoundAt < startedAt) lastRoundAt = undefined;
  const escalation = lead.emails[escalationKey(lead)];
  return {
    status: lead.status,
    receivedAt: startedAt,
    // After a job was given up, only a quote of the new cycle stops the rounds.
    quoted:
      offerCycleOf(lead) === 0
        ? hasAnyQuote(lead)
        : storedQuotes(lead).some(
            (quote) => quote.sentAt >= startedAt && quote.state !== 'withdrawn',
          ),
    rounds,
    ...(lastRoundAt === undefined ? {} : { lastRoundAt }),
    ...(escalation === undefined ? {} : { escalation }),
    unsentOffers,
  };
}

const endOf = (facts: OfferFacts, settings: OfferSettings) =>
  Date.parse(facts.receivedAt) + settings.offerHours * 60 * MINUTE_MS;
const escalationOf = (facts: OfferFacts, settings: OfferSettings) =>
  Date.parse(facts.receivedAt) + settings.escalationMinutes * MINUTE_MS;
const nextRoundOf = (facts: OfferFacts, settings: OfferSettings) =>
  facts.rounds === 0 || facts.lastRoundAt === undefined
    ? Number.NEGATIVE_INFINITY
    : Date.parse(facts.lastRoundAt) + settings.roundMinutes * MINUTE_MS;

export function decideOfferStep(facts: OfferFacts, now: Date, settings: OfferSettings): OfferStep {
  if (!(OFFER_OPEN_STATUSES as readonly LeadStatus[]).includes(facts.status)) {
    return { kind: 'end', reason: 'closed' };
  }
  if (facts.quoted) return { kind: 'end', reason: 'quoted' };
  const t = now.getTime();
  if (t >= endOf(facts, settings)) return { kind: 'end', reason: 'expired' };
  return {
    kind: 'work',
    round: t >= nextRoundOf(facts, settings),
    escalate: !isSettled(facts.escalation) && t >= escalationOf(facts, settings),
  };
}

/** The earliest of the next round, the escalation (a failed one retried with the next round), a
 * retry of unsent offer emails and the end of offers; undefined when nothing will be due. */
export function nextDueAt(facts: OfferFacts, now: Date, settings: OfferSettings): Date | undefined {
  const step = decideOfferStep(facts, now, settings);
  if (step.kind === 'end') return undefined;
  const nextRound = nextRoundOf(facts, settings);
  const times = [endOf(facts, settings), Math.max(nextRound, now.getTime())];
  if (facts.escalation === undefined) times.push(escalationOf(facts, settings));
  if (facts.unsentOffers > 0) times.push(Math.min(now.getTime() + OFFER_EMAIL_RETRY_MS, nextRound));
  return new Date(Math.max(Math.min(...times), now.getTime()));
}
