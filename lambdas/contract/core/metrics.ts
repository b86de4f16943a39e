export const METRICS_NAMESPACE = 'BulkTrashPickup';
export const CONFIRMATIONS_WITHHELD = 'ConfirmationsWithheld';
export const OFFERS_STARTED = 'OffersStarted';
export const OFFERS_ESCALATED = 'Escalated';
export const OFFER_DELAY_SECONDS = 'OfferDelaySeconds';
export const QUOTE_DELAY_SECONDS = 'QuoteDelaySeconds';
export const STORED_ITEMS_UNREADABLE = 'StoredItemsUnreadable';
/** An email SES refused for good (a bad or suppressed address): decision 054. */
export const EMAILS_GIVEN_UP = 'EmailsGivenUp';
