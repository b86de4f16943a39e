/**
 * "Your pickup is done" to the homeowner and its short copy to operations. The facility's name is
 * the hauler's text: email-kit's rows and paragraphs escape it.
 */
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
} from '../../shared/mail/email-kit';
import type { EmailMessage, Row } from '../../shared/mail/email-kit';
import type { StoredReceipt } from '../../shared/models/job-model';
import type { Lead } from '../../shared/models/lead-model';
import { JOB_TEXTS } from '#contract/loop/jobs';
import { PAGE_SECTIONS, withSection } from '#contract/core/pages';
import { formatPrice } from '#contract/loop/quote-loop';
import { MONEY_EMAIL_TEXTS, PAYMENT_TEXTS } from '#contract/money/payments';
import type { PaymentSetting } from '#contract/money/payments';

export interface DoneFacts {
  receipt: StoredReceipt;
  hauler: string | undefined;
  priceDollars: number | undefined;
  afterPhotos: number;
  /** The stage's payments: on, the charge comes after the objection window; off, pay directly. */
  payments?: PaymentSetting;
}

/** What the homeowner pays, and when, as this stage takes payment. */
function paymentLine(facts: DoneFacts): string | undefined {
  if (facts.payments === undefined) return undefined;
  if (facts.payments === 'off') return PAYMENT_TEXTS.paymentsOff;
  const price =
    facts.priceDollars === undefined ? 'the agreed price' : formatPrice(facts.priceDollars);
  return MONEY_EMAIL_TEXTS.doneChargeAfterWindow(price);
}

function details(lead: Lead, facts: DoneFacts): Row[] {
  return [
    ['Reference', lead.reference],
    ['Disposed of at', facts.receipt.facility],
    ['Hauler', facts.hauler],
    ['Price', facts.priceDollars === undefined ? undefined : formatPrice(facts.priceDollars)],
    ['After-photos', facts.afterPhotos > 0 ? String(facts.afterPhotos) : undefined],
  ];
}

/** To the homeowner: where their junk went, with the receipt and the rating on the request page. */
export function doneEmail(lead: Lead, facts: DoneFacts, requestLink: string): EmailMessage {
  const subject = subjectSafe(JOB_TEXTS.doneSubject);
  const by = facts.hauler === undefined ? 'Your hauler' : facts.hauler;
  const intro = `${greeting(lead.request.name)} ${by} has finished your pickup and took your items to ${facts.receipt.facility}. Their disposal receipt is on your request page.`;
  const list = rows(details(lead, facts));
  const payment = paymentLine(facts);
  const buttons = actions([
    // Each lands on its own part of the page, not at its top.
    { label: JOB_TEXTS.viewReceipt, href: withSection(requestLink, PAGE_SECTIONS.receipt) },
    { label: JOB_TEXTS.rate, href: withSection(requestLink, PAGE_SECTIONS.rate), secondary: true },
  ]);
  return email(
    subject,
    [
      heading(subject),
      paragraph(escapeHtml(intro)),
      table(list.html),
      ...(payment === undefined ? [] : [paragraph(escapeHtml(payment))]),
      buttons.html,
    ],
    [
      subject,
      '',
      intro,
      '',
      ...list.text,
      ...(payment === undefined ? [] : ['', payment]),
      '',
      ...buttons.text,
    ],
  );
}

/** To operations: the job is done, and where the junk went. */
export function doneOperationsEmail(
  lead: Lead,
  facts: DoneFacts,
  operationsLink: string,
): EmailMessage {
  const subject = subjectSafe(`Done: ${lead.reference} · ${facts.receipt.facility}`);
  const intro = `${facts.hauler ?? 'The hauler'} marked ${lead.reference} done, with a disposal receipt from ${facts.receipt.facility}.`;
  const list = rows(details(lead, facts));
  const buttons = actions([{ label: JOB_TEXTS.viewReceipt, href: operationsLink }]);
  return email(
    subject,
    [heading(subject), paragraph(escapeHtml(intro)), table(list.html), buttons.html],
    [subject, '', intro, '', ...list.text, '', ...buttons.text],
  );
}
