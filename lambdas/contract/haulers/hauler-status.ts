// Pure: it decides, the hauler store writes conditioned on the status and version decided on, so
// two racing requests cannot both win.

export const HAULER_STATUSES = [
  'applied',
  'pending-review',
  'active',
  'paused',
  'rejected',
  'removed',
] as const;
export type HaulerStatus = (typeof HAULER_STATUSES)[number];

export const HAULER_STATUS_LABELS: Readonly<Record<HaulerStatus, string>> = {
  applied: 'Email not confirmed',
  'pending-review': 'Pending review',
  active: 'Active',
  paused: 'Paused',
  rejected: 'Rejected',
  removed: 'Removed',
};

export const HAULER_EVENTS = [
  'confirm-email',
  'approve',
  'reject',
  'pause',
  'resume',
  'change-details',
  'new-link',
  'remove',
  /** The hauler uploads a new certificate for operations to review; the status stays. */
  'renew-certificate',
  /** The certificate's expiry day: paused until operations approve a new one. */
  'expire-insurance',
  /** A strike (STRIKE_REASONS): paused until operations resume the hauler. */
  'strike',
] as const;
export type HaulerEvent = (typeof HAULER_EVENTS)[number];

// No `to`: the status stays and the details change. `done`: a second press or a retry there is
// answered as done rather than refused.
export const HAULER_TRANSITIONS: Readonly<
  Record<
    HaulerEvent,
    { from: readonly HaulerStatus[]; to?: HaulerStatus; done: readonly HaulerStatus[] }
  >
> = {
  'confirm-email': {
    from: ['applied'],
    to: 'pending-review',
    done: ['pending-review', 'active', 'paused'],
  },
  approve: { from: ['pending-review'], to: 'active', done: ['active'] },
  reject: { from: ['pending-review'], to: 'rejected', done: ['rejected'] },
  // From paused too: a paused hauler may move the date they come back.
  pause: { from: ['active', 'paused'], to: 'paused', done: [] },
  resume: { from: ['paused'], to: 'active', done: ['active'] },
  'change-details': { from: ['active', 'paused'], done: [] },
  'new-link': { from: ['active', 'paused'], done: [] },
  remove: {
    from: ['applied', 'pending-review', 'active', 'paused', 'rejected'],
    to: 'removed',
    done: ['removed'],
  },
  'renew-certificate': { from: ['active', 'paused'], done: [] },
  'expire-insurance': { from: ['active', 'paused'], to: 'paused', done: [] },
  strike: { from: ['active', 'paused'], to: 'paused', done: [] },
};

export const HAULER_STATUS_MESSAGES = {
  refused: {
    applied: 'The email address of this application has not been confirmed yet.',
    'pending-review': 'This application has not been reviewed yet.',
    active: 'This hauler is active.',
    paused: 'This hauler is paused.',
    rejected: 'This application was rejected.',
    removed: 'This hauler has been removed.',
  } satisfies Record<HaulerStatus, string>,
  alreadyApproved: 'This application has already been approved.',
  contended:
    'This hauler changed at the same moment from another page. Please check it as it is now and try again.',
  insuranceExpiredPaused:
    'Your insurance certificate has expired. Upload a new one: you can take jobs again once we approve it.',
  strikePaused:
    'Your account is paused after a strike. Reply to the email that told you why: our team resumes it once they have looked into it.',
} as const;

export type HaulerDecision =
  /** Written conditioned on `from` (and the version read). */
  | { kind: 'change'; from: HaulerStatus; to: HaulerStatus }
  /** Already done (a second press, a retry): nothing to write. */
  | { kind: 'already'; status: HaulerStatus }
  | { kind: 'refuse'; message: string };

export interface HaulerFacts {
  /** Paused by the certificate's expiry: only an approved new certificate lifts it. */
  pausedForInsurance?: boolean;
  /** Paused by a strike: only operations lift it (`npm run haulers -- resume`). */
  pausedForStrike?: boolean;
}

export function decideHaulerChange(
  status: HaulerStatus,
  event: HaulerEvent,
  facts: HaulerFacts = {},
): HaulerDecision {
  if (facts.pausedForInsurance === true && status === 'paused') {
    if (event === 'expire-insurance') return { kind: 'already', status };
    // Pausing again would only move a date that does not apply while the insurance is missing.
    if (event === 'resume' || event === 'pause') {
      return { kind: 'refuse', message: HAULER_STATUS_MESSAGES.insuranceExpiredPaused };
    }
  }
  // A date of the hauler's own would read as the end of a pause that has none.
  if (facts.pausedForStrike === true && status === 'paused') {
    if (event === 'resume' || event === 'pause') {
      return { kind: 'refuse', message: HAULER_STATUS_MESSAGES.strikePaused };
    }
  }
  const transition = HAULER_TRANSITIONS[event];
  if (transition.from.includes(status)) {
    return { kind: 'change', from: status, to: transition.to ?? status };
  }
  if (transition.done.includes(status)) return { kind: 'already', status };
  const approved = status === 'active' || status === 'paused';
  if ((event === 'approve' || event === 'reject') && approved) {
    return { kind: 'refuse', message: HAULER_STATUS_MESSAGES.alreadyApproved };
  }
  return { kind: 'refuse', message: HAULER_STATUS_MESSAGES.refused[status] };
}

/** Events only the scheduled function or a strike causes: never a button. */
const SCHEDULED_EVENTS: ReadonlySet<HaulerEvent> = new Set(['expire-insurance', 'strike']);

export function haulerEventsAllowed(status: HaulerStatus, facts: HaulerFacts = {}): HaulerEvent[] {
  return HAULER_EVENTS.filter(
    (event) =>
      !SCHEDULED_EVENTS.has(event) && decideHaulerChange(status, event, facts).kind === 'change',
  );
}

/** Only an active hauler is offered jobs, so only an active hauler has coverage items. */
export function hasCoverage(status: HaulerStatus): boolean {
  return status === 'active';
}
