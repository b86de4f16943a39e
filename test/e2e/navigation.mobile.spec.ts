import { expect, test } from '@playwright/test';
import { pageIsLive, scriptsRequested } from './helpers/page-state';

test.describe('the mobile menu', () => {
  test('opens full screen, locks page scrolling, and closes when a link is chosen', async ({
    page,
  }) => {
    await page.goto('/');
    await pageIsLive(page);
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    const dialog = page.getByRole('dialog');
    await expect(page.locator('#mobile-menu')).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const size = page.viewportSize()!;
    const box = (await page.locator('#mobile-menu').boundingBox())!;
    expect(box.width).toBe(size.width);
    expect(box.height).toBe(size.height);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe(
      'hidden',
    );
    // A modal: the page under it is out of reach of focus and screen readers.
    await expect(page.locator('main')).toHaveJSProperty('inert', true);

    const states = dialog.locator('details', { hasText: 'States' });
    await expect(states).not.toHaveAttribute('open');
    await states.locator('summary').click();
    await expect(states).toHaveAttribute('open', '');
    await expect(dialog.getByRole('link', { name: 'Alaska' })).toBeVisible();
    await dialog.locator('summary', { hasText: 'Blog' }).click();
    await dialog.getByRole('link', { name: 'Vermont' }).click();

    await expect(page).toHaveURL('/vermont');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vermont Bulk Trash Pickup');
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe(
      'hidden',
    );
    await expect(page.locator('main')).toHaveJSProperty('inert', false);
    // From the home page a link loads a new document (decision 041): its top bar, once live,
    // says the menu is closed.
    await pageIsLive(page);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  test('closes with Escape and returns focus to the toggle', async ({ page }) => {
    await page.goto('/alabama');
    await pageIsLive(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.locator('#mobile-menu')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close menu' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  });

  test('keeps the focus inside while it is open', async ({ page }) => {
    await page.goto('/alabama');
    await pageIsLive(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.locator('#mobile-menu');
    await expect(menu.getByRole('button', { name: 'Close menu' })).toBeFocused();
    // Close, Home, States, Blog; then past the end, never onto the page underneath.
    for (let i = 0; i < 5; i += 1) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.closest('main, footer'))).toBeNull();
    }
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  });

  test('shows Home and the blog articles', async ({ page }) => {
    await page.goto('/');
    await pageIsLive(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('summary', { hasText: 'Blog' }).click();
    await dialog.getByRole('link', { name: 'Bulk Trash vs Junk Removal' }).click();
    await expect(page).toHaveURL('/blog/bulk-trash-vs-junk-removal');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL('/');
  });

  test("a phone downloads no menu code: the dropdowns' stays on the desktop, the menu needs none", async ({
    page,
  }) => {
    const scripts = scriptsRequested(page);
    await page.goto('/alabama');
    await pageIsLive(page);
    const loaded = scripts.length;
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.locator('#mobile-menu summary', { hasText: 'States' }).click();
    await expect(page.locator('#mobile-menu').getByRole('link', { name: 'Alaska' })).toBeVisible();
    expect(scripts.filter((path) => path.includes('/desktop-menus-'))).toEqual([]);
    expect(scripts.slice(loaded)).toEqual([]);
  });
});
