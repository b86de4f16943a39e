/**
 * A request's quotes side by side, lowest price first: price, pickup, hauler and who they are
 * (./quote-hauler-facts), a flag when the day or window is not the one asked for, and the note. On
 * the homeowner's request page each quote they may accept has its own "Accept this quote" button,
 * and the question it asks opens in that quote's card: below the list, on a phone it stood under
 * another hauler's card. An accept link's own quote leads, marked as the one opened.
 */
import type { ReactNode } from 'react';
import { buttonClass } from '../../components/signed-page/page-parts';
import { HaulerFacts, OffAskedFlag } from './quote-hauler-facts';
import { formatPickupDate } from '#contract/core/calendar-date';
import { QUOTE_CARD_TEXTS, orderQuotes } from '#contract/loop/quote-cards';
import type { AskedPickup } from '#contract/loop/quote-cards';
import { LOOP_MESSAGES, QUOTE_WINDOWS, formatPrice } from '#contract/loop/quote-loop';
import type { QuoteState, QuoteView } from '#contract/loop/quote-loop';

const STATE_LABELS: Readonly<Record<QuoteState, string>> = {
  live: 'Open',
  accepted: 'Accepted',
  declined: 'Declined',
  closed: 'Closed',
  withdrawn: 'Withdrawn by the hauler',
};

/** Why a live quote shows no Accept button: the same sentence the server refuses with. */
const UNACCEPTABLE_NOTES = {
  'window-started': LOOP_MESSAGES.quoteWindowStarted,
  'hauler-unavailable': LOOP_MESSAGES.haulerUnavailable,
} as const;

export function QuoteList({
  quotes,
  acceptable = [],
  busy = false,
  onAccept,
  confirming,
  jobPriceDollars,
  opened,
  asked,
}: {
  quotes: readonly QuoteView[];
  acceptable?: readonly number[];
  busy?: boolean;
  onAccept?: (quote: QuoteView) => void;
  /** The question an Accept press asks, shown in that quote's own card. */
  confirming?: { number: number; question: ReactNode };
  /** Once a quote is accepted, the job's price now (an approved change moves it). */
  jobPriceDollars?: number;
  /** The accept landing's quote: first, and marked as the one opened from its email. */
  opened?: number;
  /** The day and window the homeowner asked for, said beside a quote's flag. */
  asked?: AskedPickup;
}) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2" aria-label="Quotes">
      {orderQuotes(quotes, opened).map((quote) => {
        const price =
          quote.state === 'accepted' && jobPriceDollars !== undefined
            ? jobPriceDollars
            : quote.priceDollars;
        const title = `${quote.hauler}: ${formatPrice(price)}`;
        return (
          <li
            key={quote.number}
            aria-label={title}
            className={`flex flex-col rounded-lg border p-4 ${quote.state === 'accepted' ? 'border-emerald-600 bg-emerald-50' : quote.number === opened ? 'border-2 border-emerald-700' : 'border-slate-300'}`}
          >
            {quote.number === opened && quote.state === 'live' ? (
              <p className="mb-2 text-sm font-semibold text-emerald-800">
                {QUOTE_CARD_TEXTS.opened}
              </p>
            ) : null}
            <p className="flex items-baseline justify-between gap-3">
              <span className="text-2xl font-bold text-slate-900">
                {formatPrice(price)}{' '}
                <span className="text-base font-normal text-slate-700">flat rate</span>
              </span>
              {quote.state === 'live' ? null : (
                <span className="rounded bg-slate-100 px-2 py-0.5 text-sm font-semibold text-slate-800">
                  {STATE_LABELS[quote.state]}
                </span>
              )}
            </p>
            {price === quote.priceDollars ? null : (
              <p className="text-slate-700">
                Changed from {formatPrice(quote.priceDollars)} by an approved price change
              </p>
            )}
            <OffAskedFlag quote={quote} asked={asked} />
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-slate-800">
              <dt className="text-slate-600">Pickup</dt>
              <dd>
                {formatPickupDate(quote.pickupDate)},{' '}
                {/* "Morning (8–12)" never breaks inside its brackets on a phone. */}
                <span className="whitespace-nowrap">{QUOTE_WINDOWS[quote.pickupWindow].label}</span>
              </dd>
              <dt className="text-slate-600">Hauler</dt>
              <dd className="break-words">{quote.hauler}</dd>
              <HaulerFacts quote={quote} />
              {quote.note === undefined ? null : (
                <>
                  <dt className="text-slate-600">Note</dt>
                  <dd className="whitespace-pre-line break-words">{quote.note}</dd>
                </>
              )}
            </dl>
            {quote.unacceptable === undefined ? null : (
              <p className="mt-3 rounded bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-900">
                {UNACCEPTABLE_NOTES[quote.unacceptable]}
              </p>
            )}
            {onAccept !== undefined &&
            acceptable.includes(quote.number) &&
            confirming?.number !== quote.number ? (
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
            {confirming?.number === quote.number ? confirming.question : null}
          </li>
        );
      })}
    </ul>
  );
}
