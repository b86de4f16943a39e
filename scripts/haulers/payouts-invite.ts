/**
 * `npm run haulers -- invite-payouts` (issue 39 flow 1, decision 055): each approved hauler
 * (active or paused) whose payouts are not enabled gets one email with their signed page link to
 * set them up. The hauler's mail ledger keeps the key `payouts-invite`, so a second run (or a run
 * stopped half-way and started again) sends no hauler a second one.
 */
import { haulerLedger, haulerMailStatuses } from '../../lambdas/shared/haulers/hauler-mail';
import {
  PAYOUTS_INVITE_KEY,
  payoutsInviteEmail,
} from '../../lambdas/shared/haulers/payouts-emails';
import { haulerLinkUrl } from '../../lambdas/shared/links/hauler-links';
import type { LinkSecretLoader } from '../../lambdas/shared/links/link-secret';
import { createMailer } from '../../lambdas/shared/mail/mailer';
import type { MailerDeps } from '../../lambdas/shared/mail/mailer';
import type { Hauler } from '../../lambdas/shared/models/hauler-model';
import type { LeadTable } from '../../lambdas/shared/runtime/table-handle';

export interface PayoutsInviteDeps extends MailerDeps {
  table: LeadTable;
  secrets: LinkSecretLoader;
  publicBaseUrl: string;
  now: () => Date;
}

export interface PayoutsInviteReport {
  sent: string[];
  /** Invited by an earlier run. */
  already: string[];
  /** Payouts enabled, or not approved. */
  skipped: number;
  failed: string[];
}

const invitable = (hauler: Hauler) =>
  (hauler.status === 'active' || hauler.status === 'paused') && hauler.payouts?.state !== 'enabled';

export async function invitePayouts(
  deps: PayoutsInviteDeps,
  haulers: Iterable<Hauler> | AsyncIterable<Hauler>,
): Promise<PayoutsInviteReport> {
  const report: PayoutsInviteReport = { sent: [], already: [], skipped: 0, failed: [] };
  const mailer = createMailer(deps, 'payouts invite');
  for await (const hauler of haulers) {
    if (!invitable(hauler)) {
      report.skipped += 1;
      continue;
    }
    const { haulerId } = hauler;
    const before = (await haulerMailStatuses(deps.table, haulerId))[PAYOUTS_INVITE_KEY];
    if (before === 'sent' || before === 'withheld') {
      report.already.push(haulerId);
      continue;
    }
    const link = await haulerLinkUrl(
      deps,
      hauler,
      { role: 'hauler', action: 'manage' },
      deps.now(),
    );
    const result = await mailer.deliver(await haulerLedger(deps.table, haulerId), {
      key: PAYOUTS_INVITE_KEY,
      to: hauler.email,
      message: payoutsInviteEmail(hauler, link),
    });
    if (result === 'sent') report.sent.push(haulerId);
    else if (result === 'failed') report.failed.push(haulerId);
    else report.already.push(haulerId);
  }
  return report;
}
