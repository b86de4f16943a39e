import { type Page, expect, test } from '@playwright/test';
import { pageIsLive, waitingPartsRendered } from './helpers/page-state';

// CLS budget 0.01 (the benchmark measures it too); here every page type on a phone, including the
// home page whose form hydrates after the page's own code.
/** Every layout shift the page has had, once the frame after the current one is painted. */
function layoutShiftSoFar(page: Page): Promise<number> {
  return page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const observer = new PerformanceObserver(() => {});
    observer.observe({ type: 'layout-shift', buffered: true });
    const shifts = observer.takeRecords() as unknown as { value: number }[];
    observer.disconnect();
    return shifts.reduce((sum, shift) => sum + shift.value, 0);
  });
}

for (const path of ['/', '/alabama', '/cities/phoenix', '/blog/bulk-trash-vs-junk-removal', '/x']) {
  test(`${path} does not shift its layout while it loads and hydrates`, async ({ page }) => {
    await page.goto(path);
    await pageIsLive(page);
    const cls = await layoutShiftSoFar(page);
    expect(cls).toBeLessThanOrEqual(0.01);
  });
}

// A page behind a signed link paints "Loading…" first and its content (here the failure of a link
// without a token) after its request: the footer below must not move in view when it arrives.
test('a page behind a signed link does not shift its layout when its content arrives', async ({
  page,
}) => {
  await page.goto('/request');
  await pageIsLive(page);
  await expect(page.getByRole('alert')).toBeVisible();
  expect(await layoutShiftSoFar(page)).toBeLessThanOrEqual(0.01);
});

// The footer is rendered only as it comes near the window
// (docs/decisions/036-footer-rendered-when-near.md): until then it stands in at an estimated
// height. A visitor who jumps to the end must stay at the end when it takes its real size, and
// nothing in view may move while they read back up.
/** Scrolls by most of a window at a time, a frame apart, until the page moves no further. */
async function readThrough(page: Page, direction: 1 | -1) {
  for (;;) {
    const moved = await page.evaluate(async (sign) => {
      const before = window.scrollY;
      window.scrollBy(0, sign * Math.round(window.innerHeight * 0.8));
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      return window.scrollY !== before;
    }, direction);
    if (!moved) return;
  }
}

for (const path of ['/', '/alabama']) {
  for (const viewport of [undefined, { width: 360, height: 640 }]) {
    test.describe(
      viewport ? `on a ${viewport.width}x${viewport.height} phone` : 'on a Pixel 7',
      () => {
        if (viewport) test.use({ viewport });
        test(`${path} jumps to its very end, then shifts nothing in view while read back up`, async ({
          page,
        }) => {
          await page.goto(path);
          await pageIsLive(page);
          await page.keyboard.press('End');
          // The footer renders at its real size as the window reaches it.
          await waitingPartsRendered(page);
          // The End key's scroll is animated: on a loaded machine it may still be on its way.
          // Where the footer renders shorter than its stand-in during the animation, Chromium
          // can end it short of the new end by up to the difference (decision 036): the page's
          // last line must still be wholly in view.
          await expect(
            page.getByRole('contentinfo').getByText(/All rights reserved/),
          ).toBeInViewport({ ratio: 1 });
          await readThrough(page, -1);
          expect(await layoutShiftSoFar(page)).toBeLessThanOrEqual(0.01);
        });
      },
    );
  }
}

// Coming back to a page puts the visitor where they left it: by the document's own scroll
// restoration on a content page, by React Router's on the app's pages. Both restore a scroll
// offset, so every part above that place must have its real height before it renders.
const comeBack = [
  // Its closing call to action, to the home page's form: a document navigation.
  {
    path: '/alabama',
    link: (page: Page) => page.getByRole('link', { name: 'Upload Photos for a Free Quote' }),
  },
  // A footer link, to a state page: React Router's navigation.
  {
    path: '/',
    link: (page: Page) => page.getByRole('contentinfo').getByRole('link', { name: 'Texas' }),
  },
];
for (const { path, link } of comeBack) {
  test(`coming back to ${path} after following a link far down it finds the link where it was`, async ({
    page,
  }) => {
    await page.goto(path);
    await pageIsLive(page);
    await readThrough(page, 1);
    await link(page).scrollIntoViewIfNeeded();
    const topInView = () =>
      link(page).evaluate((element) => Math.round(element.getBoundingClientRect().top));
    const before = await topInView();
    await link(page).click();
    await expect(page).not.toHaveURL(new RegExp(`${path}$`));
    await page.goBack();
    await expect.poll(topInView).toBe(before);
  });
}
