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
import { moneyJobId } from '../../lambdas/shared/payments/money-runner';
import { axeViolations } from './helpers/axe';
import { acceptOnRequestPage, haulerNear, quotedRequest } from './helpers/booked-jobs';
import { buttonToken, mailWith } from './helpers/haulers';
import { intentsOf, runMoney, standInStripe } from './helpers/stack-money';
import { TEST_CARDS, fillCardPage, linkIn } from './helpers/quote-loop';
import { addDays, usToday } from '#contract/core/calendar-date';
import { pickupInstant } from '#contract/loop/jobs';
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

const stripe = standInStripe('sk_test_e2e_update_card');

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
  // Six days off: the hold is placed by the money job 4 days ahead, not at acceptance.
  const pickupDate = addDays(usToday(new Date()), 6);
  const { hauler, homeowner, submissionId, reference, viewToken } = await quotedRequest(request, {
    hauler: await haulerNear(request, MINNEAPOLIS, `North Loop Haul ${run}`),
    homeowner: `update-card-${run}@example.com`,
    place: MINNEAPOLIS,
    pickupDate,
  });
  const jobId = moneyJobId(submissionId, 1);

  // Accepted in the browser with the card that saves but declines later charges.
  await acceptOnRequestPage(page, viewToken, FAILS_LATER);
  await expect(page.getByRole('region', { name: 'Booked: give the address' })).toBeVisible();

  // The money job at the hold's time: the hold is declined, the homeowner emailed.
  const windowStart = pickupInstant(pickupDate, 'morning', 'start');
  const holdAt = new Date(windowStart.getTime() - PAYMENT_TERMS.holdLeadHours * HOUR + 60_000);
  expect((await runMoney(request, jobId, holdAt)).jobs).toEqual([
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
  const intents = await intentsOf(stripe, jobId);
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
  expect(await intentsOf(stripe, jobId)).toHaveLength(2);

  // The hauler's page no longer says the payment is not secured.
  await page.goto(jobPage);
  await expect(page.getByRole('heading', { name: 'Price and pickup' })).toBeVisible();
  await expect(page.getByText(HAULER_MONEY_TEXTS['hold-failed'])).toHaveCount(0);
});
