import { expect, test } from '@playwright/test';
import { pageIsLive } from './helpers/page-state';

// CLS budget 0.01 (the benchmark measures it too); here every page type on a phone, including the
// home page whose form hydrates after the page's own code.
for (const path of ['/', '/alabama', '/cities/phoenix', '/blog/bulk-trash-vs-junk-removal', '/x']) {
  test(`${path} does not shift its layout while it loads and hydrates`, async ({ page }) => {
    await page.goto(path);
    await pageIsLive(page);
    // Every shift so far, from the page's own buffer, once the frame after hydration is painted.
    const cls = await page.evaluate(async () => {
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      const observer = new PerformanceObserver(() => {});
      observer.observe({ type: 'layout-shift', buffered: true });
      const shifts = observer.takeRecords() as unknown as { value: number }[];
      observer.disconnect();
      return shifts.reduce((sum, shift) => sum + shift.value, 0);
    });
    expect(cls).toBeLessThanOrEqual(0.01);
  });
}
