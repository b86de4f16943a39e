// The emails of a refund (decision 058): the homeowner told what was refunded, the hauler told
// that their payout for the job is reduced in proportion. Operations' reason is escaped text.
import {
  email,
  escapeHtml,
  greeting,
  heading,
  paragraph,
  rows,
  table,
} from '../../../lambdas/shared/mail/email-kit';
import type { EmailMessage } from '../../../lambdas/shared/mail/email-kit';
import { MONEY_OPERATIONS_TEXTS as TEXTS } from '#contract/money/payments';
import { dollars } from './job-money';

export interface RefundFacts {
  reference: string;
  refundedCents: number;
  /** Every refund of the charge so far, this one included. */
  totalRefundedCents: number;
  chargedCents: number;
  reason?: string | undefined;
}

function message(
  subject: string,
  name: string,
  intro: string,
  list: Parameters<typeof rows>[0],
): EmailMessage {
  const hello = greeting(name);
  const details = rows(list);
  return email(
    subject,
    [
      heading(subject),
      paragraph(escapeHtml(hello)),
      paragraph(escapeHtml(intro)),
      table(details.html),
    ],
    [hello, '', intro, '', ...details.text],
  );
}

export function homeownerRefundEmail(name: string, refund: RefundFacts): EmailMessage {
  return message(TEXTS.refundSubject, name, TEXTS.refundIntro, [
    ['Request', refund.reference],
    ['Refunded now', dollars(refund.refundedCents)],
    ['Why', refund.reason],
    ['Charged', dollars(refund.chargedCents)],
    ['Refunded in all', dollars(refund.totalRefundedCents)],
  ]);
}

export function haulerRefundEmail(
  name: string,
  refund: RefundFacts,
  payout: { reducedByCents: number; nowCents: number },
): EmailMessage {
  return message(TEXTS.haulerRefundSubject, name, TEXTS.haulerRefundIntro, [
    ['Request', refund.reference],
    ['Refunded', dollars(refund.refundedCents)],
    ['Why', refund.reason],
    ['Payout reduced by', dollars(payout.reducedByCents)],
    ['Payout now', dollars(payout.nowCents)],
  ]);
}
