// The job's timer (decision 034) on the offers' `by-due` index: a job not done by its window's end
// plus `notDoneHours` reaches operations once. Pure: the offer job writes.
import { acceptedStoredQuote, jobOf, notDoneDueAt } from '../shared/jobs/lead-job';
import type { Lead } from '../shared/models/lead-model';
import { isSettled } from '../shared/mail/mailer';
import { JOB_BOOKED_STATUSES } from '#contract/loop/jobs';
import type { LeadStatus } from '#contract/loop/quote-loop';

export const notDoneKey = (quote: number) => `not-done-${quote}`;

export type JobTimerStep =
  | { kind: 'offers' }
  | { kind: 'end' }
  | { kind: 'wait'; until: Date }
  | { kind: 'alert'; key: string };

export function decideJobTimer(lead: Lead, now: Date): JobTimerStep {
  if (!(JOB_BOOKED_STATUSES as readonly LeadStatus[]).includes(lead.status)) {
    return { kind: 'offers' };
  }
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
