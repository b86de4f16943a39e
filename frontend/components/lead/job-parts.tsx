/**
 * The small pieces both sides of the job share: a one-press action (POST with the link's token),
 * the outcome line, and the price changes as a list.
 */
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Failure, Success, buttonClass, secondaryButtonClass } from '../signed-page/page-parts';
import { callFunction } from '../../shared/api/call-function';
import type { JobView, LeadWithJob, PriceChangeView } from '#contract/loop/jobs';
import { formatPrice } from '#contract/loop/quote-loop';
import { localDateTime } from '#contract/core/en-us-format';

/** 'Tue, Nov 24, 3:05 PM', in the visitor's own time zone. */
export function formatWhen(iso: string): string {
  return localDateTime(new Date(iso), { weekday: true });
}

export function Done({ children }: { children: ReactNode }) {
  return <Success className="mt-4">{children}</Success>;
}

/** A button that POSTs once (a second press while sending does nothing) and says what happened. */
export function ActionButton({
  token,
  path,
  body = {},
  label,
  doneText,
  onLead,
  secondary = false,
  confirm,
  wide = false,
}: {
  token: string;
  path: string;
  body?: Record<string, unknown>;
  label: string;
  doneText: string;
  onLead: (lead: LeadWithJob) => void;
  secondary?: boolean;
  /** Asked before sending (resolves false: nothing is sent). */
  confirm?: () => Promise<boolean>;
  /** As wide as its container (the job page's bar on a phone). */
  wide?: boolean;
}) {
  const [state, setState] = useState<
    { phase: 'idle' | 'sending' } | { phase: 'done' | 'error'; text: string }
  >({
    phase: 'idle',
  });
  const busy = state.phase === 'sending';
  return (
    <div>
      <button
        type="button"
        className={`${secondary ? secondaryButtonClass : buttonClass}${wide ? ' w-full sm:w-auto' : ''}`}
        disabled={busy}
        onClick={async () => {
          if (confirm !== undefined && !(await confirm())) return;
          setState({ phase: 'sending' });
          const answer = await callFunction<{ lead?: LeadWithJob }>(path, { token, ...body });
          if (answer.body?.lead !== undefined) onLead(answer.body.lead);
          setState(
            answer.ok
              ? { phase: 'done', text: doneText }
              : { phase: 'error', text: answer.message ?? '' },
          );
        }}
      >
        {busy ? 'Sending…' : label}
      </button>
      {state.phase === 'done' ? <Done>{state.text}</Done> : null}
      {state.phase === 'error' ? (
        <div className="mt-4">
          <Failure message={state.text} />
        </div>
      ) : null}
    </div>
  );
}

const CHANGE_STATES: Readonly<Record<PriceChangeView['state'], string>> = {
  pending: 'Waiting for the homeowner',
  approved: 'Approved',
  declined: 'Declined: the price stayed',
};

export function PriceChanges({ changes }: { changes: readonly PriceChangeView[] }) {
  if (changes.length === 0) return null;
  return (
    <ul className="mt-4 space-y-2" aria-label="Price changes">
      {changes.map((change) => (
        <li key={change.number} className="rounded-md border border-slate-200 p-3 text-slate-800">
          <span className="font-semibold text-slate-900">
            {formatPrice(change.fromDollars)} → {formatPrice(change.priceDollars)}
          </span>{' '}
          · {CHANGE_STATES[change.state]}
          <span className="mt-1 block text-sm text-slate-700">Reason: {change.reason}</span>
        </li>
      ))}
    </ul>
  );
}

/** The homeowner's stars (a sentence for a screen reader) and their words, as text. */
export function GivenRating({ rating }: { rating: NonNullable<JobView['rating']> }) {
  return (
    <>
      <span aria-hidden="true">{'★'.repeat(rating.stars)}</span>
      <span className="sr-only">{rating.stars} of 5 stars</span>
      {rating.comment === undefined ? null : (
        <span className="mt-2 block whitespace-pre-line text-slate-800">{rating.comment}</span>
      )}
    </>
  );
}

/** A section opened by a button, its first field focused; closed again by "Cancel". */
export function Disclosure({ label, children }: { label: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <button
        type="button"
        className={secondaryButtonClass}
        aria-expanded="false"
        onClick={() => {
          setOpen(true);
          // The form's first field takes focus, as a dialog's would.
          requestAnimationFrame(() =>
            document
              .querySelector<HTMLElement>(
                `[data-disclosure="${label}"] input, [data-disclosure="${label}"] textarea`,
              )
              ?.focus(),
          );
        }}
      >
        {label}
      </button>
    );
  }
  return (
    <div data-disclosure={label} className="rounded-md border border-slate-300 bg-slate-50 p-4">
      {children}
      <button
        type="button"
        className={`${secondaryButtonClass} mt-4`}
        onClick={() => setOpen(false)}
      >
        Close
      </button>
    </div>
  );
}
