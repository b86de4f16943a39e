// The job's timer (decisions 034, 051) on the offers' `by-due` index: each party of a booked job
// reminded the day before, and a job not done by its window's end plus `notDoneHours` reaching
// operations once. Pure: the offer job writes.
import { dueReminders } from '../shared/jobs/day-before';
import type { ReminderParty } from '../shared/jobs/day-before';
import { acceptedStoredQuote, jobOf, notDoneDueAt } from '../shared/jobs/lead-job';
import type { Lead } from '../shared/models/lead-model';
import type { StoredQuote } from '../shared/models/quote-model';
import { isSettled } from '../shared/mail/mailer';
import { JOB_BOOKED_STATUSES } from '#contract/loop/jobs';
import type { LeadStatus } from '#contract/loop/quote-loop';

export const notDoneKey = (quote: number) => `not-done-${quote}`;

export type JobTimerStep =
  | { kind: 'offers' }
  | { kind: 'end' }
  | { kind: 'wait'; until: Date }
  | { kind: 'remind'; quote: StoredQuote; parties: ReminderParty[] }
  | { kind: 'alert'; key: string };

/** The not-done alert's own step, reminders aside. */
function notDoneStep(lead: Lead, now: Date): JobTimerStep {
  const job = jobOf(lead);
  const quote = acceptedStoredQuote(lead);
  // Done, or operations' own quote (nobody marks it done here): nothing to watch.
  if (lead.status === 'done' || job?.haulerId === undefined || quote === undefined) {
    return { kind: 'end' };
  }
  const key = notDoneKey(quote.number);
  if (isSettled(lead.emails[key])) return { kind: 'end' };
  const due = notDoneDueAt(quote);
  return now < due ? { kind: 'wait', until: due } : { kind: 'alert', key };
}

export function decideJobTimer(lead: Lead, now: Date): JobTimerStep {
  if (!(JOB_BOOKED_STATUSES as readonly LeadStatus[]).includes(lead.status)) {
    return { kind: 'offers' };
  }
  const reminders = dueReminders(lead, now);
  if (reminders.kind === 'send') {
    return { kind: 'remind', quote: reminders.quote, parties: reminders.parties };
  }
  const step = notDoneStep(lead, now);
  // The reminders come before the window, the alert after it: the earlier wait is theirs.
  if (reminders.kind === 'wait' && (step.kind !== 'wait' || reminders.until < step.until)) {
    return reminders;
  }
  return step;
}
