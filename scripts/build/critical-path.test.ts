import { describe, expect, it } from 'vitest';
import {
  START_ON_INTENT,
  deferScripts,
  inlineStylesheets,
  startIslands,
} from './critical-path';

// The shape React Router 7.18 writes into every pre-rendered page.
const BOOTSTRAP =
  '<script type="module" async="">import "/assets/manifest-1.js";\nimport * as route0 from "/assets/root-2.js";\nimport * as route1 from "/assets/page-3.js";\n\n  window.__reactRouterRouteModules = {"root":route0,"page":route1};\n\nimport("/assets/entry.client-4.js");</script>';
const PAGE =
  '<html><head><link rel="modulepreload" href="/assets/manifest-1.js"/><link rel="modulepreload" href="/assets/entry.client-4.js"/>' +
  '<link rel="stylesheet" href="/assets/root-5.css"/></head><body><main>x</main>' +
  BOOTSTRAP +
  '</body></html>';

describe('critical path', () => {
  it('inlines the stylesheet and keeps its link, disabled, where React expects it', () => {
    const html = inlineStylesheets(PAGE, (href) => (href === '/assets/root-5.css' ? ' a{b:c} \n' : ''));
    expect(html).toContain(
      '<style>a{b:c}</style><link rel="stylesheet" href="/assets/root-5.css" disabled=""/>',
    );
    expect(html).not.toMatch(/<link rel="stylesheet" href="[^"]+"\/>/);
  });

  it('refuses a stylesheet that would close its own style element', () => {
    expect(() => inlineStylesheets(PAGE, () => 'a{}</style><script>')).toThrow(/<\/style/);
  });

  it('removes the module preloads and starts the same imports only after the load event', () => {
    const html = deferScripts(PAGE);
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).not.toContain('async=""');
    const script = /<script type="module">([\s\S]*)<\/script>/.exec(html)![1]!;
    expect(script).toContain(`addEventListener('load', afterHeroPaint, { once: true })`);
    expect(script).toContain('["/assets/manifest-1.js","/assets/entry.client-4.js"]');
    expect(script).toContain(
      '["/assets/manifest-1.js","/assets/root-2.js","/assets/page-3.js"].map((href) => import(href))).then(([, route0, route1])',
    );
    expect(script).toContain('window.__reactRouterRouteModules = {"root":route0,"page":route1};');
    expect(script).toContain('import("/assets/entry.client-4.js")');
  });

  it('runs the bootstrap in a browser-like global once the page has loaded and painted its hero', async () => {
    const script = /<script type="module">([\s\S]*)<\/script>/.exec(deferScripts(PAGE))![1]!;
    const imported: string[] = [];
    const appended: string[] = [];
    let onLoad: (() => void) | undefined;
    let heroDecoded: (() => void) | undefined;
    let nextFrame: (() => void) | undefined;
    const window: Record<string, unknown> = {};
    const hero = { decode: () => new Promise<void>((resolve) => (heroDecoded = resolve)) };
    const document = {
      readyState: 'interactive',
      createElement: () => ({}) as { href?: string },
      head: { append: (link: { href: string }) => appended.push(link.href) },
      querySelectorAll: (selector: string) => (selector === 'img[fetchpriority="high"]' ? [hero] : []),
    };
    const addEventListener = (_type: string, listener: () => void) => (onLoad = listener);
    const requestAnimationFrame = (callback: () => void) => (nextFrame = callback);
    const run = new Function(
      'window',
      'document',
      'addEventListener',
      'requestAnimationFrame',
      'importModule',
      script.replace(/\bimport\(/g, 'importModule('),
    );
    run(window, document, addEventListener, requestAnimationFrame, (href: string) => {
      imported.push(href);
      return Promise.resolve({ href });
    });
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    onLoad!();
    await settle();
    // Loaded, but the hero is still decoding: nothing starts yet.
    expect(nextFrame).toBeUndefined();
    heroDecoded!();
    await settle();
    expect(imported).toEqual([]);
    // The frame that paints the hero; the scripts start in a task after it.
    nextFrame!();
    expect(appended).toEqual([]);
    await settle();
    await settle();
    expect(appended).toEqual(['/assets/manifest-1.js', '/assets/entry.client-4.js']);
    expect(imported).toEqual([
      '/assets/manifest-1.js',
      '/assets/root-2.js',
      '/assets/page-3.js',
      '/assets/entry.client-4.js',
    ]);
    expect(window.__reactRouterRouteModules).toEqual({
      root: { href: '/assets/root-2.js' },
      page: { href: '/assets/page-3.js' },
    });
  });

  it('fails the build on a bootstrap it does not recognise', () => {
    expect(() =>
      deferScripts('<script type="module" async="">import { a } from "/x.js"; a();</script>'),
    ).toThrow(/unexpected React Router bootstrap/);
  });

  describe('on an islands page', () => {
    const islands = {
      header: {
        entry: '/assets/header-island-7.js',
        imports: ['/assets/react-8.js', '/assets/site-header-9.js'],
      },
      'quote-form': { entry: '/assets/form-island-10.js', imports: [] },
    };
    const islandPage = (names: string) =>
      '<html><head></head><body><header id="site-header">x</header>' +
      '<script type="application/json" id="site-navigation">{}</script>' +
      `<script type="module" data-islands="${names}"></script></body></html>`;
    const ISLAND_PAGE = islandPage('header');
    const scriptOf = (html: string) => /<script type="module">([\s\S]*)<\/script>/.exec(html)![1]!;

    it('fills the marker with a bootstrap that, after load, hands the header island to START_ON_INTENT', () => {
      const html = startIslands(ISLAND_PAGE, islands);
      expect(html).not.toContain('data-islands');
      const script = scriptOf(html);
      expect(script).toContain(
        `(${START_ON_INTENT})(["/assets/react-8.js","/assets/site-header-9.js","/assets/header-island-7.js"], "site-header", (href) => import(href));`,
      );
      // Nothing is preloaded or imported before the visitor comes to the top bar.
      expect(script.replace(START_ON_INTENT, '')).not.toContain('modulepreload');
      expect(script).not.toContain('form-island');
      expect(script).toContain(`addEventListener('load', afterHeroPaint, { once: true })`);
      // The app's rewrite then has nothing to do on this page.
      expect(deferScripts(html)).toBe(html);
    });

    it("imports the quote form's island after the same wait, beside the header's", () => {
      const script = scriptOf(startIslands(islandPage('header quote-form'), islands));
      const start = script.slice(0, script.indexOf('const afterHeroPaint'));
      expect(start).toContain('import("/assets/form-island-10.js");');
      expect(start).toContain(`(${START_ON_INTENT})(`);
      expect(script).toContain(`addEventListener('load', afterHeroPaint, { once: true })`);
    });

    it('leaves a page without the marker as it was', () => {
      expect(startIslands(PAGE, islands)).toBe(PAGE);
    });

    it("fails the build on a page that has both the marker and React Router's bootstrap", () => {
      const both = ISLAND_PAGE.replace('</body>', `${BOOTSTRAP}</body>`);
      expect(() => startIslands(both, islands)).toThrow(/also has React Router's bootstrap/);
    });

    it('fails the build on a page naming an island the build does not have', () => {
      expect(() => startIslands(islandPage('header map'), islands)).toThrow(
        /unknown islands in a page: "header map"/,
      );
    });
  });
});
