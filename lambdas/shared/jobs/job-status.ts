// Pure: what each action after acceptance may do to the request (docs/decisions/034-jobs.md).
// The store writes the change conditioned on the lead's version, as the quote loop does.
//
//   accepted ──on my way──► on-the-way ──job done (receipt)──► done ──rate (14 days)──► (rated)
//      │  └────────────────job done────────────────────────────┘
//      └─ I can't do this job (accepted or on-the-way) ──► received (timeline: reassigned): offers again
//
// Beside them, without changing the status: the address (until done), a price change and its
// answer (accepted, on-the-way), and a problem report (accepted, on-the-way, done).
import { jobOf, jobPrice, pendingPriceChange, pickupAddressOf, problemsOf } from './lead-job';
import type { Lead } from '../models/lead-model';
import type { StoredJob } from '../models/job-model';
import { JOB_BOOKED_STATUSES, JOB_LIMITS, JOB_MESSAGES } from '#contract/loop/jobs';
import { LOOP_MESSAGES } from '#contract/loop/quote-loop';
import type { LeadStatus, TimelineStep } from '#contract/loop/quote-loop';

export type JobEvent =
  | 'address'
  | 'on-my-way'
  | 'done'
  | 'cant-do'
  | 'price-change'
  | 'price-decision'
  | 'problem'
  | 'rate';

export interface JobFacts {
  status: LeadStatus;
  /** The accepted quote's job (see jobOf). */
  job?: StoredJob;
  /** The locked price (see jobPrice). */
  priceDollars?: number;
  /** Problem reports on the request so far. */
  problems: number;
  /** Addresses given so far (each emails the hauler). */
  addresses?: number;
}

export type JobActor = { role: 'homeowner' } | { role: 'hauler'; haulerId: string };

export interface JobContext {
  now: Date;
  actor: JobActor;
  /** price-change: the new price. */
  priceDollars?: number;
  /** price-decision: the change answered, and how. */
  change?: number;
  answer?: 'approve' | 'decline';
}

export type JobDecision =
  /** `step`: the timeline's entry when it is not the new status; none when undefined and to === from. */
  | { kind: 'change'; from: LeadStatus; to: LeadStatus; step?: TimelineStep }
  | { kind: 'already'; status: LeadStatus }
  | { kind: 'refuse'; message: string };

const OPEN: readonly LeadStatus[] = ['accepted', 'on-the-way'];
const BOOKED: readonly LeadStatus[] = JOB_BOOKED_STATUSES;

const refuse = (message: string): JobDecision => ({ kind: 'refuse', message });
const stay = (status: LeadStatus, step?: TimelineStep): JobDecision => ({
  kind: 'change',
  from: status,
  to: status,
  ...(step === undefined ? {} : { step }),
});

export function jobFacts(lead: Lead): JobFacts {
  const job = jobOf(lead);
  const priceDollars = jobPrice(lead, job);
  return {
    status: lead.status,
    ...(job === undefined ? {} : { job }),
    ...(priceDollars === undefined ? {} : { priceDollars }),
    problems: problemsOf(lead).length,
    addresses: pickupAddressOf(lead)?.version ?? 0,
  };
}

/** Why a closed request refuses: cancelled says so; anything else is "not open". */
function closed(status: LeadStatus): JobDecision {
  return refuse(status === 'cancelled' ? LOOP_MESSAGES.requestCancelled : JOB_MESSAGES.jobNotOpen);
}

