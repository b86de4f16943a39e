import { type Locator, type Page, expect, test } from '@playwright/test';
import { fillQuoteFields } from './helpers/local-stack';
import { pageIsLive, waitingPartsRendered } from './helpers/page-state';
import { makePhoto } from './helpers/photos';
import { MESSAGES } from '#contract/core/messages';

// Visual regression: what the visitor sees, compared pixel by pixel with the committed baselines
// in visual.spec.ts-snapshots/. Baselines are made with Debian's chromium and fonts-liberation,
// as in CI; after an intended visible change, regenerate them as the README says ("Visual
// regression tests") and commit them with the change.
//
// The threshold is tight on purpose: a per-pixel colour tolerance (0.2, Playwright's default)
// absorbs anti-aliasing, and at most 20 pixels may differ beyond it. A vanished label differs in
// hundreds of pixels (the white-on-white "Upload Photos for a Free Quote": 1,090 on a phone, 1,104 on a desktop).
const PIXELS = { threshold: 0.2, maxDiffPixels: 20 } as const;
// An upper bound, not a wait: a full-length screenshot takes seconds on a busy machine.
const STILL = { animations: 'disabled', caret: 'hide', scale: 'css', timeout: 20_000 } as const;

const PAGES = {
  home: '/',
  state: '/alabama',
  arizona: '/arizona',
  city: '/cities/phoenix',
  'blog-article': '/blog/preparing-for-bulk-trash-pickup',
  haulers: '/haulers',
  'not-found': '/no-such-page',
} as const;

const PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 1,
};
const DESKTOP = { viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 };

/** The page as it settles: hydrated, lazy code loaded, fonts and images decoded. */
async function settle(page: Page) {
  await pageIsLive(page);
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(
      [...document.images].map((image) =>
        image.complete ? undefined : image.decode().catch(() => undefined),
      ),
    );
  });
}

/**
 * The footer is rendered only as it comes near the window (`content-visibility: auto`,
 * docs/decisions/036-footer-rendered-when-near.md), and a full-length capture does not bring it
 * near: it would show it blank at its stand-in height. So the window is first made tall enough for
 * it to render once (it then keeps its real size), and then exactly as tall as the page, as if the
 * visitor saw all of it at once; the whole window is compared. (The body is at least a window
 * tall, hence the two steps: the page's own height is read back in the visitor's window.)
 */
async function wholePageInView(page: Page) {
  const visitorWindow = page.viewportSize()!;
  const pageHeight = () => page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: visitorWindow.width, height: 2 * (await pageHeight()) });
  await waitingPartsRendered(page);
  await page.setViewportSize(visitorWindow);
  await page.setViewportSize({ width: visitorWindow.width, height: await pageHeight() });
  await waitingPartsRendered(page);
}

async function fullPage(page: Page, name: string) {
  await settle(page);
  await wholePageInView(page);
  await expect(page).toHaveScreenshot(`${name}.png`, { fullPage: true, ...STILL, ...PIXELS });
}

/** A part of the page, without the fixed top bar (where it crosses the part depends on scrolling). */
async function element(locator: Locator, name: string) {
  // Through the CSSOM: the page's CSP refuses injected style sheets.
  await locator
    .page()
    .locator('header.fixed')
    .evaluate((header) => {
      header.style.visibility = 'hidden';
    });
  await expect(locator).toHaveScreenshot(`${name}.png`, { ...STILL, ...PIXELS });
}

async function showFormErrors(page: Page) {
  await page.goto('/');
  await settle(page);
  const form = page.locator('#quote-form');
  await form.getByRole('button', { name: 'Get My Free Quote' }).click();
  await expect(page.getByText('Please enter your city')).toBeVisible();
  return form;
}

test.describe('what a phone shows', () => {
  test.use(PHONE);

  for (const [name, path] of Object.entries(PAGES)) {
    test(`the ${name} page looks as it did`, async ({ page }) => {
      await page.goto(path);
      await fullPage(page, `${name}-phone`);
    });
  }

  test('the open mobile menu looks as it did', async ({ page }) => {
    await page.goto('/alabama');
    await settle(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.locator('#mobile-menu');
    await menu.locator('summary', { hasText: 'States' }).click();
    await expect(menu.getByRole('link', { name: 'Wyoming' })).toBeVisible();
    await expect(page).toHaveScreenshot('mobile-menu-phone.png', { ...STILL, ...PIXELS });
  });

  test('the form showing its errors looks as it did', async ({ page }) => {
    await element(await showFormErrors(page), 'form-errors-phone');
  });
});

test.describe('what a desktop shows', () => {
  test.use(DESKTOP);

  for (const [name, path] of Object.entries(PAGES)) {
    test(`the ${name} page looks as it did`, async ({ page }) => {
      await page.goto(path);
      await fullPage(page, `${name}-desktop`);
    });
  }

  test('the open States menu looks as it did', async ({ page }) => {
    // The page's timers wait for the test around the click: on a loaded machine the pointer's
    // 100 ms hover intent could open the list before the press, which then leaves focus on the
    // button (dropdown-typeahead.spec.ts says more).
    await page.clock.install();
    await page.goto('/alabama');
    await settle(page);
    await page.clock.pauseAt(Date.now() + 60_000);
    await page.getByRole('button', { name: 'States', exact: true }).click();
    await page.clock.runFor(50);
    await expect(page.getByRole('menu', { name: 'States' })).toBeFocused();
    await expect(page).toHaveScreenshot('states-menu-desktop.png', { ...STILL, ...PIXELS });
  });

  test('the form showing its errors looks as it did', async ({ page }) => {
    await element(await showFormErrors(page), 'form-errors-desktop');
  });

  test('the success and failure dialogs look as they did', async ({ page }) => {
    test.slow();
    await page.goto('/');
    await settle(page);
    const form = page.locator('#quote-form');
    const photos = form.locator('input[type=file][accept="image/*"]');
    const submit = form.getByRole('button', { name: 'Get My Free Quote' });
    const panel = page.getByRole('dialog').locator('[id^="headlessui-dialog-panel"]');

    await fillQuoteFields(page);
    await photos.setInputFiles([await makePhoto('a.jpg'), await makePhoto('b.jpg', { hue: 150 })]);
    await submit.click();
    await expect(page.getByRole('heading', { name: 'Quote Request Submitted' })).toBeVisible({
      timeout: 20_000,
    });
    await element(panel, 'success-dialog-desktop');
    await page.getByRole('button', { name: 'Got it' }).click();
    await page.getByRole('button', { name: MESSAGES.submittedAnother }).click();

    await page.route('**/api/send-booking-emails', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Down"}' }),
    );
    await fillQuoteFields(page);
    await photos.setInputFiles([await makePhoto('c.jpg'), await makePhoto('d.jpg', { hue: 250 })]);
    await submit.click();
    await expect(page.getByRole('heading', { name: 'Submission Failed' })).toBeVisible({
      timeout: 20_000,
    });
    await element(panel, 'failure-dialog-desktop');
  });
});
