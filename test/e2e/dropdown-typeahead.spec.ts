import { expect, test } from '@playwright/test';
import { pageIsLive } from './helpers/page-state';

test.describe('the States dropdown typeahead', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('adds letters typed within a second to one search, and starts over after a second', async ({
    page,
  }) => {
    // The page's clock is ours: time passes between keys only when the test says so, however
    // slowly a loaded machine delivers them.
    await page.clock.install();
    await page.goto('/');
    await pageIsLive(page);
    // Paused before the click: the pointer's arrival starts the 100 ms hover intent, and on a
    // loaded machine the press could come after it had opened the list (a press then keeps it
    // open with focus on the button, as for a visitor who lingers). The press clears it.
    await page.clock.pauseAt(Date.now() + 60_000);
    await page.getByRole('button', { name: 'States', exact: true }).click();
    await page.clock.runFor(50);
    const menu = page.getByRole('menu', { name: 'States' });
    await expect(menu).toBeFocused();
    const active = menu.locator('[role="menuitem"][data-focus]');

    await page.keyboard.press('m');
    await expect(active).toHaveText('Maine');
    // Half a second later "i" continues the search: "mi" is Michigan. Headless UI's own
    // typeahead forgets after 350 ms and lands on Idaho.
    await page.clock.runFor(500);
    await page.keyboard.press('i');
    await expect(active).toHaveText('Michigan');
    // After a second the search starts over: "o" alone is Ohio.
    await page.clock.runFor(1_100);
    await page.keyboard.press('o');
    await expect(active).toHaveText('Ohio');
    // A space inside a search belongs to it: "new y" is New York, not a choice of New Hampshire.
    await page.clock.runFor(1_100);
    for (const key of ['n', 'e', 'w', ' ', 'y'])
      await page.keyboard.press(key === ' ' ? 'Space' : key);
    await expect(active).toHaveText('New York');
    await expect(menu).toBeVisible();
  });
});
