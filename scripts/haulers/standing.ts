// `npm run haulers -- show`: the rating homeowners see on quotes, and each strike.
import { haulerRatingOf } from '../../lambdas/shared/haulers/hauler-rules';
import type { Hauler } from '../../lambdas/shared/models/hauler-model';
import { formatRating } from '#contract/loop/jobs';

export function standingLines(hauler: Hauler): string[] {
  const rating = haulerRatingOf(hauler);
  const strikes = hauler.strikes ?? [];
  return [
    `  rating     ${formatRating(rating)}${rating.kind === 'new' ? ` (${rating.count} so far)` : ''}`,
    ...(strikes.length === 0
      ? ['  strikes    none']
      : strikes.map(
          (strike, i) =>
            `${i === 0 ? '  strikes   ' : '            '} ${strike.kind.padEnd(11)} ${strike.reference}  ${strike.at.slice(0, 10)}`,
        )),
    ...(hauler.pausedForStrike === true
      ? ['  paused     by a strike: `npm run haulers -- resume ID` lifts it']
      : []),
  ];
}
