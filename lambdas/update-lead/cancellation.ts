// Who hears of a cancellation (decision 045): operations, the booked hauler ("Cancelled: do not
// go") and every hauler whose quote was open. Each email is claimed: a retry sends only the unsent.
import { getHauler } from '../shared/haulers/hauler-store';
import { storedQuotes } from '../shared/leads/lead-quotes';
import type { Lead } from '../shared/models/lead-model';
import type { Mail } from '../shared/mail/mailer';
import { deliverEach } from '../shared/acceptance/acceptance';
import { cancelledEmail } from '../shared/acceptance/emails';
import { cancelledJobEmail, cancelledQuoteEmail } from '../shared/acceptance/hauler-emails';
import type { UpdateLeadDeps } from './update-lead-deps';
import type { TimelineStep } from '#contract/loop/quote-loop';

/** The quotes the cancellation closed, as its write recorded them. */
export function closedByCancellation(lead: Lead): readonly number[] {
  return lead.cancellation?.closedQuotes ?? [];
}

/**
 * The emails a cancellation owes, rendered for `lead` as the cancellation leaves it: before its
 * write, so that they are stored with it (decision 059), or after, for a retry.
 */
export async function cancellationMails(
  lead: Lead,
  previous: TimelineStep,
  deps: UpdateLeadDeps,
): Promise<Mail[]> {
  const quotes = storedQuotes(lead);
  // Only a quote the homeowner accepted names the job; an open quote nobody chose does not.
  const accepted = quotes.find((quote) => quote.state === 'accepted');
  const mails: Mail[] = [
    {
      key: 'cancelled',
      message: cancelledEmail(lead, accepted, previous),
      to: deps.operationsAddress,
      replyTo: lead.request.email,
    },
  ];
  const closed = new Set(closedByCancellation(lead));
  for (const quote of quotes) {
    if (quote.haulerId === undefined) continue;
    const booked = quote === accepted;
    if (!booked && !closed.has(quote.number)) continue;
    const hauler = await getHauler(deps.table, quote.haulerId);
    // A hauler forgotten since has no address left to tell.
    if (hauler === undefined) continue;
    mails.push(
      booked
        ? {
            key: `cancelled-job-${quote.number}`,
            message: cancelledJobEmail(lead, quote),
            to: hauler.email,
          }
        : {
            key: `cancelled-quote-${quote.number}`,
            message: cancelledQuoteEmail(lead, quote),
            to: hauler.email,
          },
    );
  }
  return mails;
}

export async function deliverCancellation(
  lead: Lead,
  previous: TimelineStep,
  deps: UpdateLeadDeps,
): Promise<boolean> {
  return deliverEach(lead, await cancellationMails(lead, previous, deps), deps);
}
