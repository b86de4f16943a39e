/**
 * Operations' decision on a hauler, from their review page or `npm run haulers`: one function, so
 * both write the same change and send the same email. Each change is the store's conditional
 * write; its email goes through the mailer's claim, so a second press or a retry after a failure
 * sends at most once.
 */
import { approvedEmail, rejectedEmail } from './hauler-emails';
import { haulerLinkUrl } from '../links/hauler-links';
import { haulerLedger } from './hauler-mail';
import { approveHauler, rejectHauler } from './hauler-store';
import { approveRenewal } from './hauler-certificates';
import type { ChangeOptions, HaulerChange } from './hauler-store';
import type { Hauler } from '../models/hauler-model';
import type { LinkSecretLoader } from '../links/link-secret';
import { createMailer } from '../mail/mailer';
import { owedWithHaulerChange } from '../mail/owed-with-change';
import type { Mail, MailResult, MailerDeps } from '../mail/mailer';
import type { LeadTable } from '../runtime/table-handle';
import { utcToday } from '#contract/core/calendar-date';
import type { HaulerDecisionRequest } from '#contract/haulers/hauler-api-schemas';
import { insuranceExpiryError } from '#contract/haulers/haulers';
import { rejectionReasonSchema } from '#contract/haulers/hauler-schemas';
import type { PaymentSetting } from '#contract/money/payments';

export interface HaulerDecisionDeps extends MailerDeps {
  table: LeadTable;
  secrets: LinkSecretLoader;
  publicBaseUrl: string;
  /** How long a rejected application is kept. */
  retentionDays: number;
  configurationSet?: string;
  /** The stage's setting: on, the approval says to set up payouts (decision 055). */
  payments?: { setting: PaymentSetting };
}

export type HaulerDecision =
  | { decision: 'approve' | 'approve-renewal'; insuranceExpiresOn: string }
  | { decision: 'reject'; reason: string };

/** The decision with its values checked, or the field that is wrong and why. */
export function checkDecision(
  request: Pick<HaulerDecisionRequest, 'decision' | 'insuranceExpiresOn' | 'reason'>,
  now: Date,
): { ok: true; decision: HaulerDecision } | { ok: false; field: string; message: string } {
  if (request.decision === 'reject') {
    const reason = rejectionReasonSchema.safeParse(request.reason ?? '');
    if (!reason.success) {
      return { ok: false, field: 'reason', message: reason.error.issues[0]!.message };
    }
    return { ok: true, decision: { decision: 'reject', reason: reason.data } };
  }
  const insuranceExpiresOn = request.insuranceExpiresOn ?? '';
  const problem = insuranceExpiryError(insuranceExpiresOn, utcToday(now));
  if (problem !== undefined) return { ok: false, field: 'insuranceExpiresOn', message: problem };
  return { ok: true, decision: { decision: request.decision, insuranceExpiresOn } };
}

export type HaulerDecisionOutcome =
  /** Written now (`changed`) or already (a second press); `email` is the applicant's email. */
  | { kind: 'done'; changed: boolean; hauler: Hauler; email: MailResult | 'none' }
  | { kind: 'refused'; message: string; hauler: Hauler }
  | { kind: 'conflict'; hauler: Hauler }
  | { kind: 'not-found' };

/** `beside`: the applicant's email, written with the change (decision 059). */
function storeChange(
  deps: HaulerDecisionDeps,
  haulerId: string,
  decision: HaulerDecision,
  beside: ChangeOptions['beside'],
): Promise<HaulerChange> {
  const now = deps.now();
  switch (decision.decision) {
    case 'approve':
      return approveHauler(deps.table, haulerId, { now, beside, ...decision });
    case 'approve-renewal':
      return approveRenewal(deps.table, haulerId, { now, beside, ...decision });
    case 'reject':
      return rejectHauler(deps.table, haulerId, {
        now,
        beside,
        reason: decision.reason,
        retentionDays: deps.retentionDays,
      });
  }
}

async function applicantEmail(
  deps: HaulerDecisionDeps,
  hauler: Hauler,
  decision: HaulerDecision['decision'],
): Promise<Mail | undefined> {
  const message = await applicantMessage(deps, hauler, decision);
  return message === undefined
    ? undefined
    : { ...message, to: hauler.email, configurationSet: deps.configurationSet };
}

async function applicantMessage(
  deps: HaulerDecisionDeps,
  hauler: Hauler,
  decision: HaulerDecision['decision'],
): Promise<Pick<Mail, 'key' | 'message'> | undefined> {
  if (decision === 'approve' && hauler.status === 'active') {
    const link = await haulerLinkUrl(
      deps,
      hauler,
      { role: 'hauler', action: 'manage' },
      deps.now(),
    );
    const payouts = deps.payments?.setting === 'on' ? 'set-up' : 'none';
    return { key: 'approved', message: approvedEmail(hauler, link, payouts) };
  }
  if (decision === 'reject' && hauler.rejectionReason !== undefined) {
    return { key: 'rejected', message: rejectedEmail(hauler, hauler.rejectionReason) };
  }
  return undefined;
}

export async function decideHauler(
  deps: HaulerDecisionDeps,
  haulerId: string,
  decision: HaulerDecision,
): Promise<HaulerDecisionOutcome> {
  // Rendered for the hauler as the change leaves it, and stored with it (decision 059).
  const owed = owedWithHaulerChange(deps, async (next) => {
    const mail = await applicantEmail(deps, next, decision.decision);
    return mail === undefined ? [] : [mail];
  });
  const result = await storeChange(deps, haulerId, decision, owed.beside);
  if (!result.ok) {
    if (result.reason === 'not-found') return { kind: 'not-found' };
    if (result.reason === 'conflict') return { kind: 'conflict', hauler: result.hauler };
    return { kind: 'refused', message: result.message, hauler: result.hauler };
  }
  const { hauler } = result;
  const mail = owed.written(result)[0] ?? (await applicantEmail(deps, hauler, decision.decision));
  let email: MailResult | 'none' = 'none';
  if (mail !== undefined) {
    const ledger = await haulerLedger(deps.table, haulerId);
    email = await createMailer(deps, 'hauler decision').deliver(ledger, mail);
  }
  console.info('hauler decision', {
    haulerId,
    decision: decision.decision,
    changed: result.changed,
    email,
  });
  return { kind: 'done', changed: result.changed, hauler, email };
}
