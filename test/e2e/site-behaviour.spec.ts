import { type Page, expect, test } from '@playwright/test';
import { states } from '../../frontend/content/states';
import { pageIsLive, scriptsRequested } from './helpers/page-state';

/** Marks the document shown now, so that a test can tell a client-side navigation from a new one. */
async function markDocument(page: Page) {
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
}

/** Whether the document shown is still the one `markDocument` marked. */
function isSameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => 'sameDocument' in window);
}

test.describe('the site in a browser', () => {
  test('loads every page type without a console error or a CSP violation', async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    for (const path of [
      '/',
      '/alabama',
      '/cities/tucson',
      '/blog/preparing-for-bulk-trash-pickup',
    ]) {
      await page.goto(path);
      await expect(page.locator('h1')).toBeVisible();
      // Every script the page runs has run: an error or a refused script would show by then.
      await pageIsLive(page);
    }
    expect(problems).toEqual([]);
  });

  test('the not-found page stays after hydration and logs the attempted path', async ({ page }) => {
    // The app logs the path once it has hydrated the page.
    const logged = page.waitForEvent('console', (message) =>
      message.text().includes('/some/missing/page'),
    );
    const response = await page.goto('/some/missing/page');
    expect(response?.status()).toBe(404);
    await logged;
    await expect(page.getByRole('heading', { level: 1, name: '404' })).toBeVisible();
    await expect(page.getByText('Oops! Page not found')).toBeVisible();
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Nationwide Bulk Trash Pickup',
    );
  });

  test('the States dropdown lists all 50 states in a scrollable list at most 400px tall', async ({
    page,
  }) => {
    await page.goto('/');
    await pageIsLive(page);
    await page.getByRole('button', { name: 'States' }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveCount(50);
    const box = await menu.boundingBox();
    expect(box!.height).toBeLessThanOrEqual(400);
    const overflow = await menu.evaluate((el) => ({
      scrollable: el.scrollHeight > el.clientHeight,
      style: getComputedStyle(el).overflowY,
    }));
    expect(overflow).toEqual({ scrollable: true, style: 'auto' });
    await menu.getByRole('menuitem', { name: 'Wyoming' }).click();
    await expect(page).toHaveURL('/wyoming');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Wyoming Bulk Trash Pickup');
    await expect(page.getByRole('menu')).toHaveCount(0);
  });

  test('the Blog dropdown works by keyboard alone', async ({ page }) => {
    await page.goto('/');
    await pageIsLive(page);
    await page.getByRole('button', { name: 'Blog' }).focus();
    await page.keyboard.press('Enter');
    const items = page.getByRole('menuitem');
    await expect(items).toHaveText([
      'Bulk Trash vs Junk Removal',
      'Preparing for Bulk Trash Pickup',
    ]);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/blog/preparing-for-bulk-trash-pickup');
    await page.keyboard.press('Escape');
  });

  test('a dropdown opens on hover after a short delay and closes after the pointer leaves', async ({
    page,
  }) => {
    await page.goto('/');
    await pageIsLive(page);
    await page.getByRole('button', { name: 'Blog' }).hover();
    await expect(page.getByRole('menu')).toBeVisible();
    await page.mouse.move(5, 600);
    await expect(page.getByRole('menu')).toHaveCount(0);
  });

  test('a click on a dropdown that hover has just opened keeps it open; the next click closes it', async ({
    page,
  }) => {
    await page.goto('/alabama');
    await pageIsLive(page);
    const button = page.getByRole('button', { name: 'States', exact: true });
    await button.hover();
    await expect(page.getByRole('menu', { name: 'States' })).toBeVisible();
    // The visitor meant to open it: their click must not be the one that closes it.
    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('menu', { name: 'States' })).toBeVisible();
    await button.click();
    await expect(page.getByRole('menu')).toHaveCount(0);
  });

  test('Escape closes a dropdown that hover opened and a click kept open', async ({ page }) => {
    await page.goto('/alabama');
    await pageIsLive(page);
    const button = page.getByRole('button', { name: 'States', exact: true });
    await button.hover();
    await expect(page.getByRole('menu', { name: 'States' })).toBeVisible();
    // The press puts focus on the button, outside the list that handles Escape.
    await button.click();
    await expect(page.getByRole('menu', { name: 'States' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expect(button).toBeFocused();
  });

  test('the FAQ keeps one answer open at a time and can be collapsed', async ({ page }) => {
    await page.goto('/');
    const faq = page.locator('#faq details');
    await expect(faq).toHaveCount(6);
    await faq.nth(0).locator('summary').click();
    await expect(faq.nth(0)).toHaveAttribute('open', '');
    await faq.nth(2).locator('summary').click();
    await expect(faq.nth(2)).toHaveAttribute('open', '');
    await expect(faq.nth(0)).not.toHaveAttribute('open');
    await expect(page.locator('#faq details[open]')).toHaveCount(1);
    await faq.nth(2).locator('summary').click();
    await expect(page.locator('#faq details[open]')).toHaveCount(0);
  });

  test('the hero button scrolls to the quote form', async ({ page }) => {
    await page.goto('/');
    await pageIsLive(page);
    const formTop = () =>
      page.locator('#quote-form').evaluate((el) => el.getBoundingClientRect().top);
    expect(await formTop()).toBeGreaterThan(300);
    await page.getByRole('link', { name: 'Get My Free Quote' }).click();
    // It lands just below the fixed top bar (scroll-padding-top), focused for keyboard users.
    await expect.poll(formTop).toBeLessThan(100);
    await expect.poll(formTop).toBeGreaterThanOrEqual(0);
    await expect(page.locator('#quote-form')).toBeFocused();
  });

  test('the footer call to action scrolls back up to the quote form', async ({ page }) => {
    await page.goto('/');
    await pageIsLive(page);
    await page.getByRole('link', { name: 'Upload Photos for a Free Quote' }).click();
    await expect
      .poll(() => page.locator('#quote-form').evaluate((el) => el.getBoundingClientRect().top))
      .toBeLessThan(100);
  });

  test('a navigation scrolls to the top of the new page', async ({ page }) => {
    await page.goto('/');
    await pageIsLive(page);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Texas' }).click();
    await expect(page).toHaveURL('/texas');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Texas Bulk Trash Pickup');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('a city link opens the form with its ZIP code in the address', async ({ page }) => {
    const alabama = states[0]!;
    await page.goto(`/${alabama.slug}`);
    await pageIsLive(page);
    await page.getByRole('link', { name: 'Get started →' }).first().click();
    await expect(page).toHaveURL(`/?zip=${alabama.cities[0].zip}`);
  });

  test('the content reads without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/colorado');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Colorado Bulk Trash Pickup');
    await page.locator('#faq summary').first().click();
    await expect(page.locator('#faq details').first()).toHaveAttribute('open', '');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Utah' }).click();
    await expect(page).toHaveURL('/utah');
    await context.close();
  });

  test('a state page hydrates its header alone: React without React Router, and links that load documents', async ({
    page,
  }) => {
    const scripts = scriptsRequested(page);
    await page.goto('/alabama');
    await pageIsLive(page);
    expect(scripts.some((path) => path.startsWith('/assets/header-island-'))).toBe(true);
    expect(scripts.some((path) => path.startsWith('/assets/react-'))).toBe(true);
    expect(
      scripts.filter((path) => /\/assets\/(router|entry\.client|manifest)-/.test(path)),
    ).toEqual([]);
    // The header is live (Headless UI's menu), so hydration happened.
    await page.getByRole('button', { name: 'Blog' }).click();
    await markDocument(page);
    await page.getByRole('menuitem', { name: 'Bulk Trash vs Junk Removal' }).click();
    await expect(page).toHaveURL('/blog/bulk-trash-vs-junk-removal');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bulk Trash vs Junk Removal');
    // A new document: what the old one held is gone.
    expect(await isSameDocument(page)).toBe(false);
  });

  test('a state page runs no script until the visitor comes to its top bar, then its menus are the real ones', async ({
    page,
  }) => {
    const ran = scriptsRequested(page);
    await page.goto('/alabama');
    // Its bootstrap has run: the island's modules are being fetched, into the cache only.
    await expect(
      page.locator('head link[rel="prefetch"][href*="/assets/header-island-"]'),
    ).toHaveCount(1);
    const toggle = page.getByRole('banner').locator('button[aria-controls="mobile-menu"]');
    // Reading and scrolling the page wakes nothing.
    await page.mouse.move(200, 600);
    await page.mouse.wheel(0, 800);
    await page.mouse.move(300, 500);
    await expect(toggle).not.toHaveAttribute('aria-expanded');
    await expect(page.locator('[aria-haspopup]')).toHaveCount(0);
    expect(ran).toEqual([]);

    // The pointer on its way to the top bar starts the island, which takes the menus over.
    await page.getByRole('banner').hover({ position: { x: 5, y: 5 } });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(ran.some((path) => path.startsWith('/assets/header-island-'))).toBe(true);
    await page.getByRole('button', { name: 'States' }).click();
    await expect(page.getByRole('menu', { name: 'States' })).toBeVisible();
  });

  test('the home page loads no React until the visitor comes to its top bar or its form, then only its islands, and its links load documents', async ({
    page,
  }) => {
    const scripts = scriptsRequested(page);
    await page.goto('/');
    // After load, only the form's island: a few hundred bytes that wait for the form.
    await expect(
      page.locator('head link[rel="prefetch"][href*="/assets/header-island-"]'),
    ).toHaveCount(1);
    await expect
      .poll(() => scripts.some((path) => path.startsWith('/assets/form-island-')))
      .toBe(true);
    expect(scripts.filter((path) => /\/assets\/(react|router|quote-form)-/.test(path))).toEqual([]);

    // The top bar and the form come alive on their own, without React Router.
    await pageIsLive(page);
    expect(scripts.some((path) => path.startsWith('/assets/header-island-'))).toBe(true);
    expect(scripts.some((path) => path.startsWith('/assets/quote-form-island-'))).toBe(true);
    expect(
      scripts.filter((path) => /\/assets\/(router|entry\.client|manifest)-/.test(path)),
    ).toEqual([]);

    // A link loads the next page as a document.
    await markDocument(page);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Ohio' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ohio Bulk Trash Pickup');
    expect(await isSameDocument(page)).toBe(false);
  });

  test('from a page that hydrates the app, navigation stays client-side even to the home page and a content page', async ({
    page,
  }) => {
    await page.goto('/haulers');
    await pageIsLive(page);
    await markDocument(page);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Ohio' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ohio Bulk Trash Pickup');
    expect(await isSameDocument(page)).toBe(true);
    // The client-rendered state page works as the pre-rendered one does.
    await page.getByRole('button', { name: 'States' }).click();
    await page.getByRole('menuitem', { name: 'Utah' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Utah Bulk Trash Pickup');
    expect(await isSameDocument(page)).toBe(true);
    // The client-rendered home page's form works too: its code loads at once.
    await page.getByRole('link', { name: 'Get My Free Quote' }).first().click();
    await expect(page).toHaveURL('/#quote-form');
    await expect(page.locator('#quote-submit')).toBeEnabled();
    expect(await isSameDocument(page)).toBe(true);
  });

  for (const width of [768, 1024, 1280, 1920]) {
    test(`each dropdown opens wholly inside a ${width} px wide window`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/alabama');
      await pageIsLive(page);
      for (const label of ['States', 'Blog']) {
        await page.getByRole('button', { name: label, exact: true }).click();
        const box = (await page.getByRole('menu', { name: label }).boundingBox())!;
        expect(box.x, `${label} menu's left edge`).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, `${label} menu's right edge`).toBeLessThanOrEqual(width);
        await page.keyboard.press('Escape');
        await expect(page.getByRole('menu')).toHaveCount(0);
      }
    });
  }
});
