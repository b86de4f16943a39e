import { type ComponentType, lazy, useEffect } from 'react';
import { whenNeeded } from './when-needed-dom';

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
