/**
 * A job booked through the real paths for the end-to-end tests: a hauler approved near a spec's own
 * ZIP, a request booked there, the offer, the hauler's quote through the API and the homeowner's
 * acceptance with a card. Each spec keeps its own place, labels and prices: specs run in parallel
 * against one stack, and their unique ZIPs keep their offers apart.
 */
import { expect } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { approvedHauler, buttonToken, mailWith } from './haulers';
import type { SentMail } from './local-stack';
import {
  QUOTE_SUBJECT,
  acceptWithCard,
  bookLead,
  confirmWithCard,
  offeredTo,
  postJson,
  runOffers,
} from './quote-loop';
import { API_PATHS } from '#contract/core/api';
import { addDays, usToday } from '#contract/core/calendar-date';
import { OFFER_TEXTS } from '#contract/loop/offers';
import type { QuoteWindow } from '#contract/loop/quote-loop';

/** A spec's own place: the request's fields and its haulers' base ZIP. */
export interface Place {
  zipCode: string;
  city: string;
  state: string;
}

export interface Hauler {
  email: string;
  businessName: string;
  manageToken?: string;
}

/** A hauler approved (payouts set up) within 10 miles of `place`. */
export function haulerNear(request: APIRequestContext, place: Place, businessName: string) {
  return approvedHauler(request, {
    businessName,
    baseZipCode: place.zipCode,
    serviceRadiusMiles: 10,
  });
}

export interface QuoteOptions<H extends Hauler> {
  hauler: H;
  homeowner: string;
  place: Place;
  /** $240 unless told. */
  priceDollars?: number;
  /** Two days ahead unless told. */
  pickupDate?: string;
  /** The morning unless told. */
  pickupWindow?: QuoteWindow;
  /**
   * One offer run, now, for a spec whose later offer rounds must not be held back by a round
   * recorded ahead; otherwise rounds a round apart until the hauler has the offer.
   */
  oneOfferRun?: boolean;
}

export interface Quoted<H extends Hauler> {
  hauler: H;
  homeowner: string;
  submissionId: string;
  reference: string;
  pickupDate: string;
  pickupWindow: QuoteWindow;
  /** The homeowner's quote email ("Accept this quote", "View your request"). */
  quoteMail: SentMail;
  /** The homeowner's request page token, from the quote email. */
  viewToken: string;
}

/** A request booked in `place`, offered to `hauler` and quoted by them through the API. */
export async function quotedRequest<H extends Hauler>(
  request: APIRequestContext,
  options: QuoteOptions<H>,
): Promise<Quoted<H>> {
  const { hauler, homeowner, place } = options;
  const { submissionId, reference } = await bookLead(request, homeowner, { fields: { ...place } });
  const offer = await offerOf(request, submissionId, options);
  const pickupDate = options.pickupDate ?? addDays(usToday(new Date()), 2);
  const pickupWindow = options.pickupWindow ?? 'morning';
  const quoted = await postJson(request, API_PATHS.sendQuote, {
    token: buttonToken(offer, OFFER_TEXTS.sendQuote),
    quote: {
      priceDollars: options.priceDollars ?? 240,
      pickupDate,
      pickupWindow,
      hauler: hauler.businessName,
    },
  });
  expect(quoted.status).toBe(200);
  const quoteMail = await mailWith(request, QUOTE_SUBJECT, homeowner);
  return {
    hauler,
    homeowner,
    submissionId,
    reference,
    pickupDate,
    pickupWindow,
    quoteMail,
    viewToken: buttonToken(quoteMail, 'View your request'),
  };
}

/** As quotedRequest, then accepted with a card from the quote email's "Accept this quote". */
export async function acceptedJob<H extends Hauler>(
  request: APIRequestContext,
  options: QuoteOptions<H>,
): Promise<Quoted<H>> {
  const quoted = await quotedRequest(request, options);
  const accepted = await acceptWithCard(request, {
    token: buttonToken(quoted.quoteMail, 'Accept this quote'),
  });
  expect(accepted.status).toBe(200);
  return quoted;
}

/** In the browser: the request page of `viewToken`, its first quote accepted with `card` saved. */
export async function acceptOnRequestPage(page: Page, viewToken: string, card?: string) {
  await page.goto(`/request#t=${viewToken}`);
  await page
    .getByRole('button', { name: /^Accept this quote/ })
    .first()
    .click();
  await confirmWithCard(
    page,
    page.getByRole('button', { name: 'Confirm: accept this quote' }),
    card,
  );
}

async function offerOf(
  request: APIRequestContext,
  submissionId: string,
  { hauler, place, oneOfferRun = false }: QuoteOptions<Hauler>,
): Promise<SentMail> {
  if (!oneOfferRun)
    return (await offeredTo(request, submissionId, [hauler.email])).get(hauler.email)!;
  await runOffers(request, submissionId, new Date());
  return mailWith(
    request,
    new RegExp(`^New job near ${place.zipCode}`),
    `#t=lead.${submissionId}.hauler.offer.`,
    hauler.email,
  );
}
