import { type Page, expect, test } from '@playwright/test';
import { pageIsLive } from './helpers/page-state';

/** window.scrollY on each of the next `frames` animation frames. */
function scrollYOverFrames(page: Page, frames: number) {
  return page.evaluate(
    (count) =>
      new Promise<number[]>((resolve) => {
        const seen: number[] = [];
        const step = () => {
          seen.push(window.scrollY);
          if (seen.length === count) resolve(seen);
          else requestAnimationFrame(step);
        };
        requestAnimationFrame(step);
      }),
    frames,
  );
}

/** Records window.scrollY at every scroll event from now on (set up before the action). */
function recordScrolling(page: Page) {
  return page.evaluate(async () => {
    // A scroll made before (pageIsLive goes to the form's button and back) dispatches its event
    // at the next frame: on a loaded machine that came after recording began, as a 0.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const seen: number[] = [];
    (window as unknown as { scrollPath: number[] }).scrollPath = seen;
    window.addEventListener('scroll', () => seen.push(window.scrollY));
  });
}

function recordedScrolling(page: Page) {
  return page.evaluate(() => (window as unknown as { scrollPath: number[] }).scrollPath);
}

const formTop = (page: Page) =>
  page.locator('#quote-form').evaluate((el) => Math.round(el.getBoundingClientRect().top));

test.describe('scrolling', () => {
  test('a route change from far down a page starts the new page at the top at once', async ({
    page,
  }) => {
    await page.goto('/');
    await pageIsLive(page);
    const texas = page.getByRole('contentinfo').getByRole('link', { name: 'Texas' });
    await texas.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(2_000);
    await texas.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Texas Bulk Trash Pickup');
    // Smooth scrolling would still be on its way up for about a second here.
    expect(await scrollYOverFrames(page, 10)).toEqual(Array(10).fill(0));
  });

  test('the hero button glides to the form', async ({ page }) => {
    // What the page asks the browser for, recorded on the way through. How many in-between
    // positions a smooth scroll shows depends on how many frames a busy machine draws in its
    // half second, so the scroll's own path cannot tell smooth from a jump here.
    await page.addInitScript(() => {
      const asked: unknown[] = [];
      (window as unknown as { scrollsAsked: unknown[] }).scrollsAsked = asked;
      const scrollIntoView = Element.prototype.scrollIntoView;
      Element.prototype.scrollIntoView = function (
        this: Element,
        options?: boolean | ScrollIntoViewOptions,
      ) {
        asked.push({ id: this.id, options });
        scrollIntoView.call(this, options);
      };
    });
    await page.goto('/');
    await pageIsLive(page);
    await page.getByRole('link', { name: 'Get My Free Quote' }).click();
    await expect.poll(() => formTop(page)).toBeLessThan(100);
    expect(
      await page.evaluate(() => (window as unknown as { scrollsAsked: unknown[] }).scrollsAsked),
    ).toEqual([{ id: 'quote-form', options: { behavior: 'smooth', block: 'start' } }]);
    await expect(page.locator('#quote-form')).toBeFocused();
  });

  test('with reduced motion the hero button jumps to the form without animating', async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await pageIsLive(page);
    await recordScrolling(page);
    await page.getByRole('link', { name: 'Get My Free Quote' }).click();
    await expect.poll(() => formTop(page)).toBeLessThan(100);
    // One jump: every scroll event already at the end.
    const end = await page.evaluate(() => window.scrollY);
    // The jump's scroll event arrives at the next frame: wait for it, then every one is at the end.
    await expect.poll(async () => [...new Set(await recordedScrolling(page))]).toEqual([end]);
    const top = await formTop(page);
    expect(top).toBeLessThan(100);
    expect(top).toBeGreaterThanOrEqual(0);
  });
});
