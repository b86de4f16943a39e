/**
 * Issue 37's reproductions through the real functions: access ends with its reason (a removed or
 * paused hauler, a job given up, a quote whose window began) and each change reaches its parties.
 */
import { describe, expect, it } from 'vitest';
import { cantDoJob, onMyWay } from '../../lambdas/job-updates/hauler-actions';
import { giveAddress } from '../../lambdas/job-updates/homeowner-actions';
import { releaseRemovedHauler } from '../../lambdas/job-updates/removal';
import { pauseHauler, removeHauler } from '../../lambdas/shared/haulers/hauler-store';
import { jobOf } from '../../lambdas/shared/jobs/lead-job';
import { storedQuotes } from '../../lambdas/shared/leads/lead-quotes';
import { cancelRequest } from '../../lambdas/update-lead/update-lead';
import { flowWorld } from './flow-world';
import { LOOP_MESSAGES } from '#contract/loop/quote-loop';
import type { LeadView } from '#contract/loop/quote-loop';

const w = flowWorld();
const STREET = '4417 Quillfeather Lane';

const errorOf = async (result: Promise<{ statusCode: number; body: string }>) => {
  const { statusCode, body } = await result;
  return {
    statusCode,
    message: (JSON.parse(body) as { error?: { message: string } }).error?.message,
  };
};
const homeownerView = async () => JSON.parse(await w.reads(w.tokens().view)) as LeadView;
const remove = async () => {
  expect((await removeHauler(w.table, w.a.haulerId, { now: w.clock })).ok).toBe(true);
  return releaseRemovedHauler(w.a, w.deps());
};

describe('a removed hauler', () => {
  it('loses the booked job: it goes back to offers and their job link reads and changes nothing', async () => {
    await w.bookedWithA();
    await w.ok(giveAddress({ token: w.tokens().view, street: STREET }, w.deps()));
    expect(await w.reads(w.tokens().jobA)).toContain(STREET);

    const report = await remove();
    expect(report.jobsReturned).toEqual([(await w.lead()).reference]);
    expect((await w.lead()).status).toBe('received');
    expect(await w.reads(w.tokens().jobA)).toBe('refused');
    expect((await onMyWay({ token: w.tokens().jobA }, w.deps())).statusCode).toBe(403);

    // A new address after removal reaches no removed hauler.
    w.forgetMails();
    await giveAddress({ token: w.tokens().view, street: '12 Other Road' }, w.deps());
    expect(w.mails().filter((mail) => mail.to.includes(w.a.email))).toEqual([]);
  });

  it('has their live quote withdrawn: the homeowner can no longer see or accept it', async () => {
    await w.twoQuotes();
    const report = await remove();
    expect(report.quotesWithdrawn).toHaveLength(1);
    const view = await homeownerView();
    expect(view.role === 'homeowner' && view.quotes.map((q) => q.number)).toEqual([2]);
    const refused = await errorOf(w.accept(1));
    expect(refused.statusCode).toBe(409);
    expect(w.mails().filter((mail) => mail.to.includes(w.a.email))).toEqual([]);
  });

  it('with the only live quote withdrawn, the request goes back to offers', async () => {
    await w.ok(w.quote(w.tokens().offerA, 240));
    await remove();
    const lead = await w.lead();
    expect(lead.status).toBe('received');
    expect(lead.dueAt).toBe(w.clock.toISOString());
  });
});

describe('a paused hauler', () => {
  it('cannot be booked: their live quote reads as unavailable and accepting it is refused', async () => {
    await w.twoQuotes();
    await pauseHauler(w.table, w.a.haulerId, { now: w.clock, until: '2026-12-10' });
    const view = await homeownerView();
    if (view.role !== 'homeowner') throw new Error('not the homeowner view');
    expect(view.acceptable).toEqual([2]);
    expect(view.quotes.find((q) => q.number === 1)?.unacceptable).toBe('hauler-unavailable');
    expect(await errorOf(w.accept(1))).toEqual({
      statusCode: 409,
      message: LOOP_MESSAGES.haulerUnavailable,
    });
    await w.ok(w.accept(2));
  });

  it('keeps a job booked before the pause and may finish it (decision 045)', async () => {
    await w.bookedWithA();
    await pauseHauler(w.table, w.a.haulerId, { now: w.clock, until: '2026-12-10' });
    await w.ok(onMyWay({ token: w.tokens().jobA }, w.deps()));
    await w.jobDone();
    expect((await w.lead()).status).toBe('done');
  });
});

