import { SESv2Client, SendEmailCommand, TooManyRequestsException } from '@aws-sdk/client-sesv2';
import { MessageRejected } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLead, getLead, newLead } from '../leads/lead-store';
import { createMailer, leadLedger } from './mailer';
import type { Mail, MailerDeps } from './mailer';
import {
  OUTBOX_BACKOFF_BASE_MS,
  OUTBOX_BACKOFF_CAP_MS,
  OUTBOX_GRACE_MS,
  OUTBOX_MAX_AGE_MS,
  dynamoOutbox,
  retryDelayMs,
} from './outbox';
import type { OutboxStore } from './outbox';
import { OUTBOX_RATE_SHARE, drainOutbox } from './outbox-sender';
import type { LeadTable } from '../runtime/table-handle';
import { startTestLeadTable } from '../../../test/support/testing-leads';
import type { TestLeadTable } from '../../../test/support/testing-leads';
import { VALID_REQUEST_FIELDS } from '../../../test/fixtures/homeowner';

const ID = '5d2a9c1b-7d4e-4a5b-9c8d-0e1f2a3b4c5d';
const T0 = new Date('2026-11-27T18:00:00Z');
const REF = { kind: 'lead', id: ID } as const;

const sesMock = mockClient(SESv2Client);
let dynamo: TestLeadTable;
let table: LeadTable;
let outbox: OutboxStore;
let clock: Date;
let metrics: string[];

const deps = (): MailerDeps & { outbox: OutboxStore } => ({
  ses: new SESv2Client({ region: 'us-east-1' }),
  sender: 'q@example.com',
  now: () => clock,
  outbox,
  emitMetric: (line) => metrics.push(line),
  random: () => 0.5,
});
const mail = (key = 'confirmation'): Mail => ({
  key,
  to: VALID_REQUEST_FIELDS.email,
  message: {
    subject: 'Subject',
    html: '<p>Hi</p>',
    text: 'Hi\n',
    attachments: [{ fileName: 'a.ics', contentType: 'text/calendar', content: 'BEGIN' }],
  },
});
const ledger = async () => leadLedger(table, (await getLead(table, ID))!);
const sendCount = () => sesMock.commandCalls(SendEmailCommand).length;
const drain = (rate = 1000) =>
  drainOutbox(
    {
      ...deps(),
      openLedger: async () => ledger(),
      sleep: async () => undefined,
    },
    { ratePerSecond: rate, budgetMs: 60_000 },
  );
const later = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

beforeAll(async () => {
  dynamo = await startTestLeadTable();
});
beforeEach(async () => {
  sesMock.reset();
  sesMock.on(SendEmailCommand).resolves({ MessageId: 'm' });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  clock = T0;
  metrics = [];
  table = await dynamo.freshTable();
  outbox = dynamoOutbox(table);
  await createLead(
    table,
    newLead(
      { ...VALID_REQUEST_FIELDS, photoUrls: [], photoCount: 0, hasVideo: false, submissionId: ID },
      T0,
    ),
  );
});
afterEach(() => vi.restoreAllMocks());
afterAll(async () => {
  sesMock.restore();
  await dynamo.close();
});

