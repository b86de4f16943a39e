// Who gets a request's next offers (decision 033), pure: nearest base first, then offered least
// recently (never offered first), so that work rotates among haulers at one distance, then by id.
import type { CoveringHauler } from '../models/coverage-model';
import { takesOffers } from '../haulers/hauler-rules';
import type { Hauler } from '../models/hauler-model';
import type { LeadOffer, OfferSettings } from '#contract/loop/offers';

export type OfferedHauler = Hauler;

export interface RankedHauler {
  haulerId: string;
  miles: number;
  hauler: OfferedHauler;
}

export interface RankingInput {
  /** Eventually consistent, so each profile is checked again here. */
  covering: readonly CoveringHauler[];
  profiles: ReadonlyMap<string, OfferedHauler>;
  offersToday: ReadonlyMap<string, number>;
  offers: readonly LeadOffer[];
  settings: Pick<OfferSettings, 'haulerDailyOffers'>;
  now: Date;
}

/** ISO 8601 instants compare as text. */
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
