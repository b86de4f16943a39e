// `leads -- confirm-no-show REF`: the report confirmed, the job's hauler struck (hauler-strikes.ts).
// Confirming again changes nothing more and sends only what is still unsent.
import { recordStrike } from '../../lambdas/shared/haulers/hauler-strikes';
import type { StrikeDeps, StrikeOutcome } from '../../lambdas/shared/haulers/hauler-strikes';
import { problemsOf } from '../../lambdas/shared/jobs/lead-job';
import type { StoredProblem } from '../../lambdas/shared/models/job-model';
import { updateLeadStatus } from '../../lambdas/shared/leads/lead-store';
import { storedQuotes } from '../../lambdas/shared/leads/lead-quotes';
import { recordMoneyEvent } from '../../lambdas/shared/payments/money-due';
import { moneyJobId } from '../../lambdas/shared/payments/money-runner';
import { oneRequest } from './find-request';

export interface NoShowConfirmed {
  reference: string;
  /** The report confirmed (its position among the request's problem reports, from 1). */
  report: number;
  haulerId: string;
  strike: StrikeOutcome;
  /** The job's hold is to be released (the money job sends it): false when the job has no money. */
  released: boolean;
}

/** A write that keeps losing races to the request's own changes gives up. */
const ATTEMPTS = 3;

export async function confirmNoShow(deps: StrikeDeps, ref: string): Promise<NoShowConfirmed> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const lead = await oneRequest(deps.table, ref);
    const problems = problemsOf(lead);
    // The latest no-show report: a request has at most a few, and they name the same job's hauler.
    const index = problems.findLastIndex((problem) => problem.kind === 'no-show');
    const report = problems[index];
    if (report === undefined) {
      throw new Error(
        `Request ${lead.reference} has no no-show report from the homeowner: there is nothing to confirm.`,
      );
    }
    if (report.haulerId === undefined) {
      throw new Error(
        `The no-show report on ${lead.reference} names no hauler (operations' own quote): there is nobody to strike.`,
      );
    }
    if (report.confirmedAt === undefined) {
      const confirmed: StoredProblem = { ...report, confirmedAt: deps.now().toISOString() };
      const written = await updateLeadStatus(deps.table, lead.submissionId, {
        from: [lead.status],
        to: lead.status,
        at: deps.now(),
        history: false,
        expectedVersion: lead.version,
        patch: { problems: problems.map((problem, i) => (i === index ? confirmed : problem)) },
      });
      if (!written.ok) continue;
    }
    const strike = await recordStrike(deps, report.haulerId, 'no-show', {
      submissionId: lead.submissionId,
      reference: lead.reference,
      at: report.at,
    });
    // Nothing is charged when nothing happened: the no-show job's hold is released. The command
    // line holds no Stripe key: the event is stored and the minute's money job sends the release.
    const quote = storedQuotes(lead).find(
      (candidate) => candidate.state === 'accepted' && candidate.haulerId === report.haulerId,
    );
    const released =
      quote !== undefined &&
      (await recordMoneyEvent(
        deps.table,
        moneyJobId(lead.submissionId, quote.number),
        { type: 'no-show-confirmed' },
        deps.now(),
      ));
    return {
      reference: lead.reference,
      report: index + 1,
      haulerId: report.haulerId,
      strike,
      released,
    };
  }
  throw new Error(`Request ${ref} changed at the same moment several times: try again.`);
}
