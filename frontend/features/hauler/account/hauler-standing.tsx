import { RatingText } from '../../../components/lead/rating-text';
import { haulersPage } from '../../../content/haulers';
import { paths } from '../../../shared/paths';
import { formatLongDate } from '#contract/core/calendar-date';
import type { HaulerAccountView } from '#contract/haulers/hauler-api';
import { STRIKE_REASONS, STRIKE_RULES } from '#contract/loop/jobs';

/** The hauler's own page: their rating as homeowners see it, and every strike with its reason. */
export function HaulerStanding({ rating, strikes }: Pick<HaulerAccountView, 'rating' | 'strikes'>) {
  return (
    <div className="space-y-4 text-slate-800">
      <p>
        Your rating on your quotes:{' '}
        <strong className="text-slate-900">
          <RatingText rating={rating} />
        </strong>
        {rating.kind === 'new'
          ? ` (${rating.count} of the ${STRIKE_RULES.newUnderRatings} ratings an average needs)`
          : null}
      </p>
      {strikes.length === 0 ? (
        <p>No strikes.</p>
      ) : (
        <>
          <h3 className="font-semibold text-slate-900">
            {strikes.length === 1 ? '1 strike' : `${strikes.length} strikes`}
          </h3>
          <ul className="list-disc space-y-2 pl-6">
            {strikes.map((strike) => (
              <li key={`${strike.kind}-${strike.reference}`}>
                {STRIKE_REASONS[strike.kind]}{' '}
                <span className="text-slate-600">
                  Request {strike.reference}, {formatLongDate(strike.at.slice(0, 10))}.
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      <p>
        <a
          href={`${paths.haulers}#${haulersPage.rules.id}`}
          className="font-semibold text-emerald-800 underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
        >
          How ratings and strikes work
        </a>
      </p>
    </div>
  );
}
