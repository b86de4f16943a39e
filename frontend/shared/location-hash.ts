import { useSyncExternalStore } from 'react';

function subscribeToHash(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

/**
 * The fragment of the address bar, following a new link opened in the same tab; undefined while
 * pre-rendering and hydrating, so a shell behind a signed link never depends on it.
 */
export function useLocationHash(): string | undefined {
  return useSyncExternalStore(
    subscribeToHash,
    () => window.location.hash,
    () => undefined,
  );
}
