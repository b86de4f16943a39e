/**
 * The quote loop's emails: the quote to the homeowner, with buttons to answer it; accepted,
 * declined and cancelled to operations. The links are our own signed links, built by the caller.
 */
import {
  actions,
  email,
  escapeHtml,
  greeting,
  heading,
  inlineLink,
  linkText,
  paragraph,
  rows,
  smallPrint,
  subjectSafe,
  table,
} from '../shared/mail/email-kit';
import type { EmailMessage, Row } from '../shared/mail/email-kit';
import type { Lead } from '../shared/models/lead-model';
import { formatPickupDate } from '#contract/core/calendar-date';
import { formatRating } from '#contract/loop/jobs';
import { QUOTE_WINDOWS, STATUS_LABELS, formatPickup, formatPrice } from '#contract/loop/quote-loop';
import type { QuoteView, TimelineStep } from '#contract/loop/quote-loop';

function quoteRows(quote: QuoteView): Row[] {
  return [
    ['Price', `${formatPrice(quote.priceDollars)} flat rate`],
    ['Pickup', `${formatPickupDate(quote.pickupDate)}, ${QUOTE_WINDOWS[quote.pickupWindow].label}`],
    ['Hauler', quote.hauler],
    ['Rating', ratingText(quote)],
    ['Note', quote.note],
  ];
}

/** The hauler's standing when they quoted: "★ 4.8 (12 ratings)" or "New". */
function ratingText({ rating }: QuoteView): string | undefined {
  if (rating === undefined) return undefined;
  return rating.kind === 'new' ? formatRating(rating) : `★ ${formatRating(rating)}`;
}

export interface QuoteEmailLinks {
  accept: string;
  decline: string;
  view: string;
}

export function quoteEmail(lead: Lead, quote: QuoteView, links: QuoteEmailLinks): EmailMessage {
  const hello = greeting(lead.request.name);
  const price = formatPrice(quote.priceDollars);
  const details = rows(quoteRows(quote));
  const intro = `Here is your flat-rate quote for bulk trash pickup (reference ${lead.reference}). The price is fixed: no hidden fees.`;
  const expiry = 'The buttons work for 7 days. Nothing is booked until you accept.';
  const answer = actions([
    { label: 'Accept this quote', href: links.accept },
    { label: 'Decline', href: links.decline, secondary: true },
  ]);
  const view = { label: 'View your request', href: links.view };
  return email(
    `Your flat-rate quote: ${price} (ref. ${lead.reference})`,
    [
      heading(`Your quote: ${price}`),
      paragraph(escapeHtml(hello)),
      paragraph(escapeHtml(intro)),
      table(details.html),
      answer.html,
      smallPrint(`${escapeHtml(expiry)} ${inlineLink(view.href, view.label)}`),
    ],
    [hello, '', intro, '', ...details.text, '', ...answer.text, linkText(view), '', expiry],
  );
}

function summary(lead: Lead, quote: QuoteView | undefined): string {
  return quote === undefined
    ? lead.reference
    : `${lead.reference} · ${formatPrice(quote.priceDollars)} · ${formatPickup(quote.pickupDate, quote.pickupWindow)}`;
}

function operationsNotice(
  title: string,
  lead: Lead,
  quote: QuoteView | undefined,
  extra: readonly Row[],
): EmailMessage {
  const subject = subjectSafe(`${title}: ${summary(lead, quote)}`);
  const { request } = lead;
  const details = rows([
    ['Reference', lead.reference],
    ['Homeowner', request.name],
    ['Phone', request.phone, 'tel'],
    ['Email', request.email],
    ['Location', `${request.city}, ${request.state} ${request.zipCode}`],
    ...(quote === undefined ? [] : quoteRows(quote)),
    ...extra,
  ]);
  return email(subject, [heading(subject), table(details.html)], [subject, '', ...details.text]);
}

/** "Accepted: REF · $240 · Tue, Nov 24, morning". */
export function acceptedEmail(lead: Lead, quote: QuoteView): EmailMessage {
  return operationsNotice('Accepted', lead, quote, []);
}

export function declinedEmail(
  lead: Lead,
  quote: QuoteView,
  reason: string | undefined,
): EmailMessage {
  return operationsNotice('Declined', lead, quote, [['Reason', reason || 'No reason given']]);
}

export function cancelledEmail(
  lead: Lead,
  quote: QuoteView | undefined,
  previous: TimelineStep,
): EmailMessage {
  return operationsNotice('Cancelled', lead, quote, [['Status before', STATUS_LABELS[previous]]]);
}
