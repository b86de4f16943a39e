import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { storedQuotes } from '../shared/leads/lead-quotes';
import { createLead, getLead, newLead } from '../shared/leads/lead-store';
import type { Lead } from '../shared/models/lead-model';
import { linkClaims, signLink } from '../shared/links/signed-links';
import type { LeadTable } from '../shared/runtime/table-handle';
import { startTestLeadTable } from '../../test/support/testing-leads';
import type { TestLeadTable } from '../../test/support/testing-leads';
import { cancelRequest, decideQuote, sendQuote } from './update-lead';
import type { UpdateLeadDeps } from './update-lead-deps';
import { VALID_REQUEST_FIELDS } from '../../test/fixtures/homeowner';
import { usToday } from '#contract/core/calendar-date';
import { LOOP_LIMITS, LOOP_MESSAGES } from '#contract/loop/quote-loop';

const SECRET = Buffer.from('unit-test-link-secret-0123456789abcdef');
const ID = '3f2a9c1b-7d4e-4a5b-9c8d-0e1f2a3b4c5d';
const NOW = new Date('2026-11-23T18:00:00Z');
const TOMORROW = '2026-11-24';

const sesMock = mockClient(SESv2Client);
let dynamo: TestLeadTable;
let table: LeadTable;

beforeAll(async () => {
  dynamo = await startTestLeadTable();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
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
  await createLead(
    table,
    newLead(
      {
        ...VALID_REQUEST_FIELDS,
        photoUrls: [
          'https://x.example/quote-photos/a/1_1.jpg',
          'https://x.example/quote-photos/a/1_2.jpg',
        ],
        photoCount: 2,
        hasVideo: false,
        submissionId: ID,
      },
      NOW,
    ),
  );
});

const deps = (): UpdateLeadDeps => ({
  table,
  payments: { setting: 'off' },
  ses: new SESv2Client({ region: 'us-east-1' }),
  secrets: () => Promise.resolve({ current: SECRET, accepted: [SECRET] }),
  publicBaseUrl: 'https://www.example.com',
  sender: 'quotes@example.com',
  operationsAddress: 'ops@example.com',
  now: () => NOW,
});
const token = (action: 'quote' | 'view' | 'accept' | 'decline', quote = 0) =>
  signLink(
    linkClaims(ID, action === 'quote' ? 'operations' : 'homeowner', action, NOW, quote),
    SECRET,
  );
const quote = { priceDollars: 240, pickupDate: TOMORROW, pickupWindow: 'morning', hauler: 'Sam' };
const body = (result: { body: string }) =>
  JSON.parse(result.body) as { lead?: { status: string }; error?: { message: string } };
const lead = async (): Promise<Lead> => (await getLead(table, ID))!;
const subjects = () =>
  sesMock.commandCalls(SendEmailCommand).map((c) => c.args[0].input.Content?.Simple?.Subject?.Data);

