/**
 * hauler-store against a real dynalite (the production table definition) and the real
 * DocumentClient: conditions and races are DynamoDB's, not a fake's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  approveHauler,
  changeHauler,
  changeHaulerDetails,
  confirmHaulerEmail,
  createHauler,
  getHauler,
  issueHaulerLink,
  newHauler,
  pauseHauler,
  rejectHauler,
  removeHauler,
  resumeHauler,
} from './hauler-store';
import { approveRenewal, expireHaulerInsurance, recordRenewal } from './hauler-certificates';
import type { ChangeOptions, HaulerChange } from './hauler-store';
import type { LeadTable } from '../runtime/table-handle';
import { haulerApplication, haulerIn } from '../../../test/support/testing-haulers';
import { startTestLeadTable } from '../../../test/support/testing-leads';
import type { TestLeadTable } from '../../../test/support/testing-leads';
import {
  HAULER_EVENTS,
  HAULER_STATUSES,
  decideHaulerChange,
} from '#contract/haulers/hauler-status';
import type { HaulerEvent } from '#contract/haulers/hauler-status';

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
const RENEWAL = {
  key: 'hauler-documents/x/certificate-1.pdf',
  contentType: 'application/pdf',
  size: 1000,
  uploadedAt: NOW.toISOString(),
} as const;
const at = (days: number) => new Date(NOW.getTime() + days * 86_400_000);

/** Each event through the store, with the inputs it needs. */
const APPLY: Record<
  HaulerEvent,
  (table: LeadTable, id: string, options: ChangeOptions) => Promise<HaulerChange>
> = {
  'confirm-email': confirmHaulerEmail,
  approve: (t, id, o) => approveHauler(t, id, { ...o, insuranceExpiresOn: '2027-11-30' }),
  reject: (t, id, o) => rejectHauler(t, id, { ...o, reason: 'The certificate is unreadable.' }),
  pause: (t, id, o) => pauseHauler(t, id, { ...o, until: '2026-12-10' }),
  resume: resumeHauler,
  'change-details': (t, id, o) =>
    changeHaulerDetails(t, id, { ...o, details: { phone: '602-555-0199' } }),
  'new-link': issueHaulerLink,
  remove: removeHauler,
  'renew-certificate': (t, id, o) => recordRenewal(t, id, { ...o, renewal: RENEWAL }),
  'expire-insurance': expireHaulerInsurance,
  strike: (t, id, o) => changeHauler(t, id, 'strike', o, { set: { pausedForStrike: true } }),
};

describe('an application', () => {
  it('is stored as applied, expiring with its confirmation link unless confirmed', async () => {
    const hauler = newHauler(haulerApplication(), NOW);
    expect(await createHauler(table, hauler)).toEqual({ outcome: 'created', hauler });
    const stored = await getHauler(table, hauler.haulerId);
    expect(stored).toMatchObject({ status: 'applied', version: 1, linkVersion: 1 });
    expect(stored?.expiresAt).toBe(Math.floor(at(7).getTime() / 1000));
  });

  it('is never overwritten by a second application with the same id', async () => {
    const first = newHauler(haulerApplication(), NOW);
    await createHauler(table, first);
    const replay = { ...first, businessName: 'Someone Else Hauling' };
    expect(await createHauler(table, replay)).toEqual({ outcome: 'exists', hauler: first });
  });

  it('keeps no licence number when the field was left empty', async () => {
    const hauler = newHauler(haulerApplication({ licenceNumber: '' }), NOW);
    expect(hauler).not.toHaveProperty('licenceNumber');
  });

  it('moves to pending review when its email is confirmed, and stops expiring', async () => {
    const { haulerId } = await haulerIn(table, 'applied', NOW);
    const result = await confirmHaulerEmail(table, haulerId, { now: at(1) });
    expect(result).toMatchObject({ ok: true, changed: true, hauler: { status: 'pending-review' } });
    const stored = await getHauler(table, haulerId);
    expect(stored?.expiresAt).toBeUndefined();
    expect(stored?.emailConfirmedAt).toBe(at(1).toISOString());
    expect(stored?.history.map((step) => step.event)).toEqual(['apply', 'confirm-email']);
  });

  it('cannot be confirmed once its link has lapsed, even before DynamoDB deletes it', async () => {
    const { haulerId } = await haulerIn(table, 'applied', NOW);
    expect(await confirmHaulerEmail(table, haulerId, { now: at(7) })).toEqual({
      ok: false,
      reason: 'not-found',
    });
    expect((await getHauler(table, haulerId))?.status).toBe('applied');
  });
});

