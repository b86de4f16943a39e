import { useEffect, useState } from 'react';
import { callFunction } from './call-function';
import type { FunctionAnswer } from './call-function';
import { useLocationHash } from '../location-hash';
import { tokenFromHash } from '#contract/core/pages';
import { LOOP_MESSAGES } from '#contract/loop/quote-loop';

/** What a page behind a signed link has to show: nothing yet, a sentence, or its view. */
export type SignedView<T> =
  | { phase: 'loading' }
  | { phase: 'failed'; message: string }
  | { phase: 'ready'; token: string; view: T };

/**
 * Takes the page's view out of a function's answer: undefined when the body holds none, and a
 * sentence when the link is valid but made for another page (an empty page would say nothing).
 */
export type PickView<T extends object> = (body: unknown) => T | string | undefined;

/**
 * What the signed link in the address bar opens: the token is read from the fragment after
 * hydration (the pre-rendered shell holds nobody's data) and sent in a POST body to `path`.
 * Reading changes nothing: every change is a button that POSTs, and hands its answer's view to the
 * returned setter.
 */
export function useSignedView<T extends object>(
  path: string,
  pick: PickView<T>,
): [SignedView<T>, (view: T) => void] {
  const hash = useLocationHash();
  const [answer, setAnswer] = useState<{ hash: string; state: SignedView<T> }>();
  useEffect(() => {
    if (hash === undefined) return;
    const token = tokenFromHash(hash);
    let live = true;
    // Without a token there is nothing to fetch; the answer still arrives asynchronously.
    const request: Promise<FunctionAnswer<unknown>> =
      token === undefined
        ? Promise.resolve({ ok: false, status: 0, message: LOOP_MESSAGES.linkInvalid })
        : callFunction(path, { token });
    void request.then((result) => {
      if (!live) return;
      const picked = result.ok ? pick(result.body) : undefined;
      let state: SignedView<T>;
      if (picked === undefined || token === undefined) {
        state = { phase: 'failed', message: result.message ?? LOOP_MESSAGES.unexpected };
      } else if (typeof picked === 'string') {
        state = { phase: 'failed', message: picked };
      } else {
        state = { phase: 'ready', token, view: picked };
      }
      setAnswer({ hash, state });
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
  // An answer for an earlier link is not shown while the new one loads.
  const state: SignedView<T> =
    answer !== undefined && answer.hash === hash ? answer.state : { phase: 'loading' };
  return [state, update];
}

/**
 * The signed link alone, for a page that reads nothing on opening (its one button sends the
 * token): loading until hydrated, then the token, or a sentence when the link has none.
 */
export function useSignedLink(): SignedView<undefined> {
  const hash = useLocationHash();
  if (hash === undefined) return { phase: 'loading' };
  const token = tokenFromHash(hash);
  return token === undefined
    ? { phase: 'failed', message: LOOP_MESSAGES.linkInvalid }
    : { phase: 'ready', token, view: undefined };
}
