import { type Page, expect } from '@playwright/test';

/** An upper bound, not a wait: on a busy machine hydrating the home page takes seconds. */
const HYDRATION = { timeout: 20_000 };

/**
 * Waits until the page's scripts have taken over everything they bring to life, by states a
 * visitor (or a screen reader) can observe: never by the network going quiet, never by time.
 * - The top bar: the phone menu's toggle says whether the menu is open (`aria-expanded`). The
 *   pre-rendered toggle has no such attribute; the script sets it when it takes the menu over.
 *   On a content page that script waits for the visitor to come to the top bar
 *   (docs/decisions/035-header-island-on-intent.md), so the pointer comes over it first
 *   (`comeToTopBar`).
 * - In a desktop-wide window, the dropdowns are the real menus: their buttons announce a menu
 *   (`aria-haspopup`), which the native stand-ins do not.
 * - Where the page has the quote form or the hauler forms, their submit buttons are enabled: each
 *   stays disabled until the form has hydrated, which waits until the visitor comes near the
 *   button or touches the form (frontend/shared/hydration/when-needed.ts). So the page is scrolled to the
 *   button, as a visitor would, then back to where it was.
 */
export async function pageIsLive(page: Page) {
  await comeToTopBar(page);
  await expect(
    page.getByRole('banner').locator('button[aria-controls="mobile-menu"]'),
  ).toHaveAttribute('aria-expanded', /^(true|false)$/, HYDRATION);
  if (await page.evaluate(() => matchMedia('(min-width: 768px)').matches)) {
    for (const label of ['States', 'Blog']) {
      await expect(
        page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: label }),
      ).toHaveAttribute('aria-haspopup', 'menu', HYDRATION);
    }
  }
  // A form is in the pre-rendered HTML, so whether the page has one is known at once.
  for (const submit of ['#quote-submit', '#hauler-apply-submit', '#fresh-link-submit']) {
    if ((await page.locator(submit).count()) > 0) {
      const at = await page.evaluate(() => [window.scrollX, window.scrollY] as const);
      await page.locator(submit).scrollIntoViewIfNeeded();
      await expect(page.locator(submit)).toBeEnabled(HYDRATION);
      await page.evaluate(([x, y]) => window.scrollTo(x, y), at);
    }
  }
}

/**
 * The visitor's pointer comes over the top bar, once the page can notice it: a content page's
 * island listens once its modules are being fetched (`prefetch`, decision 035); a page that
 * hydrates the app needs no visitor for its top bar, and its toggle says so when it has.
 * An event, not a hover: nothing on the page changes its look.
 */
export async function comeToTopBar(page: Page, wait = HYDRATION) {
  await page.waitForFunction(
    () => document.querySelector('link[rel="prefetch"], button[aria-controls][aria-expanded]'),
    undefined,
    wait,
  );
  await page.getByRole('banner').dispatchEvent('pointerover');
}

/** The paths of the scripts the page asks for from now on, in order, as they are asked for. */
export function scriptsRequested(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') paths.push(new URL(request.url()).pathname);
  });
  return paths;
}

/**
 * Holds every request matching `pattern` (e.g. the page's scripts) until the returned function
 * is called: what they bring provably cannot happen before.
 */
export async function holdRequests(page: Page, pattern: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/**
 * Waits until the browser has rendered every part of the page that waits for the visitor to come
 * near (`content-visibility: auto`, docs/decisions/036-footer-rendered-when-near.md): found by its
 * style, not by a class, so a part added later is waited for too.
 */
export async function waitingPartsRendered(page: Page) {
  await page.waitForFunction(() =>
    [...document.querySelectorAll('body *')].every(
      (element) =>
        getComputedStyle(element).contentVisibility !== 'auto' ||
        (element.firstElementChild ?? element).checkVisibility({ contentVisibilityAuto: true }),
    ),
  );
}
