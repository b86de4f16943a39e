/**
 * "Email me a link to my hauler page" against a real dynalite, SES recorded (aws-sdk-client-mock):
 * the same answer for every address, and asking never costs the hauler access (decision 043). An
 * outsider's requests end no link and use up nothing the hauler needs: they coalesce instead.
 */
import { S3Client } from '@aws-sdk/client-s3';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { reserveHaulerEmail } from '../shared/runtime/abuse-counters';
import { getHauler } from '../shared/haulers/hauler-store';
import type { Hauler } from '../shared/models/hauler-model';
import { linkClaims, signLink } from '../shared/links/signed-links';
import type { LeadTable } from '../shared/runtime/table-handle';
import { haulerIn } from '../../test/support/testing-haulers';
import { startTestLeadTable } from '../../test/support/testing-leads';
import type { TestLeadTable } from '../../test/support/testing-leads';
import { readAccount } from './account';
import type { HaulerAccountDeps } from './account';
import { FRESH_LINK_COUNTER, freshLink } from './fresh-link';
import { utcToday } from '#contract/core/calendar-date';
import {
  HAULER_API_MESSAGES,
  HAULER_COUNTED_LIMITS,
  HAULER_TEXTS,
} from '#contract/haulers/hauler-api';
import { KEY_PREFIXES } from '#contract/core/table-keys';

const SECRET = Buffer.from('unit-test-link-secret-0123456789abcdef');
const NOW = new Date('2026-11-24T15:00:00Z');
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const SPACING = HAULER_COUNTED_LIMITS.freshLinkMinutesPerAddress * MINUTE;
const PER_DAY = HAULER_COUNTED_LIMITS.freshLinkEmailsPerAddressPerDay;

const sesMock = mockClient(SESv2Client);
let dynamo: TestLeadTable;
let table: LeadTable;

