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
  notice,
  paragraph,
  rows,
  smallPrint,
  subjectSafe,
  table,
} from '../mail/email-kit';
import type { EmailMessage, Row } from '../mail/email-kit';
import type { Lead } from '../models/lead-model';
import { askedPickup } from '../leads/lead-view';
import { formatPickupDate } from '#contract/core/calendar-date';
import { formatRating } from '#contract/loop/jobs';
import {
  QUOTE_CARD_TEXTS,
  askedText,
  haulerFactRows,
  offAsked,
  quoteSubject,
} from '#contract/loop/quote-cards';
import { QUOTE_WINDOWS, STATUS_LABELS, formatPickup, formatPrice } from '#contract/loop/quote-loop';
import type { QuoteView, TimelineStep } from '#contract/loop/quote-loop';
import { PAYMENT_TEXTS } from '#contract/money/payments';
import type { PaymentSetting } from '#contract/money/payments';

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

/**
 * The quote to the homeowner: who the hauler is (the facts we hold, never their contact), the
 * day and window flagged when they are not the ones asked for, and the way to every other quote.
 * The subject names the business, the price and the window: two quotes never read alike.
 */
/** How payment works, in each homeowner email about a quote or a booking (issue 39). */
export function paymentLine(payments: PaymentSetting | undefined): string | undefined {
  if (payments === undefined) return undefined;
  return payments === 'on' ? PAYMENT_TEXTS.emailPaymentsOn : PAYMENT_TEXTS.emailPaymentsOff;
}

export function quoteEmail(
  lead: Lead,
  quote: QuoteView,
  links: QuoteEmailLinks,
  today: string,
  payments?: PaymentSetting,
): EmailMessage {
  const hello = greeting(lead.request.name);
  const paying = paymentLine(payments);
  const price = formatPrice(quote.priceDollars);
  const details = rows([
    ['Price', `${price} flat rate`],
    ['Pickup', `${formatPickupDate(quote.pickupDate)}, ${QUOTE_WINDOWS[quote.pickupWindow].label}`],
    ['Hauler', quote.hauler],
    ...haulerFactRows(quote).map(({ label, value }): Row => [label, value]),
    ['Note', quote.note],
  ]);
  const asked = askedPickup(lead.request);
  const off = offAsked(quote, asked);
  const askedWhen = asked === undefined ? undefined : askedText(asked);
  const flag =
    off === undefined
      ? undefined
      : `${QUOTE_CARD_TEXTS.offAsked[off]}.${askedWhen === undefined ? '' : ` ${QUOTE_CARD_TEXTS.youAsked(askedWhen)}.`}`;
  const intro = `Here is a flat-rate quote from ${quote.hauler} for your bulk trash pickup (reference ${lead.reference}). The price is fixed: no hidden fees.`;
  const others =
    'Other local haulers may quote too. Your request page lists every open quote, lowest price first, each with its own Accept button.';
  const expiry = 'The buttons work for 7 days. Nothing is booked until you accept.';
  const answer = actions([
    { label: 'Accept this quote', href: links.accept },
    { label: 'Decline', href: links.decline, secondary: true },
  ]);
  const view = { label: 'View your request', href: links.view };
  return email(
    subjectSafe(quoteSubject(quote, today)),
    [
      heading(`Your quote: ${price}`),
      paragraph(escapeHtml(hello)),
      paragraph(escapeHtml(intro)),
      ...(flag === undefined ? [] : [notice(escapeHtml(flag))]),
      table(details.html),
      ...(paying === undefined ? [] : [paragraph(escapeHtml(paying))]),
      answer.html,
      paragraph(`${escapeHtml(others)} ${inlineLink(view.href, 'Compare your quotes')}`),
      smallPrint(`${escapeHtml(expiry)} ${inlineLink(view.href, view.label)}`),
    ],
    [
      hello,
      '',
      intro,
      ...(flag === undefined ? [] : ['', flag]),
      '',
      ...details.text,
      '',
      ...(paying === undefined ? [] : [paying, '']),
      ...answer.text,
      '',
      others,
      linkText(view),
      '',
      expiry,
    ],
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
