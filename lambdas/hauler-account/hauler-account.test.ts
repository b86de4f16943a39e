/**
 * The hauler's page against a real dynalite, with S3 held in memory and SES recorded
 * (aws-sdk-client-mock): links of the current linkVersion only, changes and coverage, the renewal
 * checked by its bytes, and counted upload URLs. The fresh link has its own file beside this one.
 */
import { S3Client } from '@aws-sdk/client-s3';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { findCoveringHaulers } from '../shared/haulers/coverage-store';
import { countRating } from '../shared/haulers/hauler-rating';
import { getHauler, removeHauler } from '../shared/haulers/hauler-store';
import { expireHaulerInsurance } from '../shared/haulers/hauler-certificates';
import { recordStrike } from '../shared/haulers/hauler-strikes';
import type { Hauler } from '../shared/models/hauler-model';
import { linkClaims, signLink } from '../shared/links/signed-links';
import type { LeadTable } from '../shared/runtime/table-handle';
import { MEDIA_SAMPLES, installFakeS3 } from '../../test/support/testing';
import type { StoredObject } from '../../test/support/testing';
import { haulerIn } from '../../test/support/testing-haulers';
import { startTestLeadTable } from '../../test/support/testing-leads';
import type { TestLeadTable } from '../../test/support/testing-leads';
import { changeAccount, readAccount } from './account';
import type { HaulerAccountDeps } from './account';
import { renewal, renewalUrl } from './renewal';
import { addDays, utcToday } from '#contract/core/calendar-date';
import {
  HAULER_API_MESSAGES,
  HAULER_COUNTED_LIMITS,
  HAULER_TEXTS,
} from '#contract/haulers/hauler-api';
import type { HaulerAccountView } from '#contract/haulers/hauler-api';
import { HAULER_STATUS_MESSAGES } from '#contract/haulers/hauler-status';
import { HAULER_MESSAGES } from '#contract/haulers/haulers';
import { incomingCertificateKey } from '#contract/booking/media-keys';
import { LOOP_MESSAGES } from '#contract/loop/quote-loop';
import { PDF_POLYGLOT, blankPdf } from '../../test/fixtures/pdf';

const SECRET = Buffer.from('unit-test-link-secret-0123456789abcdef');
const NOW = new Date('2026-11-24T15:00:00Z');
const TODAY = utcToday(NOW);
const ID_OF_JOB = '7c1e0c2d-8f3a-4c6b-9d7e-1a2b3c4d5e6f';
const PDF = await blankPdf();

const sesMock = mockClient(SESv2Client);
const s3Mock = mockClient(S3Client);
const objects = new Map<string, StoredObject>();
let dynamo: TestLeadTable;
let table: LeadTable;

