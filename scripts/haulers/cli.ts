/**
 * `npm run haulers -- …`: the operators' command line over the haulers in the lead table, locally
 * or against a deployed stack (scripts/leads/target.ts). approve and reject write the same change
 * and send the same email as operations' review page (lambdas/shared/haulers/hauler-decisions.ts).
 */
import { findCoveringHaulers } from '../../lambdas/shared/haulers/coverage-store';
import { checkDecision, decideHauler } from '../../lambdas/shared/haulers/hauler-decisions';
import type { HaulerDecisionOutcome } from '../../lambdas/shared/haulers/hauler-decisions';
import { haulerMailStatuses } from '../../lambdas/shared/haulers/hauler-mail';
import {
  getHauler,
  pauseHauler,
  removeHauler,
  resumeHauler,
} from '../../lambdas/shared/haulers/hauler-store';
import type { HaulerChange } from '../../lambdas/shared/haulers/hauler-store';
import { haulerFromItem } from '../../lambdas/shared/models/hauler-model';
import type { Hauler } from '../../lambdas/shared/models/hauler-model';
import { scanItems } from '../../lambdas/shared/runtime/paged-query';
import { documentView } from '../../lambdas/shared/haulers/hauler-view';
import type { JobDeps } from '../../lambdas/job-updates/job-deps';
import { releaseRemovedHauler } from '../../lambdas/job-updates/removal';
import { target } from '../leads/target';
import type { Target } from '../leads/target';
import { fileWork } from './file-work';
import { forgetHaulerData } from './forget';
import { hideComment } from './hide-comment';
import { invitePayouts } from './payouts-invite';
import { USAGE, parseHaulerArgs } from './options';
import { standingLines } from './standing';
import type { HaulerCliOptions } from './options';
import { addDays, utcToday } from '#contract/core/calendar-date';
import { HAULER_LIMITS, pauseUntilError } from '#contract/haulers/haulers';
import { DEFAULT_LEAD_RETENTION_DAYS, KEY_PREFIXES } from '#contract/core/table-keys';

/** The job functions' dependencies, as the target reaches them. */
async function jobDeps(t: Target, options: HaulerCliOptions): Promise<JobDeps> {
  const sender = options.sender ?? t.sender;
  if (sender === undefined) throw new Error('Name the From: address of the emails (--sender).');
  if (t.operationsAddress === undefined) {
    throw new Error('Name the operations address (OPERATIONS_ADDRESS) for the removal emails.');
  }
  const secret = await t.secret();
  return {
    table: t.table,
    s3: t.s3,
    bucket: t.bucket,
    ses: t.ses,
    sender,
    secrets: () => Promise.resolve({ current: secret, accepted: [secret] }),
    publicBaseUrl: t.siteUrl,
    operationsAddress: t.operationsAddress,
    now: () => new Date(),
  };
}

/** An operator's listing: at most this many haulers, read a page at a time. */
const LIST_LIMIT = 500;
const SCAN_PAGE = 1000;

function line(hauler: Hauler, miles?: number): string {
  return [
    hauler.haulerId,
    hauler.status.padEnd(14),
    hauler.businessName.padEnd(28),
    `${hauler.baseZipCode} +${hauler.serviceRadiusMiles} mi`,
    hauler.insuranceExpiresOn === undefined ? '' : `insured to ${hauler.insuranceExpiresOn}`,
    miles === undefined ? '' : `${miles} mi away`,
  ].join('  ');
}

/**
 * Profiles by status. No index has every hauler by status, so this Scans the table filtered on
 * the HAULER# profile items: acceptable for an operator's occasional command (never for a page),
 * bounded by LIST_LIMIT and read a page at a time.
 */
async function scanHaulers(t: Target, status: HaulerCliOptions['status']): Promise<Hauler[]> {
  const found: Hauler[] = [];
  const items = scanItems(t.table, {
    Limit: SCAN_PAGE,
    FilterExpression: `begins_with(pk, :hauler) AND sk = :profile${status ? ' AND #status = :status' : ''}`,
    ExpressionAttributeValues: {
      ':hauler': KEY_PREFIXES.hauler,
      ':profile': 'PROFILE',
      ...(status ? { ':status': status } : {}),
    },
    ...(status ? { ExpressionAttributeNames: { '#status': 'status' } } : {}),
  });
  for await (const item of items) {
    found.push(haulerFromItem(item));
    if (found.length === LIST_LIMIT) break;
  }
  return found;
}

