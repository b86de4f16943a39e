/**
 * Makes the first paint the largest paint (docs/decisions/023-first-paint-critical-path.md):
 * 1. the stylesheet goes into the page as a `<style>` element, so nothing blocks the first render;
 *    the `<link>` React rendered stays in place (React hydrates against it) but `disabled`, which
 *    browsers neither fetch nor apply;
 * 2. the page's modules are neither preloaded nor imported until the `load` event, so the hero
 *    image is the only thing a phone downloads after the HTML; then the same modules are
 *    preloaded in one go and hydration starts exactly as React Router's own bootstrap would;
 * 3. a header-island page (docs/decisions/024-content-page-islands.md) gets the island's
 *    bootstrap, started the same way.
 * Pure functions over the HTML text; postbuild.ts applies them before the CSP hashes are taken.
 */

import { HEADER_ISLAND_SCRIPT_ATTRIBUTE } from '../../frontend/shared/page-hydration';

const STYLESHEET_LINK = /<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"\/?>/g;
const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"\/?>/g;
/** React Router's bootstrap: the only inline module script of a page. */
const BOOTSTRAP = /<script type="module" async="">([\s\S]*?)<\/script>/g;
/** The empty module script a header-island page is pre-rendered with (frontend/root.tsx). */
const HEADER_ISLAND_MARKER = new RegExp(
  `<script type="module" ${HEADER_ISLAND_SCRIPT_ATTRIBUTE}=""></script>`,
  'g',
);
const BOOTSTRAP_PRESENT = /<script type="module" async="">/;
const SIDE_EFFECT_IMPORT = /^\s*import "([^"]+)";/;
const NAMESPACE_IMPORT = /^\s*import \* as (\w+) from "([^"]+)";/;

/**
 * Replaces each `<link rel="stylesheet">` of a built asset with the stylesheet's text in a
 * `<style>` element, followed by the link itself made `disabled`.
 */
export function inlineStylesheets(html: string, readAsset: (href: string) => string): string {
  return html.replace(STYLESHEET_LINK, (link: string, href: string) => {
    const css = readAsset(href).trim();
    if (/<\/style/i.test(css)) throw new Error(`${href} contains "</style": cannot inline it`);
    return `<style>${css}</style>${link.replace(/\/?>$/, ' disabled=""/>')}`;
  });
}

/**
 * Turns React Router's bootstrap (static imports of the manifest and route modules, then a dynamic
 * import of the client entry) into one that waits for the `load` event, then preloads every module
 * the page used to preload and imports them as before. Fails the build on any other shape, so an
 * upgrade of React Router that changes it is noticed rather than shipped half-rewritten.
 */
export function deferScripts(html: string): string {
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]!);
  const bootstraps = [...html.matchAll(BOOTSTRAP)];
  if (bootstraps.length === 0) return html;
  if (bootstraps.length > 1) throw new Error('more than one module bootstrap script in a page');

  return html.replace(MODULE_PRELOAD, '').replace(BOOTSTRAP, (_script, body: string) => {
    let rest = body;
    const modules: { href: string; name?: string }[] = [];
    for (;;) {
      const sideEffect = SIDE_EFFECT_IMPORT.exec(rest);
      const namespace = NAMESPACE_IMPORT.exec(rest);
      if (sideEffect) modules.push({ href: sideEffect[1]! });
      else if (namespace) modules.push({ name: namespace[1]!, href: namespace[2]! });
      else break;
      rest = rest.slice((sideEffect ?? namespace)![0].length);
    }
    if (modules.length === 0 || /^\s*import\s/m.test(rest)) {
      throw new Error(`unexpected React Router bootstrap script: ${body.slice(0, 200)}`);
    }
    const names = modules.map((module) => module.name ?? '');
    const script = afterLoad(preloads, [
      `Promise.all(${JSON.stringify(modules.map((m) => m.href))}.map((href) => import(href))).then(([${names.join(', ')}]) => {`,
      `  ${rest.trim()}`,
      '});',
    ]);
    return `<script type="module">${script}</script>`;
  });
}

/**
 * A module script that, once the page has loaded and painted, preloads `preloads` at once and then runs
 * `body`: the shape of both the app's and the header island's bootstrap.
 */
function afterLoad(preloads: readonly string[], body: readonly string[]): string {
  return [
    'const start = () => {',
    `  for (const href of ${JSON.stringify(preloads)}) {`,
    "    const link = document.createElement('link');",
    "    link.rel = 'modulepreload';",
    '    link.href = href;',
    '    document.head.append(link);',
    '  }',
    ...body.map((line) => `  ${line}`),
    '};',
    // The hero decodes off the main thread (`decoding="async"`) and may paint after `load`:
    // wait for its decode and the paint after it (a task queued from an animation frame runs
    // after that frame), so compiling the scripts never holds the largest paint back.
    'const afterHeroPaint = () => {',
    "  const heroes = [...document.querySelectorAll('img[fetchpriority=\"high\"]')];",
    '  Promise.all(heroes.map((img) => img.decode().catch(() => {}))).then(() =>',
    '    requestAnimationFrame(() => setTimeout(start, 0)),',
    '  );',
    '};',
    "if (document.readyState === 'complete') afterHeroPaint();",
    "else addEventListener('load', afterHeroPaint, { once: true });",
  ].join('\n');
}

/**
 * On a header-island page (docs/decisions/024-content-page-islands.md), fills the empty module
 * script that marks it with the island's bootstrap, started after the `load` event like the
 * app's. Fails the build if such a page still carries React Router's bootstrap, or has the
 * marker more than once.
 */
export function startHeaderIsland(
  html: string,
  island: { entry: string; imports: readonly string[] },
): string {
  const markers = html.match(HEADER_ISLAND_MARKER) ?? [];
  if (markers.length === 0) return html;
  if (markers.length > 1) throw new Error('more than one header island marker in a page');
  if (BOOTSTRAP_PRESENT.test(html)) {
    throw new Error("a header-island page also has React Router's bootstrap");
  }
  const script = afterLoad([...island.imports, island.entry], [
    `import(${JSON.stringify(island.entry)});`,
  ]);
  return html.replace(HEADER_ISLAND_MARKER, `<script type="module">${script}</script>`);
}
