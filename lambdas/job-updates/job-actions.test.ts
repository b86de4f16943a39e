import { S3Client } from '@aws-sdk/client-s3';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Hauler } from '../shared/models/hauler-model';
import { jobOf, reassignmentsOf } from '../shared/jobs/lead-job';
import { storedQuotes } from '../shared/leads/lead-quotes';
import { createLead, getLead, newLead } from '../shared/leads/lead-store';
import { viewForLink } from '../shared/auth/link-view';
import { linkClaims, signLink } from '../shared/links/signed-links';
import type { LeadTable } from '../shared/runtime/table-handle';
import { haulerIn } from '../../test/support/testing-haulers';
import { seedAcceptedJob } from '../../test/support/testing-jobs';
import { bookingRequest, startTestLeadTable } from '../../test/support/testing-leads';
import type { TestLeadTable } from '../../test/support/testing-leads';
import { cantDoJob, isLateCancel, onMyWay, requestPriceChange } from './hauler-actions';
import { decidePriceChange, giveAddress, reportProblem } from './homeowner-actions';
import type { JobDeps } from './job-deps';
import { JOB_LIMITS, JOB_MESSAGES, JOB_TEXTS } from '#contract/loop/jobs';
import type { LeadWithJob } from '#contract/loop/jobs';
import { LOOP_MESSAGES } from '#contract/loop/quote-loop';
import { LEAD_TABLE_INDEXES } from '#contract/core/table-keys';

const SECRET = Buffer.from('unit-test-link-secret-0123456789abcdef');
const ID = '7c2f1d3e-9a4b-4c5d-8e6f-2b3c4d5e6f70';
const NOW = new Date('2026-11-23T18:00:00Z');
const PICKUP = '2026-11-26';
// Unique strings: wherever they appear, the homeowner's contact or address went there.
const STREET = '4417 Quillfeather Lane';

const sesMock = mockClient(SESv2Client);
let dynamo: TestLeadTable;
let table: LeadTable;
let hauler: Hauler;
let other: Hauler;
let jobToken: string;
let viewToken: string;
let clock = NOW;

