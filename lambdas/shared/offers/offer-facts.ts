// What the offer email says beside the job (issue 40, item 8), for the offer page too: how far the
// job is from the hauler's base, the load with its estimate, and the day and window asked for.
import type { Lead } from '../models/lead-model';
import { offerNumbered } from '../models/offer-model';
import { estimateFor, formatRange } from '#contract/booking/pricing';
import type { OfferFacts } from '#contract/loop/quote-loop';

export function offerFacts(lead: Lead, offerNumber: number): OfferFacts | undefined {
  const offer = offerNumbered(lead, offerNumber);
  if (offer === undefined) return undefined;
  const { request } = lead;
  return {
    miles: offer.miles,
    ...(request.loadSize === undefined
      ? {}
      : { estimate: formatRange(estimateFor(request.loadSize, request.state)) }),
    asked: {
      ...(request.pickupDate === undefined ? {} : { pickupDate: request.pickupDate }),
      ...(request.pickupWindow === undefined ? {} : { pickupWindow: request.pickupWindow }),
    },
  };
}
