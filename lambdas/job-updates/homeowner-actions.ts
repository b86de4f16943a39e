/**
 * The homeowner's job actions (docs/decisions/034-jobs.md): the address, the answer to a price
 * change and a problem report. Each is decided by the job machine on the stored lead, written
 * in one conditional write, and only then emailed (each email claimed on the lead: twice is once).
 */
import { getHauler } from '../shared/haulers/hauler-store';
import type { JsonResult } from '../shared/runtime/http';
import { jobOf, pickupAddressOf, problemsOf } from '../shared/jobs/lead-job';
import { jobMoneyEvent } from '../shared/payments/money-due';
import type { StoredAddress, StoredProblem } from '../shared/models/job-model';
import type { LinkHolder } from '../shared/auth/link-view';
import { authoriseLink } from '../shared/auth/link-auth';
import { refusedLinkResult } from '../shared/auth/link-results';
import { haulerMail, jobLink, operationsMail } from './job-links';
import { applyJob, jobPatch } from './apply-job';
import type { JobDeps } from './job-deps';
import type { Lead } from '../shared/models/lead-model';
import type { Mail } from '../shared/mail/mailer';
import { addressEmail, priceAnsweredEmail, problemEmail } from './job-emails';
import { answered, badRequest, deliverAll, fieldError, refused } from './respond';
import { JOB_MESSAGES } from '#contract/loop/jobs';
import {
  addressRequestSchema,
  priceDecisionRequestSchema,
  problemRequestSchema,
} from '#contract/loop/job-schemas';
import type { PickupAddress } from '#contract/loop/jobs';

function sameAddress(stored: StoredAddress | undefined, given: PickupAddress): boolean {
  return (
    stored !== undefined &&
    stored.street === given.street &&
    (stored.accessNotes ?? '') === (given.accessNotes ?? '')
  );
}

/** The homeowner's pickup street address and access notes, until the job is done. */
export async function giveAddress(
  body: Record<string, unknown>,
  deps: JobDeps,
): Promise<JsonResult> {
  const auth = await authoriseLink(body, deps, { homeowner: ['view'] });
  if (!auth.ok) return refusedLinkResult(auth);
  const parsed = addressRequestSchema.safeParse(body);
  if (!parsed.success) return badRequest(parsed.error.issues);
  const { token: _token, ...address } = parsed.data;
  const holder: LinkHolder = { claims: auth.claims };
  const told = async (lead: Lead): Promise<Mail[]> => {
    const stored = pickupAddressOf(lead);
    const haulerId = jobOf(lead)?.haulerId;
    const found = haulerId === undefined ? undefined : await getHauler(deps.table, haulerId);
    // A removed hauler is told nothing more, least of all an address (decision 045).
    const hauler = found?.status === 'removed' ? undefined : found;
    const link = await jobLink(deps, lead);
    const version = lead.pickupAddress?.version ?? 1;
    if (stored === undefined || hauler === undefined || link === undefined) return [];
    return [
      {
        key: `address-${version}`,
        to: hauler.email,
        ...haulerMail(deps),
        message: addressEmail(lead, stored, link),
      },
    ];
  };
  const applied = await applyJob(
    'address',
    auth.lead,
    deps,
    { role: 'homeowner' },
    {
      // Rendered before the write and stored with it: a call dying after it loses no email.
      owes: told,
      isRepeat: (lead) => sameAddress(pickupAddressOf(lead), address),
      patch: (lead) => {
        const version = (lead.pickupAddress?.version ?? 0) + 1;
        return {
          pickupAddress: {
            street: address.street,
            ...(address.accessNotes === undefined || address.accessNotes === ''
              ? {}
              : { accessNotes: address.accessNotes }),
            at: deps.now().toISOString(),
            version,
          },
        };
      },
    },
  );
  if (applied.kind === 'refused') return refused(applied.message, applied.lead, holder, deps);
  const { lead } = applied;
  const sent = await deliverAll(
    lead,
    applied.owed.length > 0 ? applied.owed : await told(lead),
    deps,
  );
  console.info('job: address', { submissionId: lead.submissionId, outcome: applied.kind, sent });
  return answered(sent, lead, holder, deps);
}

