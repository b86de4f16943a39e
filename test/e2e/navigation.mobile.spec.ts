import { expect, test } from '@playwright/test';

test.describe('the mobile menu', () => {
  test('opens full screen, locks page scrolling, and closes when a link is chosen', async ({
    page,
  }) => {
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    const dialog = page.getByRole('dialog');
    await expect(page.locator('#mobile-menu')).toBeVisible();
    const size = page.viewportSize()!;
    const box = (await page.locator('#mobile-menu').boundingBox())!;
    expect(box.width).toBe(size.width);
    expect(box.height).toBe(size.height);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe(
      'hidden',
    );

    const states = dialog.getByRole('button', { name: 'States' });
    await expect(states).toHaveAttribute('aria-expanded', 'false');
    await states.click();
    await expect(states).toHaveAttribute('aria-expanded', 'true');
    await expect(dialog.getByRole('link', { name: 'Alaska' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Blog' }).click();
    await dialog.getByRole('link', { name: 'Vermont' }).click();

    await expect(page).toHaveURL('/vermont');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vermont Bulk Trash Pickup');
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe(
      'hidden',
    );
  });

  test('closes with Escape and returns focus to the toggle', async ({ page }) => {
    await page.goto('/alabama');
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.locator('#mobile-menu')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  });

  test('shows Home and the blog articles', async ({ page }) => {
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Blog' }).click();
    await dialog.getByRole('link', { name: 'Bulk Trash vs Junk Removal' }).click();
    await expect(page).toHaveURL('/blog/bulk-trash-vs-junk-removal');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL('/');
  });

  test("a phone downloads neither the desktop dropdowns' code nor the menu's before it is used", async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto('/alabama');
    await page.waitForLoadState('networkidle');
    expect(scripts.some((url) => url.includes('/desktop-menus-'))).toBe(false);
    expect(scripts.some((url) => url.includes('/mobile-menu-'))).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.locator('#mobile-menu')).toBeVisible();
    expect(scripts.some((url) => url.includes('/mobile-menu-'))).toBe(true);
  });
});
