import { useEffect, useState } from 'react';
import { postLoop } from './loop-api';
import { API_PATHS } from '#contract/api';
import { tokenFromHash } from '#contract/pages';
import { LOOP_MESSAGES } from '#contract/quote-loop';
import type { LeadView } from '#contract/quote-loop';

export type LeadState =
  | { phase: 'loading' }
  | { phase: 'failed'; message: string }
  | { phase: 'ready'; token: string; lead: LeadView };

/**
 * The request behind the link in the address bar: the token is read from the URL fragment after
 * hydration (the pre-rendered shell holds nobody's data) and sent in a POST body.
 */
export function useLead(): [LeadState, (lead: LeadView) => void] {
  const [state, setState] = useState<LeadState>({ phase: 'loading' });
  useEffect(() => {
    const token = tokenFromHash(window.location.hash);
    let live = true;
    // Without a token there is nothing to fetch; the answer still arrives asynchronously.
    const request =
      token === undefined
        ? Promise.resolve({ ok: false, message: LOOP_MESSAGES.linkInvalid, lead: undefined })
        : postLoop(API_PATHS.lead, { token });
    void request.then((answer) => {
      if (!live) return;
      if (answer.ok && answer.lead !== undefined && token !== undefined) {
        setState({ phase: 'ready', token, lead: answer.lead });
      } else {
        setState({ phase: 'failed', message: answer.message ?? LOOP_MESSAGES.unexpected });
      }
    });
    return () => {
      live = false;
    };
  }, []);
  const update = (lead: LeadView) =>
    setState((current) => (current.phase === 'ready' ? { ...current, lead } : current));
  return [state, update];
}
