/**
 * The load test's request bodies (scripts/bench/load-endpoints.ts), as plain functions: what a
 * homeowner's booking sends, the lead the booking stores, and the quote loop's bodies with their
 * signed links.
 * Pure (the clock and the secret are arguments), so scripts/bench/load-bodies.test.ts can check
 * that each one takes the success path of the real function.
 */
import { randomUUID } from 'node:crypto';
import { newLead } from '../../lambdas/shared/leads/lead-store';
import type { Lead } from '../../lambdas/shared/leads/lead-store';
import { linkClaims, signLink } from '../../lambdas/shared/links/signed-links';
import { VALID_REQUEST_FIELDS } from '../../test/fixtures/homeowner';
import { bookingRequestSchema } from '#contract/booking/booking';
import type { BookingRequestInput } from '#contract/booking/booking';
import { addDays, usToday } from '#contract/core/calendar-date';
import { mediaObjectKey, publicUrlFor } from '#contract/booking/media-keys';
import type { DecideQuoteRequest, PriceQuoteInput } from '#contract/loop/quote-loop-schemas';
import type { LinkAction, LinkRole } from '#contract/loop/quote-loop';

/** The test homeowner's booking with photos, under an address of its own (`load-{run}-{i}@…`). */
export function bookingRequest(options: {
  run: string;
  index: number;
  submissionId: string;
  photoUrls: string[];
}): BookingRequestInput {
  return {
    ...VALID_REQUEST_FIELDS,
    email: `load-${options.run}-${options.index}@example.com`,
    photoUrls: options.photoUrls,
    photoCount: options.photoUrls.length,
    hasVideo: false,
    submissionId: options.submissionId,
  };
}

/**
 * A new lead exactly as the booking stores it (the booking's schema, then `newLead`): status
 * received, two photo links in its own folder. Only the photos and the booking's two emails are
 * left out: nothing in the quote loop opens them.
 */
export function bookedLead(siteOrigin: string, run: string, index: number, now: Date): Lead {
  const submissionId = randomUUID();
  const photoUrls = [1, 2].map((n) =>
    publicUrlFor(siteOrigin, mediaObjectKey(submissionId, now.getTime(), n, 'jpg')),
  );
  const request = bookingRequestSchema.parse(
    bookingRequest({ run, index, submissionId, photoUrls }),
  );
  return newLead(request, now);
}

/** A signed link's token, as the emails carry it (quote: the quote an accept/decline answers). */
export function linkToken(
  secret: Buffer,
  leadId: string,
  role: LinkRole,
  action: LinkAction,
  now: Date,
  quote = 0,
): string {
  return signLink(linkClaims(leadId, role, action, now, quote), secret);
}

/** A quote as operations type it: a week from today (the loop's calendar), a morning pickup. */
export function loadQuote(now: Date): PriceQuoteInput {
  return {
    priceDollars: 240,
    pickupDate: addDays(usToday(now), 7),
    pickupWindow: 'morning',
    hauler: 'Sam Hauler',
    note: 'Curbside pickup; the couch fits in one trip.',
  };
}

/**
 * POST /api/lead: the page of a link, opened. Even indexes open the operations link (the whole
 * request), odd ones the homeowner's view link (their own request without contact details).
 */
export function leadViewBody(secret: Buffer, lead: Lead, index: number, now: Date) {
  const token =
    index % 2 === 0
      ? linkToken(secret, lead.submissionId, 'operations', 'quote', now)
      : linkToken(secret, lead.submissionId, 'homeowner', 'view', now);
  return { token };
}

/** POST /api/send-quote: the first quote on a received request, through the operations link. */
export function sendQuoteBody(secret: Buffer, lead: Lead, now: Date) {
  return {
    token: linkToken(secret, lead.submissionId, 'operations', 'quote', now),
    quote: loadQuote(now),
  };
}

/** POST /api/send-quote through a hauler's offer link (the business name is the hauler's own). */
export function haulerQuoteBody(secret: Buffer, lead: Lead, offer: number, now: Date) {
  return {
    token: linkToken(secret, lead.submissionId, 'hauler', 'offer', now, offer),
    quote: loadQuote(now),
  };
}

/**
 * POST /api/decide-quote on a lead holding quote 1: even indexes accept it, odd ones decline it
 * with a reason, each through the link of that choice.
 */
export function decideQuoteBody(secret: Buffer, lead: Lead, index: number, now: Date) {
  const decision: DecideQuoteRequest['decision'] = index % 2 === 0 ? 'accept' : 'decline';
  return {
    token: linkToken(secret, lead.submissionId, 'homeowner', decision, now, 1),
    decision,
    ...(decision === 'decline' ? { reason: 'We found a neighbour with a truck.' } : {}),
  };
}

/** POST /api/cancel-request: the homeowner cancels through the view link. */
export function cancelRequestBody(secret: Buffer, lead: Lead, now: Date) {
  return { token: linkToken(secret, lead.submissionId, 'homeowner', 'view', now) };
}
