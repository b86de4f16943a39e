import { type Locator, type Page, expect, test } from '@playwright/test';
import { comeToTopBar, holdRequests } from './helpers/page-state';

// A visitor on a slow device presses a control in the top bar as soon as it is painted. Rather
// than pressing at guessed moments, each test holds the page's scripts back until the press has
// happened, so it provably lands in the moment it names, then lets them through: the control
// must be open, and keep working, once the script has taken over.
const CPU_SLOWDOWN = 4;
/** An upper bound: at 4x CPU on a shared machine, hydrating the home page takes seconds. */
const AFTER_SCRIPT = { timeout: 30_000 };

async function slowCpu(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
}

/** Whether React has taken this element over (hydrated it); checked to prove a press came first. */
function hydrated(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) =>
    Object.keys(element).some((key) => key.startsWith('__reactFiber')),
  );
}

/** The moments a press can land in, and how each is held. */
const MOMENTS = {
  // Every script held: the press lands on the pre-rendered HTML alone.
  'before any script': { hold: '**/assets/*.js', waitForHeld: false },
  // Only the dropdowns' code held: the page has hydrated (it asked for that code) and the native
  // dropdowns are still in place.
  "after hydration, before the dropdowns' code": {
    hold: '**/assets/desktop-menus-*.js',
    waitForHeld: true,
  },
} as const;

type Moment = keyof typeof MOMENTS;

test.describe('an early press on the desktop dropdowns is never lost', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  // The home page and the 404 page hydrate the app; a state page hydrates its header alone
  // (decision 024): different ways to the same menus. `second` is the menu's second item, where
  // each test ends up.
  const states = { label: 'States', second: 'Alaska' };
  const blog = { label: 'Blog', second: 'Preparing for Bulk Trash Pickup' };
  const cases: { moment: Moment; path: string; menu: typeof states; action: 'click' | 'Enter' }[] =
    [
      { moment: 'before any script', path: '/', menu: states, action: 'click' },
      { moment: 'before any script', path: '/', menu: blog, action: 'Enter' },
      { moment: 'before any script', path: '/alabama', menu: states, action: 'Enter' },
      { moment: 'before any script', path: '/alabama', menu: blog, action: 'click' },
      { moment: 'before any script', path: '/no-such-page', menu: states, action: 'click' },
      {
        moment: "after hydration, before the dropdowns' code",
        path: '/',
        menu: states,
        action: 'Enter',
      },
      {
        moment: "after hydration, before the dropdowns' code",
        path: '/',
        menu: blog,
        action: 'click',
      },
      {
        moment: "after hydration, before the dropdowns' code",
        path: '/alabama',
        menu: states,
        action: 'click',
      },
      {
        moment: "after hydration, before the dropdowns' code",
        path: '/alabama',
        menu: blog,
        action: 'Enter',
      },
    ];
  for (const {
    moment,
    path,
    menu: { label, second },
    action,
  } of cases) {
    const { hold, waitForHeld } = MOMENTS[moment];
    test(`${action === 'click' ? 'a click' : 'Enter'} on ${label} on ${path} ${moment} opens its menu, which then works, with the CPU slowed ${CPU_SLOWDOWN}x`, async ({
      page,
    }) => {
      test.slow();
      await slowCpu(page);
      const release = await holdRequests(page, hold);
      const held = waitForHeld ? page.waitForRequest(hold) : null;
      await page.goto(path, { waitUntil: 'commit' });
      // A state page's top bar hydrates when the visitor comes to it (decision 035): the
      // pointer passes over the bar on its way to the button.
      if (held) await comeToTopBar(page, AFTER_SCRIPT);
      await held;
      const button = page.getByRole('button', { name: label, exact: true });
      await button.waitFor();
      if (action === 'click') await button.click();
      else await button.press('Enter');
      // The press came before React took the button over, or after, as the moment says.
      expect(await hydrated(button)).toBe(waitForHeld);

      release();
      const menu = page.getByRole('menu', { name: label });
      await expect(menu).toBeVisible(AFTER_SCRIPT);
      // Keyboard users go on with the arrow keys: the focus is in the menu.
      await expect
        .poll(() => menu.evaluate((el) => el.contains(document.activeElement)))
        .toBe(true);
      if (action === 'click') {
        await menu.getByRole('menuitem', { name: second }).click();
      } else {
        // Enter opened it on its first item; the next one is a key away.
        await page.keyboard.press('ArrowDown');
        await expect(menu.locator('[role="menuitem"][data-focus]')).toHaveText(second);
        await page.keyboard.press('Enter');
      }
      await expect(page.getByRole('heading', { level: 1 })).toContainText(second);
      await expect(page.getByRole('menu')).toHaveCount(0);
    });
  }
});

test.describe('an early tap on the phone menu toggle is never lost', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  const cases = [
    { path: '/', action: 'tap' },
    { path: '/', action: 'Enter' },
    { path: '/alabama', action: 'tap' },
    { path: '/alabama', action: 'Enter' },
    { path: '/no-such-page', action: 'tap' },
  ] as const;
  for (const { path, action } of cases) {
    test(`${action === 'tap' ? 'a tap' : 'Enter'} on the toggle on ${path} before any script opens the menu, which then works, with the CPU slowed ${CPU_SLOWDOWN}x`, async ({
      page,
    }) => {
      test.slow();
      await slowCpu(page);
      const release = await holdRequests(page, MOMENTS['before any script'].hold);
      await page.goto(path, { waitUntil: 'commit' });
      const toggle = page.getByRole('button', { name: 'Open menu' });
      if (action === 'tap') await toggle.tap();
      else await toggle.press('Enter');
      expect(await hydrated(toggle)).toBe(false);
      const menu = page.locator('#mobile-menu');
      await expect(menu).toBeVisible();

      release();
      // The script has taken the menu over: the toggle says it is open.
      await expect(toggle).toHaveAttribute('aria-expanded', 'true', AFTER_SCRIPT);
      await expect(menu).toBeVisible();
      await expect(menu.getByRole('button', { name: 'Close menu' })).toBeFocused();
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe(
        'hidden',
      );
      await expect(page.locator('main')).toHaveJSProperty('inert', true);
      await menu.locator('summary', { hasText: 'States' }).click();
      await menu.getByRole('link', { name: 'Alaska' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Alaska Bulk Trash Pickup');
      await expect(menu).toBeHidden();
    });
  }
});
