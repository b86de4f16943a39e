import { formatPickupDate } from '#contract/core/calendar-date';
import { QUOTE_WINDOWS, formatPrice } from '#contract/loop/quote-loop';
import type { QuoteView } from '#contract/loop/quote-loop';

/**
 * The quote as the homeowner reads it in their email: price, pickup, hauler, note. `priceDollars`:
 * the job's price now, once a quote is accepted: an approved price change moves it, and the old
 * price is then only said as what it was.
 */
export function QuoteSummary({ quote, priceDollars }: { quote: QuoteView; priceDollars?: number }) {
  const changed = priceDollars !== undefined && priceDollars !== quote.priceDollars;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
      <dt className="text-slate-600">Price</dt>
      <dd className="text-2xl font-bold text-slate-900">
        {formatPrice(priceDollars ?? quote.priceDollars)}{' '}
        <span className="text-base font-normal">flat rate</span>
        {changed ? (
          <span className="block text-base font-normal text-slate-700">
            Changed from {formatPrice(quote.priceDollars)} by an approved price change
          </span>
        ) : null}
      </dd>
      <dt className="text-slate-600">Pickup</dt>
      <dd>
        {formatPickupDate(quote.pickupDate)}, {QUOTE_WINDOWS[quote.pickupWindow].label}
      </dd>
      <dt className="text-slate-600">Hauler</dt>
      <dd>{quote.hauler}</dd>
      {quote.note === undefined ? null : (
        <>
          <dt className="text-slate-600">Note</dt>
          <dd className="whitespace-pre-line">{quote.note}</dd>
        </>
      )}
    </dl>
  );
}
