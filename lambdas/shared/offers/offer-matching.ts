// An offer round's matching: the coverage Query lists haulers nearest first, so profiles are read a
// chunk at a time until no unread hauler can rank among the first `wanted` (a few dozen of 1,000).
import { findCoveringHaulers } from '../haulers/coverage-store';
import type { CoveringHauler } from '../models/coverage-model';
import { rankHaulers } from './offer-ranking';
import type { OfferedHauler, RankedHauler } from './offer-ranking';
import { readOfferCandidates } from './offer-store';
import type { LeadTable } from '../runtime/table-handle';
import type { LeadOffer, OfferSettings } from '#contract/loop/offers';

/** Two keys per hauler (profile, today's count): one BatchGet of 100 keys. */
const HAULERS_PER_READ = 50;

export interface MatchRequest {
  zipCode: string;
  offers: readonly LeadOffer[];
  settings: Pick<OfferSettings, 'haulerDailyOffers'>;
  now: Date;
  wanted: number;
}

export async function matchHaulers(
  table: LeadTable,
  request: MatchRequest,
): Promise<RankedHauler[]> {
  // The booking's schema allows ZIP+4 and a few other spellings; only five digits are covered.
  if (!/^\d{5}(-\d{4})?$/.test(request.zipCode)) return [];
  const offered = new Set(request.offers.map((offer) => offer.haulerId));
  const covering: CoveringHauler[] = (await findCoveringHaulers(table, request.zipCode)).filter(
    (hauler) => !offered.has(hauler.haulerId),
  );
  const profiles = new Map<string, OfferedHauler>();
  const offersToday = new Map<string, number>();
  let ranked: RankedHauler[] = [];
  for (let read = 0; read < covering.length;) {
    const chunk = covering.slice(read, read + HAULERS_PER_READ);
    read += chunk.length;
    const found = await readOfferCandidates(
      table,
      chunk.map((hauler) => hauler.haulerId),
      request.now,
    );
    found.profiles.forEach((profile, id) => profiles.set(id, profile));
    found.offersToday.forEach((count, id) => offersToday.set(id, count));
    ranked = rankHaulers({
      covering: covering.slice(0, read),
      profiles,
      offersToday,
      offers: request.offers,
      settings: request.settings,
      now: request.now,
    });
    const last = ranked[request.wanted - 1];
    const next = covering[read];
    // Unread haulers are at least as far as `next`: only a tie could still rank above `last`.
    if (last !== undefined && (next === undefined || next.distanceMiles > last.miles)) break;
  }
  return ranked;
}
