/**
 * The hauler's home page (issue 40, item 7) through the real functions: what it lists and links,
 * read from the hauler's own partition, and access that ends with its reason (decision 045).
 */
import { describe, expect, it, vi } from 'vitest';
import { readAccount } from '../../lambdas/hauler-account/account';
import { cantDoJob } from '../../lambdas/job-updates/hauler-actions';
import { rateJob } from '../../lambdas/job-updates/rating/rating';
import { pauseHauler } from '../../lambdas/shared/haulers/hauler-store';
import type { Hauler } from '../../lambdas/shared/models/hauler-model';
import { verifyLink } from '../../lambdas/shared/links/signed-links';
import { cancelRequest } from '../../lambdas/update-lead/update-lead';
import { NOW, PICKUP, flowWorld } from './flow-world';
import type { HaulerAccountView } from '#contract/haulers/hauler-api';
import type { HaulerWorkView } from '#contract/haulers/hauler-work';

const w = flowWorld();
const SECRET = Buffer.from('unit-test-link-secret-0123456789abcdef');

async function workOf(hauler: Hauler): Promise<HaulerWorkView> {
  const token = w.token(hauler.haulerId, 'hauler', 'manage', NOW, hauler.linkVersion);
  const result = await readAccount(
    { token },
    { ...w.deps(), uploadUrlSeconds: 300, payments: { setting: 'off' } },
  );
  expect(result.statusCode, result.body).toBe(200);
  return (JSON.parse(result.body) as { account: HaulerAccountView }).account.work;
}

const claimsOf = (token: string) => verifyLink(token, [SECRET], w.clock, ['lead']);

describe('the hauler’s home page', () => {
  it('is read by Queries of the hauler’s partition and one BatchGet, never a scan', async () => {
    await w.twoQuotes();
    const send = vi.spyOn(w.table.client, 'send');
    await workOf(w.a);
    const commands = send.mock.calls.map(([command]) => command.constructor.name);
    send.mockRestore();
    expect(commands).not.toContain('ScanCommand');
    expect(commands.filter((name) => name === 'QueryCommand')).toHaveLength(2);
    expect(commands.filter((name) => name === 'BatchGetCommand')).toHaveLength(1);
  });

  it('lists an offer not yet quoted with its distance, linked to the offer page', async () => {
    const work = await workOf(w.a);
    expect(work.offers).toHaveLength(1);
    expect(work.offers[0]).toMatchObject({ reference: (await w.lead()).reference, miles: 0 });
    expect(claimsOf(work.offers[0]!.token)).toMatchObject({
      id: w.id,
      role: 'hauler',
      action: 'offer',
      quote: 1,
    });
    expect([work.quotes, work.booked, work.done]).toEqual([[], [], []]);
  });

  it('moves a quoted offer to the quotes, waiting, and the booked job to "booked" with its job link', async () => {
    await w.twoQuotes();
    const quoted = await workOf(w.a);
    expect(quoted.offers).toEqual([]);
    expect(quoted.quotes[0]).toMatchObject({ priceDollars: 240, outcome: 'waiting' });

    await w.ok(w.accept(1));
    const booked = await workOf(w.a);
    expect(booked.booked[0]).toMatchObject({ pickupDate: PICKUP, status: 'accepted' });
    expect(claimsOf(booked.booked[0]!.token)).toMatchObject({ action: 'job', quote: 1 });
    expect(booked.quotes).toEqual([]);
    // The other hauler's quote went elsewhere: theirs to see, never their job.
    const other = await workOf(w.b);
    expect(other.booked).toEqual([]);
    expect(other.quotes[0]?.outcome).toBe('went-elsewhere');
  });

  it('lists a job done and rated under "done" with its stars', async () => {
    await w.bookedWithA();
    await w.jobDone();
    await w.ok(rateJob({ token: w.tokens().view, stars: 4 }, w.deps()));
    const work = await workOf(w.a);
    expect(work.booked).toEqual([]);
    expect(work.done[0]).toMatchObject({ status: 'done', stars: 4 });
  });

  it('drops a cancelled job from "booked" and says it is cancelled', async () => {
    await w.bookedWithA();
    await w.ok(cancelRequest({ token: w.tokens().view }, w.deps()));
    const work = await workOf(w.a);
    expect(work.booked).toEqual([]);
    expect(work.quotes[0]?.outcome).toBe('cancelled-booked');
  });

  it('drops a job given up from "booked", and lists it for the next hauler once booked with them', async () => {
    await w.bookedWithA();
    await w.ok(cantDoJob()({ token: w.tokens().jobA, reason: 'Truck broke down' }, w.deps()));
    await w.ok(w.quote(w.tokens().offerB, 300));
    await w.ok(w.accept(3));
    const gaveUp = await workOf(w.a);
    expect(gaveUp.booked).toEqual([]);
    expect(gaveUp.quotes[0]?.outcome).toBe('given-up');
    const next = await workOf(w.b);
    expect(next.booked[0]).toMatchObject({ priceDollars: 300 });
    // The job link names B's offer, as "Booked" does.
    expect(claimsOf(next.booked[0]!.token)).toMatchObject({ action: 'job', quote: 2 });
  });

  it('lists no offers or quotes of a paused hauler, whose offer links refuse', async () => {
    await w.twoQuotes();
    await pauseHauler(w.table, w.a.haulerId, { now: w.clock, until: '2026-12-10' });
    const work = await workOf(w.a);
    expect(work.offersHidden).toBe(true);
    expect([work.offers, work.quotes]).toEqual([[], []]);
    expect(await w.reads(w.tokens().offerA)).toBe('refused');
  });

  it('keeps a job booked before the pause (decision 045)', async () => {
    await w.bookedWithA();
    await pauseHauler(w.table, w.a.haulerId, { now: w.clock, until: '2026-12-10' });
    expect((await workOf(w.a)).booked).toHaveLength(1);
  });
});