describe('the quote loop changes', () => {
  it('uses a date rule that treats Hawaii’s today as today', () => {
    expect(usToday(NOW)).toBe('2026-11-23');
    expect(usToday(new Date('2026-11-24T09:59:00Z'))).toBe('2026-11-23');
  });

  it('stores the quote before emailing, and keeps it when the email fails (502, retry marker)', async () => {
    sesMock
      .on(SendEmailCommand)
      .rejects(Object.assign(new Error('throttled'), { name: 'TooManyRequestsException' }));
    const result = await sendQuote({ token: token('quote'), quote }, deps());
    expect(result.statusCode).toBe(502);
    expect(body(result).error?.message).toBe(LOOP_MESSAGES.emailRetry);
    const stored = await lead();
    expect(stored.status).toBe('quoted');
    expect(stored.emails['quote-1']).toBe('failed');
    expect(stored.emailErrors['quote-1']).toBe('TooManyRequestsException');
  });

  it('retries a failed email once and never sends it twice', async () => {
    sesMock.on(SendEmailCommand).rejectsOnce(new Error('down')).resolves({ MessageId: 'm' });
    expect((await sendQuote({ token: token('quote'), quote }, deps())).statusCode).toBe(502);
    expect((await sendQuote({ token: token('quote'), quote }, deps())).statusCode).toBe(200);
    expect((await sendQuote({ token: token('quote'), quote }, deps())).statusCode).toBe(200);
    expect(sesMock.commandCalls(SendEmailCommand)).toHaveLength(2);
    expect((await lead()).emails['quote-1']).toBe('sent');
    expect((await lead()).version).toBe(2);
  });

  it('accepts once: one status change, one email to operations and one confirmation to the homeowner', async () => {
    await sendQuote({ token: token('quote'), quote }, deps());
    const first = await decideQuote({ token: token('accept', 1), decision: 'accept' }, deps());
    const second = await decideQuote({ token: token('accept', 1), decision: 'accept' }, deps());
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(subjects()).toEqual([
      'Sam: $240, Tue morning',
      'Accepted: 3F2A9C1B · $240 · Tue, Nov 24, morning',
      'Your pickup is booked: Sam, Tue, Nov 24, morning',
    ]);
    expect((await lead()).statusHistory.map((s) => s.status)).toEqual([
      'received',
      'quoted',
      'accepted',
    ]);
  });

  it('sends the homeowner’s confirmation once when an acceptance is retried after it failed', async () => {
    await sendQuote({ token: token('quote'), quote }, deps());
    // Operations' email goes, the homeowner's fails, then SES is back.
    sesMock.reset();
    sesMock
      .on(SendEmailCommand)
      .resolvesOnce({ MessageId: 'm' })
      .rejectsOnce(new Error('down'))
      .resolves({ MessageId: 'm' });
    const confirmation = 'Your pickup is booked: Sam, Tue, Nov 24, morning';
    const failed = await decideQuote({ token: token('accept', 1), decision: 'accept' }, deps());
    expect(failed.statusCode).not.toBe(200);
    expect((await lead()).emails['confirmed-1']).toBe('failed');
    for (let retry = 0; retry < 2; retry += 1) {
      const again = await decideQuote({ token: token('accept', 1), decision: 'accept' }, deps());
      expect(again.statusCode).toBe(200);
    }
    expect(subjects().filter((subject) => subject === confirmation)).toHaveLength(2);
    expect(subjects().filter((subject) => subject?.startsWith('Accepted:'))).toHaveLength(1);
    expect((await lead()).emails['confirmed-1']).toBe('sent');
  });

  it('refuses an accept link of a replaced quote, and a decline sent with an accept link', async () => {
    await sendQuote({ token: token('quote'), quote }, deps());
    await sendQuote({ token: token('quote'), quote: { ...quote, priceDollars: 200 } }, deps());
    expect(storedQuotes(await lead())).toMatchObject([{ number: 2, priceDollars: 200 }]);
    const stale = await decideQuote({ token: token('accept', 1), decision: 'accept' }, deps());
    expect(stale.statusCode).toBe(409);
    expect(body(stale).error?.message).toBe(LOOP_MESSAGES.quoteReplaced);
    const mixed = await decideQuote({ token: token('accept', 2), decision: 'decline' }, deps());
    expect(mixed.statusCode).toBe(400);
    expect((await lead()).status).toBe('quoted');
  });

  it('counts quotes: a flood of 20 from one operations link stores and emails 15, refuses 5', async () => {
    const cap = LOOP_LIMITS.quoteEmailsPerRequest;
    const answers = [];
    for (let i = 0; i < 20; i += 1) {
      answers.push(
        await sendQuote(
          { token: token('quote'), quote: { ...quote, priceDollars: 100 + i } },
          deps(),
        ),
      );
    }
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((code) => code === 200)).toHaveLength(cap);
    expect(statuses.filter((code) => code === 409)).toHaveLength(20 - cap);
    expect(body(answers[19]!).error?.message).toBe(LOOP_MESSAGES.quoteEmailsExhausted);
    expect(sesMock.commandCalls(SendEmailCommand)).toHaveLength(cap);
    // Operations hold one slot: each new quote replaced the last.
    expect(storedQuotes(await lead())).toMatchObject([
      { number: cap, priceDollars: 100 + cap - 1 },
    ]);
  });

  it('answers 20 different quotes sent at once with 200 or 409 and the current state, never an error', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        sendQuote({ token: token('quote'), quote: { ...quote, priceDollars: 300 + i } }, deps()),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.every((code) => code === 200 || code === 409)).toBe(true);
    const won = statuses.filter((code) => code === 200).length;
    expect(won).toBeGreaterThanOrEqual(1);
    expect(won).toBeLessThanOrEqual(LOOP_LIMITS.quoteEmailsPerRequest);
    for (const answer of answers.filter((a) => a.statusCode === 409)) {
      expect([LOOP_MESSAGES.contended, LOOP_MESSAGES.quoteEmailsExhausted]).toContain(
        body(answer).error?.message,
      );
      expect(body(answer).lead?.status).toBe('quoted');
    }
    // Every quote that was answered 200 was stored and emailed; nothing else was.
    const stored = await lead();
    expect(storedQuotes(stored)).toMatchObject([{ number: won }]);
    expect(sesMock.commandCalls(SendEmailCommand)).toHaveLength(won);
  });

  it('refuses a quote for a cancelled request with a message, and sends nothing more', async () => {
    expect((await cancelRequest({ token: token('view') }, deps())).statusCode).toBe(200);
    const refused = await sendQuote({ token: token('quote'), quote }, deps());
    expect(refused.statusCode).toBe(409);
    expect(body(refused).error?.message).toBe(LOOP_MESSAGES.quoteCancelled);
    expect(subjects()).toEqual(['Cancelled: 3F2A9C1B']);
  });

  it('refuses a pickup date in the past, naming the field', async () => {
    const result = await sendQuote(
      { token: token('quote'), quote: { ...quote, pickupDate: '2026-11-22' } },
      deps(),
    );
    expect(result.statusCode).toBe(400);
    expect(JSON.parse(result.body)).toMatchObject({
      error: { fields: { quote: LOOP_MESSAGES.pickupDatePast } },
    });
    expect((await lead()).status).toBe('received');
  });
});
