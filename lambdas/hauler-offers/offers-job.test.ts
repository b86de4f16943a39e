/**
 * The offer job end to end against a real dynalite, SES captured: rounds to the nearest eligible
 * haulers, no contact in any offer, each email once however often it runs, the next round, the
 * escalation, the daily cap and every way offers end.
 */
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { runOffersJob } from './offers-job';
import type { OffersJobDeps } from './offers-job';
import { pauseHauler } from '../shared/haulers/hauler-store';
import type { Hauler } from '../shared/models/hauler-model';
import { createLead, getLead, newLead, updateLeadStatus } from '../shared/leads/lead-store';
import type { Lead } from '../shared/models/lead-model';
import { listDueLeads, setOfferTimer } from '../shared/offers/offer-store';
import { verifyLink } from '../shared/links/signed-links';
import { leadKey } from '../shared/runtime/table-handle';
import type { LeadTable } from '../shared/runtime/table-handle';
import { haulerIn } from '../../test/support/testing-haulers';
import { bookingRequest, startTestLeadTable } from '../../test/support/testing-leads';
import type { TestLeadTable } from '../../test/support/testing-leads';
import { addDays, utcToday } from '#contract/core/calendar-date';
import { OFFER_DEFAULTS } from '#contract/loop/offers';
import type { OfferSettings } from '#contract/loop/offers';

const SECRET = Buffer.from('unit-test-link-secret-0123456789abcdef');
const BOOKED = new Date('2026-11-24T15:00:00.000Z');
const OPS = 'ops@example.com';
const at = (minutes: number) => new Date(BOOKED.getTime() + minutes * 60_000);

const sesMock = mockClient(SESv2Client);
let dynamo: TestLeadTable;
let table: LeadTable;
let metrics: string[];

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
  table = await dynamo.freshTable();
  metrics = [];
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

function run(
  minutes: number,
  settings: Partial<OfferSettings> = {},
  options: Pick<OffersJobDeps, 'maxLeads' | 'only' | 'concurrency' | 'budgetMs' | 'clock'> = {},
) {
  const deps: OffersJobDeps = {
    ...options,
    table,
    ses: new SESv2Client({ region: 'us-east-1' }),
    secrets: () => Promise.resolve({ current: SECRET, accepted: [SECRET] }),
    publicBaseUrl: 'https://www.example.com',
    sender: 'quotes@example.com',
    operationsAddress: OPS,
    settings: { ...OFFER_DEFAULTS, ...settings },
    emitMetric: (line) => metrics.push(line),
    now: () => at(minutes),
  };
  return runOffersJob(deps);
}

interface Sent {
  to: string;
  subject: string;
  text: string;
  html: string;
}
const sent = (): Sent[] =>
  sesMock.commandCalls(SendEmailCommand).map(({ args: [{ input }] }) => ({
    to: input.Destination?.ToAddresses?.[0] ?? '',
    subject: input.Content?.Simple?.Subject?.Data ?? '',
    text: input.Content?.Simple?.Body?.Text?.Data ?? '',
    html: input.Content?.Simple?.Body?.Html?.Data ?? '',
  }));
const tokenOf = (mail: Sent) => /#t=(\S+)/.exec(mail.text)?.[1] ?? '';
const metricNames = () =>
  metrics.map(
    (line) =>
      (JSON.parse(line) as { _aws: { CloudWatchMetrics: { Metrics: { Name: string }[] }[] } })._aws
        .CloudWatchMetrics[0]!.Metrics[0]!.Name,
  );

async function book(zipCode = '85001'): Promise<Lead> {
  const request = bookingRequest({ zipCode, loadSize: 'half' });
  return (await createLead(table, newLead(request, BOOKED))).lead;
}

/** Active haulers based `miles` apart from 85001's neighbours; one far away in New York. */
async function haulers(): Promise<{ near: Hauler[]; newYork: Hauler }> {
  const near: Hauler[] = [];
  // 85001 itself, then bases further out: each covers 85001 within its 25 miles.
  for (const base of ['85001', '85004', '85006', '85008', '85021']) {
    near.push(await haulerIn(table, 'active', BOOKED, { baseZipCode: base }));
  }
  const newYork = await haulerIn(table, 'active', BOOKED, { baseZipCode: '10001' });
  return { near, newYork };
}