async function list(t: Target, options: HaulerCliOptions): Promise<void> {
  if (options.zip !== undefined) {
    // One Query on the ZIP's coverage items, then each profile (the lookup lags a change).
    const covering = await findCoveringHaulers(t.table, options.zip);
    let shown = 0;
    for (const { haulerId, distanceMiles } of covering.slice(0, LIST_LIMIT)) {
      const hauler = await getHauler(t.table, haulerId);
      if (hauler === undefined || (options.status && hauler.status !== options.status)) continue;
      console.log(line(hauler, distanceMiles));
      shown += 1;
    }
    console.error(`${shown} hauler${shown === 1 ? '' : 's'} covering ${options.zip}`);
    return;
  }
  const haulers = await scanHaulers(t, options.status);
  haulers.sort((a, b) => b.appliedAt.localeCompare(a.appliedAt));
  for (const hauler of haulers) console.log(line(hauler));
  console.error(
    `${haulers.length} hauler${haulers.length === 1 ? '' : 's'}${haulers.length === LIST_LIMIT ? ` (the first ${LIST_LIMIT})` : ''}`,
  );
}

async function show(t: Target, hauler: Hauler): Promise<void> {
  const emails = await haulerMailStatuses(t.table, hauler.haulerId);
  const documents = [
    ['certificate', hauler.certificate],
    ['renewal', hauler.renewal],
  ] as const;
  console.log(
    [
      line(hauler),
      `  contact    ${hauler.name} · ${hauler.phone} · ${hauler.email}`,
      `  truck      ${hauler.truck}${hauler.licenceNumber ? ` · license ${hauler.licenceNumber}` : ''}`,
      ...(hauler.pausedUntil ? [`  paused     until ${hauler.pausedUntil}`] : []),
      ...(hauler.rejectionReason ? [`  rejected   ${hauler.rejectionReason}`] : []),
      ...standingLines(hauler),
      `  history    ${hauler.history.map((h) => `${h.event} ${h.at}`).join(' → ')}`,
      `  emails     ${Object.entries(emails)
        .map(([k, v]) => `${k}: ${v}`)
        .join(', ')}`,
    ].join('\n'),
  );
  for (const [label, document] of documents) {
    if (document?.key === undefined || document.uploadedAt === undefined) continue;
    const view = await documentView(t, {
      ...document,
      key: document.key,
      uploadedAt: document.uploadedAt,
    });
    console.log(`  ${label.padEnd(10)} ${document.contentType}, uploaded ${document.uploadedAt}`);
    console.log(`             ${view.url}`);
  }
}

function sayChange(result: HaulerChange, what: string): void {
  if (!result.ok) {
    if (result.reason === 'not-found') throw new Error('No such hauler.');
    throw new Error(result.reason === 'refused' ? result.message : 'Changed meanwhile: try again.');
  }
  console.log(
    result.changed ? `${what}: now ${result.hauler.status}.` : `Already ${result.hauler.status}.`,
  );
}

function sayDecision(outcome: HaulerDecisionOutcome): void {
  if (outcome.kind === 'not-found') throw new Error('No such hauler.');
  if (outcome.kind === 'refused') throw new Error(outcome.message);
  if (outcome.kind === 'conflict') throw new Error('Changed meanwhile: try again.');
  console.log(
    `${outcome.changed ? 'Done' : 'Already done'}: ${outcome.hauler.status}; email ${outcome.email}.`,
  );
  if (outcome.email === 'failed') process.exitCode = 1;
}

/** Every hauler profile, a page at a time: `invite-payouts` reads them all, once. */
async function* everyHauler(t: Target): AsyncGenerator<Hauler> {
  const items = scanItems(t.table, {
    Limit: SCAN_PAGE,
    FilterExpression: 'begins_with(pk, :hauler) AND sk = :profile',
    ExpressionAttributeValues: { ':hauler': KEY_PREFIXES.hauler, ':profile': 'PROFILE' },
  });
  for await (const item of items) yield haulerFromItem(item);
}

