// The homeowner rates the job's hauler from the view link: once per job, within the rating window
// (job-status.ts). The lead's write comes first; the hauler's count follows, and a call that finds
// the job rated counts it again, which changes nothing once it is counted (hauler-rating.ts).
import { countRating } from '../../shared/haulers/hauler-rating';
import { judgeRating } from '../../shared/haulers/hauler-strikes';
import type { JsonResult } from '../../shared/runtime/http';
import { jobOf } from '../../shared/jobs/lead-job';
import type { Lead } from '../../shared/models/lead-model';
import type { Mail } from '../../shared/mail/mailer';
import { authoriseLink } from '../../shared/auth/link-auth';
import { refusedLinkResult } from '../../shared/auth/link-results';
import { applyJob, jobPatch } from '../apply-job';
import type { JobDeps } from '../job-deps';
import { answered, badRequest, deliverAll, refused } from '../respond';
import { haulerMail, jobLink } from '../job-links';
import { ratedEmail } from './rated-email';
import { getHauler } from '../../shared/haulers/hauler-store';
import { ratingRequestSchema } from '#contract/loop/job-schemas';

export async function rateJob(body: Record<string, unknown>, deps: JobDeps): Promise<JsonResult> {
  const auth = await authoriseLink(body, deps, { homeowner: ['view'] });
  if (!auth.ok) return refusedLinkResult(auth);
  const parsed = ratingRequestSchema.safeParse(body);
  if (!parsed.success) return badRequest(parsed.error.issues);
  const { stars, comment } = parsed.data;
  const at = deps.now().toISOString();
  const applied = await applyJob(
    'rate',
    auth.lead,
    deps,
    { role: 'homeowner' },
    {
      // Rendered before the write and stored with it: a call dying after it loses no email.
      owes: (next) => ratedMails(next, deps),
      patch: (lead) => jobPatch(lead, { rating: { stars, ...(comment ? { comment } : {}), at } }),
    },
  );
  await countJobRating(applied.lead, deps);
  // Claimed on the lead under its key: a retry or a second click sends it once, or not at all.
  const sent = await deliverAll(
    applied.lead,
    applied.owed.length > 0 ? applied.owed : await ratedMails(applied.lead, deps),
    deps,
  );
  const holder = { claims: auth.claims };
  if (applied.kind === 'refused') return refused(applied.message, applied.lead, holder, deps);
  return answered(sent, applied.lead, holder, deps);
}

/** The rated job's hauler hears the stars and the comment; a removed hauler hears nothing. */
async function ratedMails(lead: Lead, deps: JobDeps): Promise<Mail[]> {
  const job = jobOf(lead);
  if (job?.rating === undefined || job.haulerId === undefined) return [];
  const hauler = await getHauler(deps.table, job.haulerId);
  if (hauler === undefined || hauler.status === 'removed') return [];
  return [
    {
      key: `rated-${job.quote}`,
      to: hauler.email,
      ...haulerMail(deps),
      message: ratedEmail(lead, job.rating, await jobLink(deps, lead)),
    },
  ];
}

/** The stored rating onto its hauler (once), then the low-rating rule. */
async function countJobRating(lead: Lead, deps: JobDeps): Promise<void> {
  const job = jobOf(lead);
  if (job?.rating === undefined || job.haulerId === undefined) return;
  const { submissionId, reference } = lead;
  const counted = await countRating(deps.table, {
    haulerId: job.haulerId,
    submissionId,
    quote: job.quote,
    stars: job.rating.stars,
    at: job.rating.at,
  });
  if (counted.outcome === 'no-hauler') return;
  if (counted.outcome === 'counted') {
    console.info('job: rating counted', { submissionId, haulerId: job.haulerId });
  }
  await judgeRating(deps, counted.hauler, { submissionId, reference, at: job.rating.at });
}