describe('the first round', () => {
  it('emails the nearest eligible haulers at once, with a link each and no homeowner contact', async () => {
    const { near, newYork } = await haulers();
    await pauseHauler(table, near[1]!.haulerId, {
      now: BOOKED,
      until: addDays(utcToday(BOOKED), 3),
    });
    const lead = await book();
    const report = await run(0.5);

    expect(report.leads[0]).toMatchObject({ round: 1, sent: 3, dueAt: at(15.5).toISOString() });
    const mails = sent();
    expect(mails.map((m) => m.to)).toEqual([near[0]!.email, near[2]!.email, near[3]!.email]);
    expect(mails.map((m) => m.to)).not.toContain(newYork.email);
    mails.forEach((mail, i) => {
      expect(mail.subject).toMatch(/^New job near 85001: Half truck · /);
      expect(mail.text).toContain('Send a quote: https://www.example.com/haulers/quote#t=');
      expect(verifyLink(tokenOf(mail), [SECRET], at(1), 'lead')).toMatchObject({
        id: lead.submissionId,
        role: 'hauler',
        action: 'offer',
        quote: i + 1,
      });
      for (const contact of [lead.request.name, lead.request.email, lead.request.phone]) {
        expect(`${mail.subject}${mail.html}${mail.text}`).not.toContain(contact);
      }
    });

    const stored = (await getLead(table, lead.submissionId))!;
    expect(stored.offerCount).toBe(3);
    expect(stored.offers).toMatchObject({
      1: { haulerId: near[0]!.haulerId, round: 1, businessName: near[0]!.businessName },
    });
    expect(stored.firstOfferAt).toBe(at(0.5).toISOString());
    expect(stored.emails).toMatchObject({
      'offer-1': 'sent',
      'offer-2': 'sent',
      'offer-3': 'sent',
    });
    expect(metricNames()).toEqual(['OffersStarted', 'OfferDelaySeconds']);
    expect(JSON.parse(metrics[1]!)).toMatchObject({ OfferDelaySeconds: 30 });
  });

  it('sends nothing twice, however often it runs', async () => {
    await haulers();
    await book();
    await run(0);
    const again = await run(0);
    await run(1);
    expect(again.due).toBe(0);
    expect(sent()).toHaveLength(3);
  });

  it('sends each offer once when two runs take the same lead at the same moment', async () => {
    await haulers();
    const lead = await book();
    // A slow SES keeps the first run's emails in flight while the second reaches them.
    sesMock
      .on(SendEmailCommand)
      .callsFake(
        () => new Promise((resolve) => setTimeout(() => resolve({ MessageId: 'm' }), 150)),
      );
    const reports = await Promise.all([run(0), run(0)]);
    expect(sent()).toHaveLength(3);
    expect(new Set(sent().map((m) => m.to)).size).toBe(3);
    expect(reports.flatMap((r) => r.leads.flatMap((l) => l.offered))).toHaveLength(3);
    expect((await getLead(table, lead.submissionId))?.offerCount).toBe(3);
  });

  it('escalates to operations at once when no hauler covers the ZIP', async () => {
    await haulers();
    const lead = await book('59001');
    const report = await run(0);
    expect(report.leads[0]).toMatchObject({ round: 1, offered: [], escalated: 'no-hauler' });
    const [mail] = sent();
    expect(mail).toMatchObject({ to: OPS, subject: `No hauler has quoted ${lead.reference} yet` });
    expect(verifyLink(tokenOf(mail!), [SECRET], at(1), 'lead')).toMatchObject({
      id: lead.submissionId,
      role: 'operations',
      action: 'quote',
    });
    expect(metricNames()).toEqual(['OffersStarted', 'Escalated']);
  });
});

