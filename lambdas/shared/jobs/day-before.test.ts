import { describe, expect, it } from 'vitest';
import { dueReminders, reminderKey } from './day-before';
import { newLead } from '../leads/lead-store';
import type { Lead, LeadStatus } from '../models/lead-model';
import type { StoredQuote } from '../models/quote-model';
import { bookingRequest } from '../../../test/support/testing-leads';
import { reminderAt, reminderEndsAt } from '#contract/loop/reminders';

const BOOKED = new Date('2026-11-24T15:00:00Z');
const PICKUP = '2026-11-26';
// The day before at 22:00 UTC: 17:00 in New York (EST), 12:00 in Honolulu.
const FROM = new Date('2026-11-25T22:00:00Z');
// The morning window starts at 8:00 on the East Coast's daylight time (UTC−4): 12:00 UTC.
const ENDS = new Date('2026-11-26T12:00:00Z');

const quote = (overrides: Partial<StoredQuote> = {}): StoredQuote => ({
  number: 1,
  from: 'hauler',
  state: 'accepted',
  priceDollars: 240,
  pickupDate: PICKUP,
  pickupWindow: 'morning',
  hauler: 'Desert Haul Co',
  sentAt: BOOKED.toISOString(),
  haulerId: 'h-1',
  offer: 1,
  ...overrides,
});

function booked(
  overrides: { status?: LeadStatus; quotes?: StoredQuote[]; bookedAt?: Date } = {},
): Lead {
  const lead = newLead(
    bookingRequest({ submissionId: 'a1b2c3d4-0000-4000-8000-000000000001' }),
    BOOKED,
  );
  const quotes = overrides.quotes ?? [quote()];
  const accepted = quotes.find((q) => q.state === 'accepted');
  const at = (overrides.bookedAt ?? BOOKED).toISOString();
  return {
    ...lead,
    status: overrides.status ?? 'accepted',
    quotes,
    ...(accepted === undefined
      ? {}
      : { decision: { kind: 'accepted', at, quote: accepted.number } }),
  };
}

const withEmails = (lead: Lead, emails: Lead['emails']): Lead => ({ ...lead, emails });

describe('the reminder time', () => {
  it('is the day before at 22:00 UTC, and ends when the window may begin on the East Coast', () => {
    expect(reminderAt(PICKUP)).toEqual(FROM);
    expect(reminderEndsAt(PICKUP, 'morning')).toEqual(ENDS);
    expect(reminderEndsAt(PICKUP, 'afternoon')).toEqual(new Date('2026-11-26T16:00:00Z'));
  });
});

describe('dueReminders', () => {
  it('waits for the day before’s reminder time while a booked job is further off', () => {
    expect(dueReminders(booked(), BOOKED)).toEqual({ kind: 'wait', until: FROM });
    expect(dueReminders(booked(), new Date(FROM.getTime() - 1))).toEqual({
      kind: 'wait',
      until: FROM,
    });
  });

  it('owes both parties their reminder from that time until the window may begin', () => {
    for (const now of [FROM, new Date(ENDS.getTime() - 1)]) {
      expect(dueReminders(booked(), now)).toEqual({
        kind: 'send',
        quote: quote(),
        parties: ['homeowner', 'hauler'],
      });
    }
    expect(dueReminders(booked(), ENDS)).toEqual({ kind: 'none' });
  });

  it('owes only what is not sent or withheld yet, and nothing once both are', () => {
    const key = (party: 'homeowner' | 'hauler') => reminderKey(quote(), party);
    expect(dueReminders(withEmails(booked(), { [key('homeowner')]: 'sent' }), FROM)).toMatchObject({
      kind: 'send',
      parties: ['hauler'],
    });
    expect(dueReminders(withEmails(booked(), { [key('hauler')]: 'failed' }), FROM)).toMatchObject({
      parties: ['homeowner', 'hauler'],
    });
    expect(
      dueReminders(
        withEmails(booked(), { [key('homeowner')]: 'sent', [key('hauler')]: 'withheld' }),
        FROM,
      ),
    ).toEqual({ kind: 'none' });
  });

  it.each<LeadStatus>(['on-the-way', 'done', 'cancelled', 'received', 'quoted'])(
    'owes nothing for a job that is %s',
    (status) => {
      expect(dueReminders(booked({ status }), FROM)).toEqual({ kind: 'none' });
    },
  );

  it('owes nothing for a job given up (its quote withdrawn, back to offers)', () => {
    const lead = booked({ status: 'received', quotes: [quote({ state: 'withdrawn' })] });
    expect(dueReminders(lead, FROM)).toEqual({ kind: 'none' });
  });

  it('owes nothing for a job booked after its reminder time: the confirmation has just gone', () => {
    const lead = booked({ bookedAt: new Date(FROM.getTime() + 60_000) });
    expect(dueReminders(lead, new Date(FROM.getTime() + 120_000))).toEqual({ kind: 'none' });
  });

  it('reminds the homeowner alone of an operations quote, which has no hauler record', () => {
    const lead = booked({ quotes: [quote({ from: 'operations', haulerId: undefined })] });
    expect(dueReminders(lead, FROM)).toMatchObject({ kind: 'send', parties: ['homeowner'] });
  });

  it('reminds a job rebooked to another hauler or moved to another day under new keys', () => {
    const first = quote();
    const sent = {
      [reminderKey(first, 'homeowner')]: 'sent',
      [reminderKey(first, 'hauler')]: 'sent',
    } as const;
    const rebooked = quote({ number: 2, haulerId: 'h-2', hauler: 'Queen City Haul-Away' });
    const again = withEmails(
      booked({ quotes: [{ ...first, state: 'withdrawn' }, rebooked] }),
      sent,
    );
    expect(dueReminders(again, FROM)).toMatchObject({
      kind: 'send',
      quote: rebooked,
      parties: ['homeowner', 'hauler'],
    });
    const moved = withEmails(booked({ quotes: [quote({ pickupDate: '2026-11-27' })] }), sent);
    expect(dueReminders(moved, FROM)).toEqual({
      kind: 'wait',
      until: new Date('2026-11-26T22:00:00Z'),
    });
    expect(reminderKey(rebooked, 'hauler')).toBe('reminder-2-2026-11-26-hauler');
  });
});
