import { useEffect, useState } from 'react';
import { callFunction } from '../../shared/api/call-function';
import { useLocationHash } from '../../shared/location-hash';
import { tokenFromHash } from '#contract/core/pages';
import { LOOP_MESSAGES } from '#contract/loop/quote-loop';

export type TokenViewState<T> =
  | { phase: 'loading' }
  | { phase: 'failed'; message: string }
  | { phase: 'ready'; token: string; view: T };

/**
 * What the signed link in the address bar opens: the token is read from the fragment after
 * hydration (the pre-rendered shell holds nobody's data) and sent in a POST body; `pick` takes the
 * view out of the answer. Reading changes nothing: every change is a button that POSTs.
 */
export function useTokenView<T>(
  path: string,
  pick: (body: unknown) => T | undefined,
): [TokenViewState<T>, (view: T) => void] {
  const hash = useLocationHash();
  const [answer, setAnswer] = useState<{ hash: string; state: TokenViewState<T> }>();
  useEffect(() => {
    if (hash === undefined) return;
    const token = tokenFromHash(hash);
    let live = true;
    const request =
      token === undefined
        ? Promise.resolve({ ok: false, message: LOOP_MESSAGES.linkInvalid, body: undefined })
        : callFunction(path, { token });
    void request.then((result) => {
      if (!live) return;
      const view = result.ok ? pick(result.body) : undefined;
      setAnswer({
        hash,
        state:
          view === undefined || token === undefined
            ? { phase: 'failed', message: result.message ?? LOOP_MESSAGES.unexpected }
            : { phase: 'ready', token, view },
      });
    });
    return () => {
      live = false;
    };
    // `pick` is a pure projection; a new function identity is not a new request.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hash, path]);
  const update = (view: T) =>
    setAnswer((current) =>
      current?.state.phase === 'ready'
        ? { ...current, state: { ...current.state, view } }
        : current,
    );
  const state: TokenViewState<T> =
    answer !== undefined && answer.hash === hash ? answer.state : { phase: 'loading' };
  return [state, update];
}

/** The token of the link in the address bar, once hydrated; undefined before and without one. */
export function useLinkToken(): { hydrated: boolean; token: string | undefined } {
  const hash = useLocationHash();
  return {
    hydrated: hash !== undefined,
    token: hash === undefined ? undefined : tokenFromHash(hash),
  };
}
