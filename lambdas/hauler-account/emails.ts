// The hauler's page's emails: a fresh link to the page, and operations told of a new certificate.
// What the hauler typed is escaped; the subject's business name has no control characters.
import {
  actions,
  email,
  escapeHtml,
  greeting,
  heading,
  paragraph,
  rows,
  smallPrint,
  subjectSafe,
  table,
} from '../shared/mail/email-kit';
import type { EmailMessage } from '../shared/mail/email-kit';
import type { Hauler, StoredDocument } from '../shared/models/hauler-model';
import { HAULER_TEXTS } from '#contract/haulers/hauler-api';
import { HAULER_CONTACT_NAME_LABEL, HAULER_FIELD_LABELS } from '#contract/haulers/haulers';

export function freshLinkEmail(hauler: Pick<Hauler, 'name'>, accountLink: string): EmailMessage {
  const subject = HAULER_TEXTS.freshLinkSubject;
  const hello = greeting(hauler.name);
  // Anyone can ask for this email on the website, so it changes nothing and says so.
  const intro = 'Here is a link to your hauler page, as asked on our website.';
  const unasked =
    'Did not ask for it? Someone typed your address on our website. Nothing has changed: your page is safe, the link is only in this email, and the links we sent you before keep working. You can ignore it.';
  const button = actions([{ label: HAULER_TEXTS.accountLinkButton, href: accountLink }]);
  return email(
    subject,
    [
      heading(subject),
      paragraph(escapeHtml(hello)),
      paragraph(escapeHtml(intro)),
      button.html,
      smallPrint(escapeHtml(unasked)),
    ],
    [hello, '', intro, '', ...button.text, '', unasked],
  );
}

const kilobytes = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;

export function renewalOperationsEmail(
  hauler: Hauler,
  renewal: StoredDocument,
  reviewLink: string,
): EmailMessage {
  const subject = HAULER_TEXTS.renewalSubject(subjectSafe(hauler.businessName));
  const intro =
    'A hauler uploaded a new insurance certificate. Open it, check it, and approve it with its expiry date.';
  const details = rows([
    [HAULER_FIELD_LABELS.businessName, hauler.businessName],
    [HAULER_CONTACT_NAME_LABEL, hauler.name],
    [HAULER_FIELD_LABELS.email, hauler.email],
    [HAULER_FIELD_LABELS.phone, hauler.phone, 'tel'],
    ['Current certificate expires', hauler.insuranceExpiresOn],
    ['Paused for insurance', hauler.pausedForInsurance === true ? 'Yes' : undefined],
    ['New certificate', `${renewal.contentType}, ${kilobytes(renewal.size)}`],
  ]);
  const button = actions([{ label: HAULER_TEXTS.reviewButton, href: reviewLink }]);
  return email(
    subject,
    [heading(subject), paragraph(escapeHtml(intro)), table(details.html), button.html],
    [intro, '', ...details.text, '', ...button.text],
  );
}
