/**
 * A failed hold and the card updated (issue 39 flow 3, decision 060), in a browser against the
 * local stack with payments on and the Stripe stand-in: a pickup six days off is accepted on the
 * request page with Stripe's test card that saves fine but declines every later charge
 * (4000 0000 0000 0341); the money job, its clock moved to four days before the window, fails to
 * place the hold and emails the homeowner; the email's "Update your card" lands on the request
 * page's card section, which says the payment is not yet secured (the hauler's job page too);
 * "Update your card" opens the stand-in's card page, a good card is saved, and back on the request
 * page the hold is placed at once: the PaymentIntent waits for capture. The haulers work around
 * 55401 (Minneapolis), where no other spec's haulers are.
 */
import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import Stripe from 'stripe';
import { moneyJobId } from '../../lambdas/shared/payments/money-runner';
import { E2E_STRIPE_PORT } from '../../playwright.config';
import { axeViolations } from './helpers/axe';
import { approvedHauler, buttonToken, mailWith } from './helpers/haulers';
import {
  QUOTE_SUBJECT,
  TEST_CARDS,
  bookLead,
  fillCardPage,
  linkIn,
  offeredTo,
  postJson,
} from './helpers/quote-loop';
import { API_PATHS } from '#contract/core/api';
import { addDays, usToday } from '#contract/core/calendar-date';
import { pickupInstant } from '#contract/loop/jobs';
import { OFFER_TEXTS } from '#contract/loop/offers';
import {
  CARD_UPDATE_TEXTS,
  HAULER_MONEY_TEXTS,
  MONEY_EMAIL_TEXTS,
  MONEY_STATE_TEXTS,
  PAYMENT_TERMS,
} from '#contract/money/payments';

const MINNEAPOLIS = { zipCode: '55401', city: 'Minneapolis', state: 'Minnesota' };
const run = Date.now().toString(36);
const HOUR = 3_600_000;
/** Saved fine on the card page, then every charge declined: the hold fails. */
const FAILS_LATER = '4000000000000341';

const stripe = new Stripe('sk_test_e2e_update_card', {
  host: '127.0.0.1',
  port: E2E_STRIPE_PORT,
  protocol: 'http',
  telemetry: false,
});

/** The PaymentIntents the stand-in holds for this job (our intents name it in their metadata). */
async function intentsOf(jobId: string): Promise<Stripe.PaymentIntent[]> {
  const all = await stripe.paymentIntents.list({ limit: 100 }).autoPagingToArray({ limit: 10_000 });
  return all.filter((intent) => intent.metadata.job === jobId);
}

