// The certificate's reminder and expiry emails, to the hauler and to operations. The hauler's
// carry the link to their page, where "Upload a new certificate" is.
import {
  actions,
  email,
  escapeHtml,
  greeting,
  heading,
  paragraph,
  rows,
  subjectSafe,
  table,
} from '../shared/mail/email-kit';
import type { EmailMessage } from '../shared/mail/email-kit';
import type { Hauler } from '../shared/models/hauler-model';
import { HAULER_TEXTS } from '#contract/haulers/hauler-api';
import { HAULER_CONTACT_NAME_LABEL, HAULER_FIELD_LABELS } from '#contract/haulers/haulers';

/** '2027-03-31' → 'March 31, 2027', in UTC so the day never shifts. */
export function longDate(isoDate: string): string {
  return new Date(`${isoDate}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

function toHauler(subject: string, hauler: Hauler, lines: string[], pageLink: string) {
  const hello = greeting(hauler.name);
  const button = actions([{ label: HAULER_TEXTS.accountLinkButton, href: pageLink }]);
  return email(
    subject,
    [
      heading(subject),
      paragraph(escapeHtml(hello)),
      ...lines.map((line) => paragraph(escapeHtml(line))),
      button.html,
    ],
    [hello, '', ...lines.flatMap((line) => [line, '']), ...button.text],
  );
}

export function reminderEmail(hauler: Hauler, expiresOn: string, pageLink: string): EmailMessage {
  const date = longDate(expiresOn);
  return toHauler(
    HAULER_TEXTS.reminderSubject(date),
    hauler,
    [
      `The insurance certificate we hold for you expires on ${date}. On that day we pause your jobs until we have a current one.`,
      `Open your hauler page and choose "${HAULER_TEXTS.renewButton}": our team checks it and you keep taking jobs.`,
    ],
    pageLink,
  );
}

export function expiredEmail(hauler: Hauler, expiresOn: string, pageLink: string): EmailMessage {
  return toHauler(
    HAULER_TEXTS.expiredSubject,
    hauler,
    [
      `Your insurance certificate expired on ${longDate(expiresOn)}, so you are paused: no new jobs are offered to you.`,
      `Open your hauler page and choose "${HAULER_TEXTS.renewButton}". You take jobs again once our team approves it.`,
    ],
    pageLink,
  );
}

export function expiredOperationsEmail(hauler: Hauler, expiresOn: string): EmailMessage {
  const subject = HAULER_TEXTS.expiredOperationsSubject(subjectSafe(hauler.businessName));
  const intro = `The hauler's insurance certificate expired on ${longDate(expiresOn)}. They are paused and have been asked for a new one.`;
  const details = rows([
    [HAULER_FIELD_LABELS.businessName, hauler.businessName],
    [HAULER_CONTACT_NAME_LABEL, hauler.name],
    [HAULER_FIELD_LABELS.email, hauler.email],
    [HAULER_FIELD_LABELS.phone, hauler.phone, 'tel'],
    ['Hauler id', hauler.haulerId],
  ]);
  return email(
    subject,
    [heading(subject), paragraph(escapeHtml(intro)), table(details.html)],
    [intro, '', ...details.text],
  );
}
