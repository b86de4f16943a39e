/**
 * The money job's emails (decision 057): the homeowner's charge (the amount, never the platform's
 * fee), the late fee, "Nothing was charged", the failed hold with a link to update the card; the
 * hauler's payout; operations' failed hold after 12 hours. Every text of the lead is escaped.
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
  subjectSafe,
  table,
} from '../../shared/mail/email-kit';
import type { EmailMessage } from '../../shared/mail/email-kit';
import type { Lead } from '../../shared/models/lead-model';
import { MONEY_EMAIL_TEXTS, formatCents } from '#contract/money/payments';

const T = MONEY_EMAIL_TEXTS;
const L = T.labels;

type Person = Pick<Lead, 'reference' | 'request'>;

/** A money email: the heading, the greeting, the intro (a notice when `emphasis`), the details, a button. */
export function message(
  subject: string,
  hello: string | undefined,
  intro: string,
  details: readonly (readonly [string, string])[],
  action: { label: string; href: string } | undefined,
  emphasis = false,
): EmailMessage {
  const list = rows(details);
  const buttons = action === undefined ? undefined : actions([action]);
  const html = [
    heading(subject),
    ...(hello === undefined ? [] : [paragraph(escapeHtml(hello))]),
    emphasis ? notice(escapeHtml(intro)) : paragraph(escapeHtml(intro)),
    table(list.html),
    ...(buttons === undefined ? [] : [buttons.html]),
  ];
  const text = [
    ...(hello === undefined ? [] : [hello, '']),
    intro,
    '',
    ...list.text,
    ...(buttons === undefined ? [] : ['', ...buttons.text]),
  ];
  return email(subjectSafe(subject), html, text);
}

export function chargedEmail(
  lead: Person,
  amountCents: number,
  hauler: string,
  requestLink: string,
): EmailMessage {
  const amount = formatCents(amountCents);
  return message(
    T.chargedSubject(amount, lead.reference),
    greeting(lead.request.name),
    T.chargedIntro(amount, hauler),
    [
      [L.reference, lead.reference],
      [L.amount, amount],
    ],
    { label: T.viewRequest, href: requestLink },
  );
}

export function lateFeeEmail(lead: Person, amountCents: number, requestLink: string) {
  const amount = formatCents(amountCents);
  return message(
    T.lateFeeSubject(amount, lead.reference),
    greeting(lead.request.name),
    T.lateFeeIntro(amount),
    [
      [L.reference, lead.reference],
      [L.amount, amount],
    ],
    { label: T.viewRequest, href: requestLink },
  );
}

export function releasedEmail(lead: Person, requestLink: string): EmailMessage {
  return message(
    T.releasedSubject(lead.reference),
    greeting(lead.request.name),
    T.releasedIntro,
    [[L.reference, lead.reference]],
    { label: T.viewRequest, href: requestLink },
  );
}

export function holdFailedEmail(
  lead: Person,
  amountCents: number,
  updateCardLink: string,
): EmailMessage {
  const amount = formatCents(amountCents);
  return message(
    T.holdFailedSubject(lead.reference),
    greeting(lead.request.name),
    T.holdFailedIntro(amount),
    [
      [L.reference, lead.reference],
      [L.amount, amount],
    ],
    { label: T.updateCard, href: updateCardLink },
    true,
  );
}

export function payoutEmail(
  lead: Pick<Lead, 'reference'>,
  hauler: { businessName: string },
  capture: { purpose: 'job' | 'late-fee'; amountCents: number; feeCents: number },
  jobLink: string,
): EmailMessage {
  const payout = formatCents(capture.amountCents - capture.feeCents);
  const intro =
    capture.purpose === 'late-fee'
      ? T.lateFeePayoutIntro(payout)
      : T.payoutIntro(payout, formatCents(capture.amountCents), formatCents(capture.feeCents));
  return message(
    T.payoutSubject(payout, lead.reference),
    greeting(hauler.businessName),
    intro,
    [
      [L.reference, lead.reference],
      [L.amount, payout],
    ],
    { label: T.viewJob, href: jobLink },
  );
}

export function holdOverdueEmail(
  lead: Pick<Lead, 'reference'>,
  code: string,
  operationsLink: string,
): EmailMessage {
  return message(
    T.overdueSubject(lead.reference),
    undefined,
    T.overdueIntro(lead.reference, code),
    [[L.reference, lead.reference]],
    { label: T.viewRequest, href: operationsLink },
    true,
  );
}