/** The money job for this job only, its clock at `at`; the states it moved the job through. */
async function runMoneyAt(request: APIRequestContext, jobId: string, at: Date) {
  const response = await request.post('/__local/run-money', {
    data: { jobId, at: at.toISOString() },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { report: { jobs: { jobId: string; after?: string }[] } })
    .report.jobs;
}

/** A link of an email, opened on this site (its path and fragment). */
const onSite = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.hash}`;
};

test('a failed hold: the homeowner updates the card from the email, and the hold is placed at once', async ({
  page,
  request,
}) => {
  test.slow();
  const hauler = await approvedHauler(request, {
    businessName: `North Loop Haul ${run}`,
    baseZipCode: MINNEAPOLIS.zipCode,
    serviceRadiusMiles: 10,
  });
  const homeowner = `update-card-${run}@example.com`;
  const { submissionId, reference } = await bookLead(request, homeowner, {
    fields: MINNEAPOLIS,
  });
  const offer = (await offeredTo(request, submissionId, [hauler.email])).get(hauler.email)!;
  // Six days off: the hold is placed by the money job 4 days ahead, not at acceptance.
  const pickupDate = addDays(usToday(new Date()), 6);
  const quoted = await postJson(request, API_PATHS.sendQuote, {
    token: buttonToken(offer, OFFER_TEXTS.sendQuote),
    quote: { priceDollars: 240, pickupDate, pickupWindow: 'morning', hauler: hauler.businessName },
  });
  expect(quoted.status).toBe(200);
  const quoteMail = await mailWith(request, QUOTE_SUBJECT, homeowner);
  const jobId = moneyJobId(submissionId, 1);

  // Accepted in the browser with the card that saves but declines later charges.
  await page.goto(`/request#t=${buttonToken(quoteMail, 'View your request')}`);
  await page
    .getByRole('button', { name: /^Accept this quote/ })
    .first()
    .click();
  await page.getByRole('button', { name: 'Confirm: accept this quote' }).click();
  await fillCardPage(page, FAILS_LATER);
  await page.waitForURL(/\/request/);
  await expect(page.getByRole('region', { name: 'Booked: give the address' })).toBeVisible();

  // The money job at the hold's time: the hold is declined, the homeowner emailed.
  const windowStart = pickupInstant(pickupDate, 'morning', 'start');
  const holdAt = new Date(windowStart.getTime() - PAYMENT_TERMS.holdLeadHours * HOUR + 60_000);
  expect(await runMoneyAt(request, jobId, holdAt)).toEqual([
    expect.objectContaining({ jobId, after: 'hold-failed' }),
  ]);
  const failedMail = await mailWith(
    request,
    MONEY_EMAIL_TEXTS.holdFailedSubject(reference),
    homeowner,
  );

  // The hauler's job page: not yet secured, and nothing about the card.
  const bookedMail = await mailWith(request, /^Booked: /, hauler.email);
  const jobPage = `/haulers/job#t=${buttonToken(bookedMail, 'View the job')}`;
  await page.goto(jobPage);
  await expect(page.getByText(HAULER_MONEY_TEXTS['hold-failed'])).toBeVisible();

  // The email's link lands on the request page's card section.
  await page.goto(onSite(linkIn(failedMail, MONEY_EMAIL_TEXTS.updateCard)));
  const section = page.getByRole('region', { name: CARD_UPDATE_TEXTS.heading });
  await expect(section.getByRole('alert')).toHaveText(MONEY_STATE_TEXTS['hold-failed']);
  await expect(section.getByRole('heading', { name: CARD_UPDATE_TEXTS.heading })).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);

  // Update your card: the stand-in's card page, a good card, back on the request page.
  await section.getByRole('button', { name: CARD_UPDATE_TEXTS.button }).click();
  await fillCardPage(page, TEST_CARDS.good);
  await page.waitForURL(/\/request/);
  await expect(page.getByRole('status').filter({ hasText: CARD_UPDATE_TEXTS.updated })).toHaveText(
    `${CARD_UPDATE_TEXTS.updated} ${MONEY_STATE_TEXTS.held}`,
  );
  await expect(
    page.getByRole('region', { name: CARD_UPDATE_TEXTS.heading }).getByText(MONEY_STATE_TEXTS.held),
  ).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);

  // At the stand-in: the declined hold, and the new card's hold waiting for capture.
  const intents = await intentsOf(jobId);
  expect(intents.map((intent) => intent.status).sort()).toEqual([
    'requires_capture',
    'requires_payment_method',
  ]);
  expect(intents.find((intent) => intent.status === 'requires_capture')).toMatchObject({
    amount: 24_000,
    capture_method: 'manual',
  });

  // A reload posts the same session again: still one hold.
  await page.reload();
  await expect(
    page.getByRole('status').filter({ hasText: CARD_UPDATE_TEXTS.updated }),
  ).toBeVisible();
  expect(await intentsOf(jobId)).toHaveLength(2);

  // The hauler's page no longer says the payment is not secured.
  await page.goto(jobPage);
  await expect(page.getByRole('heading', { name: 'Price and pickup' })).toBeVisible();
  await expect(page.getByText(HAULER_MONEY_TEXTS['hold-failed'])).toHaveCount(0);
});
