// Which day-before reminders a booked job owes now (decision 051). Pure: the offer job sends.
import { acceptedStoredQuote, jobOf } from './lead-job';
import type { Lead } from '../models/lead-model';
import type { StoredQuote } from '../models/quote-model';
import { isSettled } from '../mail/mailer';
import { reminderAt, reminderEndsAt } from '#contract/loop/reminders';

export type ReminderParty = 'homeowner' | 'hauler';

/** Per quote (a job rebooked to another hauler is another quote) and day (a job moved is reminded again). */
export const reminderKey = (
  quote: Pick<StoredQuote, 'number' | 'pickupDate'>,
  party: ReminderParty,
) => `reminder-${quote.number}-${quote.pickupDate}-${party}`;

export type ReminderStep =
  /** Nothing to remind, now or later: not booked, on the way, done, too late, or all sent. */
  | { kind: 'none' }
  | { kind: 'wait'; until: Date }
  | { kind: 'send'; quote: StoredQuote; parties: ReminderParty[] };

/** When the job of the accepted quote was booked: its acceptance, as the lead records it. */
function bookedAt(lead: Lead, quote: StoredQuote): string | undefined {
  const { decision } = lead;
  if (decision?.kind === 'accepted' && decision.quote === quote.number) return decision.at;
  return lead.statusHistory.findLast((step) => step.status === 'accepted')?.at;
}

/** The time of the first reminder this booked job waits for, for the due index at acceptance. */
export function firstReminderAt(quote: Pick<StoredQuote, 'pickupDate'>): Date {
  return reminderAt(quote.pickupDate);
}

/**
 * A job booked (not on the way, not done, not cancelled or given up) reminds each party once,
 * from the day before's reminder time until its window may begin. A job booked after that time
 * has had its confirmation just now, so it gets none. An operations quote has no hauler to remind.
 */
export function dueReminders(lead: Lead, now: Date): ReminderStep {
  const quote = acceptedStoredQuote(lead);
  if (lead.status !== 'accepted' || quote === undefined || jobOf(lead) === undefined) {
    return { kind: 'none' };
  }
  const from = reminderAt(quote.pickupDate);
  const booked = bookedAt(lead, quote);
  if (booked !== undefined && Date.parse(booked) >= from.getTime()) return { kind: 'none' };
  if (now >= reminderEndsAt(quote.pickupDate, quote.pickupWindow)) return { kind: 'none' };
  const parties: ReminderParty[] =
    quote.haulerId === undefined ? ['homeowner'] : ['homeowner', 'hauler'];
  const owed = parties.filter((party) => !isSettled(lead.emails[reminderKey(quote, party)]));
  if (owed.length === 0) return { kind: 'none' };
  return now < from ? { kind: 'wait', until: from } : { kind: 'send', quote, parties: owed };
}
