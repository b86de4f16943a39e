/**
 * The daily certificate job: for each day from the last run to today (UTC), the certificates
 * filed under it (one Query a day, never a scan) get their reminder or, on the expiry day, the
 * expiry pause with an email to the hauler and one to operations. The profile decides: an item
 * whose expiry the profile no longer names is stale and skipped. Every email is claimed through
 * the mailer, so a second run, or a retry, never sends one twice.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { certificatesDueOn } from '../shared/haulers/hauler-indexes';
import type { CertificateDue } from '../shared/haulers/hauler-indexes';
import { haulerLinkUrl } from '../shared/links/hauler-links';
import { haulerLedger } from '../shared/haulers/hauler-mail';
import { getHauler } from '../shared/haulers/hauler-store';
import { expireHaulerInsurance } from '../shared/haulers/hauler-certificates';
import type { Hauler } from '../shared/models/hauler-model';
import { createMailer } from '../shared/mail/mailer';
import { owedWithHaulerChange } from '../shared/mail/owed-with-change';
import type { Mail, MailResult } from '../shared/mail/mailer';
import type { LinkMailDeps } from '../shared/handlers/deps';
import type { LeadTable } from '../shared/runtime/table-handle';
import { expiredEmail, expiredOperationsEmail, reminderEmail } from './emails';
import { addDays, daysBetween, utcToday } from '#contract/core/calendar-date';
import { KEY_PREFIXES } from '#contract/core/table-keys';

export type DocumentsJobDeps = LinkMailDeps;

export interface DocumentsJobReport {
  days: string[];
  reminders: number;
  expired: number;
  stale: number;
  emailsFailed: number;
}

/** The last day a run finished; the next run starts there again (the claims skip what was sent). */
const cursorKey = { pk: `${KEY_PREFIXES.certificateDue}CURSOR`, sk: 'CURSOR' };

/** Due items are kept 30 days after their day: a longer outage cannot be caught up anyway. */
const MAX_CATCH_UP_DAYS = 30;

async function readCursor(table: LeadTable): Promise<string | undefined> {
  const read = await table.client.send(
    new GetCommand({ TableName: table.tableName, Key: cursorKey, ConsistentRead: true }),
  );
  const day = read.Item?.day;
  return typeof day === 'string' ? day : undefined;
}

function daysToRun(cursor: string | undefined, today: string): string[] {
  let from = cursor === undefined || cursor > today ? today : cursor;
  if (daysBetween(from, today) > MAX_CATCH_UP_DAYS) from = addDays(today, -MAX_CATCH_UP_DAYS);
  const days: string[] = [];
  for (let day = from; day <= today; day = addDays(day, 1)) days.push(day);
  return days;
}

/** A pause that loses a race is decided again on the profile as it now is. */
const EXPIRE_ATTEMPTS = 3;

/**
 * The expiry pause with its two emails, rendered for the paused hauler and stored with the pause
 * (decision 059). `written`: the emails the write stored; none when the pause was there already.
 */
async function expire(
  due: CertificateDue,
  first: Hauler,
  deps: DocumentsJobDeps,
  owes: (paused: Hauler) => Mail[],
): Promise<{ paused: Hauler; written: readonly Mail[] } | undefined> {
  let hauler = first;
  for (let attempt = 0; attempt < EXPIRE_ATTEMPTS; attempt += 1) {
    const owed = owedWithHaulerChange(deps, async (next) => owes(next));
    const result = await expireHaulerInsurance(deps.table, hauler.haulerId, {
      now: deps.now(),
      expectedVersion: hauler.version,
      beside: owed.beside,
    });
    if (result.ok) return { paused: result.hauler, written: owed.written(result) };
    if (result.reason !== 'conflict') return undefined;
    // A new certificate approved meanwhile makes this item stale.
    if (result.hauler.insuranceExpiresOn !== due.insuranceExpiresOn) return undefined;
    hauler = result.hauler;
  }
  throw new Error(`The expiry pause of hauler ${first.haulerId} kept losing races`);
}

export async function runDocumentsJob(deps: DocumentsJobDeps): Promise<DocumentsJobReport> {
  const now = deps.now();
  const today = utcToday(now);
  const days = daysToRun(await readCursor(deps.table), today);
  const report: DocumentsJobReport = { days, reminders: 0, expired: 0, stale: 0, emailsFailed: 0 };
  const mailer = createMailer(deps, 'hauler documents');

  const send = async (hauler: Hauler, mail: Mail): Promise<MailResult> => {
    const result = await mailer.deliver(await haulerLedger(deps.table, hauler.haulerId), mail);
    if (result === 'failed') report.emailsFailed += 1;
    return result;
  };
  const toHauler = (configurationSet: string | undefined) =>
    configurationSet === undefined ? {} : { configurationSet };

  for (const day of days) {
    for (const due of await certificatesDueOn(deps.table, day)) {
      const hauler = await getHauler(deps.table, due.haulerId);
      const current =
        hauler !== undefined &&
        hauler.insuranceExpiresOn === due.insuranceExpiresOn &&
        (hauler.status === 'active' || hauler.status === 'paused');
      if (!current) {
        report.stale += 1;
        continue;
      }
      const expiresOn = due.insuranceExpiresOn;
      const pageLink = await haulerLinkUrl(deps, hauler, { role: 'hauler', action: 'manage' }, now);
      if (day < expiresOn) {
        // A new certificate already waits for review: nothing to ask for.
        if (hauler.renewal !== undefined) continue;
        const sent = await send(hauler, {
          key: `certificate-reminder-${expiresOn}`,
          to: hauler.email,
          ...toHauler(deps.haulerConfigurationSet),
          message: reminderEmail(hauler, expiresOn, pageLink),
        });
        if (sent === 'sent') report.reminders += 1;
        continue;
      }
      const expiredMails = (paused: Hauler): Mail[] => [
        {
          key: `certificate-expired-${expiresOn}`,
          to: paused.email,
          ...toHauler(deps.haulerConfigurationSet),
          message: expiredEmail(paused, expiresOn, pageLink),
        },
        {
          key: `certificate-expired-operations-${expiresOn}`,
          to: deps.operationsAddress,
          ...toHauler(deps.operationsConfigurationSet),
          message: expiredOperationsEmail(paused, expiresOn),
        },
      ];
      const expired = await expire(due, hauler, deps, expiredMails);
      if (expired === undefined) {
        report.stale += 1;
        continue;
      }
      report.expired += 1;
      const { paused, written } = expired;
      for (const mail of written.length > 0 ? written : expiredMails(paused)) {
        await send(paused, mail);
      }
    }
  }
  // Only after every day went through: a run that failed midway starts from the same day again.
  await deps.table.client.send(
    new PutCommand({
      TableName: deps.table.tableName,
      Item: { ...cursorKey, day: today, ranAt: now.toISOString() },
    }),
  );
  return report;
}
