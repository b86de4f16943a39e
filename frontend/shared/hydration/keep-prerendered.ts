import { useState } from 'react';
import { useHydrated } from './use-hydrated';

/**
 * Given as `dangerouslySetInnerHTML` with `suppressHydrationWarning`, over pre-rendered HTML: React
 * leaves the element's content as the browser parsed it, and builds and attaches none of it. The
 * same object on every render, so React never writes the content again.
 */
export const KEEP_PRERENDERED = { __html: '' };

/**
 * Whether the element `id` is being hydrated over pre-rendered content, so its component can keep
 * that content (`KEEP_PRERENDERED`) rather than hydrate it. Decided on the component's first render
 * and kept: false while pre-rendering, and when the browser renders the element itself (a
 * client-side navigation, even to a page with an element of the same id still on screen).
 */
export function useKeepPrerendered(id: string): boolean {
  const hydrated = useHydrated();
  const [keep] = useState(
    () =>
      !hydrated &&
      typeof document !== 'undefined' &&
      !!document.getElementById(id)?.firstElementChild,
  );
  return keep;
}
