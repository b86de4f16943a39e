/**
 * What a browser shows as a job moves on, against the running local stack (issue 37): "On my way"
 * two days early asks first in a dialog; the done email's buttons land on their part of the
 * request page with focus there; the accept question opens in the card whose button was pressed;
 * a price change approved reaches the winning hauler's offer page with the way to the job page; a
 * job cancelled after booking tells its hauler not to go, at the top of both their pages. The
 * haulers work around 98101 (Seattle), where no other spec's haulers are; each assertion names
 * the request or hauler it is about, so a retry's leftovers do not matter.
 *
 * With E2E_SHOTS_DIR set, each state is also saved there as a phone and a desktop screenshot.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { axeViolations } from './helpers/axe';
import { approvedHauler, buttonToken, mailWith } from './helpers/haulers';
import { makePhoto } from './helpers/photos';
import { acceptWithCard, bookLead, linkIn, offeredTo, postJson } from './helpers/quote-loop';
import { API_PATHS } from '#contract/core/api';
import { HAULER_API_PATHS, HAULER_TEXTS } from '#contract/haulers/hauler-api';
import { addDays, formatPickupDate, usToday } from '#contract/core/calendar-date';
import { JOB_API_PATHS, JOB_TEXTS } from '#contract/loop/jobs';
import { OFFER_TEXTS } from '#contract/loop/offers';
import { LOOP_MESSAGES } from '#contract/loop/quote-loop';

const SEATTLE = { zipCode: '98101', city: 'Seattle', state: 'Washington' };
const run = Date.now().toString(36);
const PHONE = { width: 390, height: 844 };

/**
 * The page as it is now, at a phone's size and a desktop's, when E2E_SHOTS_DIR asks for them.
 * `fullPage: false`: what is in view (a dialog, or where a link landed).
 */
async function shots(page: Page, name: string, { fullPage = true } = {}) {
  const dir = process.env.E2E_SHOTS_DIR;
  if (dir === undefined || dir === '') return;
  mkdirSync(dir, { recursive: true });
  const before = page.viewportSize();
  for (const [size, viewport] of [
    ['phone', PHONE],
    ['desktop', { width: 1280, height: 900 }],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: path.join(dir, `${name}-${size}.png`), fullPage });
  }
  if (before !== null) await page.setViewportSize(before);
}

interface Hauler {
  email: string;
  businessName: string;
}

/** A request near 98101 quoted by each of `haulers` through the API ($200, $180, …), not accepted. */
async function quotedRequest(
  request: APIRequestContext,
  haulers: readonly Hauler[],
  label: string,
) {
  const homeowner = `notices-${label}-${run}@example.com`;
  // "Tomorrow" as the form sends it: the pages show the date, never the word frozen at booking.
  const fields = {
    ...SEATTLE,
    pickupDay: 'tomorrow',
    pickupDate: addDays(usToday(new Date()), 1),
    pickupWindow: 'morning',
  };
  const { submissionId, reference } = await bookLead(request, homeowner, { fields });
  const emails = haulers.map((hauler) => hauler.email);
  const offered = await offeredTo(request, submissionId, emails);
  const offers = emails.map((email) => offered.get(email)!);
  const pickupDate = addDays(usToday(new Date()), 2);
  for (const [i, hauler] of haulers.entries()) {
    const quoted = await postJson(request, API_PATHS.sendQuote, {
      token: buttonToken(offers[i]!, OFFER_TEXTS.sendQuote),
      quote: {
        priceDollars: 200 - i * 20,
        pickupDate,
        pickupWindow: 'morning',
        hauler: hauler.businessName,
      },
    });
    expect(quoted.status).toBe(200);
  }
  const confirmation = await mailWith(request, /^We received your bulk trash pickup/, homeowner);
  const viewToken = buttonToken(confirmation, 'View your request');
  return { submissionId, reference, homeowner, offers, pickupDate, viewToken };
}

/** That request with the first hauler's quote accepted: the pages of both sides. */
async function bookedJob(request: APIRequestContext, hauler: Hauler, label: string) {
  const quoted = await quotedRequest(request, [hauler], label);
  const accepted = await acceptWithCard(request, {
    token: quoted.viewToken,
    quote: 1,
  });
  expect(accepted.status).toBe(200);
  const booked = await mailWith(request, new RegExp(`^Booked: ${quoted.reference} `), hauler.email);
  const jobToken = buttonToken(booked, 'View the job');
  return {
    ...quoted,
    jobToken,
    requestPage: `/request#t=${quoted.viewToken}`,
    jobPage: `/haulers/job#t=${jobToken}`,
    offerPage: `/haulers/quote#t=${buttonToken(quoted.offers[0]!, OFFER_TEXTS.sendQuote)}`,
  };
}

