/**
 * Who gets a request's next offers (decision 033). Pure: the covering haulers (one Query on the
 * ZIP), their profiles, today's offer counts and the offers the request already has go in; the
 * eligible haulers come out, nearest base first, then the one offered least recently (never
 * offered first), so that work rotates among haulers at the same distance, then by id.
 */
import type { CoveringHauler } from './coverage-store';
import type { Hauler } from '../haulers/hauler-store';
import { utcToday } from '#contract/core/calendar-date';
import type { LeadOffer, OfferSettings } from '#contract/loop/offers';

/** A profile as the offer job reads it: `lastOfferedAt` (ISO 8601) is written by the offer store. */
export type OfferedHauler = Hauler & { lastOfferedAt?: string };

export interface RankedHauler {
  haulerId: string;
  miles: number;
  hauler: OfferedHauler;
}

export interface RankingInput {
  /** From the coverage Query: eventually consistent, so each profile is checked again here. */
  covering: readonly CoveringHauler[];
  profiles: ReadonlyMap<string, OfferedHauler>;
  /** Offers each hauler has had today (UTC); a hauler missing from the map has had none. */
  offersToday: ReadonlyMap<string, number>;
  /** The request's offers so far: nobody is offered the same request twice. */
  offers: readonly LeadOffer[];
  settings: Pick<OfferSettings, 'haulerDailyOffers'>;
  now: Date;
}

/**
 * Takes jobs today: active, not paused until a later day, and insured through today (UTC). A
 * paused hauler's `pausedUntil` is the first day they take jobs again, but only resuming makes
 * them active: the date alone does not.
 */
export function takesOffers(hauler: Hauler, now: Date): boolean {
  const today = utcToday(now);
  return (
    hauler.status === 'active' &&
    (hauler.pausedUntil === undefined || hauler.pausedUntil <= today) &&
    hauler.insuranceExpiresOn !== undefined &&
    hauler.insuranceExpiresOn >= today
  );
}

/** Never offered sorts before any time; ISO 8601 instants compare as text. */
function byLastOffered(a: OfferedHauler, b: OfferedHauler): number {
  const left = a.lastOfferedAt ?? '';
  const right = b.lastOfferedAt ?? '';
  return left < right ? -1 : left > right ? 1 : 0;
}

export function rankHaulers(input: RankingInput): RankedHauler[] {
  const offered = new Set(input.offers.map((offer) => offer.haulerId));
  const ranked: RankedHauler[] = [];
  for (const { haulerId, distanceMiles } of input.covering) {
    const hauler = input.profiles.get(haulerId);
    if (hauler === undefined || offered.has(haulerId)) continue;
    if (!takesOffers(hauler, input.now)) continue;
    if ((input.offersToday.get(haulerId) ?? 0) >= input.settings.haulerDailyOffers) continue;
    offered.add(haulerId);
    ranked.push({ haulerId, miles: distanceMiles, hauler });
  }
  return ranked.sort(
    (a, b) =>
      a.miles - b.miles ||
      byLastOffered(a.hauler, b.hauler) ||
      (a.haulerId < b.haulerId ? -1 : a.haulerId > b.haulerId ? 1 : 0),
  );
}
