/**
 * What haulers who quoted learn when the homeowner accepts: the accepted one gets the homeowner's
 * contact (the first moment any hauler sees it); the others only that the job went elsewhere.
 */
import {
  actions,
  email,
  escapeHtml,
  heading,
  paragraph,
  rows,
  subjectSafe,
  table,
} from '../mail/email-kit';
import type { Lead } from '../models/lead-model';
import type { StoredQuote } from '../models/quote-model';
import type { EmailAttachment, EmailMessage } from '../mail/email-kit';
import { formatPickupDate } from '#contract/core/calendar-date';
import { JOB_TEXTS } from '#contract/loop/jobs';
import { OFFER_TEXTS } from '#contract/loop/offers';
import { QUOTE_WINDOWS, formatPrice } from '#contract/loop/quote-loop';

export function bookedEmail(
  lead: Lead,
  quote: StoredQuote,
  jobLink: string,
  invite: EmailAttachment,
): EmailMessage {
  const { request } = lead;
  const subject = subjectSafe(
    OFFER_TEXTS.bookedSubject(
      lead.reference,
      quote.priceDollars,
      quote.pickupDate,
      quote.pickupWindow,
    ),
  );
  const intro =
    'The homeowner accepted your quote. Please call or text them today to confirm the pickup. The price is the one you quoted: no extras on arrival.';
  const details = rows([
    ['Reference', lead.reference],
    ['Homeowner', request.name],
    ['Phone', request.phone, 'tel'],
    ['Email', request.email],
    ['Location', `${request.city}, ${request.state} ${request.zipCode}`],
    ['Price', `${formatPrice(quote.priceDollars)} flat rate`],
    ['Pickup', `${formatPickupDate(quote.pickupDate)}, ${QUOTE_WINDOWS[quote.pickupWindow].label}`],
    ['Description', request.description],
  ]);
  const open = actions([{ label: 'View the job', href: jobLink }]);
  return {
    ...email(
      subject,
      [heading(subject), paragraph(escapeHtml(intro)), table(details.html), open.html],
      [subject, '', intro, '', ...details.text, '', ...open.text],
    ),
    attachments: [invite],
  };
}

export function wentElsewhereEmail(lead: Lead, quote: StoredQuote): EmailMessage {
  const subject = OFFER_TEXTS.wentElsewhere;
  const text = `The homeowner of request ${lead.reference} near ${lead.request.zipCode} chose another quote. Your quote of ${formatPrice(quote.priceDollars)} is closed, and nothing is charged: there are no lead fees. Thank you for quoting.`;
  return email(subject, [heading(subject), paragraph(escapeHtml(text))], [subject, '', text]);
}

/** To the booked hauler: the homeowner cancelled, so nobody should drive there. */
export function cancelledJobEmail(lead: Lead, quote: StoredQuote): EmailMessage {
  const subject = subjectSafe(`${JOB_TEXTS.cancelledHeading} · ${lead.reference}`);
  const when = `${formatPickupDate(quote.pickupDate)}, ${QUOTE_WINDOWS[quote.pickupWindow].label}`;
  const text = `The homeowner cancelled request ${lead.reference} near ${lead.request.zipCode}, booked for ${when} at ${formatPrice(quote.priceDollars)}. Please do not go to the pickup: the job is off, and nothing is owed either way.`;
  return email(subject, [heading(subject), paragraph(escapeHtml(text))], [subject, '', text]);
}

/** To a hauler whose quote was still open: the request is gone, their quote with it. */
export function cancelledQuoteEmail(lead: Lead, quote: StoredQuote): EmailMessage {
  const subject = subjectSafe(OFFER_TEXTS.cancelledQuoteSubject(lead.reference));
  const text = `The homeowner cancelled request ${lead.reference} near ${lead.request.zipCode}. Your quote of ${formatPrice(quote.priceDollars)} is closed, and nothing is charged: there are no lead fees. Thank you for quoting.`;
  return email(subject, [heading(subject), paragraph(escapeHtml(text))], [subject, '', text]);
}
