import AxeBuilder from '@axe-core/playwright';
import { type Page, expect, test } from '@playwright/test';
import { undecidedContrastFailures } from './helpers/contrast';
import { fillQuoteFields } from './helpers/local-stack';
import { makePhoto } from './helpers/photos';
import { pageIsLive } from './helpers/page-state';
import { MESSAGES } from '#contract/core/messages';

/**
 * WCAG 2.2 A and AA plus axe's best practices; every violation is listed by rule and target. A
 * contrast axe files as "incomplete" but could measure counts too: white text on a white button
 * is reported there (equal colours), not as a violation.
 */
async function violations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return [
    ...results.violations.map(
      (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    ),
    ...undecidedContrastFailures(results),
  ];
}

test.describe('accessibility (axe-core)', () => {
  // axe walks every node of a long page; on a busy shared machine that alone passed 30 s.
  test.slow();
  for (const path of [
    '/',
    '/alabama',
    '/cities/phoenix',
    '/blog/preparing-for-bulk-trash-pickup',
    '/haulers',
    '/no-such-page',
  ]) {
    test(`${path} has no violations`, async ({ page }) => {
      await page.goto(path);
      await pageIsLive(page);
      expect(await violations(page)).toEqual([]);
    });
  }

  test('the hauler application showing its errors has no violations', async ({ page }) => {
    await page.goto('/haulers');
    await pageIsLive(page);
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await expect(page.getByText('Please enter your business name')).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test('the open States menu and the open FAQ have no violations', async ({ page }) => {
    await page.goto('/texas');
    await pageIsLive(page);
    await page.locator('#faq summary').first().click();
    await page.getByRole('button', { name: 'States' }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test('the chosen size, a picked date with its message and the filled ZIP have no violations', async ({
    page,
  }) => {
    await page.goto('/?zip=35201#quote-form');
    await pageIsLive(page);
    const form = page.locator('#quote-form');
    await expect(form.getByLabel('State')).toHaveValue('Alabama');
    await form.getByRole('radio', { name: /^Three-quarter truck/ }).check();
    await form.getByRole('radio', { name: 'Pick a date' }).check();
    await form.getByLabel('Pickup date').fill('2020-01-01');
    await form.getByLabel('Pickup date').blur();
    await expect(
      form.getByText('Please choose a pickup date from today to 30 days ahead'),
    ).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test('the form with its error messages has no violations', async ({ page }) => {
    await page.goto('/#quote-form');
    await pageIsLive(page);
    await page.locator('#quote-form').getByRole('button', { name: 'Get My Free Quote' }).click();
    await expect(page.getByText('Please enter your city')).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test('the success and failure dialogs have no violations', async ({ page }) => {
    test.slow();
    await page.goto('/#quote-form');
    await pageIsLive(page);
    const form = page.locator('#quote-form');
    await fillQuoteFields(page);
    await form
      .locator('input[type=file][accept="image/*"]')
      .setInputFiles([await makePhoto('a.jpg'), await makePhoto('b.jpg', { hue: 150 })]);
    await form.getByRole('button', { name: 'Get My Free Quote' }).click();
    await expect(page.getByRole('heading', { name: 'Quote Request Submitted' })).toBeVisible({
      timeout: 20_000,
    });
    expect(await violations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Got it' }).click();
    // In the form's place: the request sent, with its reference and page.
    await expect(page.getByRole('heading', { name: MESSAGES.submittedHeading })).toBeFocused();
    expect(await violations(page)).toEqual([]);
    await page.getByRole('button', { name: MESSAGES.submittedAnother }).click();

    // A failure: the booking call is refused before it reaches the server.
    await page.route('**/api/send-booking-emails', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Down"}' }),
    );
    await fillQuoteFields(page);
    await form
      .locator('input[type=file][accept="image/*"]')
      .setInputFiles([await makePhoto('c.jpg'), await makePhoto('d.jpg', { hue: 250 })]);
    await form.getByRole('button', { name: 'Get My Free Quote' }).click();
    await expect(page.getByRole('heading', { name: 'Submission Failed' })).toBeVisible({
      timeout: 20_000,
    });
    expect(await violations(page)).toEqual([]);
  });
});

test.describe('accessibility on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the open mobile menu has no violations', async ({ page }) => {
    await page.goto('/');
    await pageIsLive(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.locator('#mobile-menu summary', { hasText: 'States' }).click();
    expect(await violations(page)).toEqual([]);
  });
});
