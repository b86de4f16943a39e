/**
 * Makes the first paint the largest paint (docs/decisions/023-first-paint-critical-path.md):
 * 1. the stylesheet goes into the page as a `<style>` element, so nothing blocks the first render;
 *    the `<link>` React rendered stays in place (React hydrates against it) but `disabled`, which
 *    browsers neither fetch nor apply;
 * 2. the page's modules are neither preloaded nor imported until the `load` event, so the hero
 *    image is the only thing a phone downloads after the HTML; then the same modules are
 *    preloaded in one go and hydration starts exactly as React Router's own bootstrap would;
 * 3. an islands page (docs/decisions/024-content-page-islands.md, 041-home-page-islands.md) gets
 *    its islands' bootstrap: after the same wait it only fetches the header island, and runs it
 *    when the visitor comes to the top bar (docs/decisions/035-header-island-on-intent.md); the
 *    quote form's island, a few hundred bytes that wait for the form to be needed, runs at once.
 * Pure functions over the HTML text; postbuild.ts applies them before the CSP hashes are taken.
 */

import {
  type IslandName,
  ISLANDS_SCRIPT_ATTRIBUTE,
  SITE_HEADER_ID,
} from '../../frontend/shared/hydration/page-hydration';
import type { IslandsManifest } from './island-entries';

const STYLESHEET_LINK = /<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"\/?>/g;
const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"\/?>/g;
/** React Router's bootstrap: the only inline module script of a page. */
const BOOTSTRAP = /<script type="module" async="">([\s\S]*?)<\/script>/g;
/** The empty module script an islands page is pre-rendered with (frontend/root.tsx). */
const ISLANDS_MARKER = new RegExp(
  `<script type="module" ${ISLANDS_SCRIPT_ATTRIBUTE}="([^"]*)"></script>`,
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
 * `body`: the app's bootstrap.
 */
function afterLoad(preloads: readonly string[], body: readonly string[]): string {
  return afterHeroPaint([
    `for (const href of ${JSON.stringify(preloads)}) {`,
    "  const link = document.createElement('link');",
    "  link.rel = 'modulepreload';",
    '  link.href = href;',
    '  document.head.append(link);',
    '}',
    ...body,
  ]);
}

/** A module script that runs `body` once the page has loaded and its hero has painted. */
function afterHeroPaint(body: readonly string[]): string {
  return [
    'const start = () => {',
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
 * The header island's start as the page runs it (docs/decisions/035-header-island-on-intent.md):
 * plain JavaScript, written into the page as it is here (a compiled function's text would carry
 * the compiler's helpers). Called with the island's modules (its entry last), the header's id and
 * how to load a module.
 * - At once, the modules are fetched (`prefetch`: into the cache, not compiled).
 * - The first sign that the visitor is coming to the top bar (a pointer over it, a press, a touch,
 *   the focus inside it) or that a `<details>` or popover is toggling starts the island: its
 *   modules are preloaded and its entry imported. Until then the top bar's native controls work on
 *   their own, and the island carries on from whatever they did (decision 026).
 * - A `<details>` toggle that started it is sent again once the island runs, so the FAQ's
 *   one-answer-open fallback sees the first answer opened too.
 * - A visitor who got there before this script (the focus in the top bar, its menu open) starts it
 *   at once: their tap came before any listener, and the popover's own toggle may have too.
 */
export const START_ON_INTENT = `(modules, headerId, load) => {
  const add = (rel, href) => {
    const link = document.createElement('link');
    link.rel = rel;
    link.href = href;
    document.head.append(link);
  };
  for (const href of modules) add('prefetch', href);
  const header = document.getElementById(headerId);
  const intents = ['pointerover', 'pointerdown', 'touchstart', 'focusin'];
  let started = false;
  const wake = (event) => {
    if (started) return;
    started = true;
    for (const type of intents) header?.removeEventListener(type, wake, true);
    document.removeEventListener('toggle', wake, true);
    for (const href of modules) add('modulepreload', href);
    const toggled = event.type === 'toggle' && event.target instanceof HTMLDetailsElement ? event.target : null;
    load(modules[modules.length - 1]).then(() => toggled?.dispatchEvent(new Event('toggle')));
  };
  for (const type of intents) header?.addEventListener(type, wake, { capture: true, passive: true });
  document.addEventListener('toggle', wake, true);
  let open = null;
  try {
    open = header?.querySelector(':popover-open, details[open]');
  } catch {
    open = header?.querySelector('details[open]');
  }
  if (header?.contains(document.activeElement) || open) wake({ type: 'already' });
}`;

/**
 * On an islands page (docs/decisions/024-content-page-islands.md, 041-home-page-islands.md),
 * replaces the empty module script that marks it with its islands' bootstrap, after the same wait
 * as the app's: the header island is fetched and started when the visitor comes to the top bar
 * (`START_ON_INTENT`); the quote form's island is imported at once (it waits for the form itself).
 * Fails the build if such a page still carries React Router's bootstrap, has the marker more than
 * once, or names an island the build does not have.
 */
export function startIslands(html: string, manifest: IslandsManifest): string {
  const markers = [...html.matchAll(ISLANDS_MARKER)];
  if (markers.length === 0) return html;
  if (markers.length > 1) throw new Error('more than one islands marker in a page');
  if (BOOTSTRAP_PRESENT.test(html)) {
    throw new Error("an islands page also has React Router's bootstrap");
  }
  const names = markers[0]![1]!.split(' ');
  const unknown = names.filter((name) => !(name in manifest));
  if (names.length === 0 || unknown.length > 0) {
    throw new Error(`unknown islands in a page: "${markers[0]![1]}"`);
  }
  const lines = (names as IslandName[]).map((name) => {
    const island = manifest[name];
    if (name === 'header') {
      const modules = [...island.imports, island.entry];
      return `(${START_ON_INTENT})(${JSON.stringify(modules)}, ${JSON.stringify(SITE_HEADER_ID)}, (href) => import(href));`;
    }
    return `import(${JSON.stringify(island.entry)});`;
  });
  return html.replace(ISLANDS_MARKER, `<script type="module">${afterHeroPaint(lines)}</script>`);
}
