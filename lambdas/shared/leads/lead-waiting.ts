// Where a request with no quote stands, for the homeowner's page: read from the offers the offer
// timer recorded on the lead (decision 033), so the page says what is happening, not a hope.
import { leadOffers } from '../models/offer-model';
import { hasAnyQuote } from './lead-quotes';
import type { Lead } from '../models/lead-model';
import { OFFERS_ENDED_EMAIL_KEY, OFFER_DEFAULTS } from '#contract/loop/offers';
import type { WaitingView } from '#contract/loop/quote-loop';

const MINUTE_MS = 60_000;

/**
 * Undefined unless the request is waiting for its first quote. The times are the offer timer's:
 * operations are told `escalationMinutes` after the offers began (at once when a round finds
 * nobody covering the ZIP), and offers end `offerHours` after (each offer records its own end).
 */
export function waitingView(
  lead: Lead,
  now: Date,
  settings: Pick<typeof OFFER_DEFAULTS, 'escalationMinutes' | 'offerHours'> = OFFER_DEFAULTS,
): WaitingView | undefined {
  if (lead.status !== 'received') return undefined;
  // The current cycle: since the booking, or since a booked hauler gave the job up.
  const since = lead.offersFrom ?? lead.receivedAt;
  const start = Date.parse(since);
  const offers = leadOffers(lead)
    .map(([, offer]) => offer)
    .filter((offer) => offer.sentAt >= since);
  const endsAt =
    offers.find((offer) => offer.endsAt !== undefined)?.endsAt ??
    new Date(start + settings.offerHours * 60 * MINUTE_MS).toISOString();
  const roundRan = lead.offerRoundAt !== undefined && lead.offerRoundAt >= since;
  let kind: WaitingView['kind'] = 'finding';
  // The offer job's clock ended them and told the homeowner (its email is on the ledger, only
  // ever for a request nobody quoted): the page says what the email said, whatever this clock.
  const told = lead.emails[OFFERS_ENDED_EMAIL_KEY] !== undefined && !hasAnyQuote(lead);
  if (now.toISOString() >= endsAt || told) kind = 'ended';
  else if (offers.length > 0) kind = 'offered';
  else if (roundRan) kind = 'no-hauler';
  return {
    kind,
    haulers: offers.length,
    since,
    // Nobody to offer it to: the first round (the minute after the offers began) tells operations.
    teamAt:
      kind === 'no-hauler'
        ? since
        : new Date(start + settings.escalationMinutes * MINUTE_MS).toISOString(),
    endsAt,
  };
}
