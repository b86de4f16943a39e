/**
 * "What now?" at the top of the homeowner's request page, against the local stack: the status
 * line and its one next action in each main state (waiting, a quote in, booked without an
 * address, on the way with a call, done asking for a rating), the request itself with its photos,
 * and the honest wait when no hauler covers the ZIP. The haulers work around 30303 (Atlanta),
 * where no other spec's haulers are; nobody covers 82001 (Cheyenne).
 */
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { axeViolations } from './helpers/axe';
import { approvedHauler, buttonToken, mailWith } from './helpers/haulers';
import { makePhoto } from './helpers/photos';
import { bookLead, confirmWithCard, postJson, runOffers } from './helpers/quote-loop';
import { VALID_REQUEST_FIELDS } from '../fixtures/homeowner';
import { API_PATHS } from '#contract/core/api';
import { addDays, usToday } from '#contract/core/calendar-date';
import { JOB_API_PATHS, JOB_TEXTS } from '#contract/loop/jobs';
import { OFFER_TEXTS } from '#contract/loop/offers';
import { formatPickup } from '#contract/loop/quote-loop';
import { REQUEST_STATUS_TEXTS } from '#contract/loop/request-status';

const ATLANTA = { zipCode: '30303', city: 'Atlanta', state: 'Georgia' };
const CHEYENNE = { zipCode: '82001', city: 'Cheyenne', state: 'Wyoming' };
const run = Date.now().toString(36);

/** The status line: the region named by its title. */
const statusLine = (page: Page, title: string) => page.getByRole('region', { name: title });

/** The confirmation's "View your request" link as a page path. */
async function requestPageOf(request: APIRequestContext, homeowner: string): Promise<string> {
  const confirmation = await mailWith(
    request,
    /^We received your bulk trash pickup request/,
    homeowner,
  );
  return `/request#t=${buttonToken(confirmation, 'View your request')}`;
}

