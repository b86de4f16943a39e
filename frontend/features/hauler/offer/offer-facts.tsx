/** What the offer email says beside the job, on the offer page too: distance, load and estimate. */
import type { OfferFacts } from '#contract/loop/quote-loop';

export function OfferFactsList({ offer }: { offer: OfferFacts }) {
  return (
    <dl className="mb-5 grid grid-cols-1 gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr]">
      <dt className="font-semibold text-slate-600 sm:font-normal">From your base</dt>
      <dd className="mb-2 font-semibold text-slate-900 sm:mb-0">{offer.miles} miles</dd>
      <dt className="font-semibold text-slate-600 sm:font-normal">Load and estimate</dt>
      <dd className="mb-2 text-slate-900 sm:mb-0">{offer.load ?? 'Not given'}</dd>
    </dl>
  );
}
