/** What the offer email says beside the job, as rows the job's facts begin with. */
import type { ReactNode } from 'react';
import type { OfferFacts } from '#contract/loop/quote-loop';

export function offerRows(offer: OfferFacts | undefined): Array<[string, ReactNode]> {
  if (offer === undefined) return [];
  return [
    ['From your base', <strong key="miles">{offer.miles} miles</strong>],
    ...(offer.estimate === undefined
      ? []
      : ([['Estimate', `${offer.estimate} for this load`]] as Array<[string, ReactNode]>)),
  ];
}