test.describe('the request page’s status line', () => {
  test.describe.configure({ mode: 'serial' });
  test.slow();

  test('with no hauler covering the ZIP, says so, that the team was told, until when, and shows the request with its photos', async ({
    page,
    request,
  }) => {
    const homeowner = `status-nobody-${run}@example.com`;
    const { submissionId, reference } = await bookLead(request, homeowner, { fields: CHEYENNE });
    await runOffers(request, submissionId);
    await mailWith(request, OFFER_TEXTS.escalationSubject(reference), reference);

    await page.goto(await requestPageOf(request, homeowner));
    const line = statusLine(page, 'No hauler near 82001 works with us yet');
    await expect(line).toBeVisible();
    await expect(line).toContainText('Our team was told at');
    await expect(line).toContainText('we keep offering it to any hauler who starts covering 82001');
    await expect(page.getByText('Local haulers are looking')).toHaveCount(0);

    // The request itself: description, and the photos as thumbnails that load.
    const mine = page.getByRole('region', { name: 'Your request' });
    await expect(mine).toContainText(VALID_REQUEST_FIELDS.description);
    const photos = mine.getByRole('list', { name: 'Photos' }).getByRole('img');
    await expect(photos).toHaveCount(2);
    for (const photo of await photos.all()) {
      await expect(photo).toHaveAttribute('alt', /^Junk to pick up, [12] of 2$/);
      await expect
        .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
    }
    expect(await axeViolations(page)).toEqual([]);
  });

  test('walks a booking: waiting for quotes, a quote in, the address, on the way with a call, done asking for a rating', async ({
    page,
    request,
  }) => {
    const hauler = await approvedHauler(request, {
      businessName: `Peach State Haul ${run}`,
      baseZipCode: '30303',
      serviceRadiusMiles: 10,
    });
    const homeowner = `status-${run}@example.com`;
    const { submissionId } = await bookLead(request, homeowner, { fields: ATLANTA });
    const requestPage = await requestPageOf(request, homeowner);

    // Before the first round: finding haulers, and when the team would be told.
    await page.goto(requestPage);
    await expect(statusLine(page, 'Finding haulers near 30303')).toContainText(
      'If no hauler has quoted by',
    );

    // Offered: how many haulers, and by when.
    await runOffers(request, submissionId);
    const offer = await mailWith(
      request,
      /^New job near 30303/,
      `#t=lead.${submissionId}.hauler.offer.`,
      hauler.email,
    );
    await page.reload();
    await expect(statusLine(page, 'Sent to 1 nearby hauler')).toContainText(
      'If no hauler has quoted by',
    );
    await expect(page.getByText(REQUEST_STATUS_TEXTS.waiting.finding('30303').title)).toHaveCount(
      0,
    );

    // A quote in: the one next action leads to it.
    const pickupDate = addDays(usToday(new Date()), 2);
    const quoted = await postJson(request, API_PATHS.sendQuote, {
      token: buttonToken(offer, OFFER_TEXTS.sendQuote),
      quote: {
        priceDollars: 210,
        pickupDate,
        pickupWindow: 'morning',
        hauler: hauler.businessName,
      },
    });
    expect(quoted.status).toBe(200);
    await page.reload();
    const quoteIn = statusLine(page, 'A quote is in: review and accept it');
    await quoteIn.getByRole('link', { name: 'See your quote' }).click();
    await expect(
      page.getByRole('heading', { name: 'Compare your quotes', exact: true }),
    ).toBeFocused();

    // Accepted on the page: booked, the price, and the address asked for.
    await page.getByRole('button', { name: /^Accept this quote/ }).click();
    await confirmWithCard(page, page.getByRole('button', { name: 'Confirm: accept this quote' }));
    const booked = statusLine(page, 'Booked: give the address');
    await expect(booked).toContainText(
      `${hauler.businessName} comes ${formatPickup(pickupDate, 'morning')}`,
    );
    await expect(booked).toContainText('Price: $210 flat');
    await booked.getByRole('link', { name: 'Give the address' }).click();
    await expect(page.getByRole('heading', { name: 'Pickup address', exact: true })).toBeFocused();
    await page.getByLabel('Street address').fill(`100 Peachtree St ${run}`);
    await page.getByRole('button', { name: 'Save the address' }).click();
    await expect(page.getByText('Saved. Your hauler has it.')).toBeVisible();
    await page.reload();
    await expect(
      statusLine(page, `Booked for ${formatPickup(pickupDate, 'morning')}`),
    ).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    // On the way: a call to the hauler's phone.
    const bookedMail = await mailWith(request, /^Booked: /, hauler.email);
    const jobToken = buttonToken(bookedMail, 'View the job');
    expect((await postJson(request, JOB_API_PATHS.onMyWay, { token: jobToken })).status).toBe(200);
    await page.reload();
    const onTheWay = statusLine(page, 'Your hauler is on the way');
    const call = onTheWay.getByRole('link', { name: `Call ${hauler.businessName}` });
    await expect(call).toHaveAttribute('href', /^tel:\+?\d{10,}$/);
    await expect(onTheWay).toContainText(`${hauler.businessName} has been on the way since`);

    // Done with a receipt: a rating asked for, and given.
    const receipt = await makePhoto('receipt.jpg', { hue: 50 });
    const urls = await postJson(request, JOB_API_PATHS.uploadUrls, {
      token: jobToken,
      receipt: { contentType: receipt.mimeType, size: receipt.buffer.length },
    });
    expect(urls.status).toBe(200);
    const upload = urls.json.receipt as {
      url: string;
      key: string;
      headers: Record<string, string>;
    };
    const put = await request.put(upload.url, { headers: upload.headers, data: receipt.buffer });
    expect(put.ok()).toBe(true);
    const done = await postJson(request, JOB_API_PATHS.done, {
      token: jobToken,
      receiptKey: upload.key,
      facility: `Atlanta Transfer ${run}`,
    });
    expect(done.status).toBe(200);
    await page.reload();
    const rate = statusLine(page, 'Done: how did it go?');
    await rate.getByRole('link', { name: JOB_TEXTS.rate }).click();
    await expect(page.getByRole('heading', { name: JOB_TEXTS.rate, exact: true })).toBeFocused();
    await expect(page.getByRole('link', { name: `Call ${hauler.businessName}` })).toHaveCount(0);
  });
});
