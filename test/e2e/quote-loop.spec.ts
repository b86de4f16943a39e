/**
 * The quote loop end to end, in the browser against the local stack: a booked request, the
 * operations email's "Send a quote" link, the quote page, the homeowner's quote email and its
 * accept link, the confirmation click, and operations' acceptance email; plus tampered, expired
 * and repeated links, declining, and cancelling.
 */
import { randomUUID } from 'node:crypto';
import { axeViolations } from './helpers/axe';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { linkClaims, signLink } from '../../lambdas/shared/links/signed-links';
import { bookingMail, fillQuoteFields } from './helpers/local-stack';
import { makePhoto } from './helpers/photos';
import {
  QUOTE_SUBJECT,
  bookLead,
  e2eLinkSecret,
  linkIn,
  mailWhere,
  postJson,
  tokenOf,
  uploadForBooking,
} from './helpers/quote-loop';
import { API_PATHS } from '#contract/core/api';
import { addDays, usToday } from '#contract/core/calendar-date';
import { LOOP_MESSAGES, formatPickup } from '#contract/loop/quote-loop';
import { quoteSubject } from '#contract/loop/quote-cards';
import { PAYMENT_TEXTS } from '#contract/money/payments';
import { pageIsLive } from './helpers/page-state';

const tomorrow = () => addDays(usToday(new Date()), 1);

