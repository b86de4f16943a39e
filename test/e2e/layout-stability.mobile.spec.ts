import { expect, test } from '@playwright/test';

// CLS budget 0.01 (the benchmark measures it too); here every page type on a phone, including the
// home page whose form hydrates after the page's own code.
for (const path of ['/', '/alabama', '/cities/phoenix', '/blog/bulk-trash-vs-junk-removal', '/x']) {
  test(`${path} does not shift its layout while it loads and hydrates`, async ({ page }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { __cls: number };
      w.__cls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number }[]) {
          w.__cls += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
    expect(cls).toBeLessThanOrEqual(0.01);
  });
}
