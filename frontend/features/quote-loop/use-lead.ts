import { useEffect, useState } from 'react';
import { postLoop } from './loop-api';
import { useLocationHash } from '../../shared/location-hash';
import { API_PATHS } from '#contract/core/api';
import { tokenFromHash } from '#contract/core/pages';
import { LOOP_MESSAGES } from '#contract/loop/quote-loop';
import type { LeadWithJob } from '#contract/loop/jobs';
import type { LeadView } from '#contract/loop/quote-loop';

export type LeadState =
  | { phase: 'loading' }
  | { phase: 'failed'; message: string }
  | { phase: 'ready'; token: string; lead: LeadWithJob };

/**
 * The request behind the link in the address bar: the token is read from the URL fragment after
 * hydration (the pre-rendered shell holds nobody's data) and sent in a POST body. A valid link
 * made for the other page gets a sentence rather than an empty page.
 */
export function useLead(role: LeadView['role']): [LeadState, (lead: LeadWithJob) => void] {
  const hash = useLocationHash();
  const [answer, setAnswer] = useState<{ hash: string; state: LeadState }>();
  useEffect(() => {
    if (hash === undefined) return;
    const token = tokenFromHash(hash);
    let live = true;
    // Without a token there is nothing to fetch; the answer still arrives asynchronously.
    const request =
      token === undefined
        ? Promise.resolve({ ok: false, message: LOOP_MESSAGES.linkInvalid, lead: undefined })
        : postLoop(API_PATHS.lead, { token });
    void request.then((result) => {
      if (!live) return;
      const { lead } = result;
      let state: LeadState;
      if (!result.ok || lead === undefined || token === undefined) {
        state = { phase: 'failed', message: result.message ?? LOOP_MESSAGES.unexpected };
      } else if (lead.role !== role) {
        state = { phase: 'failed', message: LOOP_MESSAGES.otherPage };
      } else {
        state = { phase: 'ready', token, lead };
      }
      setAnswer({ hash, state });
    });
    return () => {
      live = false;
    };
  }, [hash, role]);
  const update = (lead: LeadWithJob) =>
    setAnswer((current) =>
      current?.state.phase === 'ready'
        ? { ...current, state: { ...current.state, lead } }
        : current,
    );
  // An answer for an earlier link is not shown while the new one loads.
  const state: LeadState =
    answer !== undefined && answer.hash === hash ? answer.state : { phase: 'loading' };
  return [state, update];
}
