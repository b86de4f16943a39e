/** Custom CloudWatch metric names: the functions emit them, the stack's alarms watch them. */
export const METRICS_NAMESPACE = 'BulkTrashPickup';

/** Confirmations an abuse limit kept back; dimension `Reason`: 'limit' or 'daily-cap'. */
export const CONFIRMATIONS_WITHHELD = 'ConfirmationsWithheld';

// The offer rounds (decision 033); no dimensions, so the alarm divides one by the other.
/** A request's first offer round ran (whether or not anyone was eligible). */
export const OFFERS_STARTED = 'OffersStarted';
/** Operations were told that no hauler has quoted a request. */
export const OFFERS_ESCALATED = 'Escalated';
/** Seconds from booking to the first offer email sent. */
export const OFFER_DELAY_SECONDS = 'OfferDelaySeconds';
/** Seconds from booking to the first quote (a hauler's or operations'); dimension `From`. */
export const QUOTE_DELAY_SECONDS = 'QuoteDelaySeconds';
