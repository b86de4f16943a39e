/**
 * Above the quotes an accept link lands on: the other open quotes are listed too, and one says so
 * when another is lower than the quote the email was about.
 */
import { QUOTE_CARD_TEXTS } from '#contract/loop/quote-cards';
import type { QuoteView } from '#contract/loop/quote-loop';

export function LandingNote({
  quotes,
  acceptable,
  landing,
}: {
  quotes: readonly QuoteView[];
  acceptable: readonly number[];
  landing: QuoteView;
}) {
  const others = quotes.filter(
    (quote) => quote.number !== landing.number && acceptable.includes(quote.number),
  );
  if (others.length === 0) return null;
  const lower = others.some((quote) => quote.priceDollars < landing.priceDollars);
  return (
    <p
      className={`mb-4 ${lower ? 'rounded-md border border-amber-400 bg-amber-50 p-3 font-semibold text-amber-950' : 'text-slate-800'}`}
    >
      {lower ? QUOTE_CARD_TEXTS.lowerElsewhere : QUOTE_CARD_TEXTS.othersOpen}
    </p>
  );
}
