/**
 * `npm run haulers -- hide-comment REF`: operations hide the comment of that request's rating. The
 * stars still count; the comment is kept for operations but no view shows it again
 * (lambdas/shared/jobs/job-view.ts leaves a hidden comment out).
 */
import { jobOf } from '../../lambdas/shared/jobs/lead-job';
import { updateLeadStatus } from '../../lambdas/shared/leads/lead-store';
import type { LeadTable } from '../../lambdas/shared/runtime/table-handle';
import { oneRequest } from '../leads/find-request';

export type HiddenComment = { reference: string; outcome: 'hidden' | 'already hidden' };

const ATTEMPTS = 3;

export async function hideComment(
  table: LeadTable,
  ref: string,
  now: Date,
): Promise<HiddenComment> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const lead = await oneRequest(table, ref);
    const job = jobOf(lead);
    if (job?.rating === undefined) throw new Error(`Request ${lead.reference} is not rated.`);
    if (job.rating.comment === undefined) {
      throw new Error(`The rating of ${lead.reference} has no comment: only its stars.`);
    }
    if (job.rating.commentHidden === true) {
      return { reference: lead.reference, outcome: 'already hidden' };
    }
    const written = await updateLeadStatus(table, lead.submissionId, {
      from: [lead.status],
      to: lead.status,
      at: now,
      history: false,
      expectedVersion: lead.version,
      patch: { job: { ...job, rating: { ...job.rating, commentHidden: true } } },
    });
    if (written.ok) return { reference: lead.reference, outcome: 'hidden' };
  }
  throw new Error(`Request ${ref} changed at the same moment several times: try again.`);
}
