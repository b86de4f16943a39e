// The insurance certificate's changes to a hauler: a renewal recorded and approved, and the expiry
// day's pause. Each is the store's decided, conditional change (hauler-store.ts).
import { changeHauler, getHauler } from './hauler-store';
import type { ChangeOptions, HaulerChange } from './hauler-store';
import type { StoredDocument } from '../models/hauler-model';
import { recordCertificateDue } from './hauler-indexes';
import type { LeadTable } from '../runtime/table-handle';
import { utcToday } from '#contract/core/calendar-date';
import { HAULER_API_MESSAGES } from '#contract/haulers/hauler-api';
import { insuranceExpiryError } from '#contract/haulers/haulers';

/** Conditioned on the version read, so a renewal uploaded meanwhile is never approved unseen. */
export async function approveRenewal(
  table: LeadTable,
  haulerId: string,
  options: ChangeOptions & { insuranceExpiresOn: string },
): Promise<HaulerChange> {
  const problem = insuranceExpiryError(options.insuranceExpiresOn, utcToday(options.now));
  if (problem !== undefined) throw new RangeError(`insuranceExpiresOn: ${problem}`);
  const current = await getHauler(table, haulerId);
  if (current === undefined) return { ok: false, reason: 'not-found' };
  if (current.renewal === undefined) {
    if (current.insuranceExpiresOn === options.insuranceExpiresOn) {
      return { ok: true, changed: false, hauler: current, coverage: { outcome: 'current' } };
    }
    return {
      ok: false,
      reason: 'refused',
      message: HAULER_API_MESSAGES.noRenewal,
      hauler: current,
    };
  }
  const lifts = current.status === 'paused' && current.pausedForInsurance === true;
  // A strike's pause outlives the insurance's: only operations end it.
  const resumes = lifts && current.pausedForStrike !== true;
  // Before the profile names the new expiry, as on approval: the daily job finds it by its days.
  await recordCertificateDue(table, haulerId, options.insuranceExpiresOn, options.now);
  return changeHauler(
    table,
    haulerId,
    resumes ? 'resume' : 'change-details',
    {
      now: options.now,
      expectedVersion: options.expectedVersion ?? current.version,
      beside: options.beside,
    },
    {
      set: { certificate: current.renewal, insuranceExpiresOn: options.insuranceExpiresOn },
      remove: [
        'renewal',
        ...(lifts ? ['pausedForInsurance'] : []),
        ...(resumes ? ['pausedUntil'] : []),
      ],
    },
  );
}

/** Pass the version read with the expiry, so a new certificate approved meanwhile wins. */
export async function expireHaulerInsurance(
  table: LeadTable,
  haulerId: string,
  options: ChangeOptions,
): Promise<HaulerChange> {
  return changeHauler(table, haulerId, 'expire-insurance', options, {
    set: { pausedForInsurance: true },
    remove: ['pausedUntil'],
  });
}

export async function recordRenewal(
  table: LeadTable,
  haulerId: string,
  options: ChangeOptions & { renewal: StoredDocument },
): Promise<HaulerChange> {
  return changeHauler(table, haulerId, 'renew-certificate', options, {
    set: { renewal: options.renewal },
  });
}
