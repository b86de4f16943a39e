// A request's quotes (decision 033): several, from operations and offered haulers, each with its
// own state. Leads stored before offers existed carry one `quote`: they read as a one-item list.
import type { Lead } from './lead-store';
import type { QuoteView } from '#contract/loop/quote-loop';

/** As stored on the lead: the view plus who sent it, which the homeowner's view leaves out. */
export interface StoredQuote extends QuoteView {
  /** A hauler's quote: the hauler and the offer its link carried. */
  haulerId?: string;
  offer?: number;
}

function isQuote(value: unknown): value is StoredQuote {
  return (
    typeof value === 'object' && value !== null && typeof (value as StoredQuote).number === 'number'
  );
}

/** Oldest first. */
export function storedQuotes(lead: Lead): StoredQuote[] {
  if (Array.isArray(lead.quotes)) return lead.quotes.filter(isQuote).map(withDefaults);
  return isQuote(lead.quote) ? [withDefaults(lead.quote)] : [];
}

function withDefaults(quote: StoredQuote): StoredQuote {
  return { ...quote, from: quote.from ?? 'operations', state: quote.state ?? 'live' };
}

export function liveQuotes(lead: Lead): StoredQuote[] {
  return storedQuotes(lead).filter((quote) => quote.state === 'live');
}

/** Whether any quote, from anyone, has reached the homeowner (what offer rounds wait for). */
export function hasAnyQuote(lead: Lead): boolean {
  return storedQuotes(lead).length > 0;
}

/** The one quote a summary names: the accepted one, else the latest. */
export function headlineQuote(lead: Lead): StoredQuote | undefined {
  const quotes = storedQuotes(lead);
  return quotes.find((quote) => quote.state === 'accepted') ?? quotes.at(-1);
}
