import { describe, expect, it } from 'vitest';
import { decideOfferStep, nextDueAt, offerFacts, tellsOffersEnded } from './offer-timer';
import type { OfferFacts } from './offer-timer';
import { newLead } from '../shared/leads/lead-store';
import type { Lead } from '../shared/models/lead-model';
import type { StoredQuote } from '../shared/models/quote-model';
import { bookingRequest } from '../../test/support/testing-leads';
import { OFFERS_ENDED_EMAIL_KEY, OFFER_DEFAULTS } from '#contract/loop/offers';

const BOOKED = new Date('2026-11-24T15:00:00.000Z');
const settings = { ...OFFER_DEFAULTS };
/** The fake clock: minutes after the booking. */
const at = (minutes: number) => new Date(BOOKED.getTime() + minutes * 60_000);
const iso = (minutes: number) => at(minutes).toISOString();

const facts = (overrides: Partial<OfferFacts> = {}): OfferFacts => ({
  status: 'received',
  receivedAt: BOOKED.toISOString(),
  quoted: false,
  rounds: 0,
  unsentOffers: 0,
  ...overrides,
});

describe('what is due for a request', () => {
  it('sends the first round at once after booking', () => {
    expect(decideOfferStep(facts(), at(0), settings)).toEqual({
      kind: 'work',
      round: true,
      escalate: false,
    });
  });

  it('waits roundMinutes after a round before the next, while nobody has quoted', () => {
    const afterRound = facts({ rounds: 1, lastRoundAt: iso(0) });
    expect(decideOfferStep(afterRound, at(14.9), settings)).toMatchObject({ round: false });
    expect(decideOfferStep(afterRound, at(15), settings)).toMatchObject({ round: true });
  });

  it('escalates escalationMinutes after booking, once the email is not sent yet', () => {
    const quiet = facts({ rounds: 4, lastRoundAt: iso(45) });
    expect(decideOfferStep(quiet, at(59), settings)).toMatchObject({ escalate: false });
    expect(decideOfferStep(quiet, at(60), settings)).toMatchObject({ escalate: true, round: true });
    expect(decideOfferStep({ ...quiet, escalation: 'failed' }, at(61), settings)).toMatchObject({
      escalate: true,
    });
    expect(decideOfferStep({ ...quiet, escalation: 'sent' }, at(75), settings)).toMatchObject({
      escalate: false,
    });
  });

  it.each([
    ['a quote came', { quoted: true }, 'quoted'],
    ['the request was accepted', { status: 'accepted' as const }, 'closed'],
    ['the request was declined', { status: 'declined' as const }, 'closed'],
    ['the request was cancelled', { status: 'cancelled' as const }, 'closed'],
  ])('ends when %s', (_, overrides, reason) => {
    expect(
      decideOfferStep(facts({ rounds: 1, lastRoundAt: iso(0), ...overrides }), at(1), settings),
    ).toEqual({
      kind: 'end',
      reason,
    });
  });

  it('ends offerHours after booking, quoted or not', () => {
    const open = facts({ rounds: 9, lastRoundAt: iso(47 * 60) });
    expect(decideOfferStep(open, at(48 * 60 - 1), settings).kind).toBe('work');
    expect(decideOfferStep(open, at(48 * 60), settings)).toEqual({
      kind: 'end',
      reason: 'expired',
    });
  });

  it('follows shortened settings, minutes in decimals', () => {
    const fast = { ...settings, roundMinutes: 0.05, escalationMinutes: 0.1, offerHours: 0.01 };
    const afterRound = facts({ rounds: 1, lastRoundAt: iso(0) });
    expect(decideOfferStep(afterRound, at(0.05), fast)).toMatchObject({
      round: true,
      escalate: false,
    });
    expect(decideOfferStep(afterRound, at(0.1), fast)).toMatchObject({ escalate: true });
    expect(decideOfferStep(afterRound, at(0.6), fast).kind).toBe('end');
  });
});

