/**
 * The hauler's one home against the running local stack (issue 40, items 7 to 9): the hauler page
 * lists open offers, quotes sent, booked jobs, each linking to its page; the offer page says what
 * the email says and fills the day and window asked for; the job page keeps its next action on a
 * phone's screen; a cancelled job leaves "Booked jobs". The haulers work around 60601 (Chicago),
 * where no other spec's haulers are; a retry meets the first attempt's, so assertions name their own.
 */
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { axeViolations } from './helpers/axe';
import { approvedHauler, buttonToken, mailWith } from './helpers/haulers';
import { acceptWithCard, bookLead, postJson, runOffers } from './helpers/quote-loop';
import { VALID_REQUEST_FIELDS } from '../fixtures/homeowner';
import { API_PATHS } from '#contract/core/api';
import { addDays, usToday } from '#contract/core/calendar-date';
import { HAULER_TEXTS } from '#contract/haulers/hauler-api';
import { HAULER_WORK_TEXTS } from '#contract/haulers/hauler-work';
import { JOB_API_PATHS, JOB_TEXTS } from '#contract/loop/jobs';

const CHICAGO = { zipCode: '60601', city: 'Chicago', state: 'Illinois' };
const run = Date.now().toString(36);
const STREET = `233 S Wacker Dr ${run}`;

interface Request {
  submissionId: string;
  reference: string;
  viewToken: string;
}

/** A request near 60601 for half a truck, asked for an afternoon three days out, offered now. */
async function offeredRequest(
  request: APIRequestContext,
  label: string,
  pickupDate: string,
): Promise<Request> {
  const homeowner = `home-${label}-${run}@example.com`;
  const { submissionId, reference } = await bookLead(request, homeowner, {
    fields: {
      ...CHICAGO,
      loadSize: 'half',
      pickupDay: 'date',
      pickupDate,
      pickupWindow: 'afternoon',
    },
  });
  await runOffers(request, submissionId, new Date());
  const confirmation = await mailWith(
    request,
    /^We received your bulk trash pickup request/,
    homeowner,
  );
  return { submissionId, reference, viewToken: buttonToken(confirmation, 'View your request') };
}

const section = (page: Page, title: string) => page.getByRole('region', { name: title });

/** A fresh read of the page: going to the same URL with its fragment would not load it again. */
async function reopen(page: Page, link: string): Promise<void> {
  await page.goto('about:blank');
  await page.goto(link);
}

