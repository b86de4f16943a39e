import { STATUS_LABELS } from '#contract/quote-loop';
import type { LeadStatus, LeadView, TimelineStep } from '#contract/quote-loop';

function formatWhen(iso: string): string {
  return new Date(iso).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

/** The steps to show: what happened, then what may still come. */
function steps(lead: LeadView): Array<{ status: TimelineStep; at?: string }> {
  const reached = new Map<TimelineStep, string>();
  for (const step of lead.history) reached.set(step.status, step.at);
  const answer: LeadStatus = reached.has('declined') ? 'declined' : 'accepted';
  const list: LeadStatus[] = ['received', 'quoted', answer];
  if (reached.has('cancelled')) {
    // A cancelled request shows what happened before it, then the cancellation.
    const shown = list.filter((status) => reached.has(status));
    return [...shown, 'cancelled' as const].map((status) => ({ status, at: reached.get(status) }));
  }
  return list.map((status) => ({ status, at: reached.get(status) }));
}

export function StatusTimeline({ lead }: { lead: LeadView }) {
  return (
    <ol className="space-y-3" aria-label="Status">
      {steps(lead).map(({ status, at }) => {
        const done = at !== undefined;
        const current = status === lead.status;
        return (
          <li
            key={status}
            className="flex items-start gap-3"
            aria-current={current ? 'step' : undefined}
          >
            <span
              aria-hidden="true"
              className={`mt-1 h-4 w-4 shrink-0 rounded-full border-2 ${
                done
                  ? status === 'cancelled' || status === 'declined'
                    ? 'border-slate-600 bg-slate-600'
                    : 'border-emerald-700 bg-emerald-700'
                  : 'border-slate-400 bg-white'
              }`}
            />
            <span>
              <span className={done ? 'font-semibold text-slate-900' : 'text-slate-600'}>
                {STATUS_LABELS[status]}
              </span>
              {done ? (
                <span className="block text-sm text-slate-600">{formatWhen(at)}</span>
              ) : (
                <span className="block text-sm text-slate-600">Not yet</span>
              )}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
