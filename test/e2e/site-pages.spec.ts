import { type APIRequestContext, expect, test } from '@playwright/test';
import { arizonaCities } from '../../frontend/content/arizona-cities';
import { blogArticles } from '../../frontend/content/blog';
import { mainFaq } from '../../frontend/content/main-faq';
import { publicPagePaths } from '../../frontend/content/site-pages';
import { states } from '../../frontend/content/states';

/** The raw HTML a crawler or a visitor without JavaScript gets. */
async function rawHtml(request: APIRequestContext, path: string) {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  expect(response.headers()['content-type']).toContain('text/html');
  return response.text();
}

function decode(html: string): string {
  return html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}

test.describe('pre-rendered pages', () => {
  test('every public page is served as HTML with its own h1, title and description', async ({
    request,
  }) => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const path of publicPagePaths()) {
      const html = decode(await rawHtml(request, path));
      const h1s = [...html.matchAll(/<h1[^>]*>([\s\S]*?)<\/h1>/g)];
      expect(h1s, `${path} has one h1`).toHaveLength(1);
      const title = html.match(/<title>([^<]+)<\/title>/)?.[1];
      const description = html.match(/<meta name="description" content="([^"]+)"/)?.[1];
      expect(title, path).toBeTruthy();
      expect(description, path).toBeTruthy();
      titles.add(title!);
      descriptions.add(description!);
      expect(html, path).toContain(`<link rel="canonical" href="http://localhost:3000${path}"`);
      expect(html, path).toContain('property="og:title"');
      expect(html, path).toContain('<meta http-equiv="Content-Security-Policy"');
    }
    // Each page its own: as many titles and descriptions as pages (the spec's 58 and /haulers).
    expect(titles.size).toBe(publicPagePaths().length);
    expect(descriptions.size).toBe(publicPagePaths().length);
  });

  test('a state page holds its whole content in the raw HTML', async ({ request }) => {
    for (const state of [states[0]!, states.find((s) => s.slug === 'new-hampshire')!]) {
      const html = decode(await rawHtml(request, `/${state.slug}`));
      expect(html).toMatch(new RegExp(`<h1[^>]*>${state.name} Bulk Trash Pickup</h1>`));
      expect(html).toContain(state.tagline);
      expect(html).toContain(state.intro.heading);
      expect(html).toContain(state.intro.paragraph);
      expect(html).toContain(`${state.name} Bulk Trash Removal FAQs`);
      for (const faq of state.faqs) {
        expect(html).toContain(faq.question);
        expect(html).toContain(faq.answer);
      }
      for (const city of state.cities) expect(html).toContain(`href="/?zip=${city.zip}"`);
      expect(html.match(/Get started →/g)).toHaveLength(5);
      expect(html).toContain('"@type":"FAQPage"');
      expect(html).toContain('"@type":"BreadcrumbList"');
      // Every state and article is linked from every page, dropdowns closed or not.
      for (const other of states) expect(html).toContain(`href="/${other.slug}"`);
      for (const article of blogArticles) expect(html).toContain(`href="/blog/${article.slug}"`);
    }
  });

  test("Arizona's city links go to the city pages, which link back to Arizona", async ({
    request,
  }) => {
    const arizona = decode(await rawHtml(request, '/arizona'));
    for (const city of arizonaCities) expect(arizona).toContain(`href="/cities/${city.slug}"`);
    expect(arizona).not.toContain('href="/?zip=');
    const phoenix = decode(await rawHtml(request, '/cities/phoenix'));
    expect(phoenix).toMatch(/<h1[^>]*>Phoenix Bulk Trash Pickup<\/h1>/);
    expect(phoenix).toMatch(/<a[^>]*href="\/arizona"[^>]*>← Back to Arizona<\/a>/);
    expect(phoenix).toContain(arizonaCities[0]!.intro.paragraph);
  });

  test('the home page holds the hero, the quote form anchor, the six FAQ answers and the footer', async ({
    request,
  }) => {
    const html = decode(await rawHtml(request, '/'));
    expect(html).toMatch(/<h1[^>]*>Nationwide Bulk Trash Pickup<\/h1>/);
    expect(html).toContain(
      "Don't wait weeks for city pickup. Get matched with local haulers for same-day or next-day service.",
    );
    expect(html).toContain('Get My Free Quote');
    expect(html).toContain('id="quote-form"');
    // The form is written in document order, not streamed at the end and moved by a script.
    expect(html).toMatch(/id="quote-form"[\s\S]*id="quote-name"[\s\S]*id="how-it-works"/);
    expect(html).not.toContain('hidden id="S:');
    for (const heading of ['How It Works', 'Upload Photos', 'Enter Your Info', 'Get Picked Up']) {
      expect(html).toContain(heading);
    }
    for (const faq of mainFaq) expect(html).toContain(faq.answer);
    expect(html).toContain('Why Choose Us');
    expect(html).toContain('Upload Photos for a Free Quote');
    expect(html).toContain('© 2025');
    for (const type of ['Organization', 'Service', 'FAQPage']) {
      expect(html).toContain(`"@type":"${type}"`);
    }
  });

  test('a blog article shows its date and reading time and links to the other and to the form', async ({
    request,
  }) => {
    const html = decode(await rawHtml(request, '/blog/bulk-trash-vs-junk-removal'));
    expect(html).toMatch(/<h1[^>]*>Bulk Trash vs Junk Removal<\/h1>/);
    expect(html).toContain('January 15, 2025');
    expect(html).toContain('5 min read');
    expect(html).toMatch(/<a[^>]*href="\/#quote-form"[^>]*>Get Your Free Quote<\/a>/);
    expect(html).toContain('href="/blog/preparing-for-bulk-trash-pickup"');
    expect(html).toContain('"@type":"Article"');
    const other = decode(await rawHtml(request, '/blog/preparing-for-bulk-trash-pickup'));
    expect(other).toContain('January 22, 2025');
    expect(other).toContain('6 min read');
    expect(other).toContain('href="/blog/bulk-trash-vs-junk-removal"');
  });

  test('a path with a trailing slash serves the same page', async ({ request }) => {
    const html = await rawHtml(request, '/alabama/');
    expect(html).toContain('Alabama Bulk Trash Pickup');
  });

  test('an unknown path gets the not-found page with status 404', async ({ request }) => {
    for (const path of [
      '/no-such-page',
      '/cities/flagstaff',
      '/blog/nope',
      '/404',
      '/404.html',
      '/__spa-fallback.html',
    ]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      const html = await response.text();
      expect(html).toMatch(/<h1[^>]*>404<\/h1>/);
      expect(html).toContain('Oops! Page not found');
      expect(html).toContain('Return to Home');
      expect(html).toContain('name="robots" content="noindex"');
    }
  });

  test('sitemap.xml lists every public URL and robots.txt points to it', async ({ request }) => {
    const sitemap = await (await request.get('/sitemap.xml')).text();
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(publicPagePaths().map((p) => `http://localhost:3000${p}`));
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain('Sitemap: http://localhost:3000/sitemap.xml');
  });

  test('responses carry the security headers and long caching only for hashed assets', async ({
    request,
  }) => {
    const page = await request.get('/alabama');
    const headers = page.headers();
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['strict-transport-security']).toContain('max-age=');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const html = await page.text();
    const asset = html.match(/\/assets\/[^"]+\.js/)?.[0];
    expect(asset).toBeTruthy();
    const assetResponse = await request.get(asset!, { headers: { 'accept-encoding': 'br' } });
    expect(assetResponse.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(assetResponse.headers()['content-encoding']).toBe('br');
  });

  test("no page's JavaScript carries the states' copy (it travels as each page's data)", async ({
    request,
  }) => {
    const marker = states.find((s) => s.slug === 'wyoming')!.intro.paragraph.slice(0, 60);
    for (const path of ['/', '/alabama', '/cities/phoenix', '/blog/bulk-trash-vs-junk-removal']) {
      const html = await rawHtml(request, path);
      // Every module the page loads, preloaded or (scripts/build/critical-path.ts) after load.
      const modules = [
        ...new Set([...html.matchAll(/"(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!)),
      ];
      expect(modules.length, path).toBeGreaterThan(3);
      for (const module of modules) {
        expect(await (await request.get(module)).text(), `${path} ${module}`).not.toContain(marker);
      }
    }
  });
});