describe('later rounds and the escalation', () => {
  it('offers the next haulers when nobody quoted within roundMinutes, then escalates once at escalationMinutes', async () => {
    const { near } = await haulers();
    const lead = await book();
    await run(0);
    expect((await run(14)).due).toBe(0);
    const second = await run(15);
    expect(second.leads[0]).toMatchObject({ round: 2, sent: 2 });
    expect(
      sent()
        .slice(3)
        .map((m) => m.to),
    ).toEqual([near[3]!.email, near[4]!.email]);

    await run(30);
    await run(45);
    const escalated = await run(60);
    await run(75);
    expect(escalated.leads[0]).toMatchObject({ escalated: 'no-quote' });
    const toOperations = sent().filter((m) => m.to === OPS);
    expect(toOperations).toHaveLength(1);
    expect(toOperations[0]!.text).toContain('Nobody has quoted within 60 minutes');
    expect((await getLead(table, lead.submissionId))?.offerRound).toBe(6);
    expect(metricNames().filter((name) => name === 'Escalated')).toHaveLength(1);
  });

  it('stops once a quote has come, and takes the request out of the timer', async () => {
    await haulers();
    const lead = await book();
    await run(0);
    await table.client.send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: leadKey(lead.submissionId),
        UpdateExpression: 'SET quotes = :quotes',
        ExpressionAttributeValues: {
          ':quotes': [
            {
              number: 1,
              from: 'hauler',
              state: 'live',
              priceDollars: 240,
              pickupDate: '2026-12-01',
              pickupWindow: 'morning',
              hauler: 'Desert Haul',
              sentAt: at(10).toISOString(),
            },
          ],
        },
      }),
    );
    const report = await run(15);
    expect(report.leads[0]).toMatchObject({ ended: 'quoted' });
    expect(sent()).toHaveLength(3);
    expect(await listDueLeads(table, at(48 * 60))).toEqual([]);
  });

  it.each([
    ['cancelled', 'received'],
    ['accepted', 'quoted'],
  ] as const)('stops when the request is %s', async (to, from) => {
    await haulers();
    const lead = await book();
    await run(0);
    if (from === 'quoted') {
      await updateLeadStatus(table, lead.submissionId, {
        from: ['received'],
        to: 'quoted',
        at: at(1),
      });
    }
    await updateLeadStatus(table, lead.submissionId, { from: [from], to, at: at(2) });
    const report = await run(15);
    expect(report.leads[0]).toMatchObject({ ended: 'closed' });
    expect(await listDueLeads(table, at(48 * 60))).toEqual([]);
    expect(sent()).toHaveLength(3);
  });

  it('ends offerHours after booking', async () => {
    await haulers();
    await book();
    await run(0, { escalationMinutes: 10_000, offerHours: 0.5 });
    const report = await run(30, { escalationMinutes: 10_000, offerHours: 0.5 });
    expect(report.leads[0]).toMatchObject({ ended: 'expired' });
    expect(await listDueLeads(table, at(10_000))).toEqual([]);
  });
});

describe('the end of offers with no quote', () => {
  const END = OFFER_DEFAULTS.offerHours * 60;
  const toHomeowner = (lead: Lead) => sent().filter((mail) => mail.to === lead.request.email);

  it('emails the homeowner once, with their request link, however often the job runs past the end', async () => {
    await haulers();
    const lead = await book();
    await run(0);
    await run(60);
    expect(sent().map((mail) => mail.to)).toContain(OPS);

    // Two runs at the same moment, then one more after a lost timer write: still one email.
    const reports = await Promise.all([run(END), run(END)]);
    await setOfferTimer(table, lead.submissionId, at(END + 1));
    const again = await run(END + 1);

    expect(reports.map((report) => report.leads[0]?.ended)).toEqual(['expired', 'expired']);
    expect(again.leads[0]).toMatchObject({ ended: 'expired' });
    expect(again.leads[0]?.offersEnded).toBeUndefined();
    const mails = toHomeowner(lead);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe(`No hauler took your request ${lead.reference}`);
    expect(mail.text).toContain('near 85001 for 48 hours, and none quoted');
    expect(mail.text).toContain('See your request: https://www.example.com/request#t=');
    expect(mail.text).toContain('Send a new request: https://www.example.com/');
    expect(verifyLink(tokenOf(mail), [SECRET], at(END + 2), 'lead')).toMatchObject({
      id: lead.submissionId,
      role: 'homeowner',
      action: 'view',
    });
    expect((await getLead(table, lead.submissionId))!.emails['offers-ended']).toBe('sent');
    expect(await listDueLeads(table, at(END + 10_000))).toEqual([]);
  });

  it('tries a failed email again a minute later', async () => {
    await haulers();
    const lead = await book();
    await run(0);
    // The mock's "once" counts from the start of its history: the offers' emails are forgotten.
    sesMock.resetHistory();
    sesMock
      .on(SendEmailCommand)
      .rejectsOnce(Object.assign(new Error('throttled'), { name: 'TooManyRequestsException' }))
      .resolves({ MessageId: 'm' });
    const failed = await run(END);
    expect(failed.leads[0]).toMatchObject({
      offersEnded: 'failed',
      dueAt: at(END + 1).toISOString(),
    });
    const retry = await run(END + 1);
    expect(retry.leads[0]).toMatchObject({ offersEnded: 'sent' });
    expect(retry.leads[0]?.dueAt).toBeUndefined();
    expect(toHomeowner(lead)).toHaveLength(2);
  });

  it('emails nobody when the request was cancelled before the end', async () => {
    await haulers();
    const lead = await book();
    await run(0);
    await updateLeadStatus(table, lead.submissionId, {
      from: ['received'],
      to: 'cancelled',
      at: at(5),
    });
    await setOfferTimer(table, lead.submissionId, at(END));
    const report = await run(END);
    expect(report.leads[0]).toMatchObject({ ended: 'closed' });
    expect(toHomeowner(lead)).toEqual([]);
  });
});

