/**
 * Jobs reach local haulers, the homeowner compares their quotes, one hauler gets the contact: the
 * whole path against the running local stack. Haulers are approved through the real API; offer
 * rounds run through the local stack's `/__local/run-offers` switch at chosen moments, so a round
 * or an escalation "15 or 60 minutes later" needs no waiting. Other specs' haulers near 85001 may
 * be offered the same jobs: the assertions are about these haulers and these requests only.
 */
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { axeViolations } from './helpers/axe';
import { approvedHauler, buttonToken, mailWith } from './helpers/haulers';
import { sentMail } from './helpers/local-stack';
import {
  QUOTE_SUBJECT,
  acceptWithCard,
  bookLead,
  confirmWithCard,
  offeredTo,
  offersFor,
  postJson,
  runOffers,
} from './helpers/quote-loop';
import { VALID_REQUEST_FIELDS } from '../fixtures/homeowner';
import { API_PATHS } from '#contract/core/api';
import { addDays, usToday } from '#contract/core/calendar-date';
import { OFFER_DEFAULTS, OFFER_TEXTS } from '#contract/loop/offers';
import { LOOP_MESSAGES } from '#contract/loop/quote-loop';

const PHOENIX = { zipCode: '85001', city: 'Phoenix', state: 'Arizona' };
const run = Date.now().toString(36);

/**
 * One tick of the offer rounds for one request, as if run at `minutesLater` minutes from now: the
 * other specs' requests keep their own clock (the local switch refuses to move them all).
 */
const minutesLater = (minutes: number) => new Date(Date.now() + minutes * 60_000);

