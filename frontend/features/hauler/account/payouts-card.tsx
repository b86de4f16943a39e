/**
 * "Set up payouts" on the hauler's page (issue 39 flow 1, decision 055): the account's state in
 * words and what to do next; the button POSTs for a fresh Stripe onboarding link and goes there.
 * Coming back from Stripe (`?payouts=back` or `=again`) asks the function to read the state again.
 */
import { useEffect, useState } from 'react';
import { Card, Failure, buttonClass } from '../../../components/signed-page/page-parts';
import { callFunction } from '../../../shared/api/call-function';
import { HAULER_API_PATHS } from '#contract/haulers/hauler-api';
import type { HaulerAccountView } from '#contract/haulers/hauler-api';
import { PAYOUT_TEXTS } from '#contract/money/payments';

const backFromStripe = () =>
  typeof window !== 'undefined' &&
  new URLSearchParams(window.location.search).get('payouts') !== null;

export function PayoutsCard({
  token,
  view,
  onView,
}: {
  token: string;
  view: HaulerAccountView;
  onView: (view: HaulerAccountView) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const state = view.payouts?.state;
  useEffect(() => {
    if (state === undefined || !backFromStripe()) return;
    let live = true;
    void callFunction(HAULER_API_PATHS.payouts, { token, step: 'refresh' }).then((answer) => {
      const account = (answer.body as { account?: HaulerAccountView } | undefined)?.account;
      if (live && account !== undefined) onView(account);
    });
    return () => {
      live = false;
    };
    // Once per opening of the page: the answer's view does not ask again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);
  if (state === undefined) {
    return (
      <Card title="Payment">
        <p className="text-slate-800">{PAYOUT_TEXTS.homeownerPays}</p>
      </Card>
    );
  }
  const start = async () => {
    setBusy(true);
    setFailure(undefined);
    const answer = await callFunction(HAULER_API_PATHS.payouts, { token, step: 'link' });
    const url = (answer.body as { url?: string } | undefined)?.url;
    if (answer.ok && url !== undefined) {
      window.location.assign(url);
      return;
    }
    setBusy(false);
    setFailure(answer.message ?? '');
  };
  return (
    <Card title={PAYOUT_TEXTS.heading}>
      <p className="text-slate-900">
        <strong>{PAYOUT_TEXTS.stateLabels[state]}</strong>
      </p>
      <p className="mt-2 text-slate-800" data-payouts-state={state}>
        {PAYOUT_TEXTS.states[state]}
      </p>
      {state === 'enabled' ? null : (
        <div className="mt-4">
          <button
            type="button"
            className={buttonClass}
            disabled={busy}
            onClick={() => void start()}
          >
            {busy
              ? PAYOUT_TEXTS.opening
              : state === 'not-started'
                ? PAYOUT_TEXTS.setUpButton
                : PAYOUT_TEXTS.continueButton}
          </button>
          {failure === undefined ? null : <Failure message={failure} />}
        </div>
      )}
    </Card>
  );
}
