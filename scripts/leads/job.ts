/**
 * What `npm run leads -- show` prints about a request after acceptance: the timeline in words, the
 * address, the job (on the way, done; the receipt has its own lines, receipt.ts), price changes,
 * problems reported, jobs given up, and the rating.
 */
import {
  jobOf,
  jobPrice,
  pickupAddressOf,
  problemsOf,
  reassignmentsOf,
} from '../../lambdas/shared/jobs/lead-job';
import type { Lead } from '../../lambdas/shared/models/lead-model';
import { PROBLEM_KINDS } from '#contract/loop/jobs';
import { STATUS_LABELS, formatPrice } from '#contract/loop/quote-loop';

export function timelineLine(lead: Lead): string {
  const steps = (lead.statusHistory ?? []).map(
    (step) => `${STATUS_LABELS[step.status] ?? step.status} ${step.at}`,
  );
  return `  timeline   ${steps.join(' → ')}`;
}

export function jobLines(lead: Lead): string[] {
  const lines: string[] = [];
  const address = pickupAddressOf(lead);
  if (address !== undefined) {
    const notes = address.accessNotes === undefined ? '' : ` · “${address.accessNotes}”`;
    lines.push(`  address    ${address.street}${notes} (given ${address.at})`);
  }
  const job = jobOf(lead);
  if (job !== undefined) {
    const price = jobPrice(lead, job);
    const facts = [
      `quote #${job.quote}`,
      job.haulerId === undefined ? 'operations' : `hauler ${job.haulerId}`,
      price === undefined ? undefined : formatPrice(price),
      job.onTheWayAt === undefined ? undefined : `on the way ${job.onTheWayAt}`,
      job.doneAt === undefined ? undefined : `done ${job.doneAt}`,
    ].filter((fact): fact is string => fact !== undefined);
    lines.push(`  job        ${facts.join(' · ')}`);
    for (const change of job.priceChanges ?? []) {
      lines.push(
        `  price      #${change.number} ${formatPrice(change.fromDollars)} → ${formatPrice(change.priceDollars)} · ${change.state} · “${change.reason}” · ${change.at}`,
      );
    }
    if (job.rating !== undefined) {
      const comment =
        job.rating.comment === undefined
          ? ''
          : ` · “${job.rating.comment}”${job.rating.commentHidden === true ? ' (hidden)' : ''}`;
      lines.push(`  rating     ${job.rating.stars} of 5${comment} · ${job.rating.at}`);
    }
  }
  problemsOf(lead).forEach((problem, i) => {
    const confirmed =
      problem.confirmedAt === undefined ? '' : ` · confirmed ${problem.confirmedAt}`;
    lines.push(
      `  problem    #${i + 1} ${PROBLEM_KINDS[problem.kind]} · “${problem.description}” · ${problem.at}${confirmed}`,
    );
  });
  for (const given of reassignmentsOf(lead)) {
    lines.push(
      `  given up   quote #${given.quote} by hauler ${given.haulerId} · “${given.reason}” · ${given.at}${given.late ? ' · late: a strike' : ''}`,
    );
  }
  return lines;
}
