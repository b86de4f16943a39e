/**
 * The hauler side's emails from the application to operations' decision. The confirmation goes to
 * any address a visitor types, so it carries nothing the visitor wrote but their name reduced to
 * plain words; operations see every field, escaped; the applicant's own emails escape what
 * operations wrote.
 */
import {
  actions,
  email,
  escapeHtml,
  greeting,
  heading,
  multiline,
  paragraph,
  rows,
  smallPrint,
  subjectSafe,
  table,
} from '../mail/email-kit';
import type { EmailMessage } from '../mail/email-kit';
import type { Hauler } from '../models/hauler-model';
import { HAULER_TEXTS } from '#contract/haulers/hauler-api';
import { PAYOUT_TEXTS } from '#contract/money/payments';
import {
  HAULER_CONTACT_NAME_LABEL,
  HAULER_FIELD_LABELS,
  HAULER_LIMITS,
  TRUCK_LABELS,
} from '#contract/haulers/haulers';

const L = HAULER_FIELD_LABELS;

export const CONFIRM_SUBJECT = 'Confirm your email to haul with us';

export function confirmEmail(hauler: Pick<Hauler, 'name'>, confirmLink: string): EmailMessage {
  const hello = greeting(hauler.name);
  const intro =
    'Thank you for applying to haul with us. Please confirm your email address: your application reaches our team only once you do.';
  const expiry = `The button works for ${HAULER_LIMITS.confirmLinkDays} days. Did not apply? Ignore this email and the application is deleted.`;
  const button = actions([{ label: HAULER_TEXTS.confirmButton, href: confirmLink }]);
  return email(
    CONFIRM_SUBJECT,
    [
      heading(CONFIRM_SUBJECT),
      paragraph(escapeHtml(hello)),
      paragraph(escapeHtml(intro)),
      button.html,
      smallPrint(escapeHtml(expiry)),
    ],
    [hello, '', intro, '', ...button.text, '', expiry],
  );
}

/** The application as operations read it: every field, escaped. */
function applicationRows(hauler: Hauler) {
  return rows([
    [L.businessName, hauler.businessName],
    [HAULER_CONTACT_NAME_LABEL, hauler.name],
    [L.email, hauler.email],
    [L.phone, hauler.phone, 'tel'],
    [L.baseZipCode, hauler.baseZipCode],
    [L.serviceRadiusMiles, `${hauler.serviceRadiusMiles} miles`],
    [L.truck, TRUCK_LABELS[hauler.truck]],
    [L.licenceNumber, hauler.licenceNumber],
    [L.insuranceCertificate, hauler.certificate.contentType],
    ['Applied', hauler.appliedAt],
    ['Email confirmed', hauler.emailConfirmedAt],
  ]);
}

export function operationsReviewEmail(hauler: Hauler, reviewLink: string): EmailMessage {
  const subject = subjectSafe(HAULER_TEXTS.operationsSubject(hauler.businessName));
  const details = applicationRows(hauler);
  const intro =
    'The applicant has confirmed their email address. Open the application to see the certificate and the ZIP codes it covers, then approve or reject it.';
  const button = actions([{ label: HAULER_TEXTS.reviewButton, href: reviewLink }]);
  return email(
    subject,
    [heading(subject), paragraph(escapeHtml(intro)), table(details.html), button.html],
    [subject, '', intro, '', ...details.text, '', ...button.text],
  );
}

export function approvedEmail(
  hauler: Pick<Hauler, 'name' | 'insuranceExpiresOn'>,
  accountLink: string,
  /** With payments on, the email says to set up payouts before quoting (decision 055). */
  payouts: 'set-up' | 'none' = 'none',
): EmailMessage {
  const hello = greeting(hauler.name);
  const intro = `Your application is approved. From your hauler page you can see the ZIP codes you cover, change your radius or phone number, and pause when you are not taking jobs.${payouts === 'set-up' ? ` ${PAYOUT_TEXTS.approvedLine}` : ''}`;
  const keep =
    'Keep this email: the button is your way in, with no password. You can ask for a new link on our website at any time.';
  const button = actions([{ label: HAULER_TEXTS.accountLinkButton, href: accountLink }]);
  return email(
    HAULER_TEXTS.approvedSubject,
    [
      heading(HAULER_TEXTS.approvedSubject),
      paragraph(escapeHtml(hello)),
      paragraph(escapeHtml(intro)),
      button.html,
      smallPrint(escapeHtml(keep)),
    ],
    [hello, '', intro, '', ...button.text, '', keep],
  );
}

export function rejectedEmail(hauler: Pick<Hauler, 'name'>, reason: string): EmailMessage {
  const hello = greeting(hauler.name);
  const intro = 'Thank you for applying to haul with us. We cannot approve your application:';
  return email(
    HAULER_TEXTS.rejectedSubject,
    [
      heading(HAULER_TEXTS.rejectedSubject),
      paragraph(escapeHtml(hello)),
      paragraph(escapeHtml(intro)),
      paragraph(multiline(reason)),
    ],
    [hello, '', intro, '', reason],
  );
}