describe('limits and faults', () => {
  it('skips a hauler at its daily cap: the next booking goes to the others', async () => {
    const { near } = await haulers();
    await book();
    await book();
    // One lead at a time, so that the first booking is the first to meet the haulers.
    const report = await run(0, { haulerDailyOffers: 1 }, { concurrency: 1 });
    const [first, second] = report.leads;
    expect(first!.offered.map((o) => o.haulerId)).toEqual(
      [near[0], near[1], near[2]].map((h) => h!.haulerId),
    );
    expect(second!.offered.map((o) => o.haulerId)).toEqual(
      [near[3], near[4]].map((h) => h!.haulerId),
    );
  });

  it('rotates bookings among haulers at the same distance', async () => {
    await haulerIn(table, 'active', BOOKED, { baseZipCode: '85004' });
    await haulerIn(table, 'active', BOOKED, { baseZipCode: '85004' });
    const picked: string[] = [];
    for (const minutes of [0, 1, 2]) {
      await createLead(table, newLead(bookingRequest({ zipCode: '85001' }), at(minutes)));
      const report = await run(minutes, { batchSize: 1 });
      picked.push(report.leads.find((l) => l.round === 1)!.offered[0]!.haulerId);
    }
    expect(picked[1]).not.toBe(picked[0]);
    expect(picked[2]).toBe(picked[0]);
  });

  it('sends a failed offer email again a minute later, and only that one', async () => {
    await haulers();
    const lead = await book();
    sesMock
      .on(SendEmailCommand)
      .rejectsOnce(Object.assign(new Error('throttled'), { name: 'TooManyRequestsException' }))
      .resolves({ MessageId: 'm' });
    const first = await run(0);
    expect(first.leads[0]).toMatchObject({ sent: 2, dueAt: at(1).toISOString() });
    const retry = await run(1);
    expect(retry.leads[0]).toMatchObject({ sent: 1, dueAt: at(15).toISOString() });
    expect(sent()).toHaveLength(4);
    const stored = (await getLead(table, lead.submissionId))!;
    expect(stored.emails).toMatchObject({
      'offer-1': 'sent',
      'offer-2': 'sent',
      'offer-3': 'sent',
    });
  });
});

describe('a run that dies', () => {
  it('leaves the lead due: the next run sends each offer of the round once (decision 059)', async () => {
    await haulers();
    const lead = await book();
    // The run dies right after the round is recorded, before any offer email: every DynamoDB
    // call after that write throws, as in a Lambda that timed out there.
    let recorded = false;
    table.client.middlewareStack.add(
      (next) => async (args) => {
        if (recorded) throw new Error('the run died');
        const output = await next(args);
        if (JSON.stringify(args.input).includes('offerRoundAt')) recorded = true;
        return output;
      },
      { step: 'initialize', name: 'dieAfterTheRound' },
    );
    try {
      expect((await run(0)).failed).toBe(1);
    } finally {
      table.client.middlewareStack.remove('dieAfterTheRound');
    }
    expect(recorded).toBe(true);
    expect(sent()).toEqual([]);
    const next = await run(1);
    expect(next.leads[0]).toMatchObject({ sent: 3 });
    await run(2);
    const stored = (await getLead(table, lead.submissionId))!;
    expect(stored.emails).toMatchObject({
      'offer-1': 'sent',
      'offer-2': 'sent',
      'offer-3': 'sent',
    });
    expect(sent()).toHaveLength(3);
  });
});

