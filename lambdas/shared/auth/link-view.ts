// What any signed link may see of its request: the one composition read-lead answers with and the
// quote loop's tests read through. Read only: opening a link never changes anything.
import { getHauler } from '../haulers/hauler-store';
import { jobView } from '../jobs/job-view';
import type { JobReader } from '../jobs/job-view';
import { acceptedStoredQuote, jobOf } from '../jobs/lead-job';
import { withOfferJobPage } from '../jobs/offer-job-page';
import type { Lead } from '../leads/lead-store';
import { questionsView } from '../leads/lead-questions';
import type { QuestionReader } from '../leads/lead-questions';
import { leadView } from '../leads/lead-view';
import type { OfferViewer } from '../leads/lead-view';
import { offerFacts } from '../offers/offer-facts';
import { moneyStateOf } from '../payments/card-update';
import { moneyJobId } from '../payments/money-runner';
import { unavailableHaulers } from '../offers/quote-availability';
import { authoriseLink } from './link-auth';
import { withPayoutsNeeded } from './payouts-needed';
import { withQuotePayments } from './quote-payments';
import type { PaymentSettingDeps } from './payouts-needed';
import type { LinkAuthDeps, LinkRefusal } from './link-outcome';
import type { LinkClaims } from '../links/signed-links';
import type { JobView, LeadWithJob } from '#contract/loop/jobs';
import { linkActionsOfKind } from '#contract/loop/quote-loop';

/**
 * `payments`: the stage's setting (issue 39): the homeowner's page states how payment works, a
 * hauler's offer page whether payouts are wanting; absent: not said.
 */
export type LinkViewDeps = LinkAuthDeps & Partial<PaymentSettingDeps>;

/** The job for `reader`, with the accepted hauler's name and phone for the homeowner and operations. */
export async function jobFor(
  lead: Lead,
  reader: JobReader,
  deps: LinkViewDeps,
): Promise<Pick<LeadWithJob, 'job'>> {
  const haulerId = jobOf(lead)?.haulerId;
  const hauler =
    reader.role !== 'hauler' && haulerId !== undefined
      ? await getHauler(deps.table, haulerId)
      : undefined;
  const job = jobView(
    lead,
    reader,
    deps.now(),
    hauler === undefined ? undefined : { businessName: hauler.businessName, phone: hauler.phone },
  );
  return job === undefined ? {} : { job };
}

/**
 * Payments on: the job with its money state (decision 060), for the homeowner and the booked
 * hauler only; one read by key, and only for an accepted quote. No ids, amounts or card.
 */
async function withMoney(
  job: JobView | undefined,
  lead: Lead,
  haulerId: string | undefined,
  deps: LinkViewDeps,
): Promise<JobView | undefined> {
  const accepted = acceptedStoredQuote(lead);
  if (job === undefined || accepted === undefined || deps.payments?.setting !== 'on') return job;
  if (haulerId !== undefined && accepted.haulerId !== haulerId) return job;
  const money = await moneyStateOf(deps.table, moneyJobId(lead.submissionId, accepted.number));
  return money === undefined ? job : { ...job, money };
}

/** Who holds the link: its claims, and the hauler behind a hauler's link. */
export interface LinkHolder {
  claims: LinkClaims;
  viewer?: OfferViewer;
}

/** The request as this holder sees it, with the questions before hiring its page shows. */
export async function viewAs(
  lead: Lead,
  holder: LinkHolder,
  deps: LinkViewDeps,
): Promise<LeadWithJob> {
  const view = await viewWithJob(lead, holder, deps);
  const { role, action, quote } = holder.claims;
  const reader: QuestionReader | undefined =
    role === 'homeowner'
      ? { role, answers: action === 'view' }
      : role === 'hauler' && action === 'offer' && holder.viewer !== undefined
        ? {
            role,
            asker: {
              offer: quote,
              haulerId: holder.viewer.haulerId,
              ...(holder.viewer.ended === true ? { ended: true } : {}),
            },
          }
        : undefined;
  const questions = reader === undefined ? undefined : questionsView(lead, reader);
  const setting = role === 'homeowner' ? deps.payments?.setting : undefined;
  const priced = withQuotePayments(view, lead, setting);
  const withPayments = setting === undefined ? priced : { ...priced, payments: setting };
  return questions === undefined ? withPayments : { ...withPayments, questions };
}

/** A job link and the homeowner's and operations' links see the job. */
async function viewWithJob(
  lead: Lead,
  holder: LinkHolder,
  deps: LinkViewDeps,
): Promise<LeadWithJob> {
  const { role, action } = holder.claims;
  // The homeowner's page offers no quote whose hauler cannot be booked now.
  const away =
    role === 'homeowner' ? await unavailableHaulers(deps.table, lead, deps.now()) : undefined;
  const view = leadView(lead, holder.claims, deps.now(), holder.viewer, away);
  if (role === 'hauler') {
    if (action === 'offer' && holder.viewer !== undefined) {
      const { haulerId } = holder.viewer;
      const offer = offerFacts(lead, holder.claims.quote);
      const withOffer = offer === undefined ? view : { ...view, offer };
      return withOfferJobPage(
        withOffer,
        lead,
        { haulerId, offerNumber: holder.claims.quote },
        deps,
      );
    }
    if (action !== 'job' || holder.viewer === undefined) return view;
    const { haulerId } = holder.viewer;
    const { job: booked } = await jobFor(lead, { role, haulerId }, deps);
    const withJob = await withMoney(booked, lead, haulerId, deps);
    return withJob === undefined ? view : { ...view, job: withJob };
  }
  if (role !== 'operations' && role !== 'homeowner') return view;
  const { job: found } = await jobFor(lead, { role }, deps);
  const job = role === 'homeowner' ? await withMoney(found, lead, undefined, deps) : found;
  if (job === undefined) return view;
  // Only the request page's own link may give the address, report or rate; the others answer.
  if (role === 'homeowner' && action !== 'view') {
    const none = Object.fromEntries(Object.keys(job.can).map((key) => [key, false]));
    const can = {
      ...(none as JobView['can']),
      decidePrice: action === 'price' && job.can.decidePrice,
    };
    return { ...view, job: { ...job, can } };
  }
  return { ...view, job };
}

/** The request as the token's role may see it: any request link, an offer's and a job's included. */
export async function viewForLink(
  body: Record<string, unknown>,
  deps: LinkViewDeps,
): Promise<{ ok: true; lead: LeadWithJob } | LinkRefusal> {
  const auth = await authoriseLink(body, deps, linkActionsOfKind('lead'));
  if (!auth.ok) return auth;
  const lead = await viewAs(auth.lead, auth, deps);
  if (!('offer' in auth)) return { ok: true, lead };
  return { ok: true, lead: await withPayoutsNeeded(lead, auth.hauler, deps) };
}
