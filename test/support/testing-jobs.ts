// A booked job for tests, without running the quote loop (it has tests of its own).
import type { Hauler } from '../../lambdas/shared/models/hauler-model';
import type { StoredQuote } from '../../lambdas/shared/models/quote-model';
import { updateLeadStatus } from '../../lambdas/shared/leads/lead-store';
import type { Lead } from '../../lambdas/shared/models/lead-model';
import { linkClaims, signLink } from '../../lambdas/shared/links/signed-links';
import type { LeadTable } from '../../lambdas/shared/runtime/table-handle';
import { seedOffers } from './testing-offers';
import type { QuoteWindow } from '#contract/loop/quote-loop';

export interface SeededJob {
  lead: Lead;
  /** The hauler's job link's token (offer 1). */
  jobToken: string;
  /** The homeowner's view link's token. */
  viewToken: string;
}

/** Offer 1 to `hauler`, its quote 1 accepted: status `accepted`. */
export async function seedAcceptedJob(
  table: LeadTable,
  submissionId: string,
  hauler: Pick<Hauler, 'haulerId' | 'businessName'>,
  now: Date,
  secret: Buffer,
  quote: { priceDollars?: number; pickupDate: string; pickupWindow?: QuoteWindow },
): Promise<SeededJob> {
  await seedOffers(table, submissionId, [hauler], now);
  const accepted: StoredQuote = {
    number: 1,
    from: 'hauler',
    state: 'accepted',
    priceDollars: quote.priceDollars ?? 240,
    pickupDate: quote.pickupDate,
    pickupWindow: quote.pickupWindow ?? 'morning',
    hauler: hauler.businessName,
    sentAt: now.toISOString(),
    haulerId: hauler.haulerId,
    offer: 1,
  };
  const result = await updateLeadStatus(table, submissionId, {
    from: ['received'],
    to: 'accepted',
    at: now,
    patch: {
      quotes: [accepted],
      quoteCount: 1,
      decision: { kind: 'accepted', at: now.toISOString(), quote: 1 },
    },
  });
  if (!result.ok) throw new Error(`Could not accept the seeded quote: ${result.reason}`);
  return {
    lead: result.lead,
    jobToken: signLink(linkClaims(submissionId, 'hauler', 'job', now, 1), secret),
    viewToken: signLink(linkClaims(submissionId, 'homeowner', 'view', now), secret),
  };
}
