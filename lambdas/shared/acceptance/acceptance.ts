// What acceptance sets going: the emails of its parties (the job's timer is shared/jobs/job-timer.ts).
import { getHauler } from '../haulers/hauler-store';
import { storedQuotes } from '../leads/lead-quotes';
import type { StoredQuote } from '../models/quote-model';
import type { Lead } from '../models/lead-model';
import { createMailer, leadLedger } from '../mail/mailer';
import type { Mail } from '../mail/mailer';
import { linkClaims, linkUrl, signLink } from '../links/signed-links';
import { confirmationEmail, haulerInvite, homeownerInvite } from './booking-confirmation';
import type { BookedHauler } from './booking-confirmation';
import { acceptedEmail } from './emails';
import { bookedEmail, wentElsewhereEmail } from './hauler-emails';
import type { AcceptanceDeps } from './acceptance-deps';
import { HAULER_PAGE_PATHS, LOOP_PAGE_PATHS } from '#contract/core/pages';
import { quotePayments } from '../payments/money-start';

/** False only when this attempt failed: sent now, before or by a concurrent call is true. */
export async function deliver(lead: Lead, mail: Mail, deps: AcceptanceDeps): Promise<boolean> {
  const mailer = createMailer(deps, 'quote loop');
  return (await mailer.deliver(leadLedger(deps.table, lead), mail)) !== 'failed';
}

export async function deliverEach(
  lead: Lead,
  mails: readonly Mail[],
  deps: AcceptanceDeps,
): Promise<boolean> {
  let allSent = true;
  for (const mail of mails) {
    if (!(await deliver(lead, mail, deps))) allSent = false;
  }
  return allSent;
}

/**
 * The emails an acceptance owes, rendered for `lead` as the acceptance leaves it: before its
 * write, so that they are stored with it (decision 059), or after, for a retry.
 */
export async function acceptanceMails(
  lead: Lead,
  accepted: StoredQuote,
  deps: AcceptanceDeps,
): Promise<Mail[]> {
  const mails: Mail[] = [
    {
      // Per quote, not per request: after "I can't do this job" a second acceptance is told too.
      key: `accepted-${accepted.number}`,
      message: acceptedEmail(lead, accepted),
      to: deps.operationsAddress,
      replyTo: lead.request.email,
    },
  ];
  const { current } = await deps.secrets();
  const now = deps.now();
  const uidDomain = new URL(deps.publicBaseUrl).hostname;
  // An operations quote has no hauler record: the homeowner is told the name it quoted under.
  let booked: BookedHauler = { businessName: accepted.hauler };
  const quotedHaulers = storedQuotes(lead).filter((quote) => quote.haulerId !== undefined);
  for (const quote of quotedHaulers) {
    const hauler = await getHauler(deps.table, quote.haulerId!);
    // A hauler forgotten since it quoted has no address left to tell.
    if (hauler === undefined) continue;
    if (quote.number === accepted.number) {
      booked = { businessName: hauler.businessName, phone: hauler.phone };
      const claims = linkClaims(lead.submissionId, 'hauler', 'job', now, quote.offer ?? 0);
      const jobLink = linkUrl(deps.publicBaseUrl, HAULER_PAGE_PATHS.job, signLink(claims, current));
      const invite = haulerInvite(lead, quote, uidDomain, now);
      mails.push({
        key: `booked-${quote.number}`,
        message: bookedEmail(lead, quote, jobLink, invite),
        to: hauler.email,
        replyTo: lead.request.email,
      });
    } else if (quote.state === 'closed') {
      mails.push({
        key: `elsewhere-${quote.number}`,
        message: wentElsewhereEmail(lead, quote),
        to: hauler.email,
      });
    }
  }
  const viewClaims = linkClaims(lead.submissionId, 'homeowner', 'view', now);
  const requestLink = linkUrl(
    deps.publicBaseUrl,
    LOOP_PAGE_PATHS.request,
    signLink(viewClaims, current),
  );
  const invite = homeownerInvite(lead, accepted, booked, uidDomain, now);
  mails.push({
    key: `confirmed-${accepted.number}`,
    message: confirmationEmail(
      lead,
      accepted,
      booked,
      requestLink,
      invite,
      quotePayments(accepted, deps.payments?.setting),
    ),
    to: lead.request.email,
  });
  return mails;
}

/** Each email claimed on the lead: a retry sends only what is still unsent. */
export async function deliverAcceptance(
  lead: Lead,
  accepted: StoredQuote,
  deps: AcceptanceDeps,
): Promise<boolean> {
  return deliverEach(lead, await acceptanceMails(lead, accepted, deps), deps);
}
