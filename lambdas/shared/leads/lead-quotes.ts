// A request's quotes (decision 033); older leads' one `quote` reads as a list (lead-model.ts).
import type { Lead } from '../models/lead-model';
import type { StoredQuote } from '../models/quote-model';

export function storedQuotes(lead: Pick<Lead, 'quotes'>): StoredQuote[] {
  return [...(lead.quotes ?? [])];
}

export function liveQuotes(lead: Pick<Lead, 'quotes'>): StoredQuote[] {
  return storedQuotes(lead).filter((quote) => quote.state === 'live');
}

export function hasAnyQuote(lead: Pick<Lead, 'quotes'>): boolean {
  return storedQuotes(lead).length > 0;
}

/** The one quote a summary names: the accepted one, else the latest. */
export function headlineQuote(lead: Pick<Lead, 'quotes'>): StoredQuote | undefined {
  const quotes = storedQuotes(lead);
  return quotes.find((quote) => quote.state === 'accepted') ?? quotes.at(-1);
}
