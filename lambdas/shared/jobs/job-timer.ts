// The job's first wake-up on the offers' due index, set in the acceptance's own write: the offer
// job then sends the day-before reminders and, for a hauler's job, "not marked done".
import { firstReminderAt } from './day-before';
import { notDoneDueAt } from './lead-job';
import { storedQuotes } from '../leads/lead-quotes';
import type { Lead } from '../models/lead-model';
import { DUE_SHARD } from '#contract/core/table-keys';

/**
 * The offer job next looks at the job at its first timer: the day-before reminders (decision 051),
 * then, for a hauler's job, "not marked done" (window end + grace), which the job timer sets.
 */
export function jobTimer(lead: Lead, quoteNumber: number): Record<string, unknown> {
  const quote = storedQuotes(lead).find((candidate) => candidate.number === quoteNumber);
  if (quote === undefined) return {};
  const reminders = firstReminderAt(quote);
  const due =
    quote.haulerId === undefined
      ? reminders
      : new Date(Math.min(reminders.getTime(), notDoneDueAt(quote).getTime()));
  return { dueAt: due.toISOString(), dueShard: DUE_SHARD };
}