describe('every change', () => {
  describe.each(HAULER_STATUSES)('from %s', (status) => {
    it.each(HAULER_EVENTS)('does what the status machine decides for %s', async (event) => {
      const before = await haulerIn(table, status, NOW);
      const decision = decideHaulerChange(status, event);
      const result = await APPLY[event](table, before.haulerId, { now: at(1) });
      const after = await getHauler(table, before.haulerId);
      if (decision.kind === 'change') {
        expect(result).toMatchObject({ ok: true, changed: true, hauler: { status: decision.to } });
        expect(after).toMatchObject({ status: decision.to, version: before.version + 1 });
        expect(after?.history.at(-1)).toEqual({
          event,
          status: decision.to,
          at: at(1).toISOString(),
        });
      } else {
        expect(result).toMatchObject(
          decision.kind === 'already'
            ? { ok: true, changed: false }
            : { ok: false, reason: 'refused', message: decision.message },
        );
        expect(after).toEqual(before);
      }
    });
  });

  it("keeps a strike pause through the hauler's own resume and an approved certificate, until operations lift it", async () => {
    const { haulerId } = await haulerIn(table, 'active', NOW);
    await changeHauler(
      table,
      haulerId,
      'strike',
      { now: at(1) },
      { set: { pausedForStrike: true } },
    );
    await expireHaulerInsurance(table, haulerId, { now: at(1) });
    await recordRenewal(table, haulerId, { now: at(1), renewal: RENEWAL });
    expect(await resumeHauler(table, haulerId, { now: at(1) })).toMatchObject({
      ok: false,
      reason: 'refused',
    });
    const renewed = await approveRenewal(table, haulerId, {
      now: at(1),
      insuranceExpiresOn: '2027-11-30',
    });
    expect(renewed).toMatchObject({
      ok: true,
      hauler: { status: 'paused', pausedForStrike: true },
    });
    expect((await getHauler(table, haulerId))?.pausedForInsurance).toBeUndefined();
    const lifted = await resumeHauler(table, haulerId, { now: at(2), liftStrike: true });
    expect(lifted).toMatchObject({ ok: true, changed: true, hauler: { status: 'active' } });
    expect((await getHauler(table, haulerId))?.pausedForStrike).toBeUndefined();
  });

  it('answers a missing hauler as not found', async () => {
    expect(await resumeHauler(table, '00000000-0000-4000-8000-000000000000', { now: NOW })).toEqual(
      { ok: false, reason: 'not-found' },
    );
  });

  it('refuses a change made from a stale page, writing nothing', async () => {
    const hauler = await haulerIn(table, 'active', NOW);
    const result = await pauseHauler(table, hauler.haulerId, {
      now: at(1),
      until: '2026-12-10',
      expectedVersion: hauler.version - 1,
    });
    expect(result).toMatchObject({ ok: false, reason: 'conflict', hauler: { status: 'active' } });
    expect(await getHauler(table, hauler.haulerId)).toEqual(hauler);
  });

  it('refuses bad dates before writing anything', async () => {
    const hauler = await haulerIn(table, 'pending-review', NOW);
    await expect(
      approveHauler(table, hauler.haulerId, { now: NOW, insuranceExpiresOn: '2026-11-24' }),
    ).rejects.toThrow(/insuranceExpiresOn: This certificate has expired/);
    await expect(
      pauseHauler(table, hauler.haulerId, { now: NOW, until: 'next week' }),
    ).rejects.toThrow(RangeError);
    expect(await getHauler(table, hauler.haulerId)).toEqual(hauler);
  });

  it('records what each change sets and clears', async () => {
    const { haulerId } = await haulerIn(table, 'active', NOW);
    const approved = await getHauler(table, haulerId);
    expect(approved).toMatchObject({
      insuranceExpiresOn: '2027-11-24',
      approvedAt: NOW.toISOString(),
    });
    await pauseHauler(table, haulerId, { now: NOW, until: '2026-12-01' });
    expect((await getHauler(table, haulerId))?.pausedUntil).toBe('2026-12-01');
    await resumeHauler(table, haulerId, { now: NOW });
    expect(await getHauler(table, haulerId)).not.toHaveProperty('pausedUntil');
    await changeHaulerDetails(table, haulerId, {
      now: NOW,
      details: { serviceRadiusMiles: 50, phone: '602-555-0111' },
    });
    expect(await getHauler(table, haulerId)).toMatchObject({
      serviceRadiusMiles: 50,
      phone: '602-555-0111',
    });
  });

  it('keeps a rejected or removed hauler only for the retention period', async () => {
    const rejected = await haulerIn(table, 'pending-review', NOW);
    await rejectHauler(table, rejected.haulerId, {
      now: NOW,
      reason: 'No cover',
      retentionDays: 30,
    });
    expect(await getHauler(table, rejected.haulerId)).toMatchObject({
      rejectionReason: 'No cover',
      expiresAt: Math.floor(at(30).getTime() / 1000),
    });
    const removed = await haulerIn(table, 'active', NOW);
    await removeHauler(table, removed.haulerId, { now: NOW, retentionDays: 30 });
    expect((await getHauler(table, removed.haulerId))?.expiresAt).toBe(
      Math.floor(at(30).getTime() / 1000),
    );
  });

  it('keeps an unconfirmed application’s week when it is removed', async () => {
    const applied = await haulerIn(table, 'applied', NOW);
    await removeHauler(table, applied.haulerId, { now: at(1) });
    expect((await getHauler(table, applied.haulerId))?.expiresAt).toBe(applied.expiresAt);
  });
});

