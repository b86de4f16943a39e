import { expect, test } from '@playwright/test';
import { MESSAGES } from '#contract/core/messages';
import { VALID_FIELDS } from './helpers/local-stack';
import { makePhoto } from './helpers/photos';
import { pageIsLive } from './helpers/page-state';

test('the whole quote flow can be completed with the keyboard alone', async ({ page }) => {
  // The whole flow key by key, uploads and submission included: the longest test there is.
  test.slow();
  await page.goto('/');
  await pageIsLive(page);

  // From the top of the page: skip link, then the hero button takes the visitor to the form.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  const hero = page.getByRole('link', { name: 'Get My Free Quote' });
  for (let i = 0; i < 10 && !(await hero.evaluate((el) => el === document.activeElement)); i += 1) {
    await page.keyboard.press('Tab');
  }
  await expect(hero).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#quote-form')).toBeFocused();

  // The fields in screen order, by Tab and typing: the ZIP comes before City and State and
  // fills them, so Tab passes over them filled.
  const form = page.locator('#quote-form');
  for (const label of ['Name', 'Phone', 'Email', 'Zip Code'] as const) {
    await page.keyboard.press('Tab');
    await page.keyboard.type(VALID_FIELDS[label]);
  }
  await expect(form.getByLabel('City')).toHaveValue(VALID_FIELDS.City);
  await expect(form.getByLabel('State')).toHaveValue(VALID_FIELDS.State);
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('City')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('State')).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.type(VALID_FIELDS.Description);
  await expect(form.getByLabel('Description')).toHaveValue(VALID_FIELDS.Description);

  // "How much junk?": one Tab stop; arrow keys move through the sizes and choose.
  await page.keyboard.press('Tab');
  await expect(form.getByRole('radio', { name: /^A few items/ })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(form.getByRole('radio', { name: /^Half truck/ })).toBeChecked();
  await expect(form.getByRole('radio', { name: /^Half truck/ })).toBeFocused();

  // "When?": the day group, then the window group, each one Tab stop with arrow keys inside.
  await page.keyboard.press('Tab');
  await expect(form.getByRole('radio', { name: 'As soon as possible' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(form.getByRole('radio', { name: 'Tomorrow' })).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(form.getByRole('radio', { name: 'Any time' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(form.getByRole('radio', { name: 'Morning (8–12)' })).toBeChecked();

  // The photo picker opens the file chooser from the keyboard.
  await page.keyboard.press('Tab');
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (
    await chooser
  ).setFiles([await makePhoto('one.jpg'), await makePhoto('two.jpg', { hue: 200 })]);
  await expect(page.getByText('(2/10)')).toBeVisible();

  // On to the submit button (past the two remove buttons and the disabled video picker).
  const submit = page.locator('#quote-submit');
  for (
    let i = 0;
    i < 8 && !(await submit.evaluate((el) => el === document.activeElement));
    i += 1
  ) {
    await page.keyboard.press('Tab');
  }
  await expect(submit).toBeFocused();
  await page.keyboard.press('Enter');

  const gotIt = page.getByRole('button', { name: 'Got it' });
  await expect(gotIt).toBeFocused({ timeout: 20_000 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // Focus lands on the request sent; past its page's link, "Send another request" gives a fresh form.
  await expect(form.getByRole('heading', { name: MESSAGES.submittedHeading })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(form.getByRole('link', { name: MESSAGES.submittedView })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(form.getByRole('button', { name: MESSAGES.submittedAnother })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(form.getByLabel('Name')).toBeFocused();
  await expect(form.getByLabel('Name')).toHaveValue('');
});
