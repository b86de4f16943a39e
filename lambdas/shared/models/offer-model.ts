// The offers on a lead (decision 033), under `offers[number]`: decoded once, for every reader.
import * as z from 'zod/mini';
import type { Agrees } from '../runtime/stored-item';
import { DUE_SHARD } from '#contract/core/table-keys';
import type { LeadOffer } from '#contract/loop/offers';

export const leadOfferSchema = z.object({
  haulerId: z.string(),
  businessName: z.string(),
  miles: z.number(),
  round: z.number(),
  sentAt: z.string(),
  // None on offers sent before offers ended (f674d33): they never end.
  endsAt: z.optional(z.string()),
});
export type OfferAgrees = Agrees<z.output<typeof leadOfferSchema>, LeadOffer>;

export type LeadOffers = Readonly<Record<string, LeadOffer>>;

// As the readers always took them: an entry under a whole number that names a hauler is an
// offer; anything else under `offers` (or an `offers` that is no object) is no offer.
const isOfferEntry = ([number, offer]: [string, unknown]) =>
  Number.isInteger(Number(number)) &&
  typeof offer === 'object' &&
  offer !== null &&
  typeof Reflect.get(offer, 'haulerId') === 'string';

export const leadOffersSchema = z.pipe(
  z.transform((offers: unknown) =>
    typeof offers === 'object' && offers !== null && !Array.isArray(offers)
      ? Object.fromEntries(Object.entries(offers).filter(isOfferEntry))
      : {},
  ),
  z.record(z.string(), leadOfferSchema),
);

export interface OfferFields {
  offers?: LeadOffers | undefined;
  offerCount?: number | undefined;
  offerCycle?: number | undefined;
}

/** The lead's offers by number, lowest first. */
export function leadOffers(lead: OfferFields): [number, LeadOffer][] {
  return Object.entries(lead.offers ?? {})
    .map(([number, offer]): [number, LeadOffer] => [Number(number), offer])
    .sort(([a], [b]) => a - b);
}

export function offerNumbered(lead: OfferFields, number: number): LeadOffer | undefined {
  const offers = lead.offers ?? {};
  return Object.hasOwn(offers, String(number)) ? offers[String(number)] : undefined;
}

/** Offers run again after a job goes back (given up, its hauler removed): cycle 1, 2, … */
export function offerCycleOf(lead: OfferFields): number {
  return lead.offerCycle ?? 0;
}

export function offerCountOf(lead: OfferFields): number {
  return lead.offerCount ?? 0;
}

/** The patch that starts a new cycle of offers now: the offer job reads it (offer-timer.ts). */
export function offersAgain(lead: OfferFields, now: Date): Record<string, unknown> {
  return {
    offerCycle: offerCycleOf(lead) + 1,
    offersFrom: now.toISOString(),
    dueAt: now.toISOString(),
    dueShard: DUE_SHARD,
  };
}
