import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { countRating } from '../shared/haulers/hauler-rating';
import { pauseHauler } from '../shared/haulers/hauler-store';
import { refusedLinkResult } from '../shared/auth/link-results';
import { viewForLink } from '../shared/auth/link-view';
import type { Hauler } from '../shared/models/hauler-model';
import { storedQuotes } from '../shared/leads/lead-quotes';
import { createLead, getLead, newLead } from '../shared/leads/lead-store';
import { linkClaims, signLink } from '../shared/links/signed-links';
import type { LeadTable } from '../shared/runtime/table-handle';
import { haulerIn } from '../../test/support/testing-haulers';
import { seedOffers } from '../../test/support/testing-offers';
import { startTestLeadTable } from '../../test/support/testing-leads';
import type { TestLeadTable } from '../../test/support/testing-leads';
import { decideQuote, sendQuote } from './update-lead';
import type { UpdateLeadDeps } from './update-lead-deps';
import { addDays } from '#contract/core/calendar-date';
import { OFFER_TEXTS } from '#contract/loop/offers';
import { LOOP_LIMITS, LOOP_MESSAGES } from '#contract/loop/quote-loop';
import type { HaulerLeadView, HomeownerLeadView } from '#contract/loop/quote-loop';
import type { LeadWithJob } from '#contract/loop/jobs';

const SECRET = Buffer.from('unit-test-link-secret-0123456789abcdef');
const ID = '5b1e0c2d-8f3a-4c6b-9d7e-1a2b3c4d5e6f';
const NOW = new Date('2026-11-23T18:00:00Z');
const TOMORROW = '2026-11-24';
// Unique strings: wherever they appear, the homeowner's contact leaked.
const CONTACT = {
  name: 'Quinlan Zephyrine',
  phone: '(602) 555-0199',
  email: 'qz.home@example.org',
};

const sesMock = mockClient(SESv2Client);
let dynamo: TestLeadTable;
let table: LeadTable;
let haulers: Hauler[];

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

const offer = (haulerList: Hauler[]) => seedOffers(table, ID, haulerList, NOW);

