// What a hauler's standing means: who takes offers, the rating homeowners are shown, the low bar.
import type { Hauler } from '../models/hauler-model';
import { utcToday } from '#contract/core/calendar-date';
import { STRIKE_RULES } from '#contract/loop/jobs';
import type { HaulerRating, QuoteHaulerFacts } from '#contract/loop/quote-loop';

type RatingTotals = Pick<Hauler, 'ratingCount' | 'ratingSum'>;

export function haulerRatingOf(hauler: RatingTotals): HaulerRating {
  const count = hauler.ratingCount ?? 0;
  if (count < STRIKE_RULES.newUnderRatings) return { kind: 'new', count };
  return { kind: 'rated', average: roundedAverage(count, hauler.ratingSum ?? 0), count };
}

/**
 * Who the hauler is on their quote (decision 050): the certificate's expiry operations checked,
 * the truck, the offer's distance and the jobs done. Never a contact detail.
 */
export function quoteHaulerFactsOf(
  hauler: Pick<Hauler, 'insuranceExpiresOn' | 'truck' | 'jobsDone'>,
  miles: number,
): QuoteHaulerFacts {
  return {
    ...(hauler.insuranceExpiresOn === undefined ? {} : { insuredUntil: hauler.insuranceExpiresOn }),
    truck: hauler.truck,
    miles,
    jobsDone: hauler.jobsDone ?? 0,
  };
}

const roundedAverage = (count: number, sum: number) => Math.round((sum / count) * 10) / 10;

/** Judged on the average shown (one decimal): a page reading "4.0" never brings a strike. */
export function belowRatingBar(hauler: RatingTotals): boolean {
  const count = hauler.ratingCount ?? 0;
  return (
    count >= STRIKE_RULES.minRatings &&
    roundedAverage(count, hauler.ratingSum ?? 0) < STRIKE_RULES.minAverage
  );
}

// `pausedUntil` is the first day a paused hauler takes jobs again, but only resuming makes them
// active: the date alone does not.
export function takesOffers(hauler: Hauler, now: Date): boolean {
  const today = utcToday(now);
  return (
    hauler.status === 'active' &&
    (hauler.pausedUntil === undefined || hauler.pausedUntil <= today) &&
    hauler.insuranceExpiresOn !== undefined &&
    hauler.insuranceExpiresOn >= today
  );
}