/** The homeowner's answer, from the price link (its change) or the request page (naming it). */
export async function decidePriceChange(
  body: Record<string, unknown>,
  deps: JobDeps,
): Promise<JsonResult> {
  const auth = await authoriseLink(body, deps, { homeowner: ['price', 'view'] });
  if (!auth.ok) return refusedLinkResult(auth);
  const parsed = priceDecisionRequestSchema.safeParse(body);
  if (!parsed.success) return badRequest(parsed.error.issues);
  const { decision } = parsed.data;
  const named = parsed.data.change;
  const claimed = auth.claims.action === 'price' ? auth.claims.quote : undefined;
  if (named === undefined && claimed === undefined) {
    return fieldError('change', JOB_MESSAGES.priceChangeNumberInvalid);
  }
  if (named !== undefined && claimed !== undefined && named !== claimed) {
    return fieldError('change', JOB_MESSAGES.priceChangeNumberInvalid);
  }
  const number = (claimed ?? named)!;
  const holder: LinkHolder = { claims: auth.claims };
  const state = decision === 'approve' ? 'approved' : 'declined';
  const told = async (lead: Lead): Promise<Mail[]> => {
    const job = jobOf(lead);
    const change = job?.priceChanges?.find((candidate) => candidate.number === number);
    if (change === undefined) return [];
    const hauler =
      job?.haulerId === undefined ? undefined : await getHauler(deps.table, job.haulerId);
    const message = priceAnsweredEmail(lead, change);
    const key = `price-${state}-${job?.quote ?? 0}-${number}`;
    return [
      ...(hauler === undefined ? [] : [{ key, to: hauler.email, ...haulerMail(deps), message }]),
      // A declined change may mean trouble on the day: operations hear of both answers.
      { key: `${key}-ops`, to: deps.operationsAddress, ...operationsMail(deps), message },
    ];
  };
  const applied = await applyJob(
    'price-decision',
    auth.lead,
    deps,
    { role: 'homeowner' },
    {
      // Rendered before the write and stored with it: a call dying after it loses no email.
      owes: told,
      change: number,
      answer: decision,
      patch: (lead) => {
        const job = jobOf(lead);
        const now = deps.now().toISOString();
        return jobPatch(lead, {
          priceChanges: (job?.priceChanges ?? []).map((change) =>
            change.number === number ? { ...change, state, answeredAt: now } : change,
          ),
        });
      },
    },
  );
  if (applied.kind === 'refused') return refused(applied.message, applied.lead, holder, deps);
  const { lead } = applied;
  const job = jobOf(lead);
  const change = job?.priceChanges?.find((candidate) => candidate.number === number);
  // An approved change moves the hold to the new price (a new authorisation when higher).
  if (change?.state === 'approved') {
    await jobMoneyEvent(
      deps,
      { submissionId: lead.submissionId, quote: job?.quote },
      { type: 'price-change-approved', priceCents: Math.round(change.priceDollars * 100) },
    );
  }
  const sent = await deliverAll(
    lead,
    applied.owed.length > 0 ? applied.owed : await told(lead),
    deps,
  );
  console.info('job: price decision', {
    submissionId: lead.submissionId,
    decision,
    outcome: applied.kind,
    sent,
  });
  return answered(sent, lead, holder, deps);
}

/** "Report a problem": to operations with the job's timeline; counted per request. */
export async function reportProblem(
  body: Record<string, unknown>,
  deps: JobDeps,
): Promise<JsonResult> {
  const auth = await authoriseLink(body, deps, { homeowner: ['view'] });
  if (!auth.ok) return refusedLinkResult(auth);
  const parsed = problemRequestSchema.safeParse(body);
  if (!parsed.success) return badRequest(parsed.error.issues);
  const { kind, description } = parsed.data;
  const holder: LinkHolder = { claims: auth.claims };
  const told = async (lead: Lead): Promise<Mail[]> => {
    const problems = problemsOf(lead);
    const index = problems.findIndex((p) => p.kind === kind && p.description === description);
    const problem = problems[index];
    if (problem === undefined) return [];
    const haulerId = problem.haulerId;
    const hauler = haulerId === undefined ? undefined : await getHauler(deps.table, haulerId);
    return [
      {
        key: `problem-${index + 1}`,
        to: deps.operationsAddress,
        replyTo: lead.request.email,
        ...operationsMail(deps),
        message: problemEmail(lead, problem, hauler?.businessName),
      },
    ];
  };
  const applied = await applyJob(
    'problem',
    auth.lead,
    deps,
    { role: 'homeowner' },
    {
      // Rendered before the write and stored with it: a call dying after it loses no email.
      owes: told,
      // The same report twice (a double click) is one report.
      isRepeat: (lead) =>
        problemsOf(lead).some((p) => p.kind === kind && p.description === description),
      patch: (lead) => {
        const haulerId = jobOf(lead)?.haulerId;
        const problem: StoredProblem = {
          kind,
          description,
          at: deps.now().toISOString(),
          ...(haulerId === undefined ? {} : { haulerId }),
        };
        return { problems: [...problemsOf(lead), problem] };
      },
    },
  );
  if (applied.kind === 'refused') return refused(applied.message, applied.lead, holder, deps);
  const { lead } = applied;
  const problems = problemsOf(lead);
  const index = problems.findIndex((p) => p.kind === kind && p.description === description);
  const problem = problems[index];
  // Within the objection window a problem stops the charge for operations (the money ignores it
  // outside the window).
  if (problem !== undefined) {
    await jobMoneyEvent(
      deps,
      { submissionId: lead.submissionId, quote: jobOf(lead)?.quote },
      { type: 'problem-reported', at: problem.at },
    );
  }
  const sent = await deliverAll(
    lead,
    applied.owed.length > 0 ? applied.owed : await told(lead),
    deps,
  );
  console.info('job: problem', {
    submissionId: lead.submissionId,
    kind,
    outcome: applied.kind,
    sent,
  });
  return answered(sent, lead, holder, deps);
}
