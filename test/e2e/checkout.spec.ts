/**
 * Accepting a platform hauler's quote saves a card (issue 39 flow 2, decision 056), in a browser against the local
 * stack with payments on and the Stripe stand-in's hosted card page: what the page says before
 * the card page, the quote accepted only once the card is saved, a declined card then a good one,
 * and the way back from the card page that changes nothing.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { axeViolations } from './helpers/axe';
import { approvedHauler, buttonToken } from './helpers/haulers';
import {
  QUOTE_SUBJECT,
  TEST_CARDS,
  bookLead,
  confirmWithCard,
  fillCardPage,
  linkIn,
  mailWhere,
  offeredTo,
  postJson,
  tokenOf,
} from './helpers/quote-loop';
import { API_PATHS } from '#contract/core/api';
import { addDays, usToday } from '#contract/core/calendar-date';
import { OFFER_TEXTS } from '#contract/loop/offers';
import { PAYMENT_TEXTS } from '#contract/money/payments';

const CONFIRM = 'Confirm: accept this quote';

const BOISE = { zipCode: '83702', city: 'Boise', state: 'Idaho' };
const run = Date.now().toString(36);

/**
 * A request near 83702 with one quote of $240 in 3 days from `hauler`, a hauler on the platform
 * with payouts: the homeowner's quote email. (An operations quote is paid directly and asks for
 * no card, decision 062: test/e2e/quote-loop.spec.ts.)
 */
async function quotedRequest(
  request: APIRequestContext,
  hauler: { email: string; businessName: string },
  label: string,
) {
  const email = `checkout-${label}-${randomUUID().slice(0, 8)}@example.com`;
  const { submissionId, reference } = await bookLead(request, email, { fields: BOISE });
  const offer = (await offeredTo(request, submissionId, [hauler.email])).get(hauler.email)!;
  const quote = {
    priceDollars: 240,
    pickupDate: addDays(usToday(new Date()), 3),
    pickupWindow: 'morning',
    hauler: hauler.businessName,
  };
  const sent = await postJson(request, API_PATHS.sendQuote, {
    token: buttonToken(offer, OFFER_TEXTS.sendQuote),
    quote,
  });
  expect(sent.status).toBe(200);
  const isQuote = (m: { subject: string; destination: { to: string[] } }) =>
    m.destination.to.includes(email) && QUOTE_SUBJECT.test(m.subject);
  await expect.poll(async () => (await mailWhere(request, isQuote)).length).toBe(1);
  const [quoteMail] = await mailWhere(request, isQuote);
  return {
    email,
    reference,
    quoteMail: quoteMail!,
    viewToken: tokenOf(linkIn(quoteMail, 'View your request')),
  };
}

async function statusOf(request: APIRequestContext, viewToken: string) {
  const view = await postJson(request, API_PATHS.lead, { token: viewToken });
  return view.json.lead as { status: string; quotes: { state: string }[] };
}

test.describe('accepting a quote saves a card', () => {
  test.slow();

  let hauler: { email: string; businessName: string };
  test.beforeAll(async ({ request }) => {
    test.setTimeout(120_000);
    hauler = await approvedHauler(request, {
      businessName: `Card Test Hauling ${run}`,
      baseZipCode: BOISE.zipCode,
      serviceRadiusMiles: 10,
    });
  });

  test('the page says the price and the terms, the card is saved on the card page, and the quote is accepted on the way back', async ({
    page,
    request,
  }) => {
    const { email, quoteMail, viewToken } = await quotedRequest(request, hauler, 'saved');
    // The quote email says how payment works.
    expect(quoteMail.body.text).toContain(PAYMENT_TEXTS.emailPaymentsOn);

    await page.goto(linkIn(quoteMail, 'Accept this quote'));
    await expect(page.getByRole('heading', { name: 'Accept this quote?' })).toBeVisible();
    await expect(page.getByText(PAYMENT_TEXTS.beforeAccepting)).toBeVisible();
    await expect(page.getByText(PAYMENT_TEXTS.cancellationTerms)).toBeVisible();
    await expect(page.getByText(PAYMENT_TEXTS.saveCardNext)).toBeVisible();
    await expect(page.getByText('The price is $240.')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: CONFIRM }).click();
    await expect(page.getByRole('heading', { name: 'Save your card' })).toBeVisible();
    // Nothing is accepted while the card page is open.
    expect((await statusOf(request, viewToken)).status).toBe('quoted');
    await fillCardPage(page);
    await page.waitForURL(/\/request#/);
    await expect(
      page.getByRole('status').filter({ hasText: 'You accepted the quote of $240' }),
    ).toBeVisible();
    expect((await statusOf(request, viewToken)).status).toBe('accepted');

    // The booking confirmation says how payment works.
    const isBooked = (m: { subject: string; destination: { to: string[] } }) =>
      m.destination.to.includes(email) && m.subject.startsWith('Your pickup is booked: ');
    await expect.poll(async () => (await mailWhere(request, isBooked)).length).toBe(1);
    const [booked] = await mailWhere(request, isBooked);
    expect(booked?.body.text).toContain(PAYMENT_TEXTS.emailPaymentsOn);
  });

  test('a declined card accepts nothing, and a good card after it does', async ({
    page,
    request,
  }) => {
    const { viewToken } = await quotedRequest(request, hauler, 'declined');
    await page.goto(`/request#t=${viewToken}`);
    await page.getByRole('button', { name: /^Accept this quote/ }).click();
    await page.getByRole('button', { name: CONFIRM }).click();
    await fillCardPage(page, TEST_CARDS.declined);
    await expect(page.getByText('Your card was declined.')).toBeVisible();
    expect((await statusOf(request, viewToken)).status).toBe('quoted');

    await fillCardPage(page, TEST_CARDS.good);
    await page.waitForURL(/\/request#/);
    await expect(
      page.getByRole('status').filter({ hasText: 'You accepted the quote of $240' }),
    ).toBeVisible();
  });

  test('going back from the card page changes nothing: the quote is still open', async ({
    page,
    request,
  }) => {
    const { viewToken } = await quotedRequest(request, hauler, 'cancel');
    await page.goto(`/request#t=${viewToken}`);
    await page.getByRole('button', { name: /^Accept this quote/ }).click();
    await page.getByRole('button', { name: CONFIRM }).click();
    await page.getByRole('link', { name: 'Cancel and go back' }).click();
    await page.waitForURL(/\/request#/);
    await expect(
      page.getByRole('status').filter({ hasText: PAYMENT_TEXTS.checkoutCancelled }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: /^Accept this quote/ })).toBeVisible();
    const lead = await statusOf(request, viewToken);
    expect(lead.status).toBe('quoted');
    expect(lead.quotes.map((quote) => quote.state)).toEqual(['live']);
    expect(await axeViolations(page)).toEqual([]);

    // And accepting from there still works.
    await page.getByRole('button', { name: /^Accept this quote/ }).click();
    await confirmWithCard(page, page.getByRole('button', { name: CONFIRM }));
    await expect(
      page.getByRole('status').filter({ hasText: 'You accepted the quote of $240' }),
    ).toBeVisible();
  });
});
