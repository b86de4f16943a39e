/**
 * A request's quotes side by side: price, pickup, hauler, the hauler's rating and note. On the homeowner's request page
 * each quote they may accept has its own "Accept this quote" button.
 */
import { buttonClass } from '../../components/sections/linked-page';
import { RatingText } from '../jobs/rating-text';
import { formatPickupDate } from '#contract/calendar-date';
import { QUOTE_WINDOWS, formatPrice } from '#contract/quote-loop';
import type { QuoteState, QuoteView } from '#contract/quote-loop';

const STATE_LABELS: Readonly<Record<QuoteState, string>> = {
  live: 'Open',
  accepted: 'Accepted',
  declined: 'Declined',
  closed: 'Closed',
  withdrawn: 'Withdrawn by the hauler',
};

export function QuoteList({
  quotes,
  acceptable = [],
  busy = false,
  onAccept,
}: {
  quotes: readonly QuoteView[];
  acceptable?: readonly number[];
  busy?: boolean;
  onAccept?: (quote: QuoteView) => void;
}) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2" aria-label="Quotes">
      {quotes.map((quote) => {
        const title = `${quote.hauler}: ${formatPrice(quote.priceDollars)}`;
        return (
          <li
            key={quote.number}
            aria-label={title}
            className={`flex flex-col rounded-lg border p-4 ${quote.state === 'accepted' ? 'border-emerald-600 bg-emerald-50' : 'border-slate-300'}`}
          >
            <p className="flex items-baseline justify-between gap-3">
              <span className="text-2xl font-bold text-slate-900">
                {formatPrice(quote.priceDollars)}{' '}
                <span className="text-base font-normal text-slate-700">flat rate</span>
              </span>
              {quote.state === 'live' ? null : (
                <span className="rounded bg-slate-100 px-2 py-0.5 text-sm font-semibold text-slate-800">
                  {STATE_LABELS[quote.state]}
                </span>
              )}
            </p>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-slate-800">
              <dt className="text-slate-600">Pickup</dt>
              <dd>
                {formatPickupDate(quote.pickupDate)}, {QUOTE_WINDOWS[quote.pickupWindow].label}
              </dd>
              <dt className="text-slate-600">Hauler</dt>
              <dd className="break-words">{quote.hauler}</dd>
              {quote.rating === undefined ? null : (
                <>
                  <dt className="text-slate-600">Rating</dt>
                  <dd>
                    <RatingText rating={quote.rating} />
                  </dd>
                </>
              )}
              {quote.note === undefined ? null : (
                <>
                  <dt className="text-slate-600">Note</dt>
                  <dd className="whitespace-pre-line break-words">{quote.note}</dd>
                </>
              )}
            </dl>
            {onAccept !== undefined && acceptable.includes(quote.number) ? (
              <button
                type="button"
                className={`${buttonClass} mt-4 self-start`}
                disabled={busy}
                aria-label={`Accept this quote: ${title}`}
                onClick={() => onAccept(quote)}
              >
                Accept this quote
              </button>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
