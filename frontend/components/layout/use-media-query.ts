import { useCallback, useSyncExternalStore } from 'react';

/** Tailwind's `md` breakpoint: the desktop top bar shows from here up. */
export const DESKTOP_MEDIA_QUERY = '(min-width: 768px)';

/**
 * Whether a media query matches, kept up to date. Pre-rendered HTML and the first (hydrating)
 * render assume it does not, so the markup always matches; the real answer follows at once.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