describe('a job given up', () => {
  it('books the next accepted hauler: "Booked" to them and "Accepted" to operations', async () => {
    await w.bookedWithA();
    await w.ok(cantDoJob()({ token: w.tokens().jobA, reason: 'Truck broke down' }, w.deps()));
    await w.ok(w.quote(w.tokens().offerB, 320));
    w.forgetMails();
    const second = storedQuotes(await w.lead()).find((q) => q.state === 'live')!;
    await w.ok(w.accept(second.number));
    const subjects = w.mails().map((mail) => `${mail.to.join()} ${mail.subject}`);
    expect(subjects.some((s) => s.startsWith(`${w.b.email} Booked:`))).toBe(true);
    expect(subjects.some((s) => s.startsWith('ops@example.com Accepted:'))).toBe(true);
    expect(jobOf(await w.lead())?.haulerId).toBe(w.b.haulerId);
    expect(await w.reads(w.tokens().jobB)).toContain('"job"');
  });

  it('cannot be quoted again by the hauler who gave it up', async () => {
    await w.bookedWithA();
    await w.ok(cantDoJob()({ token: w.tokens().jobA, reason: 'Truck broke down' }, w.deps()));
    expect(await errorOf(w.quote(w.tokens().offerA, 900))).toEqual({
      statusCode: 409,
      message: LOOP_MESSAGES.youGaveItUp,
    });
    expect((await w.lead()).status).toBe('received');
  });
});

describe('a quote whose window has started', () => {
  it('can no longer be sent', async () => {
    w.clock = new Date('2026-11-24T20:00:00Z');
    const refused = await errorOf(w.quote(w.tokens().offerA, 240, '2026-11-24'));
    expect(refused).toEqual({ statusCode: 400, message: LOOP_MESSAGES.pickupWindowStarted });
  });

  it('can no longer be accepted, and the request page says why', async () => {
    await w.ok(w.quote(w.tokens().offerA, 240, '2026-11-24'));
    w.clock = new Date('2026-11-24T20:00:00Z');
    const view = await homeownerView();
    if (view.role !== 'homeowner') throw new Error('not the homeowner view');
    expect(view.acceptable).toEqual([]);
    expect(view.quotes[0]?.unacceptable).toBe('window-started');
    expect(await errorOf(w.accept(1))).toEqual({
      statusCode: 409,
      message: LOOP_MESSAGES.quoteWindowStarted,
    });
  });
});

describe('a cancellation', () => {
  it('with quotes open tells each quoting hauler, and names no quote to operations', async () => {
    await w.twoQuotes();
    w.forgetMails();
    await w.ok(cancelRequest({ token: w.tokens().view }, w.deps()));
    const to = w.mails().flatMap((mail) => mail.to);
    expect(to).toEqual(expect.arrayContaining([w.a.email, w.b.email, 'ops@example.com']));
    const operations = w.mails().find((mail) => mail.to.includes('ops@example.com'))!;
    expect(operations.subject).not.toContain('$');
  });

  it('after booking tells the booked hauler not to go, and names the accepted quote', async () => {
    await w.bookedWithA();
    w.forgetMails();
    await w.ok(cancelRequest({ token: w.tokens().view }, w.deps()));
    const hauler = w.mails().find((mail) => mail.to.includes(w.a.email))!;
    expect(hauler.subject).toMatch(/^Cancelled: do not go/);
    const operations = w.mails().find((mail) => mail.to.includes('ops@example.com'))!;
    expect(operations.subject).toContain('$240');
    expect(w.mails().filter((mail) => mail.to.includes(w.b.email))).toEqual([]);
  });
});
