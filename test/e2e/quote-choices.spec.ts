import { expect, test } from '@playwright/test';
import { formatPickupDate } from '#contract/core/calendar-date';
import { bookingMail, fillQuoteFields } from './helpers/local-stack';
import { makePhoto } from './helpers/photos';
import { CHOICE_MESSAGES } from '#contract/booking/job-choices';
import { MESSAGES } from '#contract/core/messages';
import { ESTIMATE_NOTE } from '#contract/booking/pricing';
import { holdRequests, pageIsLive } from './helpers/page-state';

test.describe('the ZIP does the typing', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/#quote-form');
    await pageIsLive(page);
  });

  test('five digits fill an empty City and State with the city and the state’s full name', async ({
    page,
  }) => {
    const form = page.locator('#quote-form');
    const zipFile = page.waitForResponse('**/zip/852.json');
    await form.getByLabel('Zip Code').fill('85201');
    expect((await zipFile).status()).toBe(200);
    await expect(form.getByLabel('City')).toHaveValue('Mesa');
    await expect(form.getByLabel('State')).toHaveValue('Arizona');
    await expect(form.getByRole('status').filter({ hasText: 'zip code' })).toHaveText(
      CHOICE_MESSAGES.zipFilled('Mesa, Arizona'),
    );

    // A corrected ZIP replaces what the ZIP filled in, but never what the visitor typed.
    await form.getByLabel('City').fill('Tempe Junction');
    await form.getByLabel('Zip Code').fill('99501');
    await expect(form.getByLabel('State')).toHaveValue('Alaska');
    await expect(form.getByLabel('City')).toHaveValue('Tempe Junction');
  });

  test('an unknown ZIP gets the spec’s message, which goes once the ZIP is fixed', async ({
    page,
  }) => {
    const form = page.locator('#quote-form');
    const zip = form.getByLabel('Zip Code');
    // No ZIP code starts with 000: there is no file for that prefix at all.
    await zip.fill('00000');
    await expect(form.getByText(MESSAGES.zipCodeInvalid)).toBeVisible();
    await expect(zip).toHaveAccessibleDescription(MESSAGES.zipCodeInvalid);
    await expect(form.getByLabel('City')).toHaveValue('');
    // 85200 is in a file that exists (852) but is not a ZIP code.
    await zip.fill('85200');
    await expect(form.getByText(MESSAGES.zipCodeInvalid)).toBeVisible();
    await zip.fill('35201');
    await expect(form.getByText(MESSAGES.zipCodeInvalid)).toHaveCount(0);
    await expect(form.getByLabel('City')).toHaveValue('Birmingham');
  });

  test('a city link’s ?zip= fills City and State too', async ({ page }) => {
    await page.goto('/?zip=36601');
    const form = page.locator('#quote-form');
    await expect(form.getByLabel('Zip Code')).toHaveValue('36601');
    await expect(form.getByLabel('City')).toHaveValue('Mobile');
    await expect(form.getByLabel('State')).toHaveValue('Alabama');
  });
});

test.describe('how much junk', () => {
  test('shows the national ranges, then the estimate follows the State field', async ({ page }) => {
    await page.goto('/#quote-form');
    await pageIsLive(page);
    const form = page.locator('#quote-form');
    const group = form.getByRole('group', { name: /How much junk\?/ });
    const estimates = group.getByTestId('load-size-estimate');
    await expect(group.getByRole('radio')).toHaveCount(5);
    await expect(estimates).toHaveText([
      '$75–$150',
      '$150–$250',
      '$250–$450',
      '$400–$650',
      '$550–$900',
    ]);
    await expect(group.getByText('Typical prices nationwide')).toBeVisible();
    await expect(group.getByText(ESTIMATE_NOTE, { exact: true })).toBeVisible();
    await expect(
      group.getByRole('radio', { name: /^A few items about 1\/8 of a truck/ }),
    ).toBeVisible();

    await form.getByLabel('State').fill('Alabama');
    await expect(group.getByText('Estimates for Alabama')).toBeVisible();
    await expect(estimates).toHaveText([
      '$100–$125',
      '$125–$165',
      '$165–$235',
      '$220–$310',
      '$275–$400',
    ]);

    // The ZIP fills the (now empty) State field, and the estimate follows it there too.
    await form.getByLabel('State').fill('');
    await form.getByLabel('Zip Code').fill('96813');
    await expect(form.getByLabel('State')).toHaveValue('Hawaii');
    await expect(estimates.first()).toHaveText('$200–$235');
    await expect(estimates.last()).toHaveText('$430–$600');
  });
});