test.describe('what the job’s pages say as it moves on', () => {
  test.describe.configure({ mode: 'serial' });
  test.slow();

  let first: Hauler;
  let second: Hauler;

  test.beforeAll(async ({ request }) => {
    test.setTimeout(120_000);
    first = await approvedHauler(request, {
      businessName: `Emerald City Haul ${run}`,
      baseZipCode: '98101',
      serviceRadiusMiles: 10,
    });
    second = await approvedHauler(request, {
      businessName: `Puget Junk ${run}`,
      baseZipCode: '98104',
      serviceRadiusMiles: 10,
    });
  });

  test('the accept question opens in the card whose Accept was pressed, on a phone', async ({
    page,
    request,
  }) => {
    const quoted = await quotedRequest(request, [first, second], 'compare');
    await page.setViewportSize(PHONE);
    await page.goto(`/request#t=${quoted.viewToken}`);
    const cards = page.getByRole('list', { name: 'Quotes' }).getByRole('listitem');
    await expect(cards).toHaveCount(2);
    const [top, below] = [cards.nth(0), cards.nth(1)];
    await top.getByRole('button', { name: /^Accept this quote/ }).click();
    const confirm = top.getByRole('button', { name: 'Confirm: accept this quote' });
    await expect(confirm).toBeFocused();
    await expect(confirm).toBeInViewport();
    await expect(below.getByRole('button', { name: 'Confirm: accept this quote' })).toHaveCount(0);
    // Above the other hauler's card, not under it.
    const confirmBox = (await confirm.boundingBox())!;
    const belowBox = (await below.boundingBox())!;
    expect(confirmBox.y + confirmBox.height).toBeLessThan(belowBox.y);
    expect(await axeViolations(page)).toEqual([]);
    await shots(page, 'accept-question-in-its-card');
  });

  test('a paused hauler’s quote stays on the request page with why it cannot be accepted', async ({
    page,
    request,
  }) => {
    // A hauler of its own: pausing `first` or `second` would change the other tests' jobs.
    const away = await approvedHauler(request, {
      businessName: `Rainier Removals ${run}`,
      baseZipCode: '98101',
      serviceRadiusMiles: 10,
    });
    const quoted = await quotedRequest(request, [away, second], 'paused');
    const approvedMail = await mailWith(request, HAULER_TEXTS.approvedSubject, away.email);
    const paused = await postJson(request, HAULER_API_PATHS.accountChange, {
      token: buttonToken(approvedMail, HAULER_TEXTS.accountLinkButton),
      change: { kind: 'pause', until: addDays(usToday(new Date()), 7) },
    });
    expect(paused.status).toBe(200);

    await page.goto(`/request#t=${quoted.viewToken}`);
    const awayCard = page.getByRole('listitem', { name: new RegExp(`^${away.businessName}:`) });
    const openCard = page.getByRole('listitem', { name: new RegExp(`^${second.businessName}:`) });
    await expect(awayCard.getByText(LOOP_MESSAGES.haulerUnavailable)).toBeVisible();
    await expect(awayCard.getByRole('button', { name: /^Accept this quote/ })).toHaveCount(0);
    await expect(openCard.getByRole('button', { name: /^Accept this quote/ })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await shots(page, 'quote-of-a-paused-hauler');
  });

  test('“On my way” two days early asks first; Escape sends nothing, “Mark it now” sends it', async ({
    page,
    request,
  }) => {
    const job = await bookedJob(request, first, 'early');
    await page.goto(job.jobPage);
    const onMyWay = page.getByRole('button', { name: JOB_TEXTS.onMyWay });
    await onMyWay.click();
    const dialog = page.getByRole('dialog', {
      name: JOB_TEXTS.offDayQuestion(formatPickupDate(job.pickupDate)),
    });
    // The dialog's own box is empty (its panel is fixed in place): its answers are what show.
    await expect(dialog.getByRole('button', { name: JOB_TEXTS.offDayConfirm })).toBeVisible();
    await expect(dialog.getByRole('button', { name: JOB_TEXTS.offDayCancel })).toBeFocused();
    expect(await axeViolations(page)).toEqual([]);
    await shots(page, 'off-day-question', { fullPage: false });

    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(onMyWay).toBeFocused();
    const lead = await postJson(request, API_PATHS.lead, { token: job.viewToken });
    expect((lead.json.lead as { status: string }).status).toBe('accepted');

    await onMyWay.press('Enter');
    await dialog.getByRole('button', { name: JOB_TEXTS.offDayConfirm }).click();
    await expect(page.getByText('You told the homeowner you were on the way at')).toBeVisible();
    await mailWith(request, JOB_TEXTS.onTheWaySubject, job.homeowner);
  });

  test('a price change approved reaches the winning hauler’s offer page, with the way to the job page', async ({
    page,
    request,
  }) => {
    const job = await bookedJob(request, first, 'price');
    expect(
      (
        await postJson(request, JOB_API_PATHS.priceChange, {
          token: job.jobToken,
          priceDollars: 245,
          reason: 'A second sofa in the garage',
        })
      ).status,
    ).toBe(200);
    const approved = await postJson(request, JOB_API_PATHS.priceDecision, {
      token: job.viewToken,
      decision: 'approve',
      change: 1,
    });
    expect(approved.status).toBe(200);

    await page.goto(job.requestPage);
    await expect(page.getByRole('listitem', { name: `${first.businessName}: $245` })).toContainText(
      'Changed from $200 by an approved price change',
    );
    await shots(page, 'request-page-price-now');

    await page.goto(job.offerPage);
    await expect(page.getByRole('region', { name: 'Your job' })).toContainText('$245 flat');
    const preferred = formatPickupDate(addDays(usToday(new Date()), 1));
    await expect(page.getByText('Preferred pickup', { exact: true })).toBeVisible();
    await expect(page.getByText(preferred, { exact: true })).toBeVisible();
    await expect(page.getByText(/Tomorrow|\d{4}-\d{2}-\d{2}/)).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Your accepted quote' })).toContainText(
      '$245 flat rate',
    );
    expect(await axeViolations(page)).toEqual([]);
    await shots(page, 'offer-page-your-job');
    await page.getByRole('link', { name: JOB_TEXTS.openJobPage }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your job' })).toBeVisible();
    await expect(page.getByText('$245 flat, locked')).toBeVisible();
  });

  test('the done email’s buttons land on the receipt and on the rating, focused', async ({
    page,
    request,
  }) => {
    const job = await bookedJob(request, first, 'done');
    const receipt = await makePhoto('receipt.jpg', { width: 600, height: 800, hue: 50 });
    const urls = await postJson(request, JOB_API_PATHS.uploadUrls, {
      token: job.jobToken,
      receipt: { contentType: receipt.mimeType, size: receipt.buffer.length },
    });
    expect(urls.status).toBe(200);
    const upload = urls.json.receipt as {
      url: string;
      key: string;
      headers: Record<string, string>;
    };
    expect(
      (await request.put(upload.url, { headers: upload.headers, data: receipt.buffer })).ok(),
    ).toBe(true);
    const done = await postJson(request, JOB_API_PATHS.done, {
      token: job.jobToken,
      receiptKey: upload.key,
      facility: `North Seattle Transfer ${run}`,
    });
    expect(done.status).toBe(200);
    const mail = await mailWith(request, JOB_TEXTS.doneSubject, job.homeowner);

    await page.setViewportSize(PHONE);
    for (const [label, heading] of [
      [JOB_TEXTS.rate, JOB_TEXTS.rate],
      [JOB_TEXTS.viewReceipt, 'Disposal receipt'],
    ] as const) {
      const link = new URL(linkIn(mail, label));
      await page.goto(`${link.pathname}${link.hash}`);
      const target = page.getByRole('heading', { level: 2, name: heading });
      await expect(target).toBeFocused();
      await expect(target).toBeInViewport();
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      await shots(page, `landed-on-${heading === JOB_TEXTS.rate ? 'rate' : 'receipt'}`, {
        fullPage: false,
      });
    }

    // The stars' hint gives way to the error: "Choose from 1 to 5 stars" is said once.
    await page.getByRole('button', { name: JOB_TEXTS.rate }).click();
    await expect(page.getByText('Choose from 1 to 5 stars')).toHaveCount(1);
    await shots(page, 'rating-stars-error-once');
  });

  test('a job cancelled after booking tells its hauler not to go, at the top of both pages', async ({
    page,
    request,
  }) => {
    const job = await bookedJob(request, second, 'cancelled');
    const street = `1301 Fifth Ave ${run}`;
    const address = await postJson(request, JOB_API_PATHS.address, {
      token: job.viewToken,
      street,
      accessNotes: 'Loading dock, ring 4',
    });
    expect(address.status).toBe(200);
    const cancelled = await postJson(request, API_PATHS.cancelRequest, { token: job.viewToken });
    expect(cancelled.status).toBe(200);

    for (const [pagePath, name] of [
      [job.jobPage, 'job-page-cancelled'],
      [job.offerPage, 'offer-page-cancelled'],
    ] as const) {
      await page.goto(pagePath);
      const banner = page.getByRole('region', { name: JOB_TEXTS.cancelledHeading });
      await expect(banner).toContainText('The homeowner cancelled this pickup on');
      await expect(page.getByRole('heading', { level: 2 }).first()).toHaveText(
        JOB_TEXTS.cancelledHeading,
      );
      await expect(page.locator('main').getByRole('button')).toHaveCount(0);
      await expect(page.getByText(street)).toHaveCount(0);
      await expect(page.getByText('Loading dock, ring 4')).toHaveCount(0);
      expect(await axeViolations(page)).toEqual([]);
      await shots(page, name);
    }
  });
});
