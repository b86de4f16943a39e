/**
 * The quote loop's emails, as pure functions of the lead and its quote:
 * - the quote, to the homeowner, with "Accept this quote", "Decline" and "View your request";
 * - accepted, declined and cancelled, to operations.
 *
 * Text typed by people (the hauler's name and note, the homeowner's reason) is HTML-escaped; the
 * homeowner's name is reduced to plain words as in the confirmation. Links are our own signed
 * links, built by the caller.
 */
import { escapeHtml, layout, plainWords, subjectSafe } from '../send-booking-emails/emails';
import type { EmailMessage } from '../send-booking-emails/emails';
import type { Lead } from '../shared/lead-store';
import { formatPickupDate } from '#contract/calendar-date';
import { QUOTE_WINDOWS, STATUS_LABELS, formatPickup, formatPrice } from '#contract/quote-loop';
import type { LeadStatus, QuoteView } from '#contract/quote-loop';

/** A link styled as a button that survives mail clients (inline styles, no CSS classes). */
export function buttonHtml(href: string, label: string, primary = true): string {
  const colours = primary
    ? 'background:#047857;color:#ffffff;border:2px solid #047857;'
    : 'background:#ffffff;color:#065f46;border:2px solid #065f46;';
  return `<a href="${escapeHtml(href)}" style="display:inline-block;${colours}padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold;margin:0 8px 8px 0;">${escapeHtml(label)}</a>`;
}

function multiline(text: string): string {
  return escapeHtml(text.replace(/\r\n?/g, '\n')).replace(/\n/g, '<br>');
}

function row(label: string, valueHtml: string): string {
  return `<tr><th align="left" valign="top" style="padding:4px 16px 4px 0;color:#52525b;font-weight:normal;white-space:nowrap;">${escapeHtml(label)}</th><td style="padding:4px 0;">${valueHtml}</td></tr>`;
}

function table(rows: ReadonlyArray<readonly [string, string | undefined]>): {
  html: string;
  text: string[];
} {
  const present = rows.filter((r): r is readonly [string, string] => r[1] !== undefined);
  return {
    html: [
      '<table role="presentation" style="border-collapse:collapse;">',
      ...present.map(([label, value]) => row(label, multiline(value))),
      '</table>',
    ].join('\n'),
    text: present.map(([label, value]) => `${label}: ${value}`),
  };
}

function quoteRows(quote: QuoteView): ReadonlyArray<readonly [string, string | undefined]> {
  return [
    ['Price', `${formatPrice(quote.priceDollars)} flat rate`],
    ['Pickup', `${formatPickupDate(quote.pickupDate)}, ${QUOTE_WINDOWS[quote.pickupWindow].label}`],
    ['Hauler', quote.hauler],
    ['Note', quote.note],
  ];
}

export interface QuoteEmailLinks {
  accept: string;
  decline: string;
  view: string;
}

/** To the homeowner: the quote, and the buttons to answer it. */
export function quoteEmail(lead: Lead, quote: QuoteView, links: QuoteEmailLinks): EmailMessage {
  const name = plainWords(lead.request.name, 40);
  const greeting = name.length >= 2 ? `Hi ${name},` : 'Hello,';
  const subject = `Your flat-rate quote: ${formatPrice(quote.priceDollars)} (ref. ${lead.reference})`;
  const details = table(quoteRows(quote));
  const intro = `Here is your flat-rate quote for bulk trash pickup (reference ${lead.reference}). The price is fixed: no hidden fees.`;
  const expiry = 'The buttons work for 7 days. Nothing is booked until you accept.';
  const html = layout(
    subject,
    [
      `<h1 style="font-size:20px;margin:0 0 16px;">Your quote: ${escapeHtml(formatPrice(quote.priceDollars))}</h1>`,
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(intro)}</p>`,
      details.html,
      '<p style="margin:24px 0 8px;">',
      buttonHtml(links.accept, 'Accept this quote'),
      buttonHtml(links.decline, 'Decline', false),
      '</p>',
      `<p style="font-size:14px;color:#52525b;">${escapeHtml(expiry)} <a href="${escapeHtml(links.view)}" style="color:#065f46;">View your request</a></p>`,
    ].join('\n'),
  );
  const text = [
    greeting,
    '',
    intro,
    '',
    ...details.text,
    '',
    `Accept this quote: ${links.accept}`,
    `Decline: ${links.decline}`,
    `View your request: ${links.view}`,
    '',
    expiry,
    '',
  ].join('\n');
  return { subject, html, text };
}

function summary(lead: Lead, quote: QuoteView | undefined): string {
  return quote === undefined
    ? lead.reference
    : `${lead.reference} · ${formatPrice(quote.priceDollars)} · ${formatPickup(quote.pickupDate, quote.pickupWindow)}`;
}

function operationsNotice(
  heading: string,
  lead: Lead,
  quote: QuoteView | undefined,
  extra: ReadonlyArray<readonly [string, string | undefined]>,
): EmailMessage {
  const subject = subjectSafe(`${heading}: ${summary(lead, quote)}`);
  const details = table([
    ['Reference', lead.reference],
    ['Homeowner', lead.request.name],
    ['Phone', lead.request.phone],
    ['Email', lead.request.email],
    ['Location', `${lead.request.city}, ${lead.request.state} ${lead.request.zipCode}`],
    ...(quote === undefined ? [] : quoteRows(quote)),
    ...extra,
  ]);
  const html = layout(
    subject,
    [`<h1 style="font-size:20px;margin:0 0 16px;">${escapeHtml(subject)}</h1>`, details.html].join(
      '\n',
    ),
  );
  return { subject, html, text: [subject, '', ...details.text, ''].join('\n') };
}

/** To operations: "Accepted: REF · $240 · Tue, Nov 24, morning". */
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
  previous: LeadStatus,
): EmailMessage {
  return operationsNotice('Cancelled', lead, quote, [['Status before', STATUS_LABELS[previous]]]);
}
