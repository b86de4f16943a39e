import { formatPickupDate } from '#contract/calendar-date';
import { QUOTE_WINDOWS, formatPrice } from '#contract/quote-loop';
import type { QuoteView } from '#contract/quote-loop';

/** The quote as the homeowner reads it in their email: price, pickup, hauler, note. */
export function QuoteSummary({ quote }: { quote: QuoteView }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
      <dt className="text-slate-600">Price</dt>
      <dd className="text-2xl font-bold text-slate-900">
        {formatPrice(quote.priceDollars)} <span className="text-base font-normal">flat rate</span>
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