describe('links', () => {
  it('start at version 1; a new link and a removal each add 1', async () => {
    const hauler = await haulerIn(table, 'active', NOW);
    expect(hauler.linkVersion).toBe(1);
    const fresh = await issueHaulerLink(table, hauler.haulerId, { now: NOW });
    expect(fresh).toMatchObject({ ok: true, changed: true, hauler: { linkVersion: 2 } });
    await removeHauler(table, hauler.haulerId, { now: NOW });
    expect((await getHauler(table, hauler.haulerId))?.linkVersion).toBe(3);
  });

  it('are not issued to a removed hauler', async () => {
    const hauler = await haulerIn(table, 'removed', NOW);
    expect(await issueHaulerLink(table, hauler.haulerId, { now: NOW })).toMatchObject({
      ok: false,
      reason: 'refused',
    });
  });
});

describe('racing changes', () => {
  it('leave one approval of two at once', async () => {
    const { haulerId } = await haulerIn(table, 'pending-review', NOW);
    const results = await Promise.all(
      [1, 2].map(() =>
        approveHauler(table, haulerId, { now: NOW, insuranceExpiresOn: '2027-06-30' }),
      ),
    );
    expect(results.filter((result) => result.ok && result.changed)).toHaveLength(1);
    // The other lost the write (conflict) or read after it (already done): never a throw.
    for (const result of results.filter((r) => !(r.ok && r.changed))) {
      expect(result).toMatchObject(
        result.ok ? { changed: false } : { reason: 'conflict', hauler: { status: 'active' } },
      );
    }
    const stored = await getHauler(table, haulerId);
    expect(stored?.version).toBe(3);
    expect(stored?.history.filter((step) => step.event === 'approve')).toHaveLength(1);
  });

  it('leave one of ten different changes pressed at once from the same page', async () => {
    const hauler = await haulerIn(table, 'active', NOW);
    const options = { now: NOW, expectedVersion: hauler.version };
    const results = await Promise.all([
      ...([10, 25, 50, 100] as const).map((serviceRadiusMiles) =>
        changeHaulerDetails(table, hauler.haulerId, {
          ...options,
          details: { serviceRadiusMiles },
        }),
      ),
      ...['2026-12-01', '2026-12-02', '2026-12-03'].map((until) =>
        pauseHauler(table, hauler.haulerId, { ...options, until }),
      ),
      ...[1, 2, 3].map(() => issueHaulerLink(table, hauler.haulerId, options)),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok && result.reason === 'conflict')).toHaveLength(9);
    expect((await getHauler(table, hauler.haulerId))?.version).toBe(hauler.version + 1);
  });
});
