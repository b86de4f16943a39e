import { Suspense, act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lazyWhenNeeded } from './when-needed';
import { NEAR_SCREEN_MARGIN, whenNeeded } from './when-needed-dom';

/** Stands in for the browser's observer: the test says when the watched element nears the screen. */
class FakeIntersectionObserver {
  static last: FakeIntersectionObserver | undefined;
  observed: Element[] = [];
  disconnected = false;
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit,
  ) {
    FakeIntersectionObserver.last = this;
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
  /** The observed element comes (or not) within the margin of the screen. */
  report(isIntersecting: boolean) {
    const entries = this.observed.map((target) => ({ target, isIntersecting }));
    this.callback(entries as IntersectionObserverEntry[], this as unknown as IntersectionObserver);
  }
}

/** Whether a promise has settled once pending callbacks have run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
}

function page() {
  document.body.innerHTML = `
    <section id="area"><form><input id="name"><button id="submit" disabled>Send</button></form></section>
    <a id="elsewhere" href="#area">elsewhere</a>`;
  return {
    area: document.getElementById('area')!,
    submit: document.getElementById('submit')!,
    name: document.getElementById('name') as HTMLInputElement,
  };
}

describe('whenNeeded', () => {
  beforeEach(() => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  it('waits while the watched element is far from the screen and nothing in the area is touched', async () => {
    const { area, submit } = page();
    const needed = whenNeeded(submit, area);
    FakeIntersectionObserver.last!.report(false);
    document
      .getElementById('elsewhere')!
      .dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(await settled(needed)).toBe(false);
    expect(FakeIntersectionObserver.last!.options.rootMargin).toBe(NEAR_SCREEN_MARGIN);
  });

  it('settles when the watched element comes near the screen, and stops watching', async () => {
    const { area, submit } = page();
    const needed = whenNeeded(submit, area);
    FakeIntersectionObserver.last!.report(true);
    expect(await settled(needed)).toBe(true);
    expect(FakeIntersectionObserver.last!.disconnected).toBe(true);
  });

  for (const type of ['focusin', 'pointerdown', 'keydown', 'input', 'change']) {
    it(`settles on ${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type} event inside the area`, async () => {
      const { area, submit, name } = page();
      const needed = whenNeeded(submit, area);
      name.dispatchEvent(new Event(type, { bubbles: true }));
      expect(await settled(needed)).toBe(true);
    });
  }

  it('settles at once when the focus is already inside the area', async () => {
    const { area, submit, name } = page();
    name.focus();
    expect(await settled(whenNeeded(submit, area))).toBe(true);
  });

  it('settles when told to stop waiting (the page was left)', async () => {
    const { area, submit } = page();
    let stop!: () => void;
    const needed = whenNeeded(
      submit,
      area,
      new Promise<void>((resolve) => {
        stop = resolve;
      }),
    );
    expect(await settled(needed)).toBe(false);
    stop();
    expect(await settled(needed)).toBe(true);
  });
});

describe('lazyWhenNeeded', () => {
  beforeEach(() => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    vi.stubGlobal('IS_REACT_ACT_ENVIRONMENT', true);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  function Form() {
    return (
      <form>
        <input id="name" />
        <button id="submit" type="submit">
          Send
        </button>
      </form>
    );
  }

  function setup(wantedAtOnce = () => false) {
    const load = vi.fn(() => Promise.resolve({ default: Form }));
    const { Component, useRelease } = lazyWhenNeeded(load, {
      watchedId: 'submit',
      areaId: 'area',
      wantedAtOnce,
    });
    function Section() {
      useRelease();
      return (
        <section id="area">
          <Suspense fallback={null}>
            <Component />
          </Suspense>
        </section>
      );
    }
    return { load, Section };
  }

  it('leaves the pre-rendered form in place, without its code, until it is needed', async () => {
    const { load, Section } = setup();
    // Pre-rendered with the code (as the build does), then hydrated without it.
    const html = renderToString(<Form />);
    const container = document.createElement('div');
    container.innerHTML = `<section id="area"><!--$-->${html}<!--/$--></section>`;
    document.body.append(container);
    const input = container.querySelector('#name');
    await act(async () => {
      hydrateRoot(container, <Section />);
    });
    expect(load).not.toHaveBeenCalled();
    expect(container.querySelector('#name')).toBe(input);

    await act(async () => {
      FakeIntersectionObserver.last!.report(true);
    });
    expect(load).toHaveBeenCalledTimes(1);
    // Hydrated in place: the same element, now React's.
    expect(container.querySelector('#name')).toBe(input);
    expect(Object.keys(input!).some((key) => key.startsWith('__reactFiber'))).toBe(true);
  });

  it('loads at once when the form is not pre-rendered (rendered in the browser)', async () => {
    const { load, Section } = setup();
    const container = document.createElement('div');
    document.body.append(container);
    const { createRoot } = await import('react-dom/client');
    await act(async () => {
      createRoot(container).render(<Section />);
    });
    expect(load).toHaveBeenCalledTimes(1);
    expect(container.querySelector('#name')).not.toBeNull();
  });

  it('loads at once when the page wants it at once (a saved draft to show)', async () => {
    const { load, Section } = setup(() => true);
    const container = document.createElement('div');
    container.innerHTML = `<section id="area"><!--$-->${renderToString(<Form />)}<!--/$--></section>`;
    document.body.append(container);
    await act(async () => {
      hydrateRoot(container, <Section />);
    });
    expect(load).toHaveBeenCalledTimes(1);
  });
});
