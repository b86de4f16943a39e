// Whether a quote's hauler can be booked now: a paused, removed or uninsured hauler's live quotes
// stay on the request (they may come back) but cannot be accepted (decision 045).
import { getHauler } from '../haulers/hauler-store';
import { storedQuotes } from '../leads/lead-quotes';
import type { Lead } from '../models/lead-model';
import { takesOffers } from '../haulers/hauler-rules';
import type { LeadTable } from '../runtime/table-handle';

export async function unavailableHaulers(
  table: LeadTable,
  lead: Lead,
  now: Date,
): Promise<Set<string>> {
  const ids = new Set(
    storedQuotes(lead)
      .filter((quote) => quote.state === 'live' && quote.haulerId !== undefined)
      .map((quote) => quote.haulerId!),
  );
  const away = new Set<string>();
  for (const id of ids) {
    const hauler = await getHauler(table, id);
    if (hauler === undefined || !takesOffers(hauler, now)) away.add(id);
  }
  return away;
}
