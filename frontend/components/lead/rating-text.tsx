import { formatRating, ratingLabel } from '#contract/loop/jobs';
import type { HaulerRating } from '#contract/loop/quote-loop';

/** "★ 4.8 (12 ratings)" or "New" on the screen; a plain sentence for a screen reader. */
export function RatingText({ rating }: { rating: HaulerRating }) {
  return (
    <>
      <span aria-hidden="true">
        {rating.kind === 'rated' ? <span className="text-amber-700">★ </span> : null}
        {formatRating(rating)}
      </span>
      <span className="sr-only">{ratingLabel(rating)}</span>
    </>
  );
}
