/**
 * The hauler hears of a dispute's hold of their payout (decision 061): once when Stripe reversed
 * it, once when it is paid again after a won dispute, each under its own key on the request's
 * ledger (sent once across the money job's runs). Every text of the lead is escaped by the kit.
 */
import { greeting } from '../../shared/mail/email-kit';
import type { EmailMessage } from '../../shared/mail/email-kit';
import type { Mail } from '../../shared/mail/mailer';
import type { Lead } from '../../shared/models/lead-model';
import type { StoredPayment } from '../../shared/models/payment-model';
import { message } from './money-emails';
import {
  DISPUTE_PAYOUT_TEXTS as T,
  MONEY_EMAIL_TEXTS,
  formatCents,
} from '#contract/money/payments';

export const disputePayoutEmailKeys = {
  held: (quote: number, disputeId: string) => `money-payout-held-${quote}-${disputeId}`,
  paidAgain: (quote: number, disputeId: string) => `money-payout-paid-again-${quote}-${disputeId}`,
};

/**
 * The hauler's email of one move of their payout: its subject and intro of the amount, the
 * reference and the amount, a button to the job; the intro a notice when `emphasis`.
 */
function payoutMoveEmail(
  texts: {
    subject: (amount: string, reference: string) => string;
    intro: (amount: string) => string;
  },
  emphasis: boolean,
) {
  return (
    lead: Pick<Lead, 'reference'>,
    hauler: { businessName: string },
    amountCents: number,
    jobLink: string,
  ): EmailMessage => {
    const amount = formatCents(amountCents);
    return message(
      texts.subject(amount, lead.reference),
      greeting(hauler.businessName),
      texts.intro(amount),
      [
        [MONEY_EMAIL_TEXTS.labels.reference, lead.reference],
        [MONEY_EMAIL_TEXTS.labels.amount, amount],
      ],
      { label: MONEY_EMAIL_TEXTS.viewJob, href: jobLink },
      emphasis,
    );
  };
}

export const payoutHeldEmail = payoutMoveEmail(
  { subject: T.heldSubject, intro: T.heldIntro },
  true,
);

export const payoutPaidAgainEmail = payoutMoveEmail(
  { subject: T.paidAgainSubject, intro: T.paidAgainIntro },
  false,
);

/** The emails a dispute's moves of the payout owe the hauler, as Stripe answered them. */
export function disputePayoutMails(
  payment: StoredPayment,
  lead: Pick<Lead, 'reference'>,
  quote: number,
  hauler: { businessName: string; email: string },
  jobLink: () => string,
  configurationSet: string | undefined,
): Mail[] {
  const dispute = payment.dispute;
  const hold = dispute?.payoutHold;
  if (dispute === undefined || hold?.status !== 'succeeded') return [];
  const to = {
    to: hauler.email,
    ...(configurationSet === undefined ? {} : { configurationSet }),
  };
  const mails: Mail[] = [
    {
      key: disputePayoutEmailKeys.held(quote, dispute.id),
      ...to,
      message: payoutHeldEmail(lead, hauler, hold.amountCents, jobLink()),
    },
  ];
  const release = dispute.payoutRelease;
  if (release?.status === 'succeeded') {
    mails.push({
      key: disputePayoutEmailKeys.paidAgain(quote, dispute.id),
      ...to,
      message: payoutPaidAgainEmail(lead, hauler, release.amountCents, jobLink()),
    });
  }
  return mails;
}