const unique = (label: string) =>
  `loop-${label}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;

/** Fills and sends the operations quote form on the page. */
async function sendQuote(page: Page, price: string, pickupDate: string) {
  await page.getByLabel('Flat price (whole dollars)').fill(price);
  await page.getByLabel('Pickup date').fill(pickupDate);
  await page.getByRole('radio', { name: 'Morning (8–12)' }).check();
  await page.getByLabel('Hauler’s name').fill('Sam’s Hauling <b>&</b> Co');
  await page.getByLabel('Note to the homeowner (optional)').fill('We will call 30 minutes ahead.');
  await page.getByRole('button', { name: /Send the (new )?quote/ }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Quote sent to the homeowner' }),
  ).toBeVisible();
}

test.describe('the quote loop', () => {
  test('operations quote from their email, the homeowner accepts from theirs, operations hear of it', async ({
    page,
    request,
  }) => {
    // The whole loop in one browser: a form with uploads, three pages and five emails.
    test.slow();
    // 1. The homeowner submits the form.
    const email = unique('accept');
    await page.goto('/#quote-form');
    await pageIsLive(page);
    const form = page.locator('#quote-form');
    await fillQuoteFields(page, { Email: email });
    await form
      .locator('input[type=file][accept="image/*"]')
      .setInputFiles([
        await makePhoto('couch.jpg', { hue: 10 }),
        await makePhoto('boxes.jpg', { hue: 200 }),
      ]);
    const booking = page.waitForResponse('**/api/send-booking-emails');
    await form.getByRole('button', { name: 'Get My Free Quote' }).click();
    const { reference } = (await (await booking).json()) as { reference: string };

    // 2. Operations open "Send a quote" from their email.
    await expect
      .poll(
        async () =>
          (await mailWhere(request, (m) => m.subject.startsWith(`New quote request ${reference}`)))
            .length,
      )
      .toBe(1);
    const [notification] = await mailWhere(request, (m) =>
      m.subject.startsWith(`New quote request ${reference}`),
    );
    expect(notification?.body.html).toContain('>Send a quote</a>');
    const quoteLink = linkIn(notification, 'Send a quote');
    expect(quoteLink).toMatch(/\/ops\/quote#t=/);
    await page.goto(quoteLink);
    await expect(page.getByRole('heading', { name: 'Send a quote', level: 1 })).toBeVisible();
    await expect(page.getByText(`Request ${reference}`)).toBeVisible();
    await expect(page.getByRole('list', { name: 'Photos' }).getByRole('img')).toHaveCount(2);
    await expect(page.getByText(email)).toBeVisible();

    // The form checks the contract's rules before sending.
    await page.getByLabel('Flat price (whole dollars)').fill('24.50');
    await page.getByRole('button', { name: 'Send the quote' }).click();
    await expect(page.getByText(LOOP_MESSAGES.priceInvalid)).toBeVisible();

    // 3. Operations send the quote.
    const pickupDate = tomorrow();
    await sendQuote(page, '240', pickupDate);
    await expect(
      page
        .getByRole('region', { name: 'Quotes' })
        .getByRole('listitem')
        .filter({ hasText: '$240' }),
    ).toBeVisible();

    // 4. The homeowner's quote email, and its accept link.
    const isQuote = (m: { subject: string; destination: { to: string[] } }) =>
      m.destination.to.includes(email) && QUOTE_SUBJECT.test(m.subject);
    await expect.poll(async () => (await mailWhere(request, isQuote)).length).toBe(1);
    const [quoteMail] = await mailWhere(request, isQuote);
    expect(quoteMail?.subject).toBe(
      quoteSubject(
        {
          hauler: 'Sam’s Hauling <b>&</b> Co',
          priceDollars: 240,
          pickupDate,
          pickupWindow: 'morning',
        },
        usToday(new Date()),
      ),
    );
    expect(quoteMail?.body.html).toContain('Sam’s Hauling &lt;b&gt;&amp;&lt;/b&gt; Co');
    expect(quoteMail?.body.html).toContain('>Accept this quote</a>');
    expect(quoteMail?.body.html).toContain('>Decline</a>');
    // Operations quoted for a hauler who is not on the platform: paid directly (decision 062),
    // although the local stack runs payments on.
    expect(quoteMail?.body.text).toContain(PAYMENT_TEXTS.emailPaymentsOff);
    expect(quoteMail?.body.text).not.toContain(PAYMENT_TEXTS.emailPaymentsOn);
    const acceptLink = linkIn(quoteMail, 'Accept this quote');

    // 5. Opening the link changes nothing; the click on the page does.
    await page.goto(acceptLink);
    await expect(page.getByRole('heading', { name: 'Accept this quote?' })).toBeVisible();
    await expect(page.getByText('$240', { exact: false }).first()).toBeVisible();
    // The accept question says the homeowner pays the hauler directly, and asks for no card.
    await expect(page.getByText(`The price is $240. ${PAYMENT_TEXTS.paymentsOff}`)).toBeVisible();
    await expect(page.getByText(PAYMENT_TEXTS.beforeAccepting)).toHaveCount(0);
    await expect(page.getByText(PAYMENT_TEXTS.saveCardNext)).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    const isAccepted = (m: { subject: string }) => m.subject.startsWith(`Accepted: ${reference}`);
    expect(await mailWhere(request, isAccepted)).toHaveLength(0);
    // Accepted on the request page itself: the browser never opens the card page.
    const cardPages: string[] = [];
    page.on('framenavigated', (frame) => {
      if (/\/c\/pay\//.test(frame.url())) cardPages.push(frame.url());
    });
    const answered = page.waitForResponse(`**${API_PATHS.decideQuote}`);
    await page.getByRole('button', { name: 'Confirm: accept this quote' }).click();
    expect(
      ((await (await answered).json()) as { checkoutUrl?: string }).checkoutUrl,
    ).toBeUndefined();
    await expect(
      page.getByRole('status').filter({ hasText: 'You accepted the quote of $240' }),
    ).toBeVisible();
    await expect(
      page.getByRole('listitem').filter({ hasText: 'Quote accepted' }),
    ).not.toContainText('Not yet');

    expect(cardPages).toEqual([]);
    expect(page.url()).toMatch(/\/request#/);
    const isBooked = (m: { subject: string; destination: { to: string[] } }) =>
      m.destination.to.includes(email) && m.subject.startsWith('Your pickup is booked: ');
    await expect.poll(async () => (await mailWhere(request, isBooked)).length).toBe(1);
    const [booked] = await mailWhere(request, isBooked);
    expect(booked?.body.text).toContain(PAYMENT_TEXTS.emailPaymentsOff);

    // 6. Operations get "Accepted: REF · $240 · Tue, Nov 24, morning".
    await expect.poll(async () => (await mailWhere(request, isAccepted)).length).toBe(1);
    const [accepted] = await mailWhere(request, isAccepted);
    expect(accepted?.subject).toBe(
      `Accepted: ${reference} · $240 · ${formatPickup(pickupDate, 'morning')}`,
    );
  });

  test('accepting twice is one acceptance and one email, even with two clicks at once', async ({
    page,
    request,
  }) => {
    const email = unique('twice');
    const { reference } = await bookLead(request, email);
    const [notification] = await mailWhere(request, (m) =>
      m.subject.startsWith(`New quote request ${reference}`),
    );
    const opsToken = tokenOf(linkIn(notification, 'Send a quote'));
    const quote = {
      priceDollars: 180,
      pickupDate: tomorrow(),
      pickupWindow: 'afternoon',
      hauler: 'Quick Haul',
    };
    expect((await postJson(request, API_PATHS.sendQuote, { token: opsToken, quote })).status).toBe(
      200,
    );
    // The same quote again (a double click) is not a second quote and sends no second email.
    expect((await postJson(request, API_PATHS.sendQuote, { token: opsToken, quote })).status).toBe(
      200,
    );
    const isQuote = (m: { subject: string; destination: { to: string[] } }) =>
      m.destination.to.includes(email) && QUOTE_SUBJECT.test(m.subject);
    expect(await mailWhere(request, isQuote)).toHaveLength(1);

    const [quoteMail] = await mailWhere(request, isQuote);
    const acceptToken = tokenOf(linkIn(quoteMail, 'Accept this quote'));
    // Two clicks at once (an operations quote is paid directly: no card page): one acceptance.
    const [first, second] = await Promise.all([
      postJson(request, API_PATHS.decideQuote, { token: acceptToken, decision: 'accept' }),
      postJson(request, API_PATHS.decideQuote, { token: acceptToken, decision: 'accept' }),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    // Accepting again asks for no card: the answer is the acceptance as it is.
    const again = await postJson(request, API_PATHS.decideQuote, {
      token: acceptToken,
      decision: 'accept',
    });
    expect(again.status).toBe(200);
    expect((again.json.lead as { status: string }).status).toBe('accepted');

    // The page for the same link now says it is done and offers no button.
    await page.goto(linkIn(quoteMail, 'Accept this quote'));
    await expect(page.getByText('You accepted the quote of $180')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Confirm: accept this quote' })).toHaveCount(0);

    // Every accept has answered, and a call sends its emails before it answers: one is final.
    const isAccepted = (m: { subject: string }) => m.subject.startsWith(`Accepted: ${reference}`);
    expect(await mailWhere(request, isAccepted)).toHaveLength(1);
  });

  test('20 different quotes sent at once: each answered 200 or 409 with the current state, none 5xx', async ({
    request,
  }) => {
    const email = unique('flood');
    const { reference } = await bookLead(request, email);
    const [notification] = await mailWhere(request, (m) =>
      m.subject.startsWith(`New quote request ${reference}`),
    );
    const opsToken = tokenOf(linkIn(notification, 'Send a quote'));
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        postJson(request, API_PATHS.sendQuote, {
          token: opsToken,
          quote: {
            priceDollars: 200 + i,
            pickupDate: tomorrow(),
            pickupWindow: 'morning',
            hauler: 'Flood Haul',
          },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status !== 200 && status !== 409)).toEqual([]);
    for (const answer of answers.filter((a) => a.status === 409)) {
      expect((answer.json.lead as { status: string }).status).toBe('quoted');
    }
    // One email to the homeowner per quote that was answered 200, no more.
    const won = statuses.filter((status) => status === 200).length;
    expect(won).toBeGreaterThanOrEqual(1);
    const isQuote = (m: { subject: string; destination: { to: string[] } }) =>
      m.destination.to.includes(email) && QUOTE_SUBJECT.test(m.subject);
    expect(await mailWhere(request, isQuote)).toHaveLength(won);
  });

  test('20 identical bookings sent at once: every answer 200, one lead, one pair of emails', async ({
    request,
  }) => {
    const email = unique('triple');
    const payload = await uploadForBooking(request, email);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => postJson(request, API_PATHS.sendBookingEmails, payload)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 20 }, () => 200));
    const references = new Set(answers.map((answer) => answer.json.reference));
    expect(references.size).toBe(1);
    const [reference] = [...references];
    expect(await mailWhere(request, (m) => m.destination.to.includes(email))).toHaveLength(1);
    expect(
      await mailWhere(request, (m) =>
        m.subject.startsWith(`New quote request ${String(reference)}`),
      ),
    ).toHaveLength(1);
  });

  test('a tampered link shows "This link is not valid or has expired" and changes nothing', async ({
    page,
    request,
  }) => {
    const email = unique('tamper');
    const { reference } = await bookLead(request, email);
    const [notification] = await mailWhere(request, (m) =>
      m.subject.startsWith(`New quote request ${reference}`),
    );
    const link = linkIn(notification, 'Send a quote');
    const token = tokenOf(link);
    // One character of the signature changed.
    const tampered = token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    await page.goto(link.replace(token, tampered));
    await expect(page.getByRole('alert')).toHaveText('This link is not valid or has expired');
    await expect(page.getByLabel('Flat price (whole dollars)')).toHaveCount(0);

    const refused = await postJson(request, API_PATHS.sendQuote, {
      token: tampered,
      quote: {
        priceDollars: 100,
        pickupDate: tomorrow(),
        pickupWindow: 'morning',
        hauler: 'Mallory',
      },
    });
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual({
      error: { code: 'invalid_link', message: LOOP_MESSAGES.linkInvalid },
    });
    // Still "received": the real link shows no quote.
    const view = await postJson(request, API_PATHS.lead, { token });
    expect((view.json.lead as { status: string }).status).toBe('received');
  });

  test('an expired link shows the same sentence and changes nothing', async ({ page, request }) => {
    const email = unique('expired');
    const { submissionId, reference } = await bookLead(request, email);
    const eightDaysAgo = new Date(Date.now() - 8 * 86_400_000);
    const expired = signLink(
      linkClaims(submissionId, 'operations', 'quote', eightDaysAgo),
      e2eLinkSecret(),
    );
    await page.goto(`/ops/quote#t=${expired}`);
    await expect(page.getByRole('alert')).toHaveText('This link is not valid or has expired');
    const refused = await postJson(request, API_PATHS.sendQuote, {
      token: expired,
      quote: {
        priceDollars: 100,
        pickupDate: tomorrow(),
        pickupWindow: 'morning',
        hauler: 'Late Larry',
      },
    });
    expect(refused.status).toBe(403);
    const [notification] = await mailWhere(request, (m) =>
      m.subject.startsWith(`New quote request ${reference}`),
    );
    const view = await postJson(request, API_PATHS.lead, {
      token: tokenOf(linkIn(notification, 'Send a quote')),
    });
    expect((view.json.lead as { status: string }).status).toBe('received');
  });

  test('a request booked with an upper-case submission id keeps working links', async ({
    request,
  }) => {
    const email = unique('upper');
    const { reference } = await bookLead(request, email, {
      submissionId: randomUUID().toUpperCase(),
    });
    const { confirmation, notification } = await bookingMail(request, email);
    for (const token of [
      tokenOf(linkIn(confirmation, 'View your request')),
      tokenOf(linkIn(notification, 'Send a quote')),
    ]) {
      const view = await postJson(request, API_PATHS.lead, { token });
      expect(view.status).toBe(200);
      expect((view.json.lead as { reference: string }).reference).toBe(reference);
    }
  });

  test('a valid link of the other role shows a sentence, and a new link in the same tab shows its request', async ({
    page,
    request,
  }) => {
    const first = unique('tab-one');
    const second = unique('tab-two');
    const one = await bookLead(request, first);
    const two = await bookLead(request, second);
    const mailOne = await bookingMail(request, first);
    const mailTwo = await bookingMail(request, second);

    await page.goto(linkIn(mailOne.notification, 'Send a quote').replace('/ops/quote', '/request'));
    await expect(page.getByRole('alert')).toHaveText(LOOP_MESSAGES.otherPage);
    await page.goto(
      linkIn(mailOne.confirmation, 'View your request').replace('/request', '/ops/quote'),
    );
    await expect(page.getByRole('alert')).toHaveText(LOOP_MESSAGES.otherPage);

    await page.goto(linkIn(mailOne.confirmation, 'View your request'));
    await expect(page.getByText(`Reference ${one.reference}`)).toBeVisible();
    // Same path, new fragment: the browser does not load a new document.
    await page.goto(linkIn(mailTwo.confirmation, 'View your request'));
    await expect(page.getByText(`Reference ${two.reference}`)).toBeVisible();
    await expect(page.getByText(`Reference ${one.reference}`)).toHaveCount(0);
  });

  test('the homeowner declines with a reason, and operations hear it', async ({
    page,
    request,
  }) => {
    const email = unique('decline');
    const { reference } = await bookLead(request, email);
    const [notification] = await mailWhere(request, (m) =>
      m.subject.startsWith(`New quote request ${reference}`),
    );
    const quote = {
      priceDollars: 320,
      pickupDate: tomorrow(),
      pickupWindow: 'morning',
      hauler: 'Big Truck',
    };
    await postJson(request, API_PATHS.sendQuote, {
      token: tokenOf(linkIn(notification, 'Send a quote')),
      quote,
    });
    const isQuote = (m: { subject: string; destination: { to: string[] } }) =>
      m.destination.to.includes(email) && QUOTE_SUBJECT.test(m.subject);
    await expect.poll(async () => (await mailWhere(request, isQuote)).length).toBe(1);
    const [quoteMail] = await mailWhere(request, isQuote);
    await page.goto(linkIn(quoteMail, 'Decline'));
    await page.getByLabel('Reason (optional)').fill('Found a neighbour with a truck.');
    await page.getByRole('button', { name: 'Confirm: decline this quote' }).click();
    await expect(page.getByText('You declined the quote.')).toBeVisible();
    const isDeclined = (m: { subject: string }) =>
      m.subject.startsWith(`Declined: ${reference} · $320`);
    await expect.poll(async () => (await mailWhere(request, isDeclined)).length).toBe(1);
    const [declined] = await mailWhere(request, isDeclined);
    expect(declined?.body.text).toContain('Reason: Found a neighbour with a truck.');
  });

  test('the homeowner cancels from the confirmation, and a quote for the cancelled request is refused', async ({
    page,
    request,
  }) => {
    const email = unique('cancel');
    const { reference } = await bookLead(request, email);
    const [confirmation] = await mailWhere(request, (m) => m.destination.to.includes(email));
    expect(confirmation?.body.html).toContain('>View your request</a>');
    await page.goto(linkIn(confirmation, 'View your request'));
    await expect(page.getByText(`Reference ${reference}`)).toBeVisible();
    await expect(
      page.getByRole('listitem').filter({ hasText: 'Request received' }),
    ).not.toContainText('Not yet');
    await page.getByRole('button', { name: 'Cancel this request' }).click();
    await expect(page.getByRole('button', { name: 'Yes, cancel my request' })).toBeFocused();
    await page.getByRole('button', { name: 'Yes, cancel my request' }).click();
    await expect(page.getByText('Your request is cancelled.')).toBeVisible();
    await expect
      .poll(
        async () =>
          (await mailWhere(request, (m) => m.subject === `Cancelled: ${reference}`)).length,
      )
      .toBe(1);

    const [notification] = await mailWhere(request, (m) =>
      m.subject.startsWith(`New quote request ${reference}`),
    );
    const refused = await postJson(request, API_PATHS.sendQuote, {
      token: tokenOf(linkIn(notification, 'Send a quote')),
      quote: {
        priceDollars: 100,
        pickupDate: tomorrow(),
        pickupWindow: 'morning',
        hauler: 'Too Late',
      },
    });
    expect(refused.status).toBe(409);
    expect((refused.json.error as { message: string }).message).toBe(LOOP_MESSAGES.quoteCancelled);
    await page.goto(linkIn(notification, 'Send a quote'));
    await expect(page.getByText('it can no longer be quoted')).toBeVisible();
  });

  test('the pages are noindex shells with nobody’s data, outside the sitemap', async ({
    request,
  }) => {
    for (const path of ['/ops/quote', '/request']) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      const html = await response.text();
      expect(html).toContain('<meta name="robots" content="noindex"/>');
      expect(html).toContain('Loading the request…');
      expect(html).not.toMatch(/Reference|@example\.com|\$\d/);
    }
    const sitemap = await (await request.get('/sitemap.xml')).text();
    expect(sitemap).not.toMatch(/\/ops\/quote|\/request</);
  });

  test('the operations page and the homeowner’s page pass axe', async ({ page, request }) => {
    // Three axe runs and a booking: more than the default 30 s on a loaded machine.
    test.slow();
    const { reference } = await bookLead(request, unique('axe'));
    const [notification] = await mailWhere(request, (m) =>
      m.subject.startsWith(`New quote request ${reference}`),
    );
    const check = () => axeViolations(page);
    await page.goto(linkIn(notification, 'Send a quote'));
    await page.getByRole('button', { name: 'Send the quote' }).click();
    await expect(page.getByText(LOOP_MESSAGES.haulerInvalid)).toBeVisible();
    expect(await check()).toEqual([]);
    await sendQuote(page, '240', tomorrow());
    expect(await check()).toEqual([]);
    const [confirmation] = await mailWhere(
      request,
      (m) => m.subject.includes(`(ref. ${reference})`) && m.subject.startsWith('We received'),
    );
    await page.goto(linkIn(confirmation, 'View your request'));
    await page.getByRole('button', { name: 'Cancel this request' }).click();
    expect(await check()).toEqual([]);
  });
});
