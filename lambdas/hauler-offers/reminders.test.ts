/**
 * The day-before reminders, against a real dynalite: the offer job, run at any time and as often
 * as it likes, sends the homeowner and the booked hauler one reminder each, from the day before's
 * reminder time; none for a cancelled job; a failed one again on the next run; and then waits for
 * the "not marked done" time.
 */
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import type { SendEmailCommandInput } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { runOffersJob } from './offers-job';
import type { OffersJobDeps } from './offers-job';
import { jobTimer } from '../shared/jobs/job-timer';
import type { Hauler } from '../shared/models/hauler-model';
import { notDoneDueAt } from '../shared/jobs/lead-job';
import { createLead, getLead, newLead, updateLeadStatus } from '../shared/leads/lead-store';
import { setOfferTimer } from '../shared/offers/offer-store';
import type { LeadTable } from '../shared/runtime/table-handle';
import { haulerIn } from '../../test/support/testing-haulers';
import { seedAcceptedJob } from '../../test/support/testing-jobs';
import { bookingRequest, startTestLeadTable } from '../../test/support/testing-leads';
import type { TestLeadTable } from '../../test/support/testing-leads';
import { telHref } from '#contract/core/contact-links';
import { OFFER_DEFAULTS } from '#contract/loop/offers';
import { REMINDER_TEXTS } from '#contract/loop/reminders';

const SECRET = Buffer.from('unit-test-link-secret-0123456789abcdef');
const ID = '4b5c6d7e-8f90-4a1b-9c2d-3e4f5a6b7c8d';
const BOOKED = new Date('2026-11-24T15:00:00.000Z');
const PICKUP = '2026-11-26';
const REMIND = new Date('2026-11-25T22:00:00.000Z');
const OPS = 'ops@example.com';

const sesMock = mockClient(SESv2Client);
let dynamo: TestLeadTable;
let table: LeadTable;
let hauler: Hauler;
const request = bookingRequest({ submissionId: ID, zipCode: '85001', city: 'Phoenix' });

beforeAll(async () => {
  dynamo = await startTestLeadTable();
});
afterAll(async () => {
  sesMock.restore();
  vi.restoreAllMocks();
  await dynamo.close();
});
beforeEach(async () => {
  sesMock.reset();
  sesMock.on(SendEmailCommand).resolves({ MessageId: 'm' });
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  table = await dynamo.freshTable();
  await createLead(table, newLead(request, BOOKED));
  hauler = await haulerIn(table, 'active', BOOKED, {
    businessName: 'Desert Haul Co',
    phone: '(602) 555-0199',
  });
  const { lead } = await seedAcceptedJob(table, ID, hauler, BOOKED, SECRET, {
    pickupDate: PICKUP,
    pickupWindow: 'morning',
  });
  // What acceptance sets: the job's first timer, its reminders.
  const timer = jobTimer(lead, 1) as { dueAt: string };
  await setOfferTimer(table, ID, new Date(timer.dueAt));
});

function run(at: Date) {
  const deps: OffersJobDeps = {
    table,
    ses: new SESv2Client({ region: 'us-east-1' }),
    secrets: () => Promise.resolve({ current: SECRET, accepted: [SECRET] }),
    publicBaseUrl: 'https://www.example.com',
    sender: 'quotes@example.com',
    operationsAddress: OPS,
    settings: { ...OFFER_DEFAULTS },
    now: () => at,
  };
  return runOffersJob(deps);
}

const sent = (): SendEmailCommandInput[] =>
  sesMock.commandCalls(SendEmailCommand).map(({ args: [{ input }] }) => input);
const to = (address: string) =>
  sent().filter((mail) => mail.Destination?.ToAddresses?.includes(address));
const html = (mail: SendEmailCommandInput | undefined) =>
  mail?.Content?.Simple?.Body?.Html?.Data ?? '';

describe('the day-before reminders', () => {
  it('are timed at acceptance for the day before at 22:00 UTC, and not sent before then', async () => {
    expect((await getLead(table, ID))?.dueAt).toBe(REMIND.toISOString());
    expect((await run(new Date(REMIND.getTime() - 60_000))).due).toBe(0);
    expect(sent()).toEqual([]);
  });

  it('reach the homeowner and the booked hauler once each, however often the job runs', async () => {
    const report = await run(REMIND);
    expect(report.leads[0]?.reminders).toEqual({ homeowner: 'sent', hauler: 'sent' });
    await setOfferTimer(table, ID, REMIND);
    await run(new Date(REMIND.getTime() + 60_000));
    await run(new Date(REMIND.getTime() + 120_000));
    expect(sent()).toHaveLength(2);
    const [homeowner] = to(request.email);
    const [booked] = to(hauler.email);
    expect(homeowner?.Content?.Simple?.Subject?.Data).toBe(
      REMINDER_TEXTS.homeownerSubject('Desert Haul Co', PICKUP, 'morning'),
    );
    expect(booked?.Content?.Simple?.Subject?.Data).toContain('Tomorrow: pickup ');
    // Next: the "not marked done" time.
    const lead = (await getLead(table, ID))!;
    expect(lead.dueAt).toBe(
      notDoneDueAt({ pickupDate: PICKUP, pickupWindow: 'morning' }).toISOString(),
    );
    expect(to(OPS)).toEqual([]);
  });

  it('give the homeowner the hauler’s phone as a tel: link and "Add your address" while it is missing', async () => {
    await run(REMIND);
    const mail = html(to(request.email)[0]);
    expect(mail).toContain(`<a href="${telHref('(602) 555-0199')}"`);
    expect(mail).toContain('>Add your address</a>');
    expect(mail).toContain('/request#');
  });

  it('give the hauler the job page, and the address with a map link once given', async () => {
    await updateLeadStatus(table, ID, {
      from: ['accepted'],
      to: 'accepted',
      at: BOOKED,
      patch: { pickupAddress: { street: '12 W Main St', at: BOOKED.toISOString() } },
    });
    await run(REMIND);
    const mail = html(to(hauler.email)[0]);
    expect(mail).toContain('/haulers/job#');
    expect(mail).toContain(
      'https://www.google.com/maps/search/?api=1&amp;query=12%20W%20Main%20St%2C%20Phoenix%2C',
    );
    expect(html(to(request.email)[0])).not.toContain('Add your address');
  });

  it('are never sent for a cancelled job', async () => {
    await updateLeadStatus(table, ID, { from: ['accepted'], to: 'cancelled', at: BOOKED });
    await run(REMIND);
    expect(sent()).toEqual([]);
    expect((await getLead(table, ID))?.dueAt).toBeUndefined();
  });

  it('try a failed one again on the next run, and only that one', async () => {
    sesMock
      .on(SendEmailCommand)
      .rejectsOnce(Object.assign(new Error('throttled'), { name: 'TooManyRequestsException' }))
      .resolves({ MessageId: 'm' });
    const first = await run(REMIND);
    expect(first.leads[0]?.reminders).toEqual({ homeowner: 'failed', hauler: 'sent' });
    expect(first.leads[0]?.dueAt).toBe(new Date(REMIND.getTime() + 60_000).toISOString());
    const second = await run(new Date(REMIND.getTime() + 60_000));
    expect(second.leads[0]?.reminders).toEqual({ homeowner: 'sent' });
    expect(to(request.email)).toHaveLength(2);
    expect(to(hauler.email)).toHaveLength(1);
  });
});
