import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decideJob, withinRatingWindow } from './job-status';
import type { JobActor, JobEvent, JobFacts } from './job-status';
import type { StoredJob, StoredPriceChange } from '../models/job-model';
import { JOB_LIMITS, JOB_MESSAGES } from '#contract/loop/jobs';
import { LEAD_STATUSES, LOOP_MESSAGES } from '#contract/loop/quote-loop';
import type { LeadStatus } from '#contract/loop/quote-loop';

const NOW = new Date('2026-11-24T18:00:00Z');
const HAULER: JobActor = { role: 'hauler', haulerId: 'h-1' };
const OTHER: JobActor = { role: 'hauler', haulerId: 'h-2' };
const HOMEOWNER: JobActor = { role: 'homeowner' };

function facts(status: LeadStatus, job: Partial<StoredJob> = {}, problems = 0): JobFacts {
  return { status, job: { quote: 1, haulerId: 'h-1', ...job }, priceDollars: 240, problems };
}

function change(number: number, state: StoredPriceChange['state']): StoredPriceChange {
  return {
    number,
    priceDollars: 300,
    fromDollars: 240,
    reason: 'More junk',
    state,
    at: NOW.toISOString(),
  };
}

describe('the job machine', () => {
  it('moves accepted to on-the-way on "On my way", and a second press is already done', () => {
    expect(decideJob('on-my-way', facts('accepted'), { now: NOW, actor: HAULER })).toEqual({
      kind: 'change',
      from: 'accepted',
      to: 'on-the-way',
    });
    expect(decideJob('on-my-way', facts('on-the-way'), { now: NOW, actor: HAULER })).toEqual({
      kind: 'already',
      status: 'on-the-way',
    });
  });

  it('lets the job be done from accepted or on-the-way, once', () => {
    for (const status of ['accepted', 'on-the-way'] as const) {
      expect(decideJob('done', facts(status), { now: NOW, actor: HAULER })).toMatchObject({
        kind: 'change',
        to: 'done',
      });
    }
    expect(decideJob('done', facts('done'), { now: NOW, actor: HAULER }).kind).toBe('already');
    expect(decideJob('on-my-way', facts('done'), { now: NOW, actor: HAULER })).toEqual({
      kind: 'refuse',
      message: JOB_MESSAGES.jobDone,
    });
  });

  it('answers any other hauler "no longer yours", whatever the job', () => {
    for (const event of ['on-my-way', 'done', 'cant-do', 'price-change'] as JobEvent[]) {
      expect(decideJob(event, facts('accepted'), { now: NOW, actor: OTHER })).toEqual({
        kind: 'refuse',
        message: JOB_MESSAGES.notYourJob,
      });
    }
  });

  it('sends a given-up job back to received, with "reassigned" in the timeline, until it is done', () => {
    expect(decideJob('cant-do', facts('on-the-way'), { now: NOW, actor: HAULER })).toEqual({
      kind: 'change',
      from: 'on-the-way',
      to: 'received',
      step: 'reassigned',
    });
    expect(decideJob('cant-do', facts('done'), { now: NOW, actor: HAULER }).kind).toBe('refuse');
    expect(decideJob('cant-do', facts('cancelled'), { now: NOW, actor: HAULER })).toEqual({
      kind: 'refuse',
      message: LOOP_MESSAGES.requestCancelled,
    });
  });

  it('allows one pending price change at a time, at most three, never the same price', () => {
    const context = { now: NOW, actor: HAULER, priceDollars: 300 };
    expect(decideJob('price-change', facts('accepted'), context).kind).toBe('change');
    expect(
      decideJob(
        'price-change',
        facts('accepted', { priceChanges: [change(1, 'pending')] }),
        context,
      ),
    ).toEqual({ kind: 'refuse', message: JOB_MESSAGES.priceChangePending });
    const three = [change(1, 'declined'), change(2, 'declined'), change(3, 'approved')];
    expect(decideJob('price-change', facts('accepted', { priceChanges: three }), context)).toEqual({
      kind: 'refuse',
      message: JOB_MESSAGES.priceChangesExhausted,
    });
    expect(decideJob('price-change', facts('accepted'), { ...context, priceDollars: 240 })).toEqual(
      { kind: 'refuse', message: JOB_MESSAGES.samePrice },
    );
  });

  it('moves the price only by answering the pending change; a second answer is already, another refused', () => {
    const pending = facts('on-the-way', { priceChanges: [change(1, 'pending')] });
    const approve = { now: NOW, actor: HOMEOWNER, change: 1, answer: 'approve' as const };
    expect(decideJob('price-decision', pending, approve)).toEqual({
      kind: 'change',
      from: 'on-the-way',
      to: 'on-the-way',
      step: 'price-changed',
    });
    // Declining leaves the price: no timeline step.
    expect(decideJob('price-decision', pending, { ...approve, answer: 'decline' })).toEqual({
      kind: 'change',
      from: 'on-the-way',
      to: 'on-the-way',
    });
    const approved = facts('on-the-way', { priceChanges: [change(1, 'approved')] });
    expect(decideJob('price-decision', approved, approve).kind).toBe('already');
    expect(decideJob('price-decision', approved, { ...approve, answer: 'decline' })).toEqual({
      kind: 'refuse',
      message: JOB_MESSAGES.priceChangeAnswered,
    });
    expect(decideJob('price-decision', pending, { ...approve, change: 2 })).toEqual({
      kind: 'refuse',
      message: JOB_MESSAGES.priceChangeReplaced,
    });
  });

  it('takes the address only between acceptance and the job done', () => {
    const context = { now: NOW, actor: HOMEOWNER };
    expect(decideJob('address', facts('accepted'), context).kind).toBe('change');
    expect(decideJob('address', facts('on-the-way'), context).kind).toBe('change');
    expect(decideJob('address', facts('quoted'), context)).toEqual({
      kind: 'refuse',
      message: JOB_MESSAGES.addressTooEarly,
    });
    expect(decideJob('address', facts('done'), context)).toEqual({
      kind: 'refuse',
      message: JOB_MESSAGES.addressClosed,
    });
  });

  it('counts problem reports: three per request, and none before acceptance', () => {
    const context = { now: NOW, actor: HOMEOWNER };
    expect(decideJob('problem', facts('done', {}, 2), context)).toMatchObject({ step: 'problem' });
    expect(decideJob('problem', facts('done', {}, JOB_LIMITS.problemsPerRequest), context)).toEqual(
      { kind: 'refuse', message: JOB_MESSAGES.problemsExhausted },
    );
    expect(decideJob('problem', facts('received'), context)).toEqual({
      kind: 'refuse',
      message: JOB_MESSAGES.problemTooEarly,
    });
  });

  it('rates a done job once, within 14 days of being done, and only a hauler’s', () => {
    const doneAt = '2026-11-10T18:00:01.000Z';
    const context = { now: NOW, actor: HOMEOWNER };
    expect(decideJob('rate', facts('done', { doneAt }), context)).toMatchObject({ step: 'rated' });
    expect(
      decideJob('rate', facts('done', { doneAt: '2026-11-10T18:00:00.000Z' }), context),
    ).toEqual({ kind: 'refuse', message: JOB_MESSAGES.ratingClosed });
    expect(
      decideJob('rate', facts('done', { doneAt, rating: { stars: 5, at: doneAt } }), context),
    ).toEqual({ kind: 'refuse', message: JOB_MESSAGES.alreadyRated });
    expect(decideJob('rate', facts('on-the-way'), context)).toEqual({
      kind: 'refuse',
      message: JOB_MESSAGES.notDoneYet,
    });
    expect(
      decideJob('rate', { status: 'done', job: { quote: 1, doneAt }, problems: 0 }, context),
    ).toEqual({ kind: 'refuse', message: JOB_MESSAGES.noHauler });
  });

  it('has a rating window that closes exactly 14 days after the job is done', () => {
    const doneAt = '2026-11-01T00:00:00.000Z';
    expect(withinRatingWindow(doneAt, new Date('2026-11-14T23:59:59.999Z'))).toBe(true);
    expect(withinRatingWindow(doneAt, new Date('2026-11-15T00:00:00.000Z'))).toBe(false);
  });

  it('never lets any event move a request that is not booked into a job status', () => {
    const events: JobEvent[] = [
      'address',
      'on-my-way',
      'done',
      'cant-do',
      'price-change',
      'price-decision',
      'problem',
      'rate',
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...events),
        fc.constantFrom(...LEAD_STATUSES),
        fc.constantFrom(HAULER, OTHER, HOMEOWNER),
        (event, status, actor) => {
          const hauler = ['on-my-way', 'done', 'cant-do', 'price-change'].includes(event);
          if (hauler !== (actor.role === 'hauler')) return;
          const decision = decideJob(event, facts(status), {
            now: NOW,
            actor,
            priceDollars: 300,
            change: 1,
            answer: 'approve',
          });
          if (decision.kind !== 'change') return;
          // Only a booked job changes, only its own hauler moves it, and nothing reaches
          // "done" except "Job done".
          expect(['accepted', 'on-the-way', 'done']).toContain(decision.from);
          if (hauler) expect(actor).toEqual(HAULER);
          if (decision.to === 'done')
            expect(['done', 'problem', 'rate', 'address']).toContain(event);
        },
      ),
    );
  });
});
