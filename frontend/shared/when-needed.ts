import { type ComponentType, lazy, useEffect } from 'react';

/** What the visitor does inside a pre-rendered form that means they are using it. */
const TOUCH_EVENTS = ['focusin', 'pointerdown', 'keydown', 'input', 'change'] as const;

/**
 * How near the screen the watched element must come: a screen's height above or below it, so the
 * code has a scroll's worth of time to arrive before the visitor sees the part it brings to life.
 */
export const NEAR_SCREEN_MARGIN = '100% 0px';

/**
 * Settles once the visitor is about to need a pre-rendered part of the page: when `watched`
 * comes near the screen, or when anything inside `area` is focused, pressed, typed into or
 * changed; or when `stop` settles (the page was left). At once where that cannot be watched (no
 * IntersectionObserver) or has begun already (the focus is inside `area`).
 */
export function whenNeeded(
  watched: Element,
  area: Element,
  stop: Promise<void> = new Promise(() => {}),
): Promise<void> {
  return new Promise((resolve) => {
    if (typeof IntersectionObserver === 'undefined' || area.contains(document.activeElement)) {
      resolve();
      return;
    }
    const done = () => {
      observer.disconnect();
      for (const type of TOUCH_EVENTS) area.removeEventListener(type, done, true);
      resolve();
    };
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) done();
      },
      { rootMargin: NEAR_SCREEN_MARGIN },
    );
    observer.observe(watched);
    // Captured: seen before any handler inside the form can stop it.
    for (const type of TOUCH_EVENTS) area.addEventListener(type, done, true);
    void stop.then(done);
  });
}

export interface DeferredHydration {
  /** The pre-rendered element whose nearness to the screen calls for the code (a submit). */
  watchedId: string;
  /** The element inside which any touch calls for the code (the form's section). */
  areaId: string;
  /** Whether the code is wanted at once all the same, e.g. to show a saved draft. */
  wantedAtOnce?: () => boolean;
}

/**
 * `React.lazy` for a pre-rendered form whose code (and the work of hydrating it) a phone should
 * not pay for until the visitor comes to it. React keeps the pre-rendered HTML in place while the
 * lazy component is pending, so the form looks the same and its native controls work; what is
 * entered meanwhile is picked up when it hydrates (each form's own code does that).
 * Where the form is not pre-rendered (pre-rendering itself, or a page rendered in the browser
 * after a client-side navigation), the code loads at once, as `lazy` would.
 *
 * `useRelease` belongs in the component around the Suspense boundary: a lazy component loads
 * once per page load, so when the visitor leaves the page before the form was needed, the wait
 * ends there, or the form would stay missing on coming back to it.
 */
export function lazyWhenNeeded(
  load: () => Promise<{ default: ComponentType }>,
  { watchedId, areaId, wantedAtOnce }: DeferredHydration,
) {
  let release = () => {};
  const Lazy = lazy(() => {
    if (typeof document === 'undefined') return load();
    const watched = document.getElementById(watchedId);
    const area = document.getElementById(areaId);
    if (!watched || !area || wantedAtOnce?.()) return load();
    const left = new Promise<void>((resolve) => {
      release = resolve;
    });
    return whenNeeded(watched, area, left).then(load);
  });
  const useRelease = () => useEffect(() => () => release(), []);
  return { Component: Lazy, useRelease };
}
