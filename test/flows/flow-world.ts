/**
 * One request near 85001 offered to two active haulers (A: offer 1, B: offer 2), driven through
 * the real functions against dynalite, with SES recorded and S3 held in memory. `flowWorld()`
 * installs the hooks; each test starts from a fresh table at NOW.
 */
import { S3Client } from '@aws-sdk/client-s3';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, expect, vi } from 'vitest';
import type { JobDeps } from '../../lambdas/job-updates/job-deps';
import { JOB_ROUTES } from '../../lambdas/job-updates/routes';
import type { Hauler } from '../../lambdas/shared/models/hauler-model';
import { createLead, getLead, newLead } from '../../lambdas/shared/leads/lead-store';
import { viewForLink } from '../../lambdas/shared/auth/link-view';
import { linkClaims, signLink } from '../../lambdas/shared/links/signed-links';
import type { LeadTable } from '../../lambdas/shared/runtime/table-handle';
import { MEDIA_SAMPLES, installFakeS3 } from '../support/testing';
import type { StoredObject } from '../support/testing';
import { haulerIn } from '../support/testing-haulers';
import { bookingRequest, startTestLeadTable } from '../support/testing-leads';
import type { TestLeadTable } from '../support/testing-leads';
import { seedOffers } from '../support/testing-offers';
import { decideQuote, sendQuote } from '../../lambdas/update-lead/update-lead';
import type { UpdateLeadDeps } from '../../lambdas/update-lead/update-lead-deps';
import type { PaymentProvider } from '../../lambdas/shared/payments/stripe-payments';
import type { PaymentSetting } from '#contract/money/payments';

/** A flow about payouts or texts that reaches Stripe is a flow test in the wrong world. */
const noStripe = new Proxy({} as PaymentProvider, {
  get: (_, name) => () => {
    throw new Error(`flow-world has no Stripe: ${String(name)} was called`);
  },
});
import { JOB_API_PATHS } from '#contract/loop/jobs';
import type { JobUploadUrls } from '#contract/loop/jobs';

const SECRET = Buffer.from('unit-test-link-secret-0123456789abcdef');
export const NOW = new Date('2026-11-23T18:00:00Z');
export const PICKUP = '2026-11-26';
export const OPERATIONS = 'ops@example.com';

interface Answer {
  statusCode: number;
  body: string;
}

