/**
 * A failed hold and the card updated (issue 39 flow 3, decision 060): the booked job's money as
 * the request page says it, and, while the hold has failed, "Update your card", a POST that opens
 * Stripe's card page. Back with a session, the page POSTs it once (opening a page changes nothing
 * by itself; this finishes the button's work): the server asks Stripe whether the card is saved
 * and only then places the hold. Back cancelled, it says that nothing changed.
 */
import { useEffect, useRef, useState } from 'react';
import { Card, Failure, buttonClass } from '../../components/signed-page/page-parts';
import { callFunction } from '../../shared/api/call-function';
import { useLocationHash } from '../../shared/location-hash';
import { sectionHeadingId } from './job/land-on-section';
import { PAGE_SECTIONS } from '#contract/core/pages';
import { JOB_API_PATHS } from '#contract/loop/jobs';
import type { JobView, LeadWithJob } from '#contract/loop/jobs';
import {
  CARD_UPDATE_RETURN,
  CARD_UPDATE_TEXTS,
  MONEY_STATE_TEXTS,
  cardUpdateReturnOf,
} from '#contract/money/payments';

type Step =
  | { phase: 'idle' }
  | { phase: 'busy' }
  | { phase: 'done'; text: string }
  | { phase: 'error'; text: string };

function Said({ step }: { step: Step }) {
  if (step.phase === 'error') {
    return (
      <div className="mt-4">
        <Failure message={step.text} />
      </div>
    );
  }
  if (step.phase !== 'done') return null;
  return (
    <p
      role="status"
      className="mt-4 rounded-md border border-emerald-300 bg-emerald-50 p-4 font-semibold text-emerald-900"
    >
      {step.text}
    </p>
  );
}

/** What the page says once the new card was checked: updated, and where the payment stands. */
export function cardUpdatedText(lead: LeadWithJob): string {
  const money = lead.job?.money;
  if (money === 'hold-failed') return CARD_UPDATE_TEXTS.declinedAgain;
  return money === undefined
    ? CARD_UPDATE_TEXTS.updated
    : `${CARD_UPDATE_TEXTS.updated} ${MONEY_STATE_TEXTS[money]}`;
}

/** Back from the update's card page: the session POSTed once, or "nothing changed". */
export function CardUpdateReturn({
  token,
  onLead,
}: {
  token: string;
  onLead: (lead: LeadWithJob) => void;
}) {
  const hash = useLocationHash();
  const back = hash === undefined ? undefined : cardUpdateReturnOf(hash);
  const [step, setStep] = useState<Step>({ phase: 'idle' });
  const sent = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (back === undefined || back === CARD_UPDATE_RETURN.cancelled || sent.current === back) {
      return;
    }
    sent.current = back;
    setStep({ phase: 'busy' });
    void callFunction<{ lead?: LeadWithJob }>(JOB_API_PATHS.updateCard, {
      token,
      session: back,
    }).then((answer) => {
      const lead = answer.body?.lead;
      if (lead !== undefined) onLead(lead);
      if (answer.ok && lead !== undefined) setStep({ phase: 'done', text: cardUpdatedText(lead) });
      else setStep({ phase: 'error', text: answer.message ?? CARD_UPDATE_TEXTS.notSaved });
    });
    // `onLead` is the page's; a new identity is not a new return.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [back, token]);
  if (back === CARD_UPDATE_RETURN.cancelled) {
    return (
      <p
        role="status"
        className="mb-4 rounded-md border border-slate-300 bg-slate-50 p-4 font-semibold text-slate-900"
      >
        {CARD_UPDATE_TEXTS.cancelled}
      </p>
    );
  }
  if (step.phase === 'busy') {
    return (
      <p
        role="status"
        className="mb-4 rounded-md border border-slate-300 bg-slate-50 p-4 font-semibold text-slate-900"
      >
        {CARD_UPDATE_TEXTS.checking}
      </p>
    );
  }
  if (step.phase === 'error') {
    return (
      <div className="mb-4">
        <Failure message={step.text} />
      </div>
    );
  }
  return step.phase === 'done' ? (
    <p
      role="status"
      className="mb-4 rounded-md border border-emerald-300 bg-emerald-50 p-4 font-semibold text-emerald-900"
    >
      {step.text}
    </p>
  ) : null;
}

/**
 * The booked job's money: while the hold has failed, an alert and "Update your card" (the failed
 * hold's email lands here), near the top of the page (`urgent`); otherwise one plain line, lower
 * down. Nothing without payments on or money.
 */
export function JobMoney({
  job,
  token,
  urgent,
}: {
  job: JobView | undefined;
  token: string;
  urgent: boolean;
}) {
  const [step, setStep] = useState<Step>({ phase: 'idle' });
  const money = job?.money;
  if (money === undefined || (money === 'hold-failed') !== urgent) return null;
  const headingId = sectionHeadingId(PAGE_SECTIONS.card);
  if (money !== 'hold-failed') {
    return (
      <Card title={CARD_UPDATE_TEXTS.heading} headingId={headingId}>
        <p className="text-slate-800">{MONEY_STATE_TEXTS[money]}</p>
      </Card>
    );
  }
  const busy = step.phase === 'busy';
  const open = async () => {
    setStep({ phase: 'busy' });
    const answer = await callFunction<{ checkoutUrl?: string }>(JOB_API_PATHS.updateCard, {
      token,
    });
    const url = answer.body?.checkoutUrl;
    if (answer.ok && url !== undefined) {
      window.location.assign(url);
      return;
    }
    setStep({ phase: 'error', text: answer.message ?? CARD_UPDATE_TEXTS.notSaved });
  };
  return (
    <Card title={CARD_UPDATE_TEXTS.heading} headingId={headingId}>
      <p
        role="alert"
        className="rounded-md border border-amber-300 bg-amber-50 p-4 font-semibold text-amber-950"
      >
        {MONEY_STATE_TEXTS['hold-failed']}
      </p>
      <p className="mt-3 text-slate-800">{CARD_UPDATE_TEXTS.explain}</p>
      <button
        type="button"
        className={`${buttonClass} mt-4`}
        disabled={busy}
        onClick={() => void open()}
      >
        {busy ? CARD_UPDATE_TEXTS.opening : CARD_UPDATE_TEXTS.button}
      </button>
      <Said step={step} />
    </Card>
  );
}
