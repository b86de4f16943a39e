/**
 * "Set up payouts" against the running local stack and its Stripe stand-in (issue 39 flow 1,
 * decision 055): the hauler page's button leads to the hosted onboarding and back, where the page
 * reads the state again and says payouts are enabled; a hauler without payouts reads an offer but
 * cannot quote, is told why and led to their page. Haulers work around 02108 (Boston), where no
 * other spec's do.
 */
import { expect, test } from '@playwright/test';
import { axeViolations } from './helpers/axe';
import { approvedHauler, buttonToken, mailWith } from './helpers/haulers';
import { bookLead, postJson, runOffers } from './helpers/quote-loop';
import { API_PATHS } from '#contract/core/api';
import { addDays, usToday } from '#contract/core/calendar-date';
import { PAYOUT_TEXTS } from '#contract/money/payments';

const BOSTON = { zipCode: '02108', city: 'Boston', state: 'Massachusetts' };
const run = Date.now().toString(36);

test.describe('payouts', () => {
  test.slow();

  test('a hauler sets up payouts: the button, Stripe’s onboarding page, and back to "enabled"', async ({
    page,
    request,
  }) => {
    const hauler = await approvedHauler(
      request,
      { businessName: `Beacon Haul ${run}`, baseZipCode: '02108', serviceRadiusMiles: 10 },
      { payouts: false },
    );
    await page.goto(`/haulers/account#t=${hauler.manageToken}`);
    const payouts = page.getByRole('region', { name: PAYOUT_TEXTS.heading });
    await expect(payouts.getByText(PAYOUT_TEXTS.states['not-started'])).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await payouts.getByRole('button', { name: PAYOUT_TEXTS.setUpButton }).click();
    await expect(page.getByRole('heading', { name: /^Set up payouts with/ })).toBeVisible();
    await page.getByLabel('Your full name').fill('Pat Beacon');
    await page.getByRole('button', { name: 'Agree and submit' }).click();

    await expect(page).toHaveURL(/\/haulers\/account\?payouts=back#t=/);
    await expect(payouts.getByText(PAYOUT_TEXTS.states.enabled)).toBeVisible();
    await expect(payouts.getByRole('button')).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
  });

  test('a hauler without payouts reads the offer, cannot quote, and is led to set them up', async ({
    page,
    request,
  }) => {
    const hauler = await approvedHauler(
      request,
      { businessName: `Harbor Junk ${run}`, baseZipCode: '02108', serviceRadiusMiles: 10 },
      { payouts: false },
    );
    const homeowner = `home-payouts-${run}@example.com`;
    const asked = addDays(usToday(new Date()), 3);
    const { submissionId } = await bookLead(request, homeowner, {
      fields: { ...BOSTON, pickupDay: 'date', pickupDate: asked, pickupWindow: 'morning' },
    });
    await runOffers(request, submissionId, new Date());
    const offer = await mailWith(request, /^New job near 02108/, hauler.email, submissionId);
    const offerToken = buttonToken(offer, 'Send a quote');

    // The server refuses the quote, with the sentence the page shows.
    const refused = await postJson(request, API_PATHS.sendQuote, {
      token: offerToken,
      quote: { priceDollars: 260, pickupDate: asked, pickupWindow: 'morning', hauler: 'x' },
    });
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.json)).toContain(PAYOUT_TEXTS.quoteRefused);

    await page.goto(`/haulers/quote#t=${offerToken}`);
    await expect(page.getByText(PAYOUT_TEXTS.quoteRefused)).toBeVisible();
    await expect(page.getByRole('region', { name: 'The job' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Send a quote' })).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('link', { name: PAYOUT_TEXTS.openHaulerPage }).click();
    await expect(page.getByRole('button', { name: PAYOUT_TEXTS.setUpButton })).toBeVisible();
  });
});