beforeAll(async () => {
  dynamo = await startTestLeadTable();
  table = await dynamo.freshTable();
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterAll(async () => {
  sesMock.restore();
  s3Mock.restore();
  vi.restoreAllMocks();
  await dynamo.close();
});
beforeEach(() => {
  sesMock.reset();
  sesMock.on(SendEmailCommand).resolves({ MessageId: 'm' });
  s3Mock.reset();
  objects.clear();
  installFakeS3(s3Mock, objects);
});

const deps = (): HaulerAccountDeps => ({
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
  now: () => NOW,
});

const manageToken = (hauler: Pick<Hauler, 'haulerId' | 'linkVersion'>) =>
  signLink(linkClaims(hauler.haulerId, 'hauler', 'manage', NOW, hauler.linkVersion), SECRET);
const json = (result: { body: string }) =>
  JSON.parse(result.body) as {
    account?: HaulerAccountView;
    error?: { message: string; fields?: Record<string, string> };
    url?: string;
    message?: string;
  };
const sentMail = () =>
  sesMock.commandCalls(SendEmailCommand).map((call) => ({
    to: call.args[0].input.Destination?.ToAddresses?.[0],
    subject: call.args[0].input.Content?.Simple?.Subject?.Data,
    text: call.args[0].input.Content?.Simple?.Body?.Text?.Data ?? '',
  }));

describe('the hauler page', () => {
  it('shows the profile, the coverage with city and state, and what the hauler may do', async () => {
    const hauler = await haulerIn(table, 'active', NOW, { serviceRadiusMiles: 10 });
    const result = await readAccount({ token: manageToken(hauler) }, deps());
    expect(result.statusCode).toBe(200);
    const { account } = json(result);
    expect(account?.hauler).toMatchObject({ haulerId: hauler.haulerId, status: 'active' });
    expect(account?.coverage[0]).toEqual({
      zipCode: '85001',
      city: 'Phoenix',
      state: 'AZ',
      miles: 0,
    });
    expect(account?.can).toEqual({
      changeDetails: true,
      pause: true,
      resume: false,
      renewCertificate: true,
    });
  });

  it('refuses a link of another role, a tampered one, and one for a removed hauler', async () => {
    const hauler = await haulerIn(table, 'active', NOW);
    const review = signLink(linkClaims(hauler.haulerId, 'operations', 'review', NOW), SECRET);
    const token = manageToken(hauler);
    const tampered = `${token.slice(0, -2)}${token.endsWith('A') ? 'B' : 'A'}A`;
    for (const bad of [review, tampered, 'x', 42]) {
      const result = await readAccount({ token: bad }, deps());
      expect(result.statusCode).toBe(403);
      expect(json(result).error?.message).toBe(LOOP_MESSAGES.linkInvalid);
    }
    await removeHauler(table, hauler.haulerId, { now: NOW });
    expect((await readAccount({ token }, deps())).statusCode).toBe(403);
    expect((await changeAccount({ token, change: { kind: 'resume' } }, deps())).statusCode).toBe(
      403,
    );
  });

  it('takes the coverage out on pause and brings it back on resume', async () => {
    const hauler = await haulerIn(table, 'active', NOW, { baseZipCode: '59001' });
    const token = manageToken(hauler);
    const covering = async () => (await findCoveringHaulers(table, '59001')).map((h) => h.haulerId);
    expect(await covering()).toContain(hauler.haulerId);
    const until = addDays(TODAY, 14);
    const paused = await changeAccount({ token, change: { kind: 'pause', until } }, deps());
    expect(json(paused).account?.hauler).toMatchObject({ status: 'paused', pausedUntil: until });
    expect(await covering()).not.toContain(hauler.haulerId);
    const resumed = await changeAccount({ token, change: { kind: 'resume' } }, deps());
    expect(json(resumed).account?.hauler.status).toBe('active');
    expect(await covering()).toContain(hauler.haulerId);
    // A second press is already done.
    expect((await changeAccount({ token, change: { kind: 'resume' } }, deps())).statusCode).toBe(
      200,
    );
  });

  it('names the field of a bad pause date and of a change with nothing in it', async () => {
    const hauler = await haulerIn(table, 'active', NOW);
    const token = manageToken(hauler);
    const past = await changeAccount({ token, change: { kind: 'pause', until: TODAY } }, deps());
    expect(past.statusCode).toBe(400);
    expect(json(past).error?.fields).toEqual({ until: HAULER_MESSAGES.pauseUntilPast });
    const empty = await changeAccount({ token, change: { kind: 'details' } }, deps());
    expect(empty.statusCode).toBe(400);
    expect(json(empty).error?.message).toBe(HAULER_MESSAGES.nothingToChange);
    expect((await getHauler(table, hauler.haulerId))?.version).toBe(hauler.version);
  });

  it('changes radius and phone, and the coverage follows', async () => {
    const hauler = await haulerIn(table, 'active', NOW, { serviceRadiusMiles: 10 });
    const before = json(await readAccount({ token: manageToken(hauler) }, deps())).account;
    const result = await changeAccount(
      {
        token: manageToken(hauler),
        change: { kind: 'details', serviceRadiusMiles: 25, phone: '602-555-0111' },
      },
      deps(),
    );
    const after = json(result).account;
    expect(after?.hauler).toMatchObject({ serviceRadiusMiles: 25, phone: '602-555-0111' });
    expect(after!.coverage.length).toBeGreaterThan(before!.coverage.length);
  });

  it('keeps a hauler paused for insurance from resuming', async () => {
    const hauler = await haulerIn(table, 'active', NOW);
    await expireHaulerInsurance(table, hauler.haulerId, { now: NOW });
    const token = manageToken(hauler);
    const result = await changeAccount({ token, change: { kind: 'resume' } }, deps());
    expect(result.statusCode).toBe(409);
    expect(json(result).error?.message).toBe(HAULER_API_MESSAGES.insuranceExpiredPaused);
    expect(json(result).account?.can).toMatchObject({ resume: false, renewCertificate: true });
  });

  it('shows the rating and every strike, and keeps a hauler paused by a strike from resuming', async () => {
    const hauler = await haulerIn(table, 'active', NOW);
    const token = manageToken(hauler);
    expect(json(await readAccount({ token }, deps())).account).toMatchObject({
      rating: { kind: 'new', count: 0 },
      strikes: [],
    });
    for (const [n, stars] of [5, 4, 4].entries()) {
      await countRating(table, {
        haulerId: hauler.haulerId,
        submissionId: `00000000-0000-4000-8000-00000000000${n}`,
        quote: 1,
        stars,
        at: NOW.toISOString(),
      });
    }
    const strike = { submissionId: ID_OF_JOB, reference: 'REF00001', at: NOW.toISOString() };
    await recordStrike(deps(), hauler.haulerId, 'late-cancel', strike);
    const result = await changeAccount({ token, change: { kind: 'resume' } }, deps());
    expect(result.statusCode).toBe(409);
    expect(json(result).error?.message).toBe(HAULER_STATUS_MESSAGES.strikePaused);
    expect(json(result).account).toMatchObject({
      hauler: { status: 'paused', pausedForStrike: true },
      can: { resume: false, pause: false },
      rating: { kind: 'rated', average: 4.3, count: 3 },
      strikes: [{ kind: 'late-cancel', reference: 'REF00001', at: NOW.toISOString() }],
    });
  });
});

describe('a new certificate', () => {
  it('is checked by its bytes, kept privately, and operations get one review email', async () => {
    const hauler = await haulerIn(table, 'paused', NOW);
    const token = manageToken(hauler);
    const file = { contentType: 'application/pdf', size: PDF.length };
    const url = await renewalUrl({ token, insuranceCertificate: file }, deps());
    expect(url.statusCode).toBe(200);
    expect(json(url).url).toContain(incomingCertificateKey(hauler.haulerId, 'pdf'));
    objects.set(incomingCertificateKey(hauler.haulerId, 'pdf'), {
      body: PDF,
      contentType: 'application/pdf',
    });
    const first = await renewal({ token }, deps());
    expect(first.statusCode).toBe(200);
    expect(json(first).account?.renewalPending).toBe(true);
    const again = await renewal({ token }, deps());
    expect(again.statusCode).toBe(200);
    const mail = sentMail();
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({
      to: 'ops@example.com',
      subject: HAULER_TEXTS.renewalSubject(hauler.businessName),
    });
    expect(mail[0]?.text).toContain(
      `${HAULER_TEXTS.reviewButton}: https://www.example.com/ops/hauler#t=`,
    );
    const stored = await getHauler(table, hauler.haulerId);
    expect(stored?.renewal?.key).toMatch(/^hauler-documents\//);
    expect(objects.has(stored!.renewal!.key)).toBe(true);
  });

  it('refuses a web page passed off as a PNG, and a renewal never uploaded', async () => {
    const hauler = await haulerIn(table, 'active', NOW);
    const token = manageToken(hauler);
    expect(json(await renewal({ token }, deps())).error?.fields).toEqual({
      insuranceCertificate: HAULER_API_MESSAGES.certificateNotUploaded,
    });
    const fake = Buffer.concat([MEDIA_SAMPLES['image/png'].subarray(0, 16), MEDIA_SAMPLES.html]);
    await renewalUrl(
      { token, insuranceCertificate: { contentType: 'image/png', size: fake.length } },
      deps(),
    );
    objects.set(incomingCertificateKey(hauler.haulerId, 'png'), {
      body: fake,
      contentType: 'image/png',
    });
    const result = await renewal({ token }, deps());
    expect(result.statusCode).toBe(400);
    expect(json(result).error?.message).toBe(HAULER_API_MESSAGES.certificateNotReal);
    expect((await getHauler(table, hauler.haulerId))?.renewal).toBeUndefined();
    expect(sentMail()).toEqual([]);
  });

  it('refuses a web page between a PDF header and an end-of-file marker, and keeps nothing', async () => {
    const hauler = await haulerIn(table, 'active', NOW);
    const token = manageToken(hauler);
    const file = { contentType: 'application/pdf', size: PDF_POLYGLOT.length };
    await renewalUrl({ token, insuranceCertificate: file }, deps());
    objects.set(incomingCertificateKey(hauler.haulerId, 'pdf'), {
      body: PDF_POLYGLOT,
      contentType: 'application/pdf',
    });
    const result = await renewal({ token }, deps());
    expect(result.statusCode).toBe(400);
    expect(json(result).error?.fields).toEqual({
      insuranceCertificate: HAULER_API_MESSAGES.certificateNotReal,
    });
    expect((await getHauler(table, hauler.haulerId))?.renewal).toBeUndefined();
    expect([...objects.keys()].some((k) => k.startsWith('hauler-documents/'))).toBe(false);
    expect(sentMail()).toEqual([]);
  });

  it('counts upload URLs: a flood of 20 gets the day’s 5', async () => {
    const hauler = await haulerIn(table, 'active', NOW);
    const body = {
      token: manageToken(hauler),
      insuranceCertificate: { contentType: 'application/pdf', size: 1000 },
    };
    const codes = [];
    for (let i = 0; i < 20; i += 1) codes.push((await renewalUrl(body, deps())).statusCode);
    const perDay = HAULER_COUNTED_LIMITS.renewalUrlsPerHaulerPerDay;
    expect(codes.filter((c) => c === 200)).toHaveLength(perDay);
    expect(codes.filter((c) => c === 429)).toHaveLength(20 - perDay);
  });
});
