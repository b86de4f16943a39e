// How each quote on the homeowner's page is paid (decision 062): through us with the card, or
// directly to a hauler who is not on the platform. Read from the stored quote by the one rule,
// `paidThroughUs`, so the page's accept question and the acceptance itself never disagree.
import { storedQuotes } from '../leads/lead-quotes';
import type { Lead } from '../models/lead-model';
import { paidThroughUs } from '../payments/money-start';
import type { LeadWithJob } from '#contract/loop/jobs';
import type { QuoteView } from '#contract/loop/quote-loop';
import type { PaymentSetting } from '#contract/money/payments';

/** The homeowner's view with `paidThroughUs` on each quote; other views as they are. */
export function withQuotePayments(
  view: LeadWithJob,
  lead: Lead,
  setting: PaymentSetting | undefined,
): LeadWithJob {
  if (view.role !== 'homeowner' || setting === undefined) return view;
  const stored = storedQuotes(lead);
  const paid = (quote: QuoteView): QuoteView => {
    const found = stored.find((candidate) => candidate.number === quote.number);
    return { ...quote, paidThroughUs: found !== undefined && paidThroughUs(found, setting) };
  };
  return {
    ...view,
    quotes: view.quotes.map(paid),
    ...(view.quote === undefined ? {} : { quote: paid(view.quote) }),
  };
}
