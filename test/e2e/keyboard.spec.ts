import { expect, test } from '@playwright/test';
import { VALID_FIELDS } from './helpers/local-stack';
import { makePhoto } from './helpers/photos';

test('the whole quote flow can be completed with the keyboard alone', async ({ page }) => {
  await page.goto('/');
  await page.waitForLoadState('networkidle');

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

  // The seven fields, in order, by Tab and typing.
  for (const value of Object.values(VALID_FIELDS)) {
    await page.keyboard.press('Tab');
    await page.keyboard.type(value);
  }
  await expect(page.locator('#quote-form').getByLabel('Description')).toHaveValue(
    VALID_FIELDS.Description,
  );

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
  await expect(page.locator('[role=dialog]')).toHaveCount(0);
  // Focus lands back in a fresh form.
  await expect(page.locator('#quote-form').getByLabel('Name')).toBeFocused();
});