test.describe('when', () => {
  test('a picked date runs from today to 30 days ahead, and a past date is refused', async ({
    page,
  }) => {
    await page.goto('/#quote-form');
    await pageIsLive(page);
    const form = page.locator('#quote-form');
    await expect(form.getByRole('radio', { name: 'As soon as possible' })).toBeChecked();
    await expect(form.getByRole('radio', { name: 'Any time' })).toBeChecked();
    await expect(form.getByLabel('Pickup date')).toHaveCount(0);

    await form.getByRole('radio', { name: 'Pick a date' }).check();
    const date = form.getByLabel('Pickup date');
    const [today, in30] = await page.evaluate(() => {
      const iso = (d: Date) =>
        `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
      const now = new Date();
      const later = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 30);
      return [iso(now), iso(later)];
    });
    await expect(date).toHaveAttribute('min', today);
    await expect(date).toHaveAttribute('max', in30);

    await date.fill('2020-01-01');
    await date.blur();
    await expect(form.getByText(CHOICE_MESSAGES.pickupDateOutOfRange)).toBeVisible();
    await expect(date).toHaveAccessibleDescription(CHOICE_MESSAGES.pickupDateOutOfRange);
    await date.fill(in30);
    await expect(form.getByText(CHOICE_MESSAGES.pickupDateOutOfRange)).toHaveCount(0);
  });
});

test("choices made before the form's code arrives are kept", async ({ page }) => {
  // A slow phone: the form's code arrives only after the visitor has chosen.
  const formCodeArrives = await holdRequests(page, '**/assets/quote-form-*.js');
  await page.goto('/');
  const form = page.locator('#quote-form');
  await form.getByRole('radio', { name: /^Full truck/ }).check();
  await form.getByRole('radio', { name: 'Tomorrow' }).check();
  await form.getByRole('radio', { name: 'Afternoon (12–5)' }).check();
  formCodeArrives();
  await pageIsLive(page);
  await expect(form.getByRole('radio', { name: /^Full truck/ })).toBeChecked();
  await expect(form.getByRole('radio', { name: 'Tomorrow' })).toBeChecked();
  await expect(form.getByRole('radio', { name: 'Afternoon (12–5)' })).toBeChecked();
  // And they are the form's values, not only the DOM's: they survive a reload as a draft.
  await page.reload();
  await pageIsLive(page);
  await expect(form.getByRole('radio', { name: /^Full truck/ })).toBeChecked();
  await expect(form.getByRole('radio', { name: 'Tomorrow' })).toBeChecked();
});

test.describe('a request with a size and a window', () => {
  // A visitor in Kiribati (UTC+14): their today is usually UTC's tomorrow. The lead keeps the
  // date they saw, and the server accepts it.
  test.use({ timezoneId: 'Pacific/Kiritimati' });

  test('carries both into the confirmation and the operations email', async ({ page, request }) => {
    const unique = `choices-${Date.now()}@example.com`;
    await page.goto('/#quote-form');
    await pageIsLive(page);
    const form = page.locator('#quote-form');
    await fillQuoteFields(page, { Email: unique });
    await form.getByRole('radio', { name: /^Half truck/ }).check();
    await form.getByRole('radio', { name: 'Tomorrow' }).check();
    await form.getByRole('radio', { name: 'Afternoon (12–5)' }).check();
    await form
      .locator('input[type=file][accept="image/*"]')
      .setInputFiles([await makePhoto('a.jpg'), await makePhoto('b.jpg', { hue: 200 })]);

    const booking = page.waitForRequest('**/api/send-booking-emails');
    await form.getByRole('button', { name: 'Get My Free Quote' }).click();
    await expect(page.getByRole('heading', { name: 'Quote Request Submitted' })).toBeVisible({
      timeout: 20_000,
    });
    const body = (await booking).postDataJSON() as Record<string, unknown>;
    const visitorTomorrow = await page.evaluate(() => {
      const d = new Date();
      const t = new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1);
      return `${t.getFullYear()}-${String(t.getMonth() + 1).padStart(2, '0')}-${String(t.getDate()).padStart(2, '0')}`;
    });
    expect(body).toMatchObject({
      loadSize: 'half',
      pickupDay: 'tomorrow',
      pickupDate: visitorTomorrow,
      pickupWindow: 'afternoon',
    });

    // Alabama, from the fixture: the half-truck estimate for Alabama.
    const summary = `Half truck · est. $165–$235 · ${formatPickupDate(visitorTomorrow)}, afternoon`;
    const { confirmation, notification } = await bookingMail(request, unique);
    expect(notification.body.text?.split('\n')[0]).toBe(summary);
    expect(notification.body.html).toContain(summary);
    for (const part of [confirmation.body.text, confirmation.body.html]) {
      expect(part).toContain('Half truck · est. $165–$235');
      expect(part).toContain(`${formatPickupDate(visitorTomorrow)}, afternoon`);
    }
  });
});
