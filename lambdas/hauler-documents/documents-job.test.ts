/**
 * The daily certificate job against a real dynalite, SES recorded: reminders once, the expiry
 * pause with operations told once, stale items ignored, missed days caught up.
 */
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { findCoveringHaulers } from '../shared/haulers/coverage-store';
import { approveHauler, getHauler, resumeHauler } from '../shared/haulers/hauler-store';
import type { LeadTable } from '../shared/runtime/table-handle';
import { haulerIn } from '../../test/support/testing-haulers';
import { startTestLeadTable } from '../../test/support/testing-leads';
import type { TestLeadTable } from '../../test/support/testing-leads';
import { runDocumentsJob } from './documents-job';
import type { DocumentsJobDeps } from './documents-job';
import { longDate } from './emails';
import { addDays } from '#contract/core/calendar-date';
import {
  CERTIFICATE_REMINDER_DAYS,
  HAULER_API_MESSAGES,
  HAULER_TEXTS,
} from '#contract/haulers/hauler-api';

const SECRET = Buffer.from('unit-test-link-secret-0123456789abcdef');
const APPROVED = new Date('2026-11-24T15:00:00Z');
const EXPIRES = '2027-03-31';
const at = (day: string) => new Date(`${day}T13:00:00Z`);

const sesMock = mockClient(SESv2Client);
let dynamo: TestLeadTable;
let table: LeadTable;

beforeAll(async () => {
  dynamo = await startTestLeadTable();
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
});
afterAll(async () => {
  sesMock.restore();
  vi.restoreAllMocks();
  await dynamo.close();
});
beforeEach(async () => {
  sesMock.reset();
  sesMock.on(SendEmailCommand).resolves({ MessageId: 'm' });
  table = await dynamo.freshTable();
});

const run = (day: string) => {
  const deps: DocumentsJobDeps = {
    table,
    ses: new SESv2Client({ region: 'us-east-1' }),
    secrets: () => Promise.resolve({ current: SECRET, accepted: [SECRET] }),
    publicBaseUrl: 'https://www.example.com',
    sender: 'quotes@example.com',
    operationsAddress: 'ops@example.com',
    now: () => at(day),
  };
  return runDocumentsJob(deps);
};
const subjects = () =>
  sesMock.commandCalls(SendEmailCommand).map((call) => ({
    to: call.args[0].input.Destination?.ToAddresses?.[0],
    subject: call.args[0].input.Content?.Simple?.Subject?.Data,
  }));

async function approvedHauler(overrides = {}) {
  const hauler = await haulerIn(table, 'pending-review', APPROVED, overrides);
  await approveHauler(table, hauler.haulerId, { now: APPROVED, insuranceExpiresOn: EXPIRES });
  return (await getHauler(table, hauler.haulerId))!;
}

const reminderDay = addDays(EXPIRES, -CERTIFICATE_REMINDER_DAYS);

describe('the certificate job', () => {
  it('reminds the hauler once, however often it runs that day', async () => {
    const hauler = await approvedHauler();
    await run(addDays(reminderDay, -1));
    expect(subjects()).toEqual([]);
    const first = await run(reminderDay);
    await run(reminderDay);
    await run(addDays(reminderDay, 1));
    expect(first.reminders).toBe(1);
    expect(subjects()).toEqual([
      { to: hauler.email, subject: HAULER_TEXTS.reminderSubject(longDate(EXPIRES)) },
    ]);
    const text =
      sesMock.commandCalls(SendEmailCommand)[0]?.args[0].input.Content?.Simple?.Body?.Text?.Data;
    expect(text).toContain(
      `${HAULER_TEXTS.accountLinkButton}: https://www.example.com/haulers/account#t=`,
    );
  });

  it('pauses on the expiry day, keeps the hauler from resuming, and tells operations once', async () => {
    const hauler = await approvedHauler({ baseZipCode: '59001' });
    await run(reminderDay);
    sesMock.resetHistory();
    const report = await run(EXPIRES);
    await run(EXPIRES);
    expect(report.expired).toBe(1);
    const paused = await getHauler(table, hauler.haulerId);
    expect(paused).toMatchObject({ status: 'paused', pausedForInsurance: true });
    expect((await findCoveringHaulers(table, '59001')).map((h) => h.haulerId)).not.toContain(
      hauler.haulerId,
    );
    expect(await resumeHauler(table, hauler.haulerId, { now: at(EXPIRES) })).toMatchObject({
      ok: false,
      message: HAULER_API_MESSAGES.insuranceExpiredPaused,
    });
    expect(subjects()).toEqual([
      { to: hauler.email, subject: HAULER_TEXTS.expiredSubject },
      {
        to: 'ops@example.com',
        subject: HAULER_TEXTS.expiredOperationsSubject(hauler.businessName),
      },
    ]);
  });

  it('catches up the days it missed since its last run', async () => {
    const hauler = await approvedHauler();
    await run(addDays(reminderDay, -3));
    const report = await run(addDays(reminderDay, 2));
    expect(report.days).toHaveLength(6);
    expect(subjects().map((s) => s.to)).toEqual([hauler.email]);
  });

  it('ignores items a newer certificate has made stale', async () => {
    const hauler = await approvedHauler();
    // As the renewal's approval leaves it: the profile names a later expiry.
    await table.client.send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: { pk: `HAULER#${hauler.haulerId}`, sk: 'PROFILE' },
        UpdateExpression: 'SET insuranceExpiresOn = :later',
        ExpressionAttributeValues: { ':later': '2028-03-31' },
      }),
    );
    await run(reminderDay);
    const report = await run(EXPIRES);
    // The run goes again through the last run's day: the reminder item, then the expiry's.
    expect(report.stale).toBe(2);
    expect(subjects()).toEqual([]);
    expect((await getHauler(table, hauler.haulerId))?.status).toBe('active');
  });
});
