// `leads -- export --csv`: the request's columns come from the contract, so a field added to the
// form reaches the export without an edit here.
import { headlineQuote, storedQuotes } from '../../lambdas/shared/leads/lead-quotes';
import type { Lead } from '../../lambdas/shared/models/lead-model';
import { toCsv } from './options';
import { HOMEOWNER_FIELDS } from '#contract/core/fields';
import { JOB_CHOICE_FIELDS } from '#contract/booking/job-choice-schemas';

type Column = readonly [header: string, value: (lead: Lead) => unknown];

const quoteOf = headlineQuote;

const COLUMNS: readonly Column[] = [
  ['reference', (lead) => lead.reference],
  ['submissionId', (lead) => lead.submissionId],
  ['status', (lead) => lead.status],
  ['receivedAt', (lead) => lead.receivedAt],
  ...HOMEOWNER_FIELDS.map((field): Column => [field, (lead) => lead.request[field]]),
  ...JOB_CHOICE_FIELDS.map((field): Column => [field, (lead) => lead.request[field]]),
  ['media', (lead) => lead.request.videoUrl ?? lead.request.photoUrls.join(' ')],
  ['quotePrice', (lead) => quoteOf(lead)?.priceDollars],
  ['quotePickupDate', (lead) => quoteOf(lead)?.pickupDate],
  ['quotePickupWindow', (lead) => quoteOf(lead)?.pickupWindow],
  ['hauler', (lead) => quoteOf(lead)?.hauler],
  ['quotes', (lead) => storedQuotes(lead).length],
];

/** The leads as CSV (formula-safe, see toCsv), a header row first. */
export function leadsCsv(leads: readonly Lead[]): string {
  return toCsv(
    COLUMNS.map(([header]) => header),
    leads.map((lead) => COLUMNS.map(([, value]) => value(lead))),
  );
}