beforeAll(async () => {
  dynamo = await startTestLeadTable();
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterAll(async () => {
  sesMock.restore();
  vi.restoreAllMocks();
  await dynamo.close();
});

beforeEach(async () => {
  clock = NOW;
  sesMock.reset();
  sesMock.on(SendEmailCommand).resolves({ MessageId: 'm' });
  table = await dynamo.freshTable();
  await createLead(table, newLead(bookingRequest({ submissionId: ID, zipCode: '85001' }), NOW));
  hauler = await haulerIn(table, 'active', NOW, { businessName: 'Desert Haul Co' });
  other = await haulerIn(table, 'active', NOW, { businessName: 'Valley Junk LLC' });
  ({ jobToken, viewToken } = await seedAcceptedJob(table, ID, hauler, NOW, SECRET, {
    priceDollars: 240,
    pickupDate: PICKUP,
  }));
});

const deps = (): JobDeps => ({
  table,
  s3: new S3Client({ region: 'us-east-1' }),
  bucket: 'quote-photos-test',
  ses: new SESv2Client({ region: 'us-east-1' }),
  secrets: () => Promise.resolve({ current: SECRET, accepted: [SECRET] }),
  publicBaseUrl: 'https://www.example.com',
  sender: 'quotes@example.com',
  operationsAddress: 'ops@example.com',
  now: () => clock,
});
const mails = () =>
  sesMock.commandCalls(SendEmailCommand).map((call) => {
    const input = call.args[0].input;
    const content = input.Content?.Simple;
    return {
      to: input.Destination?.ToAddresses ?? [],
      subject: content?.Subject?.Data ?? '',
      all: `${content?.Subject?.Data}\n${content?.Body?.Html?.Data}\n${content?.Body?.Text?.Data}`,
    };
  });
const body = <T = LeadWithJob>(result: { body: string }) =>
  JSON.parse(result.body) as {
    lead?: T;
    error?: { message: string; fields?: Record<string, string> };
  };
const lead = async () => (await getLead(table, ID))!;

describe('the job after acceptance', () => {
  it('stores the address, emails it to the accepted hauler once, and shows it on their job page only', async () => {
    const address = { token: viewToken, street: STREET, accessNotes: 'Gate code 4512' };
    expect((await giveAddress(address, deps())).statusCode).toBe(200);
    expect((await giveAddress(address, deps())).statusCode).toBe(200);
    expect(mails()).toHaveLength(1);
    expect(mails()[0]).toMatchObject({
      to: [hauler.email],
      subject: JOB_TEXTS.addressSubject((await lead()).reference),
    });
    expect(mails()[0]!.all).toContain(STREET);
    expect(mails()[0]!.all).toContain('/haulers/job#t=');

    const readAs = async (token: string) => {
      const seen = await viewForLink({ token }, { table, secrets: deps().secrets, now: () => NOW });
      if (!seen.ok) throw new Error('refused');
      return JSON.stringify(seen.lead);
    };
    expect(await readAs(jobToken)).toContain(STREET);
    expect(await readAs(viewToken)).toContain(STREET);
    // Another hauler's offer link on the same request never sees it.
    const { seedOffers } = await import('../../test/support/testing-offers');
    await seedOffers(table, ID, [hauler, other], NOW);
    const otherOffer = signLink(linkClaims(ID, 'hauler', 'offer', NOW, 2), SECRET);
    expect(await readAs(otherOffer)).not.toContain(STREET);
  });

  it('counts address changes: a flood of 10 different addresses stores and emails 5, refuses 5', async () => {
    const answers = [];
    for (let i = 1; i <= 10; i += 1) {
      answers.push(
        (await giveAddress({ token: viewToken, street: `${i} Main St` }, deps())).statusCode,
      );
    }
    expect(answers.filter((status) => status === 200)).toHaveLength(JOB_LIMITS.addressesPerRequest);
    expect(answers.filter((status) => status === 409)).toHaveLength(
      10 - JOB_LIMITS.addressesPerRequest,
    );
    expect(mails()).toHaveLength(JOB_LIMITS.addressesPerRequest);
    expect((await lead()).pickupAddress).toMatchObject({ street: '5 Main St', version: 5 });
    const refused = await giveAddress({ token: viewToken, street: '11 Main St' }, deps());
    expect(body(refused).error?.message).toBe(JOB_MESSAGES.addressesExhausted);
  });

  it('refuses an address before any quote is accepted, and names the field of a bad one', async () => {
    const bad = await giveAddress({ token: viewToken, street: 'Main Street' }, deps());
    expect(bad.statusCode).toBe(400);
    expect(body(bad).error?.fields).toEqual({ street: JOB_MESSAGES.streetInvalid });

    const earlyId = '11111111-2222-4333-8444-555555555555';
    await createLead(table, newLead(bookingRequest({ submissionId: earlyId }), NOW));
    const early = signLink(linkClaims(earlyId, 'homeowner', 'view', NOW), SECRET);
    const result = await giveAddress({ token: early, street: STREET }, deps());
    expect(result.statusCode).toBe(409);
    expect(body(result).error?.message).toBe(JOB_MESSAGES.addressTooEarly);
  });

  it('tells the homeowner the hauler is on the way with their name and phone, once', async () => {
    expect((await onMyWay({ token: jobToken }, deps())).statusCode).toBe(200);
    expect((await onMyWay({ token: jobToken }, deps())).statusCode).toBe(200);
    const stored = await lead();
    expect(stored.status).toBe('on-the-way');
    expect(stored.statusHistory.map((step) => step.status)).toEqual([
      'received',
      'accepted',
      'on-the-way',
    ]);
    expect(mails()).toHaveLength(1);
    expect(mails()[0]).toMatchObject({ subject: JOB_TEXTS.onTheWaySubject });
    expect(mails()[0]!.all).toContain(hauler.businessName);
    expect(mails()[0]!.all).toContain(hauler.phone);
  });

  it('answers another hauler’s job link on this request “no longer yours”, changing nothing', async () => {
    const { seedOffers } = await import('../../test/support/testing-offers');
    await seedOffers(table, ID, [hauler, other], NOW);
    const otherJob = signLink(linkClaims(ID, 'hauler', 'job', NOW, 2), SECRET);
    const result = await onMyWay({ token: otherJob }, deps());
    expect(result.statusCode).toBe(409);
    expect(body(result).error?.message).toBe(JOB_MESSAGES.notYourJob);
    expect((await lead()).status).toBe('accepted');
    expect(mails()).toHaveLength(0);
    // An offer link is not a job link.
    const offerLink = signLink(linkClaims(ID, 'hauler', 'offer', NOW, 1), SECRET);
    expect((await onMyWay({ token: offerLink }, deps())).statusCode).toBe(403);
  });

  it('moves the price only when the homeowner approves, and keeps it when they decline', async () => {
    const asked = await requestPriceChange(
      { token: jobToken, priceDollars: 320, reason: 'Twice the junk in the photos' },
      deps(),
    );
    expect(asked.statusCode).toBe(200);
    expect(body(asked).lead?.job?.priceDollars).toBe(240);
    const ask = mails().at(-1)!;
    expect(ask.to).toEqual([(await lead()).request.email]);
    expect(ask.all).toContain('$320');
    expect(ask.all).toContain(JOB_TEXTS.approve);
    // A second while one waits is refused.
    const again = await requestPriceChange(
      { token: jobToken, priceDollars: 330, reason: 'Even more' },
      deps(),
    );
    expect(body(again).error?.message).toBe(JOB_MESSAGES.priceChangePending);

    const priceToken = signLink(linkClaims(ID, 'homeowner', 'price', NOW, 1), SECRET);
    // The price link's page may answer the price, and nothing else.
    const seen = await viewForLink(
      { token: priceToken },
      { table, secrets: deps().secrets, now: () => NOW },
    );
    if (!seen.ok) throw new Error('the price link was refused');
    expect(Object.entries(seen.lead.job!.can).filter(([, may]) => may)).toEqual([
      ['decidePrice', true],
    ]);
    const approved = await decidePriceChange({ token: priceToken, decision: 'approve' }, deps());
    expect(approved.statusCode).toBe(200);
    expect(body(approved).lead?.job?.priceDollars).toBe(320);
    expect((await lead()).statusHistory.at(-1)?.status).toBe('price-changed');
    // The hauler and operations both hear of it.
    expect(mails().filter((m) => m.subject.startsWith('Price change approved'))).toHaveLength(2);

    await requestPriceChange({ token: jobToken, priceDollars: 400, reason: 'A piano' }, deps());
    const declined = await decidePriceChange(
      { token: viewToken, decision: 'decline', change: 2 },
      deps(),
    );
    expect(declined.statusCode).toBe(200);
    expect(body(declined).lead?.job?.priceDollars).toBe(320);
    expect(mails().filter((m) => m.subject.startsWith('Price change declined'))).toHaveLength(2);
    // The view link must name the change; the price link cannot answer another.
    const unnamed = await decidePriceChange({ token: viewToken, decision: 'approve' }, deps());
    expect(body(unnamed).error?.fields).toHaveProperty('change');
    const mismatched = await decidePriceChange(
      { token: priceToken, decision: 'approve', change: 2 },
      deps(),
    );
    expect(mismatched.statusCode).toBe(400);
  });

  it('sends a given-up job back to offers: quote withdrawn, timer due now, homeowner and operations told', async () => {
    clock = new Date('2026-11-23T19:00:00Z');
    const result = await cantDoJob()({ token: jobToken, reason: 'Truck broke down' }, deps());
    expect(result.statusCode).toBe(200);
    const stored = await lead();
    expect(stored.status).toBe('received');
    expect(stored.statusHistory.at(-1)?.status).toBe('reassigned');
    expect(storedQuotes(stored)[0]?.state).toBe('withdrawn');
    expect(jobOf(stored)).toBeUndefined();
    expect(stored[LEAD_TABLE_INDEXES.byDue.sortKey]).toBe(clock.toISOString());
    expect(stored.offersFrom).toBe(clock.toISOString());
    expect(reassignmentsOf(stored)).toMatchObject([{ haulerId: hauler.haulerId, late: false }]);
    expect(mails().map((m) => m.subject)).toEqual([
      JOB_TEXTS.reassignedSubject(stored.reference),
      `Reassigned: ${stored.reference}`,
    ]);
    // The page now says the job is no longer theirs; a second press changes nothing.
    expect(body(result).lead?.job).toBeUndefined();
    const again = await cantDoJob()({ token: jobToken, reason: 'Truck broke down' }, deps());
    expect(again.statusCode).toBe(409);
    expect(mails()).toHaveLength(2);
  });

  it('counts a give-up within 24 hours of the window’s start as late, and strikes through the hook', async () => {
    // The morning window starts at 8:00 in the last US zone (18:00 UTC).
    expect(isLateCancel(PICKUP, 'morning', new Date('2026-11-25T17:59:59Z'))).toBe(false);
    expect(isLateCancel(PICKUP, 'morning', new Date('2026-11-25T18:00:00Z'))).toBe(true);
    clock = new Date('2026-11-25T20:00:00Z');
    const strike = vi.fn(() => Promise.resolve());
    await cantDoJob(strike)({ token: jobToken, reason: 'Double booked' }, deps());
    expect(strike).toHaveBeenCalledWith(expect.anything(), hauler.haulerId, {
      submissionId: ID,
      reference: (await lead()).reference,
      at: clock,
    });
  });

  it('emails a problem report to operations with the job’s timeline, at most three per request', async () => {
    await onMyWay({ token: jobToken }, deps());
    sesMock.resetHistory();
    const report = (description: string) =>
      reportProblem({ token: viewToken, kind: 'late', description }, deps());
    expect((await report('Two hours late and no call')).statusCode).toBe(200);
    expect((await report('Two hours late and no call')).statusCode).toBe(200);
    expect(mails()).toHaveLength(1);
    expect(mails()[0]).toMatchObject({ to: ['ops@example.com'] });
    expect(mails()[0]!.subject).toContain('Problem reported');
    expect(mails()[0]!.all).toContain('On the way');
    expect(mails()[0]!.all).toContain(hauler.businessName);
    await report('Still not here after three hours');
    await report('Now four hours late, please help');
    const fourth = await report('Five hours late: this is the fourth');
    expect(fourth.statusCode).toBe(409);
    expect(body(fourth).error?.message).toBe(JOB_MESSAGES.problemsExhausted);
    expect(mails()).toHaveLength(JOB_LIMITS.problemsPerRequest);
  });

  it('refuses every job action on a cancelled request', async () => {
    const { updateLeadStatus } = await import('../shared/leads/lead-store');
    await updateLeadStatus(table, ID, { from: ['accepted'], to: 'cancelled', at: NOW });
    const result = await onMyWay({ token: jobToken }, deps());
    expect(result.statusCode).toBe(409);
    expect(body(result).error?.message).toBe(LOOP_MESSAGES.requestCancelled);
    expect(mails()).toHaveLength(0);
  });
});