export function flowWorld() {
  const sesMock = mockClient(SESv2Client);
  const s3Mock = mockClient(S3Client);
  const objects = new Map<string, StoredObject>();
  let dynamo: TestLeadTable;
  const w = {
    table: undefined as unknown as LeadTable,
    clock: NOW,
    id: '',
    homeownerEmail: '',
    /** A quotes first (quote 1) and is the hauler each test is about; B quotes second. */
    a: undefined as unknown as Hauler,
    b: undefined as unknown as Hauler,

    /** Payments on: a hauler quotes only with payouts enabled (decision 055). */
    paymentSetting: 'off' as PaymentSetting,
    deps: (): JobDeps & UpdateLeadDeps => ({
      // No Stripe here: a flow that moves money gives its own provider (test/flows/job-money).
      payments:
        w.paymentSetting === 'on' ? { setting: 'on', provider: noStripe } : { setting: 'off' },
      table: w.table,
      s3: new S3Client({
        region: 'us-east-1',
        credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
        requestChecksumCalculation: 'WHEN_REQUIRED',
      }),
      bucket: 'bucket',
      ses: new SESv2Client({ region: 'us-east-1' }),
      secrets: () => Promise.resolve({ current: SECRET, accepted: [SECRET] }),
      publicBaseUrl: 'https://www.example.com',
      sender: 'quotes@example.com',
      operationsAddress: OPERATIONS,
      now: () => w.clock,
    }),
    token: (...args: Parameters<typeof linkClaims>) => signLink(linkClaims(...args), SECRET),
    tokens: () => ({
      view: w.token(w.id, 'homeowner', 'view', NOW),
      offerA: w.token(w.id, 'hauler', 'offer', NOW, 1),
      jobA: w.token(w.id, 'hauler', 'job', NOW, 1),
      offerB: w.token(w.id, 'hauler', 'offer', NOW, 2),
      jobB: w.token(w.id, 'hauler', 'job', NOW, 2),
    }),
    ok: async (result: Promise<Answer>) => {
      const { statusCode, body } = await result;
      expect(statusCode, body).toBe(200);
    },
    quote: (offerToken: string, priceDollars: number, pickupDate = PICKUP) =>
      sendQuote(
        {
          token: offerToken,
          quote: { priceDollars, pickupDate, pickupWindow: 'morning', hauler: 'x' },
        },
        w.deps(),
      ),
    accept: (number: number) =>
      decideQuote({ token: w.tokens().view, decision: 'accept', quote: number }, w.deps()),
    /** Both haulers quote (A: quote 1, B: quote 2). */
    twoQuotes: async () => {
      await w.ok(w.quote(w.tokens().offerA, 240));
      await w.ok(w.quote(w.tokens().offerB, 300));
    },
    /** A's quote accepted: A holds the job. */
    bookedWithA: async () => {
      await w.twoQuotes();
      await w.ok(w.accept(1));
    },
    jobDone: async (jobToken = w.tokens().jobA) => {
      const photo = MEDIA_SAMPLES['image/jpeg'];
      const urls = await JOB_ROUTES[JOB_API_PATHS.uploadUrls]!(
        { token: jobToken, receipt: { contentType: 'image/jpeg', size: photo.length } },
        w.deps(),
      );
      const { receipt } = JSON.parse(urls.body) as JobUploadUrls;
      objects.set(receipt!.key, { body: photo, contentType: 'image/jpeg' });
      await w.ok(
        JOB_ROUTES[JOB_API_PATHS.done]!(
          { token: jobToken, receiptKey: receipt!.key, facility: 'Salt River Transfer Station' },
          w.deps(),
        ),
      );
    },
    /** What a signed link reads now, or that it is refused. */
    reads: async (linkToken: string): Promise<string> => {
      const seen = await viewForLink({ token: linkToken }, w.deps());
      return seen.ok ? JSON.stringify(seen.lead) : 'refused';
    },
    lead: async () => (await getLead(w.table, w.id))!,
    mails: () =>
      sesMock.commandCalls(SendEmailCommand).map((call) => {
        const input = call.args[0].input;
        return {
          to: input.Destination?.ToAddresses ?? [],
          subject: input.Content?.Simple?.Subject?.Data ?? '',
          text: input.Content?.Simple?.Body?.Text?.Data ?? '',
          html: input.Content?.Simple?.Body?.Html?.Data ?? '',
        };
      }),
    forgetMails: () => sesMock.resetHistory(),
    /** The fake S3's objects (an upload in quarantine is put here). */
    objects,
  };

  beforeAll(async () => {
    dynamo = await startTestLeadTable();
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterAll(async () => {
    sesMock.restore();
    s3Mock.restore();
    vi.restoreAllMocks();
    await dynamo.close();
  });
  beforeEach(async () => {
    w.clock = NOW;
    w.paymentSetting = 'off';
    sesMock.reset();
    sesMock.on(SendEmailCommand).resolves({ MessageId: 'm' });
    s3Mock.reset();
    objects.clear();
    installFakeS3(s3Mock, objects);
    w.table = await dynamo.freshTable();
    const request = bookingRequest({ zipCode: '85001' });
    w.id = request.submissionId;
    w.homeownerEmail = request.email;
    await createLead(w.table, newLead(request, NOW));
    w.a = await haulerIn(w.table, 'active', NOW, {
      businessName: 'Desert Haul Co',
      email: 'desert@example.com',
    });
    w.b = await haulerIn(w.table, 'active', NOW, {
      businessName: 'Valley Junk LLC',
      email: 'valley@example.com',
    });
    await seedOffers(w.table, w.id, [w.a, w.b], NOW);
  });
  return w;
}
