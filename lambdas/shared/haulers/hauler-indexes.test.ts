/**
 * The items that find haulers by address and by certificate day, the expiry pause and forget,
 * against a real dynalite through the store's own changes.
 */
import { GetCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findCoveringHaulers } from './coverage-store';
import { certificateDueDays, certificatesDueOn, haulerIdsByEmail } from './hauler-indexes';
import { haulerLedger } from './hauler-mail';
import {
  approveHauler,
  confirmHaulerEmail,
  createHauler,
  forgetHauler,
  getHauler,
  newHauler,
  rejectHauler,
  resumeHauler,
} from './hauler-store';
import { expireHaulerInsurance, recordRenewal } from './hauler-certificates';
import type { LeadTable } from '../runtime/table-handle';
import { haulerApplication, haulerIn } from '../../../test/support/testing-haulers';
import { startTestLeadTable } from '../../../test/support/testing-leads';
import type { TestLeadTable } from '../../../test/support/testing-leads';
import { HAULER_API_MESSAGES } from '#contract/haulers/hauler-api';
import { KEY_PREFIXES } from '#contract/core/table-keys';

let dynamo: TestLeadTable;
let table: LeadTable;

beforeAll(async () => {
  dynamo = await startTestLeadTable();
  table = await dynamo.freshTable();
});
afterAll(async () => {
  await dynamo.close();
});

const NOW = new Date('2026-11-24T15:00:00Z');

async function emailItem(email: string, haulerId: string) {
  const read = await table.client.send(
    new GetCommand({
      TableName: table.tableName,
      Key: { pk: `${KEY_PREFIXES.haulerEmail}${email.toLowerCase()}`, sk: haulerId },
    }),
  );
  return read.Item;
}

describe('the address index', () => {
  it('finds every hauler of an address in one Query, whatever its case', async () => {
    const email = 'Two.Trucks@Example.com';
    const first = await haulerIn(table, 'active', NOW, { email });
    const second = await haulerIn(table, 'pending-review', NOW, { email });
    expect((await haulerIdsByEmail(table, 'two.trucks@example.COM')).sort()).toEqual(
      [first.haulerId, second.haulerId].sort(),
    );
    expect(await haulerIdsByEmail(table, 'nobody@example.com')).toEqual([]);
  });

  it('expires with an unconfirmed application and stays once the email is confirmed', async () => {
    const hauler = newHauler(haulerApplication(), NOW);
    await createHauler(table, hauler);
    expect((await emailItem(hauler.email, hauler.haulerId))?.expiresAt).toBe(hauler.expiresAt);
    await confirmHaulerEmail(table, hauler.haulerId, { now: NOW });
    expect(await emailItem(hauler.email, hauler.haulerId)).not.toHaveProperty('expiresAt');
    // Replaying the application does not give the confirmed hauler's item its week back.
    await createHauler(table, hauler);
    expect(await emailItem(hauler.email, hauler.haulerId)).not.toHaveProperty('expiresAt');
  });

  it('takes the deletion date of a rejected application', async () => {
    const { haulerId, email } = await haulerIn(table, 'pending-review', NOW);
    const rejected = await rejectHauler(table, haulerId, { now: NOW, reason: 'No cover' });
    expect(rejected.ok && rejected.hauler.expiresAt).toBeGreaterThan(0);
    expect((await emailItem(email, haulerId))?.expiresAt).toBe(
      (await getHauler(table, haulerId))?.expiresAt,
    );
  });
});

describe('certificates due', () => {
  it('are filed on approval under the reminder day and the expiry day', async () => {
    const { haulerId } = await haulerIn(table, 'pending-review', NOW);
    await approveHauler(table, haulerId, { now: NOW, insuranceExpiresOn: '2027-03-31' });
    expect(certificateDueDays('2027-03-31', NOW)).toEqual({
      reminder: '2027-03-01',
      expiry: '2027-03-31',
    });
    for (const day of ['2027-03-01', '2027-03-31']) {
      expect(await certificatesDueOn(table, day)).toContainEqual({
        haulerId,
        insuranceExpiresOn: '2027-03-31',
      });
    }
  });

  it('remind today when the expiry is closer than the reminder period', () => {
    expect(certificateDueDays('2026-12-10', NOW)).toEqual({
      reminder: '2026-11-24',
      expiry: '2026-12-10',
    });
  });
});

describe('the expiry pause', () => {
  it('pauses an active hauler, takes the coverage out, and refuses resume until a renewal', async () => {
    const { haulerId } = await haulerIn(table, 'active', NOW, { baseZipCode: '59001' });
    expect((await findCoveringHaulers(table, '59001')).map((h) => h.haulerId)).toContain(haulerId);
    const expired = await expireHaulerInsurance(table, haulerId, { now: NOW });
    expect(expired).toMatchObject({
      ok: true,
      changed: true,
      hauler: { status: 'paused', pausedForInsurance: true },
    });
    expect((await findCoveringHaulers(table, '59001')).map((h) => h.haulerId)).not.toContain(
      haulerId,
    );
    expect(await resumeHauler(table, haulerId, { now: NOW })).toMatchObject({
      ok: false,
      reason: 'refused',
      message: HAULER_API_MESSAGES.insuranceExpiredPaused,
    });
    expect(await expireHaulerInsurance(table, haulerId, { now: NOW })).toMatchObject({
      ok: true,
      changed: false,
    });
  });

  it('loses to a change made since the version it read', async () => {
    const hauler = await haulerIn(table, 'active', NOW);
    await recordRenewal(table, hauler.haulerId, {
      now: NOW,
      renewal: {
        key: 'k',
        contentType: 'application/pdf',
        size: 10,
        uploadedAt: NOW.toISOString(),
      },
    });
    expect(
      await expireHaulerInsurance(table, hauler.haulerId, {
        now: NOW,
        expectedVersion: hauler.version,
      }),
    ).toMatchObject({ ok: false, reason: 'conflict' });
  });
});

describe('forget', () => {
  it('leaves no item that names the hauler: profile, coverage, address, due days, emails', async () => {
    const hauler = await haulerIn(table, 'active', NOW);
    const ledger = await haulerLedger(table, hauler.haulerId);
    await ledger.claim('reminder', NOW);
    await ledger.record('reminder', { status: 'sent' }, NOW);
    await forgetHauler(table, hauler.haulerId);
    const left = await table.client.send(new ScanCommand({ TableName: table.tableName }));
    const naming = (left.Items ?? []).filter(
      (item) =>
        String(item.pk).includes(hauler.haulerId) ||
        String(item.sk).includes(hauler.haulerId) ||
        String(item.pk).includes(hauler.email),
    );
    expect(naming).toEqual([]);
  });

  it('forgets a profile that no longer parses, with its email index', async () => {
    const hauler = await haulerIn(table, 'active', NOW);
    await table.client.send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: { pk: `HAULER#${hauler.haulerId}`, sk: 'PROFILE' },
        UpdateExpression: 'SET #status = :broken',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':broken': 'lost' },
      }),
    );
    await expect(getHauler(table, hauler.haulerId)).rejects.toThrow(/does not parse: status/);
    await forgetHauler(table, hauler.haulerId);
    const left = await table.client.send(new ScanCommand({ TableName: table.tableName }));
    const naming = (left.Items ?? []).filter(
      (item) =>
        String(item.sk).includes(hauler.haulerId) || String(item.pk).includes(hauler.haulerId),
    );
    expect(naming).toEqual([]);
  });
});
