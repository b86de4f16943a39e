import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { readLead } from '../../lambdas/read-lead/read-lead';
import { createLead, getLead } from '../../lambdas/shared/leads/lead-store';
import type { Lead } from '../../lambdas/shared/leads/lead-store';
import { verifyLink } from '../../lambdas/shared/links/signed-links';
import type { LeadTable } from '../../lambdas/shared/runtime/table-handle';
import { startTestLeadTable } from '../../test/support/testing-leads';
import type { TestLeadTable } from '../../test/support/testing-leads';
import { cancelRequest, decideQuote, sendQuote } from '../../lambdas/update-lead/update-lead';
import type { UpdateLeadDeps } from '../../lambdas/update-lead/update-lead-deps';
import {
  bookedLead,
  cancelRequestBody,
  decideQuoteBody,
  leadViewBody,
  sendQuoteBody,
} from './load-bodies';
import { bookingRequestSchema } from '#contract/booking/booking';
import { submissionFolderUrl } from '#contract/booking/media-keys';

const SECRET = Buffer.from('bench-unit-test-link-secret-0123456789');
const SITE = 'http://localhost:3400';
const NOW = new Date('2026-11-23T18:00:00Z');

const sesMock = mockClient(SESv2Client);
let dynamo: TestLeadTable;
let table: LeadTable;

beforeAll(async () => {
  dynamo = await startTestLeadTable();
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
});

const deps = (): UpdateLeadDeps => ({
  table,
  payments: { setting: 'off' },
  ses: new SESv2Client({ region: 'us-east-1' }),
  secrets: () => Promise.resolve({ current: SECRET, accepted: [SECRET] }),
  publicBaseUrl: SITE,
  sender: 'quotes@example.com',
  operationsAddress: 'ops@example.com',
  now: () => NOW,
});

/** Two leads stored as the load test stores them. */
async function storedLeads(): Promise<Lead[]> {
  const leads = [0, 1].map((i) => bookedLead(SITE, 'unit', i, NOW));
  for (const lead of leads) expect((await createLead(table, lead)).outcome).toBe('created');
  return leads;
}

const status = async (lead: Lead) => (await getLead(table, lead.submissionId))?.status;

describe('the load test’s quote-loop bodies', () => {
  it('stores leads as a booking would: received, a request the booking schema accepts, photos in their own folder, an address each', () => {
    const [first, second] = [0, 1].map((i) => bookedLead(SITE, 'unit', i, NOW));
    expect(first!.status).toBe('received');
    expect(bookingRequestSchema.safeParse(first!.request).success).toBe(true);
    for (const url of first!.request.photoUrls) {
      expect(url.startsWith(submissionFolderUrl(SITE, first!.submissionId))).toBe(true);
    }
    expect(first!.request.email).not.toBe(second!.request.email);
    expect(first!.submissionId).not.toBe(second!.submissionId);
  });

  it('opens a lead view with an operations link and a homeowner link in turn, both answered 200', async () => {
    const leads = await storedLeads();
    const bodies = leads.map((lead, i) => leadViewBody(SECRET, lead, i, NOW));
    expect(bodies.map((b) => verifyLink(b.token, [SECRET], NOW, 'lead')?.role)).toEqual([
      'operations',
      'homeowner',
    ]);
    for (const body of bodies) {
      expect(
        (await readLead(body, { table, secrets: deps().secrets, now: () => NOW })).statusCode,
      ).toBe(200);
    }
  });

  it('sends one quote on each received lead: 200, quoted, its email sent', async () => {
    for (const lead of await storedLeads()) {
      expect((await sendQuote(sendQuoteBody(SECRET, lead, NOW), deps())).statusCode).toBe(200);
      expect(await status(lead)).toBe('quoted');
    }
    expect(sesMock.commandCalls(SendEmailCommand)).toHaveLength(2);
  });

  it('accepts the first quoted lead and declines the second with a reason, each answered 200', async () => {
    const leads = await storedLeads();
    for (const lead of leads) await sendQuote(sendQuoteBody(SECRET, lead, NOW), deps());
    const bodies = leads.map((lead, i) => decideQuoteBody(SECRET, lead, i, NOW));
    expect(bodies.map((b) => [b.decision, 'reason' in b])).toEqual([
      ['accept', false],
      ['decline', true],
    ]);
    for (const body of bodies) expect((await decideQuote(body, deps())).statusCode).toBe(200);
    expect([await status(leads[0]!), await status(leads[1]!)]).toEqual(['accepted', 'declined']);
  });

  it('cancels a received lead through the homeowner’s view link, answered 200', async () => {
    const [lead] = await storedLeads();
    expect((await cancelRequest(cancelRequestBody(SECRET, lead!, NOW), deps())).statusCode).toBe(
      200,
    );
    expect(await status(lead!)).toBe('cancelled');
  });
});
