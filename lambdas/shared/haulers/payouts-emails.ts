// The hauler's emails about payouts (issue 39 flow 1, decision 055): the one invitation to
// approved haulers who have none set up, with the signed link to their page where the button is.
import { actions, email, escapeHtml, greeting, heading, paragraph } from '../mail/email-kit';
import type { EmailMessage } from '../mail/email-kit';
import type { Hauler } from '../models/hauler-model';
import { HAULER_TEXTS } from '#contract/haulers/hauler-api';
import { PAYOUT_TEXTS } from '#contract/money/payments';

/** The ledger key: one invitation per hauler, whatever the number of runs. */
export const PAYOUTS_INVITE_KEY = 'payouts-invite';

export function payoutsInviteEmail(
  hauler: Pick<Hauler, 'name'>,
  accountLink: string,
): EmailMessage {
  const hello = greeting(hauler.name);
  const button = actions([{ label: HAULER_TEXTS.accountLinkButton, href: accountLink }]);
  return email(
    PAYOUT_TEXTS.emailSubject,
    [
      heading(PAYOUT_TEXTS.emailSubject),
      paragraph(escapeHtml(hello)),
      paragraph(escapeHtml(PAYOUT_TEXTS.emailLead)),
      paragraph(escapeHtml(PAYOUT_TEXTS.emailAction)),
      button.html,
    ],
    [hello, '', PAYOUT_TEXTS.emailLead, '', PAYOUT_TEXTS.emailAction, '', ...button.text],
  );
}