describe('the outbox', () => {
  it('sends at once when SES is fine, and keeps nothing afterwards', async () => {
    expect(await createMailer(deps(), 'test').deliver(await ledger(), mail())).toBe('sent');
    expect(sendCount()).toBe(1);
    expect(await outbox.owedBy(REF)).toEqual([]);
  });

  it('keeps a throttled email with a backoff, and the sender sends it once after it', async () => {
    sesMock
      .on(SendEmailCommand)
      .rejectsOnce(new TooManyRequestsException({ message: 'slow', $metadata: {} }))
      .resolves({ MessageId: 'm' });
    // Kept, so queued: the caller answers as if sent (no 5xx for an email nothing can lose).
    expect(await createMailer(deps(), 'test').deliver(await ledger(), mail())).toBe('queued');
    const [kept] = await outbox.owedBy(REF);
    expect(kept).toMatchObject({
      key: 'confirmation',
      attempts: 1,
      lastError: 'TooManyRequestsException',
      nextAttemptAt: T0.getTime() + retryDelayMs(1, () => 0.5),
    });
    expect(await drain()).toMatchObject({ due: 0, sent: 0 });
    later(OUTBOX_BACKOFF_BASE_MS);
    expect(await drain()).toMatchObject({ due: 1, sent: 1 });
    expect(sendCount()).toBe(2);
    expect(
      sesMock.commandCalls(SendEmailCommand)[1]!.args[0].input.Content?.Simple?.Attachments,
    ).toHaveLength(1);
    expect((await getLead(table, ID))!.emails.confirmation).toBe('sent');
    expect(await outbox.owedBy(REF)).toEqual([]);
    expect(await drain()).toMatchObject({ due: 0 });
    expect(sendCount()).toBe(2);
  });

  it('answers failed, not queued, for a throttled email it could not keep', async () => {
    sesMock
      .on(SendEmailCommand)
      .rejects(new TooManyRequestsException({ message: 'slow', $metadata: {} }));
    const broken: OutboxStore = {
      ...outbox,
      keep: () => Promise.reject(new Error('the table is down')),
    };
    expect(
      await createMailer({ ...deps(), outbox: broken }, 'test').deliver(await ledger(), mail()),
    ).toBe('failed');
  });

  it('answers queued for a throttled email its transition already kept', async () => {
    sesMock
      .on(SendEmailCommand)
      .rejects(new TooManyRequestsException({ message: 'slow', $metadata: {} }));
    await outbox.keep(REF, mail(), clock, new Date(clock.getTime() + OUTBOX_GRACE_MS));
    expect(
      await createMailer(deps(), 'test').deliver(await ledger(), { ...mail(), kept: true }),
    ).toBe('queued');
    expect(await outbox.owedBy(REF)).toHaveLength(1);
  });

  it('answers failed for an email SES refuses for good, though the outbox had kept it', async () => {
    sesMock.on(SendEmailCommand).rejects(new MessageRejected({ message: 'no', $metadata: {} }));
    expect(await createMailer(deps(), 'test').deliver(await ledger(), mail())).toBe('failed');
    expect(await outbox.owedBy(REF)).toEqual([]);
  });

  it('sends an email whose call died after keeping it, once the grace has passed', async () => {
    await outbox.keep(REF, mail(), clock, new Date(clock.getTime() + OUTBOX_GRACE_MS));
    expect(await drain()).toMatchObject({ due: 0 });
    later(OUTBOX_GRACE_MS);
    expect(await drain()).toMatchObject({ due: 1, sent: 1 });
    expect(sendCount()).toBe(1);
  });

  it('sends once when two senders run at the same time', async () => {
    await outbox.keep(REF, mail(), clock, clock);
    const [a, b] = await Promise.all([drain(), drain()]);
    expect(a.sent + b.sent).toBe(1);
    expect(sendCount()).toBe(1);
  });

  it('gives a rejected email up, says so on the ledger and in a metric, and keeps nothing', async () => {
    sesMock.on(SendEmailCommand).rejects(new MessageRejected({ message: 'no', $metadata: {} }));
    await outbox.keep(REF, mail(), clock, clock);
    expect(await drain()).toMatchObject({ givenUp: 1 });
    expect((await getLead(table, ID))!).toMatchObject({
      emails: { confirmation: 'given-up' },
      emailErrors: { confirmation: 'MessageRejected' },
    });
    expect(metrics).toHaveLength(1);
    expect(await outbox.owedBy(REF)).toEqual([]);
  });

  it('gives up on an email still throttled after the outbox’s longest wait', async () => {
    sesMock
      .on(SendEmailCommand)
      .rejects(new TooManyRequestsException({ message: 's', $metadata: {} }));
    await outbox.keep(REF, mail(), clock, clock);
    later(OUTBOX_MAX_AGE_MS + 1);
    expect(await drain()).toMatchObject({ givenUp: 1 });
    expect(sendCount()).toBe(0);
    expect((await getLead(table, ID))!.emailErrors.confirmation).toBe('RetriesExhausted');
  });

  it('spaces its sends at a share of the account’s rate, a margin for SES’s own count', async () => {
    for (const key of ['a', 'b', 'c']) await outbox.keep(REF, mail(key), clock, clock);
    const waits: number[] = [];
    let wall = 0;
    await drainOutbox(
      {
        ...deps(),
        openLedger: async () => ledger(),
        clock: () => wall,
        sleep: async (ms) => {
          waits.push(ms);
          wall += ms;
        },
      },
      { ratePerSecond: 2, budgetMs: 60_000 },
    );
    const spacing = 1000 / (2 * OUTBOX_RATE_SHARE);
    expect(spacing).toBeGreaterThan(500);
    expect(waits).toEqual([spacing, spacing]);
    expect(sendCount()).toBe(3);
  });
});

describe('the backoff', () => {
  it('waits a random time inside a window that doubles with each attempt, up to its cap', () => {
    expect(retryDelayMs(1, () => 0.999)).toBeLessThan(OUTBOX_BACKOFF_BASE_MS);
    expect(retryDelayMs(2, () => 0.999)).toBeGreaterThan(OUTBOX_BACKOFF_BASE_MS);
    expect(retryDelayMs(30, () => 0.999)).toBeLessThan(OUTBOX_BACKOFF_CAP_MS);
    expect(retryDelayMs(30, () => 0.999)).toBeGreaterThan(OUTBOX_BACKOFF_CAP_MS * 0.99);
    expect(retryDelayMs(5, () => 0)).toBe(0);
  });
});