test.describe('the hauler’s home', () => {
  test.slow();

  test('lists offers, quotes and booked jobs with links; the offer page prefills; a cancelled job leaves "booked"', async ({
    page,
    request,
  }) => {
    const hauler = await approvedHauler(request, {
      businessName: `Lakefront Haul ${run}`,
      baseZipCode: '60601',
      serviceRadiusMiles: 10,
    });
    const welcome = await mailWith(request, HAULER_TEXTS.approvedSubject, hauler.email);
    const accountPage = `/haulers/account#t=${buttonToken(welcome, HAULER_TEXTS.accountLinkButton)}`;
    const asked = addDays(usToday(new Date()), 3);
    const booked = await offeredRequest(request, 'booked', asked);
    const open = await offeredRequest(request, 'open', asked);
    await mailWith(request, /^New job near 60601/, hauler.email, booked.submissionId);

    // Both offers are on the hauler page, without any email.
    await reopen(page, accountPage);
    const offers = section(page, HAULER_WORK_TEXTS.offers);
    await expect(offers).toContainText(booked.reference);
    await expect(offers).toContainText(open.reference);
    await expect(offers).toContainText('Half truck · est.');
    expect(await axeViolations(page)).toEqual([]);

    // The offer page shows the distance and estimate, and fills the day and window asked for.
    await offers
      .getByRole('link', { name: `${HAULER_WORK_TEXTS.openOffer}: ${booked.reference}` })
      .click();
    await expect(page.getByText(`for ${hauler.businessName}`)).toBeVisible();
    await expect(page.getByText('From your base')).toBeVisible();
    await expect(page.getByText(/miles$/)).toBeVisible();
    await expect(page.getByText(/^\$\d+–\$\d+ for this load$/)).toBeVisible();
    await expect(page.getByLabel('Pickup date')).toHaveValue(asked);
    await expect(page.getByLabel('Afternoon (12–5)')).toBeChecked();
    await page.getByLabel('Flat price (whole dollars)').fill('275');
    await page.getByRole('button', { name: 'Send the quote' }).click();
    await expect(page.getByText('Quote sent to the homeowner.')).toBeVisible();

    // Quoted: it moves from the offers to the quotes, waiting.
    await reopen(page, accountPage);
    const quotes = section(page, HAULER_WORK_TEXTS.quotes);
    await expect(quotes).toContainText(booked.reference);
    await expect(quotes).toContainText(HAULER_WORK_TEXTS.outcomes.waiting);
    await expect(section(page, HAULER_WORK_TEXTS.offers)).not.toContainText(booked.reference);

    // Accepted: it is a booked job, and its link opens the job page.
    const accepted = await acceptWithCard(request, {
      token: booked.viewToken,
      quote: 1,
    });
    expect(accepted.status).toBe(200);
    await reopen(page, accountPage);
    const bookedJobs = section(page, HAULER_WORK_TEXTS.booked);
    await expect(bookedJobs).toContainText(booked.reference);
    await expect(bookedJobs).toContainText('$275 flat');
    await bookedJobs
      .getByRole('link', { name: `${HAULER_WORK_TEXTS.openJob}: ${booked.reference}` })
      .click();
    await expect(page.getByText(`Job ${booked.reference}`)).toBeVisible();
    await expect(page.getByRole('link', { name: VALID_REQUEST_FIELDS.phone })).toBeVisible();

    // Cancelled by the homeowner: gone from "Booked jobs", and the quote says not to go.
    const cancelled = await postJson(request, API_PATHS.cancelRequest, {
      token: booked.viewToken,
    });
    expect(cancelled.status).toBe(200);
    await reopen(page, accountPage);
    await expect(section(page, HAULER_WORK_TEXTS.booked)).toContainText(HAULER_WORK_TEXTS.noBooked);
    await expect(section(page, HAULER_WORK_TEXTS.quotes)).toContainText(`${booked.reference}`);
    await expect(section(page, HAULER_WORK_TEXTS.quotes)).toContainText(
      HAULER_WORK_TEXTS.outcomes['cancelled-booked'],
    );
  });

  test('on a phone, the job page keeps "On my way", call, text and directions on screen; a job given up leaves "booked"', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const hauler = await approvedHauler(request, {
      businessName: `Loop Haulers ${run}`,
      baseZipCode: '60602',
      serviceRadiusMiles: 10,
    });
    const job = await offeredRequest(request, 'phone', addDays(usToday(new Date()), 2));
    const offer = await mailWith(request, /^New job near 60601/, hauler.email, job.submissionId);
    const quoted = await postJson(request, API_PATHS.sendQuote, {
      token: buttonToken(offer, 'Send a quote'),
      quote: {
        priceDollars: 190,
        pickupDate: addDays(usToday(new Date()), 2),
        pickupWindow: 'morning',
        hauler: hauler.businessName,
      },
    });
    expect(quoted.status).toBe(200);
    const quoteNumber = (quoted.json.lead as { quote: { number: number } }).quote.number;
    const accepted = await acceptWithCard(request, {
      token: job.viewToken,
      quote: quoteNumber,
    });
    expect(accepted.status).toBe(200);
    const address = await postJson(request, API_PATHS.jobAddress, {
      token: job.viewToken,
      street: STREET,
    });
    expect(address.status).toBe(200);
    const booked = await mailWith(request, new RegExp(`^Booked: ${job.reference} `), hauler.email);

    await page.goto(`/haulers/job#t=${buttonToken(booked, 'View the job')}`);
    await expect(page.getByText(`Job ${job.reference}`)).toBeVisible();
    const bar = page.getByRole('region', { name: 'Next step' });
    // Without scrolling: the bar and its button are inside the 844 px the phone shows.
    await expect(bar).toBeInViewport();
    await expect(bar.getByRole('button', { name: JOB_TEXTS.onMyWay })).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const digits = VALID_REQUEST_FIELDS.phone.replace(/[^\d+]/g, '');
    await expect(bar.getByRole('link', { name: 'Call the homeowner' })).toHaveAttribute(
      'href',
      `tel:${digits}`,
    );
    await expect(bar.getByRole('link', { name: 'Text the homeowner' })).toHaveAttribute(
      'href',
      `sms:${digits}`,
    );
    const destination = encodeURIComponent(
      `${STREET}, ${CHICAGO.city}, ${CHICAGO.state} ${CHICAGO.zipCode}`,
    );
    await expect(bar.getByRole('link', { name: 'Directions to the pickup' })).toHaveAttribute(
      'href',
      `https://www.google.com/maps/dir/?api=1&destination=${destination}`,
    );
    // Still there at the foot of the page.
    await page.getByRole('region', { name: 'Status' }).scrollIntoViewIfNeeded();
    await expect(bar.getByRole('button', { name: JOB_TEXTS.onMyWay })).toBeInViewport();
    expect(await axeViolations(page)).toEqual([]);

    // Listed as booked until the hauler gives it up: then it is no longer theirs.
    const welcome = await mailWith(request, HAULER_TEXTS.approvedSubject, hauler.email);
    const accountPage = `/haulers/account#t=${buttonToken(welcome, HAULER_TEXTS.accountLinkButton)}`;
    await reopen(page, accountPage);
    await expect(section(page, HAULER_WORK_TEXTS.booked)).toContainText(job.reference);
    const gaveUp = await postJson(request, JOB_API_PATHS.cantDo, {
      token: buttonToken(booked, 'View the job'),
      reason: 'The truck broke down',
    });
    expect(gaveUp.status).toBe(200);
    await reopen(page, accountPage);
    await expect(section(page, HAULER_WORK_TEXTS.booked)).toContainText(HAULER_WORK_TEXTS.noBooked);
    await expect(section(page, HAULER_WORK_TEXTS.quotes)).toContainText(
      HAULER_WORK_TEXTS.outcomes['given-up'],
    );
  });
});
