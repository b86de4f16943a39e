import { useEffect, useRef, useState } from 'react';
import { useLinkToken } from './use-token-view';
import { Failure, Loading, LoopShell, buttonClass } from '../../components/sections/linked-page';
import { callFunction } from '../../shared/api/call-function';
import { HAULER_API_PATHS, HAULER_TEXTS } from '#contract/haulers/hauler-api';
import { LOOP_MESSAGES } from '#contract/loop/quote-loop';

function Confirmed() {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div role="status" className="rounded-xl border border-emerald-300 bg-emerald-50 p-6">
      <h2
        ref={heading}
        tabIndex={-1}
        className="text-2xl font-bold text-emerald-900 focus:outline-none"
      >
        {HAULER_TEXTS.confirmed}
      </h2>
      <p className="mt-2 text-lg text-emerald-950">{HAULER_TEXTS.confirmedDetail}</p>
    </div>
  );
}

/**
 * The "Confirm my email" link's page. Opening it changes nothing (mail scanners open links): the
 * applicant presses the button, which POSTs.
 */
export function HaulerConfirmPage() {
  const { hydrated, token } = useLinkToken();
  const [phase, setPhase] = useState<'idle' | 'sending' | 'done'>('idle');
  const [failure, setFailure] = useState<string>();
  return (
    <LoopShell title={HAULER_TEXTS.confirmButton}>
      {!hydrated ? <Loading text="Loading…" /> : null}
      {hydrated && token === undefined ? <Failure message={LOOP_MESSAGES.linkInvalid} /> : null}
      {hydrated && token !== undefined && phase !== 'done' ? (
        <div className="space-y-4">
          <p className="text-lg text-slate-800">
            Press the button to confirm this is your email address. Your application then goes to
            our team for review.
          </p>
          <button
            type="button"
            className={buttonClass}
            disabled={phase === 'sending'}
            onClick={() => {
              setPhase('sending');
              setFailure(undefined);
              void callFunction(HAULER_API_PATHS.confirm, { token }).then((answer) => {
                if (answer.ok) setPhase('done');
                else {
                  setPhase('idle');
                  setFailure(answer.message);
                }
              });
            }}
          >
            {phase === 'sending' ? 'Confirming…' : HAULER_TEXTS.confirmButton}
          </button>
          {failure === undefined ? null : <Failure message={failure} />}
        </div>
      ) : null}
      {phase === 'done' ? <Confirmed /> : null}
    </LoopShell>
  );
}
