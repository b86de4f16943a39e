// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { START_ON_INTENT } from './critical-path';

// The header island's start on content pages, exactly as the page runs it: the text postbuild
// writes into the page, evaluated here in a DOM.
type StartOnIntent = (
  modules: readonly string[],
  headerId: string,
  load: (href: string) => Promise<unknown>,
) => void;
const startOnIntent = new Function(`return ${START_ON_INTENT}`)() as StartOnIntent;

const MODULES = ['/assets/react-1.js', '/assets/header-island-2.js'];

function linksOf(rel: string): string[] {
  return [...document.head.querySelectorAll<HTMLLinkElement>(`link[rel="${rel}"]`)].map((link) =>
    link.getAttribute('href')!,
  );
}

describe('the header island starts when the visitor comes to the top bar', () => {
  let load: ReturnType<typeof vi.fn<(href: string) => Promise<unknown>>>;

  beforeEach(() => {
    document.head.innerHTML = '';
    document.body.innerHTML =
      '<header id="site-header"><button id="states">States</button></header>' +
      '<main><p id="text">Text</p><div id="faq"><details open><summary>A</summary></details>' +
      '<details id="second"><summary>B</summary></details></div></main>';
    load = vi.fn(() => Promise.resolve());
    startOnIntent(MODULES, 'site-header', load);
  });

  afterEach(() => {
    // Each test arms its own page: a later test must not be started by this one's listeners.
    document.dispatchEvent(new Event('toggle'));
  });

  it('fetches the modules at once but neither preloads nor runs them', () => {
    expect(linksOf('prefetch')).toEqual(MODULES);
    expect(linksOf('modulepreload')).toEqual([]);
    expect(load).not.toHaveBeenCalled();
  });

  it('stays asleep while the visitor only reads and scrolls the page', () => {
    const text = document.getElementById('text')!;
    text.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
    text.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    text.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    window.dispatchEvent(new Event('scroll'));
    expect(load).not.toHaveBeenCalled();
  });

  for (const [what, event] of [
    ['a pointer over the top bar', () => new PointerEvent('pointerover', { bubbles: true })],
    ['a press in the top bar', () => new PointerEvent('pointerdown', { bubbles: true })],
    ['a touch in the top bar', () => new Event('touchstart', { bubbles: true })],
    ['the focus coming into the top bar', () => new FocusEvent('focusin', { bubbles: true })],
  ] as const) {
    it(`starts on ${what}: preloads the modules and imports the entry, once`, () => {
      const button = document.getElementById('states')!;
      button.dispatchEvent(event());
      button.dispatchEvent(event());
      expect(load).toHaveBeenCalledTimes(1);
      expect(load).toHaveBeenCalledWith('/assets/header-island-2.js');
      expect(linksOf('modulepreload')).toEqual(MODULES);
    });
  }

  it('starts on an answer opening, and sends its toggle again once the island has run', async () => {
    const second = document.getElementById('second') as HTMLDetailsElement;
    const seen: EventTarget[] = [];
    let loaded!: () => void;
    load.mockImplementation(
      () =>
        new Promise<void>((resolve) => {
          loaded = () => {
            // What the island does as it runs: listen for answers opening.
            document.addEventListener('toggle', (event) => seen.push(event.target!), true);
            resolve();
          };
        }),
    );
    second.open = true;
    second.dispatchEvent(new Event('toggle'));
    expect(load).toHaveBeenCalledTimes(1);
    expect(seen).toEqual([]);
    loaded();
    await vi.waitFor(() => expect(seen).toEqual([second]));
  });
});

describe('the header island starts at once when the visitor got to the top bar first', () => {
  let load: ReturnType<typeof vi.fn<(href: string) => Promise<unknown>>>;

  beforeEach(() => {
    document.head.innerHTML = '';
    load = vi.fn(() => Promise.resolve());
  });

  afterEach(() => {
    document.dispatchEvent(new Event('toggle'));
  });

  it('starts when the focus is already in the top bar (a tap or a key before any script)', () => {
    document.body.innerHTML =
      '<header id="site-header"><button id="toggle">Open menu</button></header><main></main>';
    document.getElementById('toggle')!.focus();
    startOnIntent(MODULES, 'site-header', load);
    expect(load).toHaveBeenCalledTimes(1);
    expect(linksOf('modulepreload')).toEqual(MODULES);
  });

  it('starts when a menu in the top bar is already open', () => {
    document.body.innerHTML =
      '<header id="site-header"><details open><summary>States</summary></details></header>';
    startOnIntent(MODULES, 'site-header', load);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('stays asleep when the focus and every open menu are elsewhere on the page', () => {
    document.body.innerHTML =
      '<header id="site-header"><details><summary>States</summary></details></header>' +
      '<main><details open><summary>A</summary></details><button id="b">B</button></main>';
    document.getElementById('b')!.focus();
    startOnIntent(MODULES, 'site-header', load);
    expect(load).not.toHaveBeenCalled();
  });
});