async function invite(t: Target, options: HaulerCliOptions): Promise<void> {
  const sender = options.sender ?? t.sender;
  if (sender === undefined) throw new Error('Name the From: address of the emails (--sender).');
  const secret = await t.secret();
  const report = await invitePayouts(
    {
      table: t.table,
      ses: t.ses,
      sender,
      secrets: () => Promise.resolve({ current: secret, accepted: [secret] }),
      publicBaseUrl: t.siteUrl,
      now: () => new Date(),
    },
    everyHauler(t),
  );
  console.log(
    `Invited to set up payouts: ${report.sent.length}. Invited before: ${report.already.length}. Not invited (payouts enabled, or not approved): ${report.skipped}. Failed: ${report.failed.join(', ') || 'none'}.`,
  );
  if (report.failed.length > 0) process.exitCode = 1;
}

async function run(options: HaulerCliOptions): Promise<void> {
  const t = target(options);
  console.error(`haulers: ${t.where}`);
  if (options.command === 'list') return list(t, options);
  if (options.command === 'file-work') {
    const report = await fileWork(t.table, new Date());
    console.log(
      `Leads read: ${report.leadsRead}, unreadable (skipped): ${report.unreadable}. Filed ${report.offerPointers} offer pointers and ${report.quotePointers} quote pointers.`,
    );
    return;
  }
  if (options.command === 'invite-payouts') return invite(t, options);
  if (options.command === 'hide-comment') {
    const hidden = await hideComment(t.table, options.reference!, new Date());
    console.log(`${hidden.reference}: comment ${hidden.outcome}; the stars still count.`);
    return;
  }
  const id = options.haulerId!;
  const now = new Date();
  const hauler = await getHauler(t.table, id);
  if (hauler === undefined && options.command !== 'forget') throw new Error(`No hauler ${id}.`);
  switch (options.command) {
    case 'show':
      return show(t, hauler!);
    case 'approve':
    case 'reject': {
      const checked = checkDecision(
        options.command === 'approve'
          ? { decision: 'approve', insuranceExpiresOn: options.insuranceExpires }
          : { decision: 'reject', reason: options.reason },
        now,
      );
      if (!checked.ok) throw new Error(`${checked.field}: ${checked.message}`);
      const sender = options.sender ?? t.sender;
      if (sender === undefined) throw new Error('Name the From: address of the emails (--sender).');
      const secret = await t.secret();
      const outcome = await decideHauler(
        {
          table: t.table,
          ses: t.ses,
          sender,
          secrets: () => Promise.resolve({ current: secret, accepted: [secret] }),
          publicBaseUrl: t.siteUrl,
          retentionDays: DEFAULT_LEAD_RETENTION_DAYS,
          now: () => new Date(),
        },
        id,
        checked.decision,
      );
      return sayDecision(outcome);
    }
    case 'pause': {
      const until = options.until ?? addDays(utcToday(now), HAULER_LIMITS.pauseMaxDaysAhead);
      const problem = pauseUntilError(until, utcToday(now));
      if (problem !== undefined) throw new Error(`--until: ${problem}`);
      return sayChange(await pauseHauler(t.table, id, { now, until }), 'Paused');
    }
    case 'resume':
      // Operations' resume also ends a strike's pause, which the hauler's own cannot.
      return sayChange(await resumeHauler(t.table, id, { now, liftStrike: true }), 'Resumed');
    case 'remove': {
      const deps = await jobDeps(t, options);
      const removed = await removeHauler(t.table, id, { now });
      sayChange(removed, 'Removed');
      if (!removed.ok) return;
      // The hauler's booked jobs back to offers, their live quotes withdrawn (decision 045).
      const report = await releaseRemovedHauler(hauler!, deps);
      console.log(
        `Jobs back to offers: ${report.jobsReturned.join(', ') || 'none'}. Quotes withdrawn: ${report.quotesWithdrawn.join(', ') || 'none'}.`,
      );
      return;
    }
    case 'forget': {
      if (!options.yes) {
        console.log(
          `Would delete hauler ${id}${hauler ? ` (${hauler.businessName}, ${hauler.email})` : ''}: its profile, coverage, email records and counters, and every version of its documents. Add --yes to delete.`,
        );
        return;
      }
      const report = await forgetHaulerData(id, { table: t.table, s3: t.s3, bucket: t.bucket });
      console.log(
        `Deleted hauler ${id}: ${report.coverageRemoved} coverage items, ${report.tableItems.length} other items, ${report.objectVersions.length} object versions.`,
      );
    }
  }
}

const argv = process.argv.slice(2);
if (argv.length === 0 || argv.includes('--help') || argv.includes('-h')) {
  console.log(USAGE);
} else {
  try {
    await run(parseHaulerArgs(argv));
  } catch (error) {
    console.error(`haulers: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