describe('one lead only (the local stack’s test switch)', () => {
  it('runs the named lead when it is due, however many leads are due before it', async () => {
    await haulers();
    const earlier = [await book(), await book()];
    const named = await book();
    await setOfferTimer(table, named.submissionId, at(1));
    const report = await run(2, {}, { maxLeads: earlier.length, only: named.submissionId });
    expect(report.leads.map((lead) => lead.submissionId)).toEqual([named.submissionId]);
    expect(report.leads[0]?.offered).toHaveLength(3);
    // The others keep their own clock: still due, nothing sent them.
    expect(await listDueLeads(table, at(2))).toEqual(
      expect.arrayContaining(earlier.map((lead) => lead.submissionId)),
    );
    expect(sent()).toHaveLength(3);
  });

  it('runs nothing for a named lead not due yet, or unknown', async () => {
    await haulers();
    const lead = await book();
    await setOfferTimer(table, lead.submissionId, at(10));
    expect((await run(5, {}, { only: lead.submissionId })).due).toBe(0);
    expect((await run(5, {}, { only: '00000000-0000-4000-8000-000000000000' })).due).toBe(0);
    expect(sent()).toHaveLength(0);
  });
});

describe('many leads due in one minute', () => {
  it('works on several leads at once and sends each of their offers once', async () => {
    await haulers();
    const leads = [await book(), await book(), await book(), await book()];
    const due = await listDueLeads(table, at(0.5));
    const report = await run(0.5, { haulerDailyOffers: 10 }, { concurrency: 3 });
    expect(report).toMatchObject({ due: 4, failed: 0, left: 0 });
    // The report keeps the due order, whatever order the leads finished in.
    expect(report.leads.map((l) => l.submissionId)).toEqual(due);
    expect(report.leads.map((l) => l.submissionId).sort()).toEqual(
      leads.map((l) => l.submissionId).sort(),
    );
    expect(report.leads.map((l) => l.sent)).toEqual([3, 3, 3, 3]);
    expect(sent()).toHaveLength(12);
  });

  it('keeps every hauler within its daily cap while leads run at once', async () => {
    const { near } = await haulers();
    for (let i = 0; i < 4; i += 1) await book();
    const report = await run(0, { haulerDailyOffers: 2 }, { concurrency: 4 });
    const offered = report.leads.flatMap((l) => l.offered.map((o) => o.haulerId));
    // Five haulers near, two offers each at most: ten offers, none over the cap.
    expect(offered).toHaveLength(10);
    for (const hauler of near) {
      expect(offered.filter((id) => id === hauler.haulerId)).toHaveLength(2);
    }
  });

  it('leaves the leads it had no time for due, and the next run offers them, nothing twice', async () => {
    await haulers();
    for (let i = 0; i < 3; i += 1) await book();
    const leads = await listDueLeads(table, at(0.5));
    // Each lead takes 10 ms of a clock the work moves on; no lead starts after 15 ms.
    let clock = 0;
    const options = { concurrency: 1, budgetMs: 15, clock: () => (clock += 5) };
    const first = await run(0.5, { haulerDailyOffers: 10 }, options);
    expect(first).toMatchObject({ due: 3, left: 1 });
    expect(first.leads.map((l) => l.submissionId)).toEqual(leads.slice(0, 2));
    expect(await listDueLeads(table, at(0.6))).toEqual([leads[2]]);

    clock = 0;
    const next = await run(0.6, { haulerDailyOffers: 10 }, options);
    expect(next).toMatchObject({ due: 1, left: 0 });
    expect(next.leads[0]).toMatchObject({ submissionId: leads[2], sent: 3 });
    // Three offers for each lead, each once.
    const mails = sent().map((m) => m.text);
    expect(mails).toHaveLength(9);
    expect(new Set(mails).size).toBe(9);
  });
});
