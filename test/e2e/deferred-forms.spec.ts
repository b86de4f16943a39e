import { expect, test } from '@playwright/test';
import { certificatePdf } from './helpers/haulers';
import { comeToTopBar, holdRequests, pageIsLive } from './helpers/page-state';
import { HAULER_TEXTS } from '#contract/haulers/hauler-api';

// A phone does not load, run and hydrate a page's form until the visitor comes near it or touches
// it (frontend/shared/hydration/when-needed.ts): the page looks the same, and nothing entered meanwhile is
// lost.

test.describe('a form far below the first screen waits for the visitor', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  for (const { form, path, code, submit } of [
    { form: 'quote form', path: '/', code: '**/assets/quote-form-*.js', submit: '#quote-submit' },
    {
      form: 'hauler application',
      path: '/haulers',
      code: '**/assets/application-form-*.js',
      submit: '#hauler-apply-submit',
    },
    {
      form: 'fresh-link form',
      path: '/haulers',
      code: '**/assets/fresh-link-form-*.js',
      submit: '#fresh-link-submit',
    },
  ]) {
    test(`the ${form}'s code on ${path} loads only once the visitor scrolls towards its button`, async ({
      page,
    }) => {
      const requested: string[] = [];
      page.on('request', (request) => requested.push(request.url()));
      await page.goto(path);
      // The rest of the page is live (its top bar hydrated, which on the home page waits for the
      // pointer to come to it, decision 041) and the form is not.
      await comeToTopBar(page);
      await expect(
        page.getByRole('banner').locator('button[aria-controls="mobile-menu"]'),
      ).toHaveAttribute('aria-expanded', 'false');
      const formCode = new RegExp(code.replace('**/assets/', '/assets/').replace('*', '[^/]*'));
      expect(requested.filter((url) => formCode.test(url))).toEqual([]);
      await expect(page.locator(submit)).toBeDisabled();

      const loaded = page.waitForRequest(code);
      await page.locator(submit).scrollIntoViewIfNeeded();
      await loaded;
      await expect(page.locator(submit)).toBeEnabled();
    });
  }

  test('what is entered in the hauler application before its code arrives is kept', async ({
    page,
  }) => {
    const formCodeArrives = await holdRequests(page, '**/assets/application-form-*.js');
    await page.goto('/haulers');
    const form = page.locator('#apply');
    await form.getByLabel('Business name').fill('Early Hauling');
    await form.getByLabel('Email').fill('early@example.com');
    await form.getByRole('radio', { name: '10 miles' }).check();
    await form.getByLabel('Insurance certificate').setInputFiles({
      name: 'certificate.pdf',
      mimeType: 'application/pdf',
      buffer: certificatePdf(),
    });
    await form.getByRole('checkbox').check();
    await expect(page.locator('#hauler-apply-submit')).toBeDisabled();
    formCodeArrives();
    await pageIsLive(page);
    await page.getByRole('button', { name: HAULER_TEXTS.applyButton }).click();
    // The form knows what was entered: only the fields left empty get a message.
    await expect(form.getByLabel('Your name')).toHaveAttribute('aria-invalid', 'true');
    for (const label of ['Business name', 'Email']) {
      await expect(form.getByLabel(label)).not.toHaveAttribute('aria-invalid', 'true');
    }
    await expect(form.getByLabel('Business name')).toHaveValue('Early Hauling');
    await expect(form.getByRole('radio', { name: '10 miles' })).toBeChecked();
    await expect(form.getByRole('radiogroup', { name: /Service radius/ })).not.toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expect(form.getByRole('checkbox')).toBeChecked();
    await expect(form.getByLabel('Insurance certificate')).not.toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });
});
