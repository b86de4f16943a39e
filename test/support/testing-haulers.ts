/**
 * Haulers for tests and the benchmark: valid applications, a hauler walked to any status through
 * the store itself, and what the table holds about one. Not imported by production code.
 */
import { randomUUID } from 'node:crypto';
import { VALID_HAULER_APPLICATION } from '../fixtures/hauler';
import {
  approveHauler,
  confirmHaulerEmail,
  createHauler,
  getHauler,
  newHauler,
  pauseHauler,
  rejectHauler,
  removeHauler,
} from '../../lambdas/shared/haulers/hauler-store';
import type { HaulerChange } from '../../lambdas/shared/haulers/hauler-store';
import type { Hauler } from '../../lambdas/shared/models/hauler-model';
import { scanItems } from '../../lambdas/shared/runtime/paged-query';
import type { LeadTable } from '../../lambdas/shared/runtime/table-handle';
import { addDays, utcToday } from '#contract/core/calendar-date';
import type { HaulerStatus } from '#contract/haulers/hauler-status';
import { haulerApplicationRequestSchema } from '#contract/haulers/hauler-schemas';
import type { HaulerApplicationRequestInput } from '#contract/haulers/hauler-schemas';
import { KEY_PREFIXES } from '#contract/core/table-keys';

/** A valid application with a fresh id (and address), through the contract's own schema. */
export function haulerApplication(overrides: Partial<HaulerApplicationRequestInput> = {}) {
  const applicationId = randomUUID();
  return haulerApplicationRequestSchema.parse({
    ...VALID_HAULER_APPLICATION,
    applicationId,
    email: `hauler.${applicationId.slice(0, 8)}@example.com`,
    ...overrides,
  });
}

function expectChanged(result: HaulerChange, step: string): Hauler {
  if (!result.ok || !result.changed) throw new Error(`${step} did not change the hauler`);
  return result.hauler;
}

/** A new hauler brought to `status` by the store's own changes, as of `now`. */
export async function haulerIn(
  table: LeadTable,
  status: HaulerStatus,
  now: Date,
  overrides: Partial<HaulerApplicationRequestInput> = {},
): Promise<Hauler> {
  const { hauler } = await createHauler(table, newHauler(haulerApplication(overrides), now));
  const id = hauler.haulerId;
  const today = utcToday(now);
  if (status === 'applied') return hauler;
  if (status === 'removed') return expectChanged(await removeHauler(table, id, { now }), 'remove');
  expectChanged(await confirmHaulerEmail(table, id, { now }), 'confirm');
  if (status === 'pending-review') return (await getHauler(table, id))!;
  if (status === 'rejected') {
    return expectChanged(await rejectHauler(table, id, { now, reason: 'No cover' }), 'reject');
  }
  const insuranceExpiresOn = addDays(today, 365);
  const active = expectChanged(
    await approveHauler(table, id, { now, insuranceExpiresOn }),
    'approve',
  );
  if (status === 'active') return active;
  return expectChanged(await pauseHauler(table, id, { now, until: addDays(today, 7) }), 'pause');
}

/** Every item of the table that concerns one hauler: its own and its coverage (test-only scan). */
export async function itemsOf(
  table: LeadTable,
  haulerId: string,
): Promise<{ own: Record<string, unknown>[]; coverage: Map<string, number> }> {
  const own: Record<string, unknown>[] = [];
  const coverage = new Map<string, number>();
  for await (const item of scanItems(table)) {
    const pk = String(item.pk);
    if (pk === `${KEY_PREFIXES.hauler}${haulerId}`) own.push(item);
    if (pk.startsWith(KEY_PREFIXES.coverage) && item.sk === haulerId) {
      coverage.set(pk.slice(KEY_PREFIXES.coverage.length), Number(item.miles));
    }
  }
  return { own, coverage };
}
