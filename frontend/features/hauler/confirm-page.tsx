import { useEffect, useRef, useState } from 'react';
import { Failure, buttonClass } from '../../components/signed-page/page-parts';
import { SignedPage } from '../../components/signed-page/signed-page';
import { callFunction } from '../../shared/api/call-function';
import { useSignedLink } from '../../shared/api/use-signed-view';
import { HAULER_API_PATHS, HAULER_TEXTS } from '#contract/haulers/hauler-api';

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
  const link = useSignedLink();
  const [phase, setPhase] = useState<'idle' | 'sending' | 'done'>('idle');
  const [failure, setFailure] = useState<string>();
  return (
    <SignedPage title={HAULER_TEXTS.confirmButton} state={link} loadingText="Loading…">
      {({ token }) =>
        phase === 'done' ? (
          <Confirmed />
        ) : (
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
        )
      }
    </SignedPage>
  );
}
