import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False in the pre-rendered HTML and until the component has hydrated, then true. A form's submit
 * stays disabled until then: before hydration it would be the browser's own GET, putting what was
 * typed in the address bar.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
