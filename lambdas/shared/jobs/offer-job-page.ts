// The accepted hauler's offer page links to the job's own page (issue 37, item 11): without it,
// it kept "$285 accepted" and led nowhere. A cancelled job is said so, with no link.
import { jobView } from './job-view';
import { acceptedStoredQuote } from './lead-job';
import type { Lead } from '../models/lead-model';
import type { LinkSecretLoader } from '../links/link-secret';
import { linkClaims, signLink } from '../links/signed-links';
import type { LeadView, OfferJobPage } from '#contract/loop/quote-loop';

export interface OfferJobPageDeps {
  secrets: LinkSecretLoader;
  now: () => Date;
}

/** The job of `haulerId`'s accepted quote as their offer page shows it; undefined for anyone else. */
export async function offerJobPage(
  lead: Lead,
  haulerId: string,
  /** The offer link's own number: the job link names the same offer, as "Booked"'s does. */
  offerNumber: number,
  deps: OfferJobPageDeps,
): Promise<OfferJobPage | undefined> {
  const now = deps.now();
  const accepted = acceptedStoredQuote(lead);
  if (accepted === undefined || accepted.haulerId !== haulerId) return undefined;
  const job = jobView(lead, { role: 'hauler', haulerId }, now);
  if (job === undefined) return undefined;
  const { status } = lead;
  if (status === 'cancelled') {
    return {
      status,
      priceDollars: job.priceDollars,
      ...(job.cancelledAt === undefined ? {} : { cancelledAt: job.cancelledAt }),
    };
  }
  if (status !== 'accepted' && status !== 'on-the-way' && status !== 'done') return undefined;
  // Signed as acceptance signs the job link of "Booked", with the current secret.
  const { current } = await deps.secrets();
  const claims = linkClaims(lead.submissionId, 'hauler', 'job', now, accepted.offer ?? offerNumber);
  return {
    token: signLink(claims, current),
    status,
    priceDollars: job.priceDollars,
    ...(job.doneAt === undefined ? {} : { doneAt: job.doneAt }),
  };
}

/** A hauler's offer view, with their job when the homeowner accepted their quote. */
export async function withOfferJobPage(
  view: LeadView,
  lead: Lead,
  holder: { haulerId: string; offerNumber: number },
  deps: OfferJobPageDeps,
): Promise<LeadView> {
  if (view.role !== 'hauler') return view;
  const jobPage = await offerJobPage(lead, holder.haulerId, holder.offerNumber, deps);
  return jobPage === undefined ? view : { ...view, jobPage };
}
