import { describe, expect, it } from 'vitest';
import { newLead } from './lead-store';
import type { Lead } from '../models/lead-model';
import { waitingView } from './lead-waiting';
import { OFFERS_ENDED_EMAIL_KEY, OFFER_DEFAULTS } from '#contract/loop/offers';
import type { LeadOffer } from '#contract/loop/offers';
import { bookingRequest } from '../../../test/support/testing-leads';

const booked = new Date('2026-11-26T13:00:00.000Z');
const at = (minutes: number) => new Date(booked.getTime() + minutes * 60_000);
const lead = (over: Partial<Lead> = {}): Lead => ({
  ...newLead(bookingRequest(), booked),
  ...over,
});
const offer = (sentAt: string): LeadOffer => ({
  haulerId: 'h1',
  businessName: 'Desert Haul Co',
  miles: 4,
  round: 1,
  sentAt,
  endsAt: '2026-11-28T13:00:00.000Z',
});

describe('where a request without a quote stands', () => {
  it('is finding haulers before the first round, the team told the escalation time after booking', () => {
    expect(waitingView(lead(), at(0))).toEqual({
      kind: 'finding',
      haulers: 0,
      since: booked.toISOString(),
      teamAt: at(OFFER_DEFAULTS.escalationMinutes).toISOString(),
      endsAt: at(OFFER_DEFAULTS.offerHours * 60).toISOString(),
    });
  });

  it('counts the haulers offered the request and takes the end the offers recorded', () => {
    const view = waitingView(
      lead({ offers: { '1': offer(at(1).toISOString()), '2': offer(at(1).toISOString()) } }),
      at(5),
    );
    expect(view).toMatchObject({ kind: 'offered', haulers: 2, endsAt: '2026-11-28T13:00:00.000Z' });
  });

  it('says nobody covers the ZIP once a round ran and offered it to nobody, the team told at once', () => {
    const view = waitingView(lead({ offerRound: 1, offerRoundAt: at(1).toISOString() }), at(5));
    expect(view).toMatchObject({ kind: 'no-hauler', haulers: 0, teamAt: booked.toISOString() });
  });

  it('says the offers ended once their hours are over', () => {
    const view = waitingView(
      lead({ offerRound: 1, offerRoundAt: at(1).toISOString() }),
      at(49 * 60),
    );
    expect(view?.kind).toBe('ended');
  });

  it('says the offers ended once the offer job told the homeowner so, whatever this clock says', () => {
    const told = { emails: { [OFFERS_ENDED_EMAIL_KEY]: 'sent' as const } };
    expect(waitingView(lead(told), at(5))?.kind).toBe('ended');
  });

  it('forgets that email once a quote came: a later cycle is waited for again', () => {
    const told = { emails: { [OFFERS_ENDED_EMAIL_KEY]: 'sent' as const } };
    const quote = {
      number: 1,
      from: 'operations' as const,
      state: 'withdrawn' as const,
      priceDollars: 240,
      pickupDate: '2026-12-01',
      pickupWindow: 'morning' as const,
      hauler: 'Our team',
      sentAt: at(3000).toISOString(),
    };
    const view = waitingView(
      lead({ ...told, quotes: [quote], offersFrom: at(3100).toISOString() }),
      at(3105),
    );
    expect(view?.kind).toBe('finding');
  });

  it('counts only the current cycle after a job went back to offers', () => {
    const view = waitingView(
      lead({
        offers: { '1': offer(at(1).toISOString()) },
        offersFrom: at(600).toISOString(),
        offerRound: 3,
        offerRoundAt: at(30).toISOString(),
      }),
      at(600),
    );
    expect(view).toMatchObject({ kind: 'finding', haulers: 0, since: at(600).toISOString() });
  });

  it('is nothing once the request has a quote or is closed', () => {
    expect(waitingView(lead({ status: 'quoted' }), at(5))).toBeUndefined();
    expect(waitingView(lead({ status: 'cancelled' }), at(5))).toBeUndefined();
  });
});
