/**
 * The homeowner's booking confirmation at acceptance, and the calendar invitation of each party.
 * The hauler's name and phone are the hauler's text: rows, heading and escapeHtml escape them.
 */
import { calendarInvite } from '../mail/calendar-invite';
import {
  actions,
  email,
  escapeHtml,
  greeting,
  heading,
  paragraph,
  rows,
  smallPrint,
  subheading,
  subjectSafe,
  table,
} from '../mail/email-kit';
import type { EmailAttachment, EmailMessage } from '../mail/email-kit';
import type { Lead } from '../models/lead-model';
import type { StoredQuote } from '../models/quote-model';
import { CALENDAR_TEXTS, CONFIRMATION_TEXTS } from '#contract/loop/booking-confirmation';
import { formatPickupDate } from '#contract/core/calendar-date';
import { PAGE_SECTIONS, withSection } from '#contract/core/pages';
import { JOB_LIMITS } from '#contract/loop/jobs';
import { QUOTE_WINDOWS } from '#contract/loop/quote-loop';
import { paymentLine } from './emails';
import type { PaymentSetting } from '#contract/money/payments';

/** Who the homeowner booked: the business as it quoted, and its phone when a hauler sent it. */
export interface BookedHauler {
  businessName: string;
  phone?: string;
}

type Party = 'homeowner' | 'hauler';

/** One event per job and party: a resend or a later change updates it, never adds another. */
function pickupEvent(lead: Lead, quote: StoredQuote, party: Party, uidDomain: string, now: Date) {
  const hours = JOB_LIMITS.windowHours[quote.pickupWindow];
  return {
    uid: `pickup-${lead.submissionId}-${quote.number}-${party}@${uidDomain}`,
    sequence: 0,
    date: quote.pickupDate,
    startHour: hours.start,
    endHour: hours.end,
    fileName: CALENDAR_TEXTS.fileName(lead.reference),
    productId: CALENDAR_TEXTS.productId,
    now,
  };
}

export function homeownerInvite(
  lead: Lead,
  quote: StoredQuote,
  hauler: BookedHauler,
  uidDomain: string,
  now: Date,
): EmailAttachment {
  const { request } = lead;
  return calendarInvite({
    ...pickupEvent(lead, quote, 'homeowner', uidDomain, now),
    summary: CALENDAR_TEXTS.homeownerSummary(hauler.businessName),
    description: CALENDAR_TEXTS.homeownerDescription(
      lead.reference,
      hauler.businessName,
      hauler.phone,
      quote.priceDollars,
    ),
    location: `${request.city}, ${request.state}`,
  });
}

/** The hauler has no address yet: the city only, and no contact (their calendar may be shared). */
export function haulerInvite(
  lead: Lead,
  quote: StoredQuote,
  uidDomain: string,
  now: Date,
): EmailAttachment {
  const { request } = lead;
  return calendarInvite({
    ...pickupEvent(lead, quote, 'hauler', uidDomain, now),
    summary: CALENDAR_TEXTS.haulerSummary(lead.reference, request.city),
    description: CALENDAR_TEXTS.haulerDescription(lead.reference, quote.priceDollars),
    location: `${request.city}, ${request.state}`,
  });
}

export function confirmationEmail(
  lead: Lead,
  quote: StoredQuote,
  hauler: BookedHauler,
  requestLink: string,
  invite: EmailAttachment,
  payments?: PaymentSetting,
): EmailMessage {
  const T = CONFIRMATION_TEXTS;
  const paying = paymentLine(payments);
  const subject = subjectSafe(T.subject(hauler.businessName, quote.pickupDate, quote.pickupWindow));
  const hello = greeting(lead.request.name);
  const intro = T.intro(hauler.businessName, quote.priceDollars);
  const L = T.labels;
  const details = rows([
    [L.hauler, hauler.businessName],
    [L.phone, hauler.phone, 'tel'],
    [L.price, T.flatRate(quote.priceDollars)],
    [L.pickup, `${formatPickupDate(quote.pickupDate)}, ${QUOTE_WINDOWS[quote.pickupWindow].label}`],
    [L.reference, lead.reference],
  ]);
  // Lands on the address form, not the top of the request page.
  const next = actions([
    { label: T.addAddress, href: withSection(requestLink, PAGE_SECTIONS.address) },
  ]);
  return {
    ...email(
      subject,
      [
        heading(T.heading),
        paragraph(escapeHtml(hello)),
        paragraph(escapeHtml(intro)),
        table(details.html),
        ...(paying === undefined ? [] : [paragraph(escapeHtml(paying))]),
        subheading(T.nextStepHeading),
        paragraph(escapeHtml(T.nextStep)),
        next.html,
        smallPrint(escapeHtml(T.calendarNote)),
      ],
      [
        hello,
        '',
        intro,
        '',
        ...details.text,
        '',
        ...(paying === undefined ? [] : [paying, '']),
        T.nextStepHeading,
        T.nextStep,
        ...next.text,
        '',
        T.calendarNote,
      ],
    ),
    attachments: [invite],
  };
}