beforeEach(async () => {
  sesMock.reset();
  sesMock.on(SendEmailCommand).resolves({ MessageId: 'm' });
  table = await dynamo.freshTable();
  await createLead(
    table,
    newLead(
      {
        ...CONTACT,
        city: 'Phoenix',
        state: 'Arizona',
        zipCode: '85001',
        description: 'A sofa and a fridge by the garage.',
        photoUrls: [
          'https://x.example/quote-photos/b/1_1.jpg',
          'https://x.example/quote-photos/b/1_2.jpg',
        ],
        photoCount: 2,
        hasVideo: false,
        submissionId: ID,
      },
      NOW,
    ),
  );
  haulers = [];
  for (const business of ['Desert Haul Co', 'Valley Junk LLC', 'Sonoran Removal']) {
    haulers.push(await haulerIn(table, 'active', NOW, { businessName: business }));
  }
  await offer(haulers);
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
const haulerToken = (offerNumber: number, leadId = ID) =>
  signLink(linkClaims(leadId, 'hauler', 'offer', NOW, offerNumber), SECRET);
const homeownerToken = (action: 'view' | 'accept' | 'decline', quote = 0) =>
  signLink(linkClaims(ID, 'homeowner', action, NOW, quote), SECRET);
const opsToken = () => signLink(linkClaims(ID, 'operations', 'quote', NOW), SECRET);
const price = (priceDollars: number, hauler = 'Typed By The Script') => ({
  priceDollars,
  pickupDate: TOMORROW,
  pickupWindow: 'afternoon',
  hauler,
});
const parsed = <T>(result: { body: string }) =>
  JSON.parse(result.body) as { lead?: T; error?: { message: string } };
const mails = () =>
  sesMock.commandCalls(SendEmailCommand).map((call) => {
    const input = call.args[0].input;
    const content = input.Content?.Simple;
    return {
      to: input.Destination?.ToAddresses ?? [],
      subject: content?.Subject?.Data ?? '',
      all: `${content?.Subject?.Data}\n${content?.Body?.Html?.Data}\n${content?.Body?.Text?.Data}`,
      files: (content?.Attachments ?? []).map((file) => file.FileName),
    };
  });
const read = (token: string) =>
  viewForLink(
    { token },
    { table, secrets: deps().secrets, now: () => NOW, payments: { setting: 'off' } },
  );
const view = async <T>(token: string): Promise<T> => {
  const seen = await read(token);
  if (!seen.ok) throw new Error(`the link was refused: ${seen.reason}`);
  return seen.lead as T;
};

describe('haulers’ quotes', () => {
  it('carry the hauler’s rating as it stood when sent, to the homeowner’s page and email', async () => {
    for (const [n, stars] of [5, 5, 4].entries()) {
      await countRating(table, {
        haulerId: haulers[0]!.haulerId,
        submissionId: `00000000-0000-4000-8000-00000000000${n}`,
        quote: 1,
        stars,
        at: NOW.toISOString(),
      });
    }
    await sendQuote({ token: haulerToken(1), quote: price(180) }, deps());
    await sendQuote({ token: haulerToken(2), quote: price(150) }, deps());
    const seen = await view<HomeownerLeadView>(homeownerToken('view'));
    expect(seen.quotes.map((quote) => quote.rating)).toEqual([
      { kind: 'rated', average: 4.7, count: 3 },
      { kind: 'new', count: 0 },
    ]);
    expect(mails()[0]!.all).toContain('★ 4.7 (3 ratings)');
    expect(mails()[1]!.all).toContain('Rating: New');
  });

  it('stores a hauler’s quote under its approved business name and emails the homeowner', async () => {
    const result = await sendQuote({ token: haulerToken(1), quote: price(180) }, deps());
    expect(result.statusCode).toBe(200);
    expect(storedQuotes((await getLead(table, ID))!)).toMatchObject([
      {
        number: 1,
        from: 'hauler',
        haulerId: haulers[0]!.haulerId,
        hauler: 'Desert Haul Co',
        offer: 1,
      },
    ]);
    expect(mails()).toHaveLength(1);
    expect(mails()[0]!.to).toEqual([CONTACT.email]);
    expect(mails()[0]!.all).toContain('Desert Haul Co');
    expect(mails()[0]!.all).not.toContain('Typed By The Script');
  });

  it('records the first quote’s delay from booking once, as a CloudWatch metric line', async () => {
    const lines: string[] = [];
    const withMetrics = { ...deps(), emitMetric: (line: string) => lines.push(line) };
    await sendQuote({ token: haulerToken(1), quote: price(180) }, withMetrics);
    await sendQuote({ token: haulerToken(2), quote: price(170) }, withMetrics);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ QuoteDelaySeconds: 0, From: 'hauler' });
    expect((await getLead(table, ID))!.firstQuoteAt).toBe(NOW.toISOString());
  });

  it('never refuses a hauler’s quote for the name it may not choose: missing or too short, it is the business name', async () => {
    const { hauler: _typed, ...unnamed } = price(180);
    expect((await sendQuote({ token: haulerToken(1), quote: unnamed }, deps())).statusCode).toBe(
      200,
    );
    expect(
      (await sendQuote({ token: haulerToken(2), quote: price(170, 'x') }, deps())).statusCode,
    ).toBe(200);
    expect(storedQuotes((await getLead(table, ID))!).map((q) => q.hauler)).toEqual([
      'Desert Haul Co',
      'Valley Junk LLC',
    ]);
  });

  it('shows a hauler the job without the homeowner’s contact, and no other hauler’s price', async () => {
    await sendQuote({ token: haulerToken(2), quote: price(333) }, deps());
    const seen = await view<HaulerLeadView>(haulerToken(1));
    expect(seen).toMatchObject({ role: 'hauler', outcome: 'open', businessName: 'Desert Haul Co' });
    expect(seen.can.quote).toBe(true);
    expect(seen.request.description).toContain('sofa');
    const text = JSON.stringify(seen);
    for (const secret of [CONTACT.name, CONTACT.phone, CONTACT.email, '333']) {
      expect(text).not.toContain(secret);
    }
  });

  it('lets the homeowner compare every live quote and accept one from the request page', async () => {
    await sendQuote({ token: haulerToken(1), quote: price(180) }, deps());
    await sendQuote({ token: haulerToken(2), quote: price(150) }, deps());
    await sendQuote({ token: opsToken(), quote: price(200, 'Ops Partner') }, deps());
    const page = await view<HomeownerLeadView>(homeownerToken('view'));
    expect(page.quotes.map((q) => [q.hauler, q.priceDollars])).toEqual([
      ['Desert Haul Co', 180],
      ['Valley Junk LLC', 150],
      ['Ops Partner', 200],
    ]);
    expect(page.acceptable).toEqual([1, 2, 3]);
    sesMock.resetHistory();

    const accepted = await decideQuote(
      { token: homeownerToken('view'), decision: 'accept', quote: 2 },
      deps(),
    );
    expect(accepted.statusCode).toBe(200);
    const states = storedQuotes((await getLead(table, ID))!).map((q) => q.state);
    expect(states).toEqual(['closed', 'accepted', 'closed']);
    // The answer is the page as a reload would show it: the job booked, its address asked for.
    const answered = parsed<LeadWithJob>(accepted).lead;
    expect(answered).toEqual(await view(homeownerToken('view')));
    expect(answered?.job).toMatchObject({
      priceDollars: 150,
      hauler: { businessName: 'Valley Junk LLC' },
      can: { address: true },
    });

    const sent = mails();
    const booked = sent.find((mail) => mail.subject.startsWith('Booked:'))!;
    expect(booked.subject).toBe('Booked: 5B1E0C2D · $150 · Tue, Nov 24, afternoon');
    expect(booked.to).toEqual([haulers[1]!.email]);
    for (const detail of Object.values(CONTACT)) expect(booked.all).toContain(detail);
    const elsewhere = sent.filter((mail) => mail.subject === 'This job went to another hauler');
    expect(elsewhere.map((mail) => mail.to[0])).toEqual([haulers[0]!.email]);
    for (const detail of Object.values(CONTACT)) expect(elsewhere[0]!.all).not.toContain(detail);
    expect(sent.find((mail) => mail.to[0] === 'ops@example.com')?.subject).toBe(
      'Accepted: 5B1E0C2D · $150 · Tue, Nov 24, afternoon',
    );
    // The homeowner now sees who comes: the winner's business and phone, not the others'.
    const confirmation = sent.find((mail) => mail.to[0] === CONTACT.email)!;
    expect(confirmation.subject).toBe(
      'Your pickup is booked: Valley Junk LLC, Tue, Nov 24, afternoon',
    );
    expect(confirmation.all).toContain(haulers[1]!.phone);
    expect(confirmation.all).not.toContain('Desert Haul Co');
    // Both sides of the booking get the calendar invitation; nobody else does.
    expect(sent.filter((mail) => mail.files.length > 0)).toHaveLength(2);
    expect([booked.files, confirmation.files]).toEqual([
      ['pickup-5B1E0C2D.ics'],
      ['pickup-5B1E0C2D.ics'],
    ]);
    expect(sent).toHaveLength(4);

    // The winner now sees the contact; the other hauler only that the job went elsewhere.
    const winner = await view<HaulerLeadView>(haulerToken(2));
    expect(winner).toMatchObject({ outcome: 'won', contact: CONTACT });
    const loser = await view<HaulerLeadView>(haulerToken(1));
    expect(loser.outcome).toBe('lost');
    expect(JSON.stringify(loser)).not.toContain(CONTACT.phone);
    const late = await sendQuote({ token: haulerToken(1), quote: price(140) }, deps());
    expect(late.statusCode).toBe(409);
    expect(parsed(late).error?.message).toBe(LOOP_MESSAGES.wentElsewhere);
  });

  it('leaves exactly one quote accepted when two are accepted at once', async () => {
    await sendQuote({ token: haulerToken(1), quote: price(180) }, deps());
    await sendQuote({ token: haulerToken(2), quote: price(150) }, deps());
    const answers = await Promise.all([
      decideQuote({ token: homeownerToken('accept', 1), decision: 'accept' }, deps()),
      decideQuote({ token: homeownerToken('accept', 2), decision: 'accept' }, deps()),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const stored = storedQuotes((await getLead(table, ID))!);
    expect(stored.filter((q) => q.state === 'accepted')).toHaveLength(1);
    expect(mails().filter((mail) => mail.subject.startsWith('Booked:'))).toHaveLength(1);
  });

  it('lets a hauler revise its quote, and the revised quote’s old links answer “replaced”', async () => {
    await sendQuote({ token: haulerToken(1), quote: price(180) }, deps());
    await sendQuote({ token: haulerToken(1), quote: price(160) }, deps());
    expect(storedQuotes((await getLead(table, ID))!)).toMatchObject([
      { number: 2, priceDollars: 160, state: 'live' },
    ]);
    const stale = await decideQuote(
      { token: homeownerToken('accept', 1), decision: 'accept' },
      deps(),
    );
    expect(parsed(stale).error?.message).toBe(LOOP_MESSAGES.quoteReplaced);
  });

  it('refuses a sixth live quote, naming the limit', async () => {
    const more = [];
    for (let i = 0; i < 3; i += 1) more.push(await haulerIn(table, 'active', NOW));
    await offer([...haulers, ...more]);
    for (let n = 1; n <= 5; n += 1) {
      expect(
        (await sendQuote({ token: haulerToken(n), quote: price(100 + n) }, deps())).statusCode,
      ).toBe(200);
    }
    const sixth = await sendQuote({ token: haulerToken(6), quote: price(99) }, deps());
    expect(sixth.statusCode).toBe(409);
    expect(parsed(sixth).error?.message).toBe(LOOP_MESSAGES.tooManyQuotes);
    expect(mails()).toHaveLength(LOOP_LIMITS.quotesPerRequest);
  });

  it('lets a hauler read an offer past its end but not quote it', async () => {
    await seedOffers(table, ID, haulers, NOW, { endsAt: new Date(NOW.getTime() - 1000) });
    const late = await sendQuote({ token: haulerToken(1), quote: price(180) }, deps());
    expect(late.statusCode).toBe(409);
    expect(parsed(late).error?.message).toBe(OFFER_TEXTS.offerEnded);
    const seen = await view<HaulerLeadView>(haulerToken(1));
    expect(seen).toMatchObject({ outcome: 'closed', can: { quote: false } });
    expect(mails()).toHaveLength(0);
  });

  it('refuses links of a paused hauler, of an offer never made, and of another request', async () => {
    await pauseHauler(table, haulers[0]!.haulerId, { now: NOW, until: addDays(TOMORROW, 7) });
    for (const token of [
      haulerToken(1),
      haulerToken(9),
      haulerToken(2, '00000000-0000-4000-8000-000000000000'),
    ]) {
      expect((await sendQuote({ token, quote: price(180) }, deps())).statusCode).toBe(403);
      const seen = await read(token);
      expect(seen.ok ? 200 : refusedLinkResult(seen).statusCode).toBe(403);
    }
    // A link tampered to name another offer fails its signature.
    const tampered = haulerToken(2).replace('.offer.2.', '.offer.3.');
    expect((await sendQuote({ token: tampered, quote: price(180) }, deps())).statusCode).toBe(403);
    expect(mails()).toHaveLength(0);
  });
});

describe('who the hauler is, on every quote (issue 40)', () => {
  it('carries the checked certificate’s expiry, the truck, the offer’s distance and the jobs done, never the hauler’s contact', async () => {
    await sendQuote({ token: haulerToken(2), quote: price(150) }, deps());
    const hauler = haulers[1]!;
    const seen = await view<HomeownerLeadView>(homeownerToken('view'));
    expect(seen.quotes[0]?.haulerFacts).toEqual({
      insuredUntil: hauler.insuranceExpiresOn,
      truck: hauler.truck,
      miles: 1,
      jobsDone: 0,
    });
    const quoteMail = mails().find((mail) => mail.to[0] === CONTACT.email)!;
    expect(quoteMail.subject).toBe('Valley Junk LLC: $150, Tue afternoon');
    expect(quoteMail.all).toContain('Distance: 1 mile from the pickup');
    for (const detail of [hauler.email, hauler.phone, hauler.name]) {
      expect(JSON.stringify(seen)).not.toContain(detail);
      expect(quoteMail.all).not.toContain(detail);
    }
  });

  it('lands an accept link on every live quote, so the homeowner can take a cheaper one', async () => {
    await sendQuote({ token: haulerToken(1), quote: price(180) }, deps());
    await sendQuote({ token: haulerToken(2), quote: price(150) }, deps());
    const landing = await view<HomeownerLeadView>(homeownerToken('accept', 1));
    expect(landing.quote?.number).toBe(1);
    expect(landing.quotes.map((q) => q.priceDollars)).toEqual([180, 150]);
    expect(landing.acceptable).toEqual([1, 2]);
    expect(landing.can.accept).toBe(true);

    const cheaper = await decideQuote(
      { token: homeownerToken('accept', 1), decision: 'accept', quote: 2 },
      deps(),
    );
    expect(cheaper.statusCode).toBe(200);
    // The answer's quote is the one booked, not the one the link was sent with.
    expect(parsed<HomeownerLeadView>(cheaper).lead?.quote?.number).toBe(2);
    expect(storedQuotes((await getLead(table, ID))!).map((q) => q.state)).toEqual([
      'closed',
      'accepted',
    ]);
  });

  it('still lets a decline link decline only its own quote', async () => {
    await sendQuote({ token: haulerToken(1), quote: price(180) }, deps());
    await sendQuote({ token: haulerToken(2), quote: price(150) }, deps());
    const other = await decideQuote(
      { token: homeownerToken('decline', 1), decision: 'decline', quote: 2 },
      deps(),
    );
    expect(other.statusCode).toBe(400);
    expect(storedQuotes((await getLead(table, ID))!).map((q) => q.state)).toEqual(['live', 'live']);
  });
});