beforeAll(async () => {
  dynamo = await startTestLeadTable();
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterAll(async () => {
  sesMock.restore();
  vi.restoreAllMocks();
  await dynamo.close();
});
beforeEach(async () => {
  // A table each: the day's cap and the address windows of one test never reach the next.
  table = await dynamo.freshTable();
  sesMock.reset();
  sesMock.on(SendEmailCommand).resolves({ MessageId: 'm' });
});

const deps = (now = NOW): HaulerAccountDeps => ({
  table,
  payments: { setting: 'off' },
  s3: new S3Client({
    region: 'us-east-1',
    credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
  }),
  ses: new SESv2Client({ region: 'us-east-1' }),
  bucket: 'bucket',
  secrets: () => Promise.resolve({ current: SECRET, accepted: [SECRET] }),
  publicBaseUrl: 'https://www.example.com',
  sender: 'quotes@example.com',
  operationsAddress: 'ops@example.com',
  uploadUrlSeconds: 300,
  now: () => now,
});
const later = (ms: number) => new Date(NOW.getTime() + ms);

/** The link the hauler got on approval, before anyone asked for a fresh one. */
const approvalLink = (hauler: Pick<Hauler, 'haulerId' | 'linkVersion'>) =>
  signLink(linkClaims(hauler.haulerId, 'hauler', 'manage', NOW, hauler.linkVersion), SECRET);
const sentMail = () =>
  sesMock.commandCalls(SendEmailCommand).map((call) => ({
    to: call.args[0].input.Destination?.ToAddresses?.[0],
    subject: call.args[0].input.Content?.Simple?.Subject?.Data,
    text: call.args[0].input.Content?.Simple?.Body?.Text?.Data ?? '',
  }));
const tokenIn = (text: string) => /#t=([^\s]+)/.exec(text)?.[1];
const opens = async (token: string | undefined, now = NOW) =>
  (await readAccount({ token }, deps(now))).statusCode === 200;
const SENT_ANSWER = JSON.stringify({ message: HAULER_TEXTS.freshLinkSent });

describe('a fresh link', () => {
  it('is answered alike for an unknown address and a hauler, and mails the hauler a working link', async () => {
    const unknown = await freshLink({ email: 'nobody@example.com' }, deps());
    const hauler = await haulerIn(table, 'active', NOW);
    const known = await freshLink({ email: hauler.email.toUpperCase() }, deps());
    expect([unknown.statusCode, known.statusCode]).toEqual([200, 200]);
    expect([unknown.body, known.body]).toEqual([SENT_ANSWER, SENT_ANSWER]);
    const mail = sentMail();
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ to: hauler.email, subject: HAULER_TEXTS.freshLinkSubject });
    expect(await opens(tokenIn(mail[0]!.text))).toBe(true);
  });

  it('sends no link to an application not yet approved', async () => {
    const hauler = await haulerIn(table, 'pending-review', NOW);
    expect((await freshLink({ email: hauler.email }, deps())).statusCode).toBe(200);
    expect(sentMail()).toEqual([]);
  });

  it('keeps the hauler’s older link working after an outsider asks for a fresh one twice', async () => {
    const hauler = await haulerIn(table, 'active', NOW);
    await freshLink({ email: hauler.email }, deps());
    await freshLink({ email: hauler.email }, deps(later(SPACING)));
    expect(sentMail()).toHaveLength(2);
    expect(await opens(approvalLink(hauler), later(SPACING))).toBe(true);
    // A stranger's request writes nothing of the hauler's: no new version, no new link version.
    expect(await getHauler(table, hauler.haulerId)).toMatchObject({
      version: hauler.version,
      linkVersion: hauler.linkVersion,
    });
  });

  it('still mails the hauler their link after an outsider’s flood of 50 requests', async () => {
    const hauler = await haulerIn(table, 'active', NOW);
    const flood = [];
    for (let i = 0; i < 50; i += 1) flood.push(await freshLink({ email: hauler.email }, deps()));
    expect(new Set(flood.map((answer) => `${answer.statusCode} ${answer.body}`))).toEqual(
      new Set([`200 ${SENT_ANSWER}`]),
    );
    expect(sentMail()).toHaveLength(1);
    // Asking within the window: the same answer, and the link in the inbox opens the page.
    expect((await freshLink({ email: hauler.email }, deps(later(MINUTE)))).body).toBe(SENT_ANSWER);
    expect(sentMail()).toHaveLength(1);
    expect(await opens(tokenIn(sentMail()[0]!.text), later(MINUTE))).toBe(true);
    // Once the window has passed, the hauler's own request sends a link of its own.
    const own = await freshLink({ email: hauler.email }, deps(later(SPACING)));
    expect(own.statusCode).toBe(200);
    expect(sentMail()).toHaveLength(2);
    expect(await opens(tokenIn(sentMail()[1]!.text), later(SPACING))).toBe(true);
    expect(await opens(approvalLink(hauler), later(SPACING))).toBe(true);
  });

  it('counts a flood over a day: the address gets the day’s few emails, and every answer is the same', async () => {
    const hauler = await haulerIn(table, 'active', NOW);
    const answers = new Set<string>();
    // Every 5 minutes for 24 hours: 288 requests naming one address.
    for (let at = 0; at < DAY; at += 5 * MINUTE) {
      const answer = await freshLink({ email: hauler.email }, deps(later(at)));
      answers.add(`${answer.statusCode} ${answer.body}`);
    }
    expect(answers).toEqual(new Set([`200 ${SENT_ANSWER}`]));
    const mail = sentMail();
    expect(mail).toHaveLength(PER_DAY);
    // Every one of them still opens the page at the end of the day: nothing was taken away.
    for (const { text } of mail) expect(await opens(tokenIn(text), later(DAY))).toBe(true);
  });

  it('sends one email for 20 requests naming one address at once', async () => {
    const hauler = await haulerIn(table, 'active', NOW);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => freshLink({ email: hauler.email }, deps())),
    );
    expect(answers.every((answer) => answer.body === SENT_ANSWER)).toBe(true);
    expect(sentMail()).toHaveLength(1);
  });

  it('is not held back by applications that used up the address’s confirm-my-email emails', async () => {
    const hauler = await haulerIn(table, 'active', NOW);
    for (let i = 0; i < HAULER_COUNTED_LIMITS.emailsPerAddressPerDay; i += 1) {
      await reserveHaulerEmail(table, hauler.email, NOW);
    }
    expect((await freshLink({ email: hauler.email }, deps())).statusCode).toBe(200);
    expect(sentMail()).toHaveLength(1);
  });

  it('lets the hauler ask again at once when the email could not be sent', async () => {
    const hauler = await haulerIn(table, 'active', NOW);
    sesMock.on(SendEmailCommand).rejectsOnce(new Error('Throttling')).resolves({ MessageId: 'm' });
    expect((await freshLink({ email: hauler.email }, deps())).body).toBe(SENT_ANSWER);
    expect((await freshLink({ email: hauler.email }, deps(later(MINUTE)))).body).toBe(SENT_ANSWER);
    expect(sesMock.commandCalls(SendEmailCommand)).toHaveLength(2);
  });

  it('stops at the daily cap with its own sentence, and gives the address its email back', async () => {
    const cap = { pk: `${KEY_PREFIXES.cap}${FRESH_LINK_COUNTER}`, sk: utcToday(NOW) };
    const countToday = (count: number) =>
      table.client.send(new PutCommand({ TableName: table.tableName, Item: { ...cap, count } }));
    await countToday(HAULER_COUNTED_LIMITS.freshLinkDailyCap);
    const hauler = await haulerIn(table, 'active', NOW);
    const result = await freshLink({ email: hauler.email }, deps());
    expect(result.statusCode).toBe(429);
    expect(JSON.parse(result.body)).toMatchObject({
      error: { message: HAULER_API_MESSAGES.tooManyLinkRequests },
    });
    expect(sentMail()).toEqual([]);
    // Room again (a later day, here the count put back): the refused request cost nothing.
    await countToday(0);
    expect((await freshLink({ email: hauler.email }, deps(later(MINUTE)))).statusCode).toBe(200);
    expect(sentMail()).toHaveLength(1);
  });
});
