import { chromium } from 'playwright';
const [file, y, h, out] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const page = await browser.newPage({ viewport: { width: 390, height: Number(h) } });
await page.goto(`file://${file}`);
await page.evaluate((top) => window.scrollTo(0, top), Number(y));
await page.screenshot({ path: out! });
await browser.close();