function decideHauler(event: JobEvent, facts: JobFacts, context: JobContext): JobDecision {
  const { status, job } = facts;
  if (context.actor.role !== 'hauler') throw new Error(`${event} is the hauler's`);
  if (job?.haulerId !== context.actor.haulerId || !BOOKED.includes(status)) {
    return status === 'cancelled' ? closed(status) : refuse(JOB_MESSAGES.notYourJob);
  }
  if (status === 'done') {
    return event === 'done' ? { kind: 'already', status } : refuse(JOB_MESSAGES.jobDone);
  }
  switch (event) {
    case 'on-my-way':
      return status === 'on-the-way'
        ? { kind: 'already', status }
        : { kind: 'change', from: status, to: 'on-the-way' };
    case 'done':
      return { kind: 'change', from: status, to: 'done' };
    case 'cant-do':
      return { kind: 'change', from: status, to: 'received', step: 'reassigned' };
    case 'price-change': {
      const changes = job.priceChanges ?? [];
      if (pendingPriceChange(job) !== undefined) return refuse(JOB_MESSAGES.priceChangePending);
      if (changes.length >= JOB_LIMITS.priceChangesPerJob) {
        return refuse(JOB_MESSAGES.priceChangesExhausted);
      }
      if (context.priceDollars === facts.priceDollars) return refuse(JOB_MESSAGES.samePrice);
      return stay(status);
    }
    default:
      throw new Error(`${event} is not the hauler's`);
  }
}

function decidePrice(facts: JobFacts, context: JobContext): JobDecision {
  const { status, job } = facts;
  if (!BOOKED.includes(status)) return closed(status);
  const change = job?.priceChanges?.find((candidate) => candidate.number === context.change);
  if (change === undefined) return refuse(JOB_MESSAGES.priceChangeReplaced);
  const wanted = context.answer === 'approve' ? 'approved' : 'declined';
  if (change.state === wanted) return { kind: 'already', status };
  if (change.state !== 'pending') return refuse(JOB_MESSAGES.priceChangeAnswered);
  return stay(status, context.answer === 'approve' ? 'price-changed' : undefined);
}

function decideRating(facts: JobFacts, context: JobContext): JobDecision {
  const { status, job } = facts;
  if (status !== 'done' || job?.doneAt === undefined) {
    return BOOKED.includes(status) ? refuse(JOB_MESSAGES.notDoneYet) : closed(status);
  }
  if (job.haulerId === undefined) return refuse(JOB_MESSAGES.noHauler);
  if (job.rating !== undefined) return refuse(JOB_MESSAGES.alreadyRated);
  if (!withinRatingWindow(job.doneAt, context.now)) return refuse(JOB_MESSAGES.ratingClosed);
  return stay(status, 'rated');
}

export function withinRatingWindow(doneAt: string, now: Date): boolean {
  return now.getTime() < Date.parse(doneAt) + JOB_LIMITS.ratingDays * 86_400_000;
}

export function decideJob(event: JobEvent, facts: JobFacts, context: JobContext): JobDecision {
  const { status } = facts;
  switch (event) {
    case 'on-my-way':
    case 'done':
    case 'cant-do':
    case 'price-change':
      return decideHauler(event, facts, context);
    case 'price-decision':
      return decidePrice(facts, context);
    case 'address':
      if (OPEN.includes(status)) {
        return (facts.addresses ?? 0) >= JOB_LIMITS.addressesPerRequest
          ? refuse(JOB_MESSAGES.addressesExhausted)
          : stay(status);
      }
      return refuse(
        status === 'received' || status === 'quoted'
          ? JOB_MESSAGES.addressTooEarly
          : status === 'cancelled'
            ? LOOP_MESSAGES.requestCancelled
            : JOB_MESSAGES.addressClosed,
      );
    case 'problem':
      if (!BOOKED.includes(status)) {
        return status === 'cancelled' ? closed(status) : refuse(JOB_MESSAGES.problemTooEarly);
      }
      if (facts.problems >= JOB_LIMITS.problemsPerRequest) {
        return refuse(JOB_MESSAGES.problemsExhausted);
      }
      return stay(status, 'problem');
    case 'rate':
      return decideRating(facts, context);
  }
}

/** What the pages offer as buttons. */
export function jobAllowed(event: JobEvent, facts: JobFacts, context: JobContext): boolean {
  return decideJob(event, facts, context).kind === 'change';
}