describe('when a request is next due', () => {
  it('after the first round: the next round', () => {
    expect(nextDueAt(facts({ rounds: 1, lastRoundAt: iso(0) }), at(0), settings)).toEqual(at(15));
  });

  it('the escalation when it comes before the next round', () => {
    expect(nextDueAt(facts({ rounds: 4, lastRoundAt: iso(50) }), at(50), settings)).toEqual(at(60));
  });

  it('a tried escalation waits for the next round, so a failing address is not mailed every minute', () => {
    const failed = facts({ rounds: 4, lastRoundAt: iso(60), escalation: 'failed' });
    expect(nextDueAt(failed, at(60), settings)).toEqual(at(75));
  });

  it("a minute later while the round's offer emails are unsent, never past the next round", () => {
    const unsent = facts({ rounds: 1, lastRoundAt: iso(0), unsentOffers: 2 });
    expect(nextDueAt(unsent, at(0), settings)).toEqual(at(1));
    expect(nextDueAt(unsent, at(14.5), settings)).toEqual(at(15));
  });

  it('the end of offers when nothing else comes before it', () => {
    const late = facts({ rounds: 190, lastRoundAt: iso(47 * 60 + 50), escalation: 'sent' });
    expect(nextDueAt(late, at(47 * 60 + 50), settings)).toEqual(at(48 * 60));
  });

  it('never, once the request is quoted, closed or past its offers', () => {
    expect(nextDueAt(facts({ quoted: true }), at(1), settings)).toBeUndefined();
    expect(nextDueAt(facts({ status: 'cancelled' }), at(1), settings)).toBeUndefined();
    expect(
      nextDueAt(facts({ rounds: 1, lastRoundAt: iso(0) }), at(48 * 60), settings),
    ).toBeUndefined();
  });

  it('walks a request nobody quotes from booking to the end: a round every 15 minutes, one escalation', () => {
    let lead: OfferFacts = facts();
    let now = at(0);
    const rounds: number[] = [];
    const escalations: number[] = [];
    // Bounded, so a timer that never ends fails here instead of looping.
    for (
      let due: Date | undefined = now, runs = 0;
      due !== undefined && runs < 1000;
      due = nextDueAt(lead, now, settings), runs += 1
    ) {
      now = due;
      const step = decideOfferStep(lead, now, settings);
      if (step.kind === 'end') break;
      const minutes = (now.getTime() - BOOKED.getTime()) / 60_000;
      if (step.round) {
        rounds.push(minutes);
        lead = { ...lead, rounds: lead.rounds + 1, lastRoundAt: now.toISOString() };
      }
      if (step.escalate) {
        escalations.push(minutes);
        lead = { ...lead, escalation: 'sent' };
      }
    }
    expect(rounds.slice(0, 5)).toEqual([0, 15, 30, 45, 60]);
    expect(rounds).toHaveLength(48 * 4);
    expect(escalations).toEqual([60]);
    expect(now).toEqual(at(48 * 60));
  });
});

describe('the facts of a stored lead', () => {
  const lead = (extra: Record<string, unknown>): Lead =>
    ({ ...newLead(bookingRequest(), BOOKED), ...extra }) as Lead;
  const offer = (round: number, minutes: number) => ({
    haulerId: `h${round}-${minutes}`,
    businessName: 'B',
    miles: 1,
    round,
    sentAt: iso(minutes),
  });

  it('counts a round its offers record even when the round itself was not recorded', () => {
    const stored = lead({
      offers: { '1': offer(1, 0), '2': offer(2, 15), '3': offer(2, 15) },
      offerCount: 3,
      offerRound: 1,
      offerRoundAt: iso(0),
      emails: { confirmation: 'sent', operations: 'sent', 'offer-1': 'sent', 'offer-2': 'sent' },
    });
    expect(offerFacts(stored)).toMatchObject({ rounds: 2, lastRoundAt: iso(15), unsentOffers: 1 });
  });

  it('reads a round that found nobody, the escalation and a quote', () => {
    const stored = lead({
      offerRound: 3,
      offerRoundAt: iso(30),
      quotes: [{ number: 1, state: 'live' }],
      emails: { escalation: 'failed' },
    });
    expect(offerFacts(stored)).toMatchObject({
      rounds: 3,
      lastRoundAt: iso(30),
      escalation: 'failed',
      quoted: true,
      unsentOffers: 0,
    });
  });
});

describe('telling the homeowner that the offers ended', () => {
  const booked = (overrides: Partial<Lead> = {}): Lead => ({
    ...newLead(bookingRequest(), BOOKED),
    ...overrides,
  });
  const quote: StoredQuote = {
    number: 1,
    from: 'operations',
    state: 'withdrawn',
    priceDollars: 240,
    pickupDate: '2026-12-01',
    pickupWindow: 'morning',
    hauler: 'Our team',
    sentAt: iso(30),
  };
  const tells = (lead: Lead, minutes = settings.offerHours * 60) =>
    tellsOffersEnded(lead, decideOfferStep(offerFacts(lead), at(minutes), settings));

  it('emails when the offers’ hours end on an open request nobody ever quoted', () => {
    expect(tells(booked())).toBe(true);
  });

  it('emails again only after a failed attempt', () => {
    expect(tells(booked({ emails: { [OFFERS_ENDED_EMAIL_KEY]: 'failed' } }))).toBe(true);
  });

  it('emails nobody while the offers still run', () => {
    expect(tells(booked(), settings.offerHours * 60 - 1)).toBe(false);
  });

  it.each([
    ['a quote was ever sent, even one withdrawn since', { quotes: [quote] }],
    ['the request is cancelled', { status: 'cancelled' as const }],
    ['the email was sent', { emails: { [OFFERS_ENDED_EMAIL_KEY]: 'sent' as const } }],
    ['the email is with the outbox', { emails: { [OFFERS_ENDED_EMAIL_KEY]: 'pending' as const } }],
    ['the email was given up', { emails: { [OFFERS_ENDED_EMAIL_KEY]: 'given-up' as const } }],
  ])('emails nobody when %s', (_, overrides) => {
    expect(tells(booked(overrides))).toBe(false);
  });
});
