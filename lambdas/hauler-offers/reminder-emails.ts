/**
 * The day-before reminders (decision 051): the homeowner's (who comes, their phone, when, the
 * price, "add your address" while it is missing) and the booked hauler's (when, the job page, the
 * address with a map link once given). Every text of the lead and the hauler is escaped by the kit.
 */
import {
  actions,
  email,
  escapeHtml,
  greeting,
  heading,
  notice,
  paragraph,
  rows,
  subheading,
  subjectSafe,
  table,
} from '../shared/mail/email-kit';
import type { EmailMessage } from '../shared/mail/email-kit';
import type { StoredAddress } from '../shared/models/job-model';
import type { Lead } from '../shared/models/lead-model';
import type { StoredQuote } from '../shared/models/quote-model';
import { addressLine } from '#contract/core/contact-links';
import { formatPickupDate } from '#contract/core/calendar-date';
import { PAGE_SECTIONS, withSection } from '#contract/core/pages';
import { JOB_TEXTS } from '#contract/loop/jobs';
import { QUOTE_WINDOWS, formatPrice } from '#contract/loop/quote-loop';
import { REMINDER_TEXTS } from '#contract/loop/reminders';

const T = REMINDER_TEXTS;
const L = T.labels;

const pickupText = (quote: StoredQuote) =>
  `${formatPickupDate(quote.pickupDate)}, ${QUOTE_WINDOWS[quote.pickupWindow].label}`;

export interface ReminderHauler {
  businessName: string;
  phone?: string;
}

export function homeownerReminderEmail(
  lead: Lead,
  quote: StoredQuote,
  hauler: ReminderHauler,
  priceDollars: number,
  address: StoredAddress | undefined,
  requestLink: string,
): EmailMessage {
  const { pickupDate: date, pickupWindow: window } = quote;
  const subject = subjectSafe(T.homeownerSubject(hauler.businessName, date, window));
  const hello = greeting(lead.request.name);
  const intro = T.homeownerIntro(hauler.businessName, date, window, priceDollars);
  const details = rows([
    [L.hauler, hauler.businessName],
    [L.phone, hauler.phone, 'tel'],
    [L.pickup, pickupText(quote)],
    [L.price, `${formatPrice(priceDollars)} flat rate`],
    [L.reference, lead.reference],
  ]);
  const missing = address === undefined;
  const buttons = actions(
    missing
      ? [
          {
            label: T.addressMissingHeading,
            href: withSection(requestLink, PAGE_SECTIONS.address),
          },
          { label: T.viewRequest, href: requestLink, secondary: true },
        ]
      : [{ label: T.viewRequest, href: requestLink }],
  );
  return email(
    subject,
    [
      heading(T.homeownerHeading),
      paragraph(escapeHtml(hello)),
      paragraph(escapeHtml(intro)),
      table(details.html),
      ...(missing
        ? [subheading(T.addressMissingHeading), notice(escapeHtml(T.addressMissing))]
        : []),
      buttons.html,
    ],
    [
      hello,
      '',
      intro,
      '',
      ...details.text,
      ...(missing ? ['', T.addressMissingHeading, T.addressMissing] : []),
      '',
      ...buttons.text,
    ],
    T.homeownerPreheader(hauler.businessName, date, window, missing),
  );
}

export function haulerReminderEmail(
  lead: Lead,
  quote: StoredQuote,
  priceDollars: number,
  address: StoredAddress | undefined,
  jobLink: string,
): EmailMessage {
  const { request } = lead;
  const { pickupDate: date, pickupWindow: window } = quote;
  const subject = subjectSafe(T.haulerSubject(lead.reference, date, window));
  const intro = T.haulerIntro(lead.reference, date, window);
  const place = `${request.city}, ${request.state} ${request.zipCode}`;
  const details = rows([
    [L.reference, lead.reference],
    [L.pickup, pickupText(quote)],
    [L.price, `${formatPrice(priceDollars)} flat rate`],
    [L.homeowner, request.name],
    [L.phone, request.phone, 'tel'],
    ...(address === undefined
      ? ([[L.city, place]] as const)
      : ([
          [L.street, address.street, { map: addressLine(address.street, request) }],
          [L.city, place],
          [L.accessNotes, address.accessNotes],
        ] as const)),
  ]);
  const open = actions([{ label: JOB_TEXTS.openJobPage, href: jobLink }]);
  return email(
    subject,
    [
      heading(T.haulerHeading),
      paragraph(escapeHtml(intro)),
      table(details.html),
      ...(address === undefined ? [notice(escapeHtml(T.haulerNoAddress))] : []),
      open.html,
    ],
    [
      intro,
      '',
      ...details.text,
      ...(address === undefined ? ['', T.haulerNoAddress] : []),
      '',
      ...open.text,
    ],
    T.haulerPreheader(request.city, date, window),
  );
}