async function quoteFromPage(
  page: Page,
  link: string,
  price: string,
  businessName: string,
  options: { axe?: boolean } = {},
) {
  await page.goto(link);
  await expect(page.getByText(`for ${businessName}`)).toBeVisible();
  await expect(page.getByLabel('Your business')).toHaveValue(businessName);
  if (options.axe === true) {
    await page.getByRole('button', { name: 'Send the quote' }).click();
    await expect(page.getByText(LOOP_MESSAGES.priceInvalid)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  }
  await page.getByLabel('Flat price (whole dollars)').fill(price);
  await page.getByLabel('Pickup date').fill(addDays(usToday(new Date()), 2));
  await page.getByLabel('Morning (8–12)').check();
  await page.getByRole('button', { name: 'Send the quote' }).click();
  await expect(page.getByText('Quote sent to the homeowner.')).toBeVisible();
}

test.describe('offers to nearby haulers', () => {
  test.describe.configure({ mode: 'serial' });
  test.slow();

  const near = [
    { businessName: `Desert Haul ${run}`, baseZipCode: '85001', serviceRadiusMiles: 10 },
    { businessName: `Valley Junk ${run}`, baseZipCode: '85004', serviceRadiusMiles: 10 },
  ];
  const far = { businessName: `Empire Haul ${run}`, baseZipCode: '10001', serviceRadiusMiles: 10 };
  let haulers: { email: string; businessName: string }[] = [];
  let farHauler: { email: string; businessName: string };

  test('a booking in 85001 reaches the two haulers near it, not the one in 10001, without the homeowner’s contact; both quote; the homeowner accepts one; only that one gets the contact', async ({
    page,
    request,
  }) => {
    haulers = [];
    for (const hauler of near) haulers.push(await approvedHauler(request, hauler));
    farHauler = await approvedHauler(request, far);

    const homeowner = `offers-${run}@example.com`;
    const { submissionId, reference } = await bookLead(request, homeowner, { fields: PHOENIX });
    const offered = await offeredTo(
      request,
      submissionId,
      haulers.map((h) => h.email),
    );
    const all = await offersFor(request, submissionId);
    expect(all.map((mail) => mail.destination.to[0])).not.toContain(farHauler.email);
    for (const mail of all) {
      const text = `${mail.subject}\n${mail.body.text}\n${mail.body.html}`;
      for (const secret of [VALID_REQUEST_FIELDS.name, VALID_REQUEST_FIELDS.phone, homeowner]) {
        expect(text).not.toContain(secret);
      }
    }

    // Both haulers quote from their own links.
    const link = (hauler: { email: string }) =>
      `/haulers/quote#t=${buttonToken(offered.get(hauler.email)!, OFFER_TEXTS.sendQuote)}`;
    await quoteFromPage(page, link(haulers[0]!), '180', haulers[0]!.businessName, { axe: true });
    await quoteFromPage(page, link(haulers[1]!), '150', haulers[1]!.businessName);

    // The homeowner compares both on the request page and accepts the second.
    const confirmation = await mailWith(
      request,
      /^We received your bulk trash pickup request/,
      homeowner,
    );
    // Comparing quotes needs no form library and no schema: the job's panel loads on acceptance
    // (docs/decisions/040-schemas-apart-from-texts.md). zod's objects all carry `_zod`.
    const scripts: Promise<{ url: string; zod: boolean }>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      const url = new URL(response.url()).pathname;
      // A body lost to the card page's navigation is no script of this page's.
      const read = response.text().then((code) => ({ url, zod: code.includes('_zod') }));
      scripts.push(read.catch(() => ({ url, zod: false })));
    });
    await page.goto(`/request#t=${buttonToken(confirmation, 'View your request')}`);
    const quotes = page.getByRole('list', { name: 'Quotes' }).getByRole('listitem');
    await expect(quotes.filter({ hasText: haulers[0]!.businessName })).toContainText('$180');
    await expect(quotes.filter({ hasText: haulers[1]!.businessName })).toContainText('$150');
    const loaded = await Promise.all(scripts);
    expect(loaded.length).toBeGreaterThan(5);
    expect(loaded.filter((script) => script.zod).map((script) => script.url)).toEqual([]);
    await page
      .getByRole('button', { name: `Accept this quote: ${haulers[1]!.businessName}: $150` })
      .click();
    const confirm = page.getByRole('button', { name: 'Confirm: accept this quote' });
    await expect(confirm).toBeFocused();
    expect(await axeViolations(page)).toEqual([]);
    await confirmWithCard(page, confirm);
    await expect(
      page.getByRole('status').filter({ hasText: 'You accepted the quote of $150' }),
    ).toBeVisible();
    // The job's panel arrives with the outcome: the address is asked for next.
    await expect(page.getByRole('heading', { name: 'Pickup address' })).toBeVisible();
    expect((await Promise.all(scripts)).some((script) => script.zod)).toBe(true);

    // The accepted hauler gets the contact; the other only that the job went elsewhere.
    const booked = await mailWith(request, /^Booked: /, haulers[1]!.email);
    expect(booked.subject).toMatch(new RegExp(`^Booked: ${reference} · \\$150 · `));
    expect(booked.body.text).toContain(VALID_REQUEST_FIELDS.phone);
    expect(booked.body.text).toContain(homeowner);
    const elsewhere = await mailWith(request, OFFER_TEXTS.wentElsewhere, haulers[0]!.email);
    expect(elsewhere.body.text).not.toContain(VALID_REQUEST_FIELDS.phone);
    expect(elsewhere.body.text).not.toContain(homeowner);
    await page.goto(link(haulers[0]!));
    await expect(page.getByText(LOOP_MESSAGES.wentElsewhere)).toBeVisible();
    await expect(page.getByText(VALID_REQUEST_FIELDS.phone)).toHaveCount(0);
    await page.goto(link(haulers[1]!));
    await expect(page.getByText(LOOP_MESSAGES.yourQuoteAccepted)).toBeVisible();
    await expect(page.getByRole('link', { name: VALID_REQUEST_FIELDS.phone })).toBeVisible();
  });

  test('a request nobody quotes reaches operations once the escalation time has passed', async ({
    request,
  }) => {
    const { submissionId, reference } = await bookLead(request, `quiet-${run}@example.com`, {
      fields: PHOENIX,
    });
    await runOffers(request, submissionId);
    expect((await offersFor(request, submissionId)).length).toBeGreaterThan(0);
    const subject = OFFER_TEXTS.escalationSubject(reference);
    expect((await sentMail(request)).filter((m) => m.subject === subject)).toHaveLength(0);
    await runOffers(request, submissionId, minutesLater(OFFER_DEFAULTS.escalationMinutes + 1));
    const escalation = await mailWith(request, subject, reference);
    expect(escalation.body.text).toContain('/ops/quote#t=');
    // A second tick sends it no second time.
    await runOffers(request, submissionId, minutesLater(OFFER_DEFAULTS.escalationMinutes + 2));
    expect((await sentMail(request)).filter((m) => m.subject === subject)).toHaveLength(1);
  });

  test('a request where no hauler works reaches operations at once', async ({ request }) => {
    const { submissionId, reference } = await bookLead(request, `nowhere-${run}@example.com`, {
      fields: { zipCode: '59001', city: 'Absarokee', state: 'Montana' },
    });
    await runOffers(request, submissionId);
    await mailWith(request, OFFER_TEXTS.escalationSubject(reference), reference);
  });

  test('two accepts of different quotes at once leave exactly one accepted', async ({
    request,
  }) => {
    const homeowner = `race-${run}@example.com`;
    const { submissionId } = await bookLead(request, homeowner, { fields: PHOENIX });
    const offered = await offeredTo(request, submissionId, [haulers[0]!.email]);
    const quote = {
      priceDollars: 210,
      pickupDate: addDays(usToday(new Date()), 3),
      pickupWindow: 'afternoon',
      hauler: 'Operations Partner',
    };
    const fromHauler = await postJson(request, API_PATHS.sendQuote, {
      token: buttonToken(offered.get(haulers[0]!.email)!, OFFER_TEXTS.sendQuote),
      quote: { ...quote, priceDollars: 190 },
    });
    expect(fromHauler.status).toBe(200);
    const operations = await mailWith(request, /^New quote request /, homeowner);
    const fromOperations = await postJson(request, API_PATHS.sendQuote, {
      token: buttonToken(operations, 'Send a quote'),
      quote,
    });
    expect(fromOperations.status).toBe(200);

    const quoteMails = (await sentMail(request)).filter(
      (m) => m.destination.to[0] === homeowner && QUOTE_SUBJECT.test(m.subject),
    );
    expect(quoteMails).toHaveLength(2);
    const answers = await Promise.all(
      quoteMails.map((mail) =>
        acceptWithCard(request, { token: buttonToken(mail, 'Accept this quote') }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const view = await postJson(request, API_PATHS.lead, {
      token: buttonToken(quoteMails[0]!, 'View your request'),
    });
    const lead = view.json.lead as { status: string; quotes: { state: string }[] };
    expect(lead.status).toBe('accepted');
    expect(lead.quotes.filter((q) => q.state === 'accepted')).toHaveLength(1);
  });
});
