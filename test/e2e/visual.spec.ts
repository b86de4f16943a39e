import { type Locator, type Page, expect, test } from '@playwright/test';
import { fillQuoteFields } from './helpers/local-stack';
import { pageIsLive, waitingPartsRendered } from './helpers/page-state';
import { makePhoto } from './helpers/photos';
import {
  HAULER_ACCOUNT,
  HAULER_VIEWS,
  HOMEOWNER_VIEWS,
  NOW,
  PHOTO_PREFIX,
  SUBMITTED,
  TIMEZONE,
} from './helpers/visual-views';
import { API_PATHS } from '#contract/core/api';
import { MESSAGES } from '#contract/core/messages';
import { HAULER_PAGE_PATHS, LOOP_PAGE_PATHS } from '#contract/core/pages';
import { HAULER_MONEY_TEXTS } from '#contract/money/payments';

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

/**
 * The pages behind signed links. Each reads its view with one POST (the token from the fragment,
 * frontend/shared/api/use-signed-view.ts); here that POST is answered from a typed fixture
 * (helpers/visual-views.ts) and the browser's clock and time zone are fixed. Why not the real
 * stack: its references are random, its dates follow today's, and reaching "done, asking for a
 * rating" takes a dozen steps through other functions, so a baseline would differ each day and
 * on each machine. The fixtures use the contract's view types, so they cannot drift from what the
 * functions answer; the flows themselves are the other e2e specs' to test.
 */
async function openSigned(page: Page, pagePath: string, apiPath: string, body: object) {
  await page.clock.setFixedTime(NOW);
  await page.route(`**${apiPath}`, (route) => route.fulfill({ json: body }));
  await page.route(`**${PHOTO_PREFIX}*`, (route) =>
    route.fulfill({ path: 'test/fixtures/media/photo.jpg', contentType: 'image/jpeg' }),
  );
  await page.goto(`${pagePath}#t=visual`);
}

type Shown = (page: Page) => Locator;

/** Each state of a signed page, and what is on screen once it has rendered all of it. */
const SIGNED_PAGES: Record<string, { open: (page: Page) => Promise<void>; shown: Shown }> = {
  ...Object.fromEntries(
    Object.entries(HOMEOWNER_VIEWS).map(([state, lead]) => [
      `request ${state}`,
      {
        open: (page: Page) => openSigned(page, LOOP_PAGE_PATHS.request, API_PATHS.lead, { lead }),
        // The last card: the page shows its parts together, once the job's panel has loaded.
        shown: (page: Page) => page.getByRole('heading', { name: 'Status', exact: true }),
      },
    ]),
  ),
  'hauler home': {
    open: (page) =>
      openSigned(page, HAULER_PAGE_PATHS.account, API_PATHS.account, { account: HAULER_ACCOUNT }),
    shown: (page) => page.getByRole('heading', { name: 'Done jobs' }),
  },
  'hauler offer': {
    open: (page) =>
      openSigned(page, HAULER_PAGE_PATHS.quote, API_PATHS.lead, { lead: HAULER_VIEWS.offer }),
    shown: (page) => page.getByRole('button', { name: 'Send the quote' }),
  },
};

/**
 * The signed page's own part, below the top bar and above the footer (both in the public pages'
 * baselines). Not the whole page: the part is at least a window tall (min-h-svh, so the footer
 * does not jump when the view arrives), and in a window made as tall as the page it would fill
 * it, drawing a window's height of blank above the footer.
 */
async function signedContent(page: Page, name: string) {
  await settle(page);
  await element(page.locator('section:has(> h1)'), name);
}

const slug = (name: string) => name.replaceAll(' ', '-');

/** The job page as the driver holds it: its top, and the bar kept at the window's bottom. */
/** The job page's first screen, the driver's bar at its foot (an element shot would cut it in). */
type HaulerJobView = (typeof HAULER_VIEWS)['job' | 'job-hold-failed'];

async function driverBar(page: Page, name: string, lead: HaulerJobView = HAULER_VIEWS.job) {
  await openSigned(page, HAULER_PAGE_PATHS.job, API_PATHS.lead, { lead });
  if ('money' in lead.job && lead.job.money === 'hold-failed') {
    await expect(page.getByText(HAULER_MONEY_TEXTS['hold-failed'])).toBeVisible();
  }
  await expect(
    page.getByRole('region', { name: 'Next step' }).getByRole('button', { name: 'On my way' }),
  ).toBeVisible();
  await settle(page);
  await expect(page).toHaveScreenshot(`${name}.png`, { ...STILL, ...PIXELS });
}

/** The quote form's place once a request is sent: its reference and the request page's link. */
async function submitted(page: Page) {
  await page.goto('/');
  await settle(page);
  const form = page.locator('#quote-form');
  await page.route('**/api/send-booking-emails', (route) => route.fulfill({ json: SUBMITTED }));
  await fillQuoteFields(page);
  await form
    .locator('input[type=file][accept="image/*"]')
    .setInputFiles([await makePhoto('a.jpg'), await makePhoto('b.jpg', { hue: 150 })]);
  await form.getByRole('button', { name: 'Get My Free Quote' }).click();
  const toast = page.getByTestId('toast');
  await expect(toast).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: MESSAGES.successButton }).click();
  // Said in the dialog and closed: no toast is left over the link for its last seconds.
  await expect(toast).toHaveCount(0);
  const section = page.getByRole('region', { name: MESSAGES.submittedHeading });
  await expect(section.getByRole('link', { name: MESSAGES.submittedView })).toBeVisible();
  return section;
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

  // The signed pages' local times read as in Phoenix, on any machine.
  test.describe('behind signed links', () => {
    test.use({ timezoneId: TIMEZONE });

    for (const [name, { open, shown }] of Object.entries(SIGNED_PAGES)) {
      test(`the ${name} page looks as it did`, async ({ page }) => {
        await open(page);
        await expect(shown(page)).toBeVisible();
        await signedContent(page, `${slug(name)}-phone`);
      });
    }

    test('the hauler job page with the driver’s bar looks as it did', async ({ page }) => {
      await driverBar(page, 'hauler-job-phone');
    });

    test('the hauler job page while the homeowner’s hold has failed looks as it did', async ({
      page,
    }) => {
      await driverBar(page, 'hauler-job-hold-failed-phone', HAULER_VIEWS['job-hold-failed']);
    });

    test('the sent request’s confirmation looks as it did', async ({ page }) => {
      test.slow();
      await element(await submitted(page), 'submitted-phone');
    });
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

  // The signed pages' local times read as in Phoenix, on any machine.
  test.describe('behind signed links', () => {
    test.use({ timezoneId: TIMEZONE });

    for (const [name, { open, shown }] of Object.entries(SIGNED_PAGES)) {
      test(`the ${name} page looks as it did`, async ({ page }) => {
        await open(page);
        await expect(shown(page)).toBeVisible();
        await signedContent(page, `${slug(name)}-desktop`);
      });
    }

    test('the hauler job page with the driver’s bar looks as it did', async ({ page }) => {
      await driverBar(page, 'hauler-job-desktop');
    });

    test('the hauler job page while the homeowner’s hold has failed looks as it did', async ({
      page,
    }) => {
      await driverBar(page, 'hauler-job-hold-failed-desktop', HAULER_VIEWS['job-hold-failed']);
    });

    test('the sent request’s confirmation looks as it did', async ({ page }) => {
      test.slow();
      await element(await submitted(page), 'submitted-desktop');
    });
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
