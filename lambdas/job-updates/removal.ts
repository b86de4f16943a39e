// A hauler's removal (decision 045): their booked jobs go back to offers as "I can't do this job"
// leaves them (no strike) and their live quotes are withdrawn; their links stop working.
import type { Hauler } from '../shared/models/hauler-model';
import { applyChange } from '../shared/leads/lead-change';
import { jobOf } from '../shared/jobs/lead-job';
import { storedQuotes } from '../shared/leads/lead-quotes';
import { offersAgain } from '../shared/models/offer-model';
import { listLeadsByStatus } from '../shared/leads/lead-store';
import type { Lead } from '../shared/models/lead-model';
import { giveUpJob } from './hauler-actions';
import type { JobDeps } from './job-deps';
import { JOB_BOOKED_STATUSES, JOB_TEXTS } from '#contract/loop/jobs';
import type { LeadStatus } from '#contract/loop/quote-loop';

export interface RemovalReport {
  jobsReturned: string[];
  quotesWithdrawn: string[];
}

/** Only these statuses can hold a live quote or a job not yet done. */
const TOUCHED: readonly LeadStatus[] = ['quoted', 'accepted', 'on-the-way'];

function liveQuoteOf(lead: Lead, haulerId: string) {
  return storedQuotes(lead).find((q) => q.state === 'live' && q.haulerId === haulerId);
}

/** The last live quote withdrawn takes the request back to "received": offers start again. */
async function withdrawQuote(lead: Lead, haulerId: string, deps: JobDeps) {
  const now = deps.now();
  return applyChange(
    deps.table,
    lead,
    now,
    (current) => {
      const quote = liveQuoteOf(current, haulerId);
      if (quote === undefined) return { kind: 'already', status: current.status };
      const othersLive = storedQuotes(current).some(
        (q) => q.state === 'live' && q.number !== quote.number,
      );
      const to = current.status === 'quoted' && !othersLive ? 'received' : current.status;
      return { kind: 'change', from: current.status, to, history: to !== current.status };
    },
    {
      patch: (current, change) => ({
        quotes: storedQuotes(current).map((q) =>
          q.state === 'live' && q.haulerId === haulerId ? { ...q, state: 'withdrawn' } : q,
        ),
        ...(change.to === 'received' ? offersAgain(current, now) : {}),
      }),
    },
  );
}

export async function releaseRemovedHauler(
  hauler: Pick<Hauler, 'haulerId' | 'businessName'>,
  deps: JobDeps,
): Promise<RemovalReport> {
  const report: RemovalReport = { jobsReturned: [], quotesWithdrawn: [] };
  // An operator's occasional command: the open requests by status, a page at a time (the index
  // is eventually consistent; a request booked a moment ago is refused by job-auth anyway).
  for (const status of TOUCHED) {
    for (const lead of await listLeadsByStatus(deps.table, status)) {
      const booked =
        (JOB_BOOKED_STATUSES as readonly LeadStatus[]).includes(lead.status) &&
        jobOf(lead)?.haulerId === hauler.haulerId;
      if (booked) {
        const { applied } = await giveUpJob(lead, hauler, deps, {
          reason: JOB_TEXTS.removedReason,
          judgeLate: false,
        });
        if (applied.kind === 'changed') report.jobsReturned.push(lead.reference);
      } else if (liveQuoteOf(lead, hauler.haulerId) !== undefined) {
        const applied = await withdrawQuote(lead, hauler.haulerId, deps);
        if (applied.kind === 'changed') report.quotesWithdrawn.push(lead.reference);
      }
    }
  }
  return report;
}
