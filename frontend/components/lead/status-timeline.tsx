import { localDateTime } from '#contract/core/en-us-format';
import { STATUS_LABELS } from '#contract/loop/quote-loop';
import type { LeadStatus, LeadView, TimelineStep } from '#contract/loop/quote-loop';

/** 'Nov 24, 3:05 PM', in the visitor's own time zone. */
function formatWhen(iso: string): string {
  return localDateTime(new Date(iso));
}

/** What may still come after each status, in order; nothing after the request closes. */
const STILL_TO_COME: Readonly<Record<LeadStatus, readonly TimelineStep[]>> = {
  received: ['quoted', 'accepted', 'on-the-way', 'done', 'rated'],
  quoted: ['accepted', 'on-the-way', 'done', 'rated'],
  accepted: ['on-the-way', 'done', 'rated'],
  'on-the-way': ['done', 'rated'],
  done: ['rated'],
  declined: [],
  cancelled: [],
};

/** The steps to show: what happened, in order (a job given up and booked again shows both), then what may still come. */
function steps(lead: LeadView): Array<{ status: TimelineStep; at?: string }> {
  const happened: Array<{ status: TimelineStep; at?: string }> = [];
  for (const step of lead.history) {
    // A revised quote is one "Quote sent" step: the latest time counts.
    const last = happened.at(-1);
    if (last?.status === step.status && step.status === 'quoted') last.at = step.at;
    else happened.push({ status: step.status, at: step.at });
  }
  const rated = happened.some((step) => step.status === 'rated');
  const coming = STILL_TO_COME[lead.status].filter((status) => !(status === 'rated' && rated));
  return [...happened, ...coming.map((status) => ({ status }))];
}

export function StatusTimeline({ lead }: { lead: LeadView }) {
  return (
    <ol className="space-y-3" aria-label="Status">
      {steps(lead).map(({ status, at }, index, all) => {
        const done = at !== undefined;
        // The current status is its latest occurrence.
        const current =
          status === lead.status && all.findLastIndex((step) => step.status === status) === index;
        return (
          <li
            key={`${status}-${index}`}
            className="flex items-start gap-3"
            aria-current={current ? 'step' : undefined}
          >
            <span
              aria-hidden="true"
              className={`mt-1 h-4 w-4 shrink-0 rounded-full border-2 ${
                done
                  ? status === 'cancelled' ||
                    status === 'declined' ||
                    status === 'reassigned' ||
                    status === 'problem'
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
