/**
 * Who the hauler is, in a quote's card (docs/decisions/050-who-the-hauler-is.md): insured with the
 * certificate's expiry month, truck, distance from the pickup, jobs done with us, and the rating or
 * "New: first jobs with us". Only what we hold; never the hauler's contact details. Rows of the
 * card's own `<dl>`.
 */
import { Fragment } from 'react';
import { RatingText } from '../../components/lead/rating-text';
import { QUOTE_CARD_TEXTS, askedText, haulerFactRows } from '#contract/loop/quote-cards';
import type { AskedPickup } from '#contract/loop/quote-cards';
import type { QuoteView } from '#contract/loop/quote-loop';

export function HaulerFacts({ quote }: { quote: QuoteView }) {
  const rows = haulerFactRows({ ...quote, rating: undefined });
  return (
    <>
      {rows.map(({ label, value }) => (
        <Fragment key={label}>
          <dt className="text-slate-600">{label}</dt>
          <dd className="break-words">{value}</dd>
        </Fragment>
      ))}
      {quote.rating === undefined ? null : (
        <>
          <dt className="text-slate-600">{QUOTE_CARD_TEXTS.labels.rating}</dt>
          <dd>
            {quote.rating.kind === 'new' ? (
              QUOTE_CARD_TEXTS.newHauler
            ) : (
              <RatingText rating={quote.rating} />
            )}
          </dd>
        </>
      )}
    </>
  );
}

/** "Not the window you asked for", and what was asked: seen before the price is weighed. */
export function OffAskedFlag({ quote, asked }: { quote: QuoteView; asked?: AskedPickup }) {
  if (quote.offAsked === undefined) return null;
  const when = asked === undefined ? undefined : askedText(asked);
  return (
    <p className="mt-2 rounded border border-amber-400 bg-amber-50 px-3 py-2 text-sm text-amber-950">
      <strong className="font-semibold">{QUOTE_CARD_TEXTS.offAsked[quote.offAsked]}</strong>
      {when === undefined ? null : <span className="block">{QUOTE_CARD_TEXTS.youAsked(when)}</span>}
    </p>
  );
}
