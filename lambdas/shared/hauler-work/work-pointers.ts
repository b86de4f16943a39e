// Which pointers a lead files in its haulers' partitions (decision 052), decided by the home page's
// own rules (hauler-work.ts): for the one-off backfill of offers and quotes made before the
// pointers existed, and the keys and windows the page reads them by.
import { leadOffers } from '../models/offer-model';
import type { Lead } from '../models/lead-model';
import { workEntry } from './hauler-work';
import { addDays, utcToday } from '#contract/core/calendar-date';
import { HAULER_WORK_LIMITS } from '#contract/haulers/hauler-work';
import { OFFER_DEFAULTS } from '#contract/loop/offers';
import type { LeadOffer } from '#contract/loop/offers';

export type WorkPointer =
  | { kind: 'offer'; haulerId: string; submissionId: string; endsAt: string }
  | { kind: 'quote'; haulerId: string; submissionId: string; pickupDate: string };

/** When an offer's pointer ends: its own end, else `offerHours` after it was sent (as recorded). */
export function offerEndsAt(offer: Pick<LeadOffer, 'sentAt' | 'endsAt'>): string {
  return (
    offer.endsAt ??
    new Date(Date.parse(offer.sentAt) + OFFER_DEFAULTS.offerHours * 3_600_000).toISOString()
  );
}

/** The earliest pickup day whose quote the home page still reads. */
export function quotesListedSince(now: Date): string {
  return addDays(utcToday(now), -HAULER_WORK_LIMITS.doneDaysShown - 1);
}

/**
 * The pointers that make each hauler's home page list this lead as it would now: an offer still
 * open, or their quote or job (any state the page lists) whose pickup day the page still reads.
 * Decided as if every hauler took jobs, so a paused hauler's work shows again when they resume.
 */
export function workPointersOf(lead: Lead, now: Date): WorkPointer[] {
  const { submissionId } = lead;
  const pointers: WorkPointer[] = [];
  const offers = leadOffers(lead);
  const haulers = [...new Set(offers.map(([, offer]) => offer.haulerId))];
  for (const haulerId of haulers) {
    const entry = workEntry(lead, haulerId, now, true);
    if (entry === undefined) continue;
    if (entry.kind === 'offers') {
      const offer = offers.find(([number]) => number === entry.offer)?.[1];
      if (offer === undefined) continue;
      const endsAt = offerEndsAt(offer);
      if (Date.parse(endsAt) > now.getTime()) {
        pointers.push({ kind: 'offer', haulerId, submissionId, endsAt });
      }
    } else if (entry.item.pickupDate >= quotesListedSince(now)) {
      pointers.push({ kind: 'quote', haulerId, submissionId, pickupDate: entry.item.pickupDate });
    }
  }
  return pointers;
}
