import { describe, expect, it } from 'vitest';
import {
  HAULER_EVENTS,
  HAULER_STATUSES,
  HAULER_STATUS_MESSAGES,
  decideHaulerChange,
  hasCoverage,
  haulerEventsAllowed,
} from '#contract/haulers/hauler-status';
import type { HaulerEvent, HaulerStatus } from '#contract/haulers/hauler-status';
import { HAULER_API_MESSAGES } from '#contract/haulers/hauler-api';

/**
 * Every status × event, written out: '→x' changes to x, '=' stays (details change), 'done' is
 * already done, '-' is refused. A new status or event fails the completeness test below.
 */
const EXPECTED: Record<HaulerStatus, Record<HaulerEvent, string>> = {
  applied: {
    'confirm-email': '→pending-review',
    approve: '-',
    reject: '-',
    pause: '-',
    resume: '-',
    'change-details': '-',
    'new-link': '-',
    remove: '→removed',
    'expire-insurance': '-',
    'renew-certificate': '-',
    strike: '-',
  },
  'pending-review': {
    'confirm-email': 'done',
    approve: '→active',
    reject: '→rejected',
    pause: '-',
    resume: '-',
    'change-details': '-',
    'new-link': '-',
    remove: '→removed',
    'expire-insurance': '-',
    'renew-certificate': '-',
    strike: '-',
  },
  active: {
    'confirm-email': 'done',
    approve: 'done',
    reject: '-',
    pause: '→paused',
    resume: 'done',
    'change-details': '=',
    'new-link': '=',
    remove: '→removed',
    'expire-insurance': '→paused',
    'renew-certificate': '=',
    strike: '→paused',
  },
  paused: {
    'confirm-email': 'done',
    approve: '-',
    reject: '-',
    pause: '=',
    resume: '→active',
    'change-details': '=',
    'new-link': '=',
    remove: '→removed',
    'expire-insurance': '=',
    'renew-certificate': '=',
    strike: '=',
  },
  rejected: {
    'confirm-email': '-',
    approve: '-',
    reject: 'done',
    pause: '-',
    resume: '-',
    'change-details': '-',
    'new-link': '-',
    remove: '→removed',
    'expire-insurance': '-',
    'renew-certificate': '-',
    strike: '-',
  },
  removed: {
    'confirm-email': '-',
    approve: '-',
    reject: '-',
    pause: '-',
    resume: '-',
    'change-details': '-',
    'new-link': '-',
    remove: 'done',
    'expire-insurance': '-',
    'renew-certificate': '-',
    strike: '-',
  },
};

function written(status: HaulerStatus, event: HaulerEvent): string {
  const decision = decideHaulerChange(status, event);
  if (decision.kind === 'already') return 'done';
  if (decision.kind === 'refuse') return '-';
  return decision.to === status ? '=' : `→${decision.to}`;
}

describe('the hauler status machine', () => {
  it('covers every status and every event', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual([...HAULER_STATUSES].sort());
    for (const status of HAULER_STATUSES) {
      expect(Object.keys(EXPECTED[status]).sort()).toEqual([...HAULER_EVENTS].sort());
    }
  });

  describe.each(HAULER_STATUSES)('from %s', (status) => {
    it.each(HAULER_EVENTS)('answers %s as the table says', (event) => {
      expect(written(status, event)).toBe(EXPECTED[status][event]);
    });
  });

  it('names the change it decided, from the status it read', () => {
    expect(decideHaulerChange('pending-review', 'approve')).toEqual({
      kind: 'change',
      from: 'pending-review',
      to: 'active',
    });
  });

  it('explains a refusal by what the hauler is now', () => {
    expect(decideHaulerChange('applied', 'approve')).toEqual({
      kind: 'refuse',
      message: HAULER_STATUS_MESSAGES.refused.applied,
    });
    expect(decideHaulerChange('removed', 'resume')).toEqual({
      kind: 'refuse',
      message: 'This hauler has been removed.',
    });
    expect(decideHaulerChange('paused', 'approve')).toEqual({
      kind: 'refuse',
      message: HAULER_STATUS_MESSAGES.alreadyApproved,
    });
    expect(decideHaulerChange('active', 'reject')).toEqual({
      kind: 'refuse',
      message: HAULER_STATUS_MESSAGES.alreadyApproved,
    });
  });

  it('never brings back a removed hauler or a rejected application', () => {
    for (const event of HAULER_EVENTS) {
      const removed = decideHaulerChange('removed', event);
      expect(removed.kind).not.toBe('change');
      const rejected = decideHaulerChange('rejected', event);
      if (rejected.kind === 'change') expect(rejected.to).toBe('removed');
    }
  });

  it('offers each status exactly its buttons', () => {
    expect(haulerEventsAllowed('pending-review')).toEqual(['approve', 'reject', 'remove']);
    expect(haulerEventsAllowed('active')).toEqual([
      'pause',
      'change-details',
      'new-link',
      'remove',
      'renew-certificate',
    ]);
    expect(haulerEventsAllowed('paused')).toEqual([
      'pause',
      'resume',
      'change-details',
      'new-link',
      'remove',
      'renew-certificate',
    ]);
    expect(haulerEventsAllowed('removed')).toEqual([]);
  });

  it('keeps a hauler paused for insurance paused until a new certificate is approved', () => {
    const facts = { pausedForInsurance: true };
    expect(decideHaulerChange('paused', 'resume', facts)).toEqual({
      kind: 'refuse',
      message: HAULER_API_MESSAGES.insuranceExpiredPaused,
    });
    expect(decideHaulerChange('paused', 'pause', facts).kind).toBe('refuse');
    expect(decideHaulerChange('paused', 'expire-insurance', facts)).toEqual({
      kind: 'already',
      status: 'paused',
    });
    expect(decideHaulerChange('paused', 'change-details', facts).kind).toBe('change');
    expect(haulerEventsAllowed('paused', facts)).toEqual([
      'change-details',
      'new-link',
      'remove',
      'renew-certificate',
    ]);
  });

  it('keeps a hauler paused by a strike paused until operations lift it', () => {
    const facts = { pausedForStrike: true };
    expect(decideHaulerChange('paused', 'resume', facts)).toEqual({
      kind: 'refuse',
      message: HAULER_STATUS_MESSAGES.strikePaused,
    });
    expect(decideHaulerChange('paused', 'pause', facts).kind).toBe('refuse');
    // A second strike is a strike of its own, recorded while paused.
    expect(decideHaulerChange('paused', 'strike', facts).kind).toBe('change');
    expect(haulerEventsAllowed('paused', facts)).toEqual([
      'change-details',
      'new-link',
      'remove',
      'renew-certificate',
    ]);
  });

  it('gives coverage to active haulers only', () => {
    expect(HAULER_STATUSES.filter(hasCoverage)).toEqual(['active']);
  });
});
