// A job action decided on the lead as stored (job-status.ts) and written conditioned on its
// version (lead-change.ts): two racing clicks change it once.
import { applyChange } from '../shared/leads/lead-change';
import type { Applied } from '../shared/leads/lead-change';
import { decideJob, jobFacts } from '../shared/jobs/job-status';
import type { JobActor, JobContext, JobDecision, JobEvent } from '../shared/jobs/job-status';
import { jobOf } from '../shared/jobs/lead-job';
import type { StoredJob } from '../shared/models/job-model';
import type { Lead } from '../shared/models/lead-model';
import type { JobDeps } from './job-deps';
import { owedWithChange } from '../shared/mail/owed-with-change';
import type { Mail } from '../shared/mail/mailer';

export async function applyJob(
  event: JobEvent,
  initial: Lead,
  deps: JobDeps,
  actor: JobActor,
  options: Pick<JobContext, 'priceDollars' | 'change' | 'answer'> & {
    isRepeat?: (lead: Lead) => boolean;
    patch?: (
      lead: Lead,
      decision: Extract<JobDecision, { kind: 'change' }>,
    ) => Record<string, unknown>;
    /** The emails the change owes, rendered for the changed lead and written with it (059). */
    owes?: (next: Lead) => Promise<readonly Mail[]>;
  } = {},
): Promise<Applied & { owed: readonly Mail[] }> {
  const { isRepeat, patch, owes, ...context } = options;
  const now = deps.now();
  const owed = owes === undefined ? undefined : owedWithChange(deps, (next: Lead) => owes(next));
  const applied = await applyChange(
    deps.table,
    initial,
    now,
    (lead) => {
      const decision = decideJob(event, jobFacts(lead), {
        ...context,
        now,
        actor,
      });
      // A step the status does not show (a rating, a problem) still enters the timeline.
      return decision.kind === 'change'
        ? { ...decision, history: decision.step !== undefined || decision.to !== decision.from }
        : decision;
    },
    {
      ...(isRepeat === undefined ? {} : { isRepeat }),
      ...(patch === undefined ? {} : { patch }),
      ...(owed === undefined ? {} : { beside: owed.beside }),
    },
  );
  return { ...applied, owed: owed?.written(applied) ?? [] };
}

/** The `job` attribute with `changes` applied to the accepted quote's job. */
export function jobPatch(lead: Lead, changes: Partial<StoredJob>): { job: StoredJob } {
  const job = jobOf(lead);
  if (job === undefined) throw new Error('A job change needs an accepted quote');
  return { job: { ...job, ...changes } };
}
