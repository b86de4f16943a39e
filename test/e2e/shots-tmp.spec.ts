/**
 * After "accepted", against the running local stack: the homeowner gives the address, the hauler
 * opens the job, asks for a new price (one approved, one declined), presses "On my way"; the
 * homeowner reports a problem; a job not marked done reaches operations; a job given up goes back
 * to offers. The haulers work around 80202 (Denver), where no other spec's haulers are, so every
 * offer there is this spec's.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { approvedHauler, buttonToken, mailWith } from './helpers/haulers';
import { sentMail } from './helpers/local-stack';
import { bookLead, postJson } from './helpers/quote-loop';
import { VALID_REQUEST_FIELDS } from '../fixtures/homeowner';
import { API_PATHS } from '#contract/api';
import { addDays, usToday } from '#contract/calendar-date';
import { JOB_TEXTS, pickupInstant } from '#contract/jobs';
import { OFFER_TEXTS } from '#contract/offers';

const DENVER = { zipCode: '80202', city: 'Denver', state: 'Colorado' };
const run = Date.now().toString(36);
const STREET = `1550 Larimer St ${run}`;

/** One tick of the offer job at `at`; with `submissionId`, for that request only. */
async function runOffers(request: APIRequestContext, at = new Date(), submissionId?: string) {
  const response = await request.post('/__local/run-offers', {
    data: { at: at.toISOString(), ...(submissionId === undefined ? {} : { submissionId }) },
  });
  expect(response.ok()).toBe(true);
}

async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

interface Booked {
  submissionId: string;
  reference: string;
  homeowner: string;
  /** The request page's link (the homeowner's view token). */
  requestPage: string;
  /** The hauler's job page, from "Booked". */
  jobPage: string;
  pickupDate: string;
}

/** A request in 80202 offered to `hauler`, quoted by them through the API and accepted. */
async function bookedJob(
  request: APIRequestContext,
  hauler: { email: string; businessName: string },
  label: string,
): Promise<Booked> {
  const homeowner = `job-${label}-${run}@example.com`;
  const { submissionId, reference } = await bookLead(request, homeowner, { fields: DENVER });
  await runOffers(request);
  const offer = await mailWith(request, /^New job near 80202/, `#t=${submissionId}.hauler.offer.`);
  expect(offer.destination.to).toEqual([hauler.email]);
  const pickupDate = addDays(usToday(new Date()), 2);
  const quoted = await postJson(request, API_PATHS.sendQuote, {
    token: buttonToken(offer, OFFER_TEXTS.sendQuote),
    quote: { priceDollars: 200, pickupDate, pickupWindow: 'morning', hauler: hauler.businessName },
  });
  expect(quoted.status).toBe(200);
  const confirmation = await mailWith(
    request,
    /^We received your bulk trash pickup request/,
    homeowner,
  );
  const viewToken = buttonToken(confirmation, 'View your request');
  const accepted = await postJson(request, API_PATHS.decideQuote, {
    token: viewToken,
    decision: 'accept',
    quote: 1,
  });
  expect(accepted.status).toBe(200);
  const booked = await mailWith(request, new RegExp(`^Booked: ${reference} `), hauler.email);
  return {
    submissionId,
    reference,
    homeowner,
    requestPage: `/request#t=${viewToken}`,
    jobPage: `/haulers/job#t=${buttonToken(booked, 'View the job')}`,
    pickupDate,
  };
}


const shot = async (page: Page, name: string) => {
  for (const [label, width, height] of [['phone', 390, 844], ['desktop', 1280, 900]] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `/tmp/shots/${name}-${label}.png`, fullPage: true });
  }
};

test('screenshots of the job pages', async ({ page, request }) => {
  test.setTimeout(240_000);
  const hauler = await approvedHauler(request, {
    businessName: `Mile High Haul ${run}`,
    baseZipCode: '80202',
    serviceRadiusMiles: 10,
  });
  const job = await bookedJob(request, hauler, 'shots');
  await page.goto(job.requestPage);
  await expect(page.getByText(`Reference ${job.reference}`)).toBeVisible();
  await page.getByRole('button', { name: 'Save the address' }).click();
  await expect(page.getByText('Enter the street address with its house number')).toBeVisible();
  await shot(page, 'request-address-error');
  await page.getByLabel('Street address').fill(STREET);
  await page.getByLabel('Access notes (optional)').fill('Side gate, code 2468');
  await page.getByRole('button', { name: 'Save the address' }).click();
  await expect(page.getByText('Saved. Your hauler has it.')).toBeVisible();
  await page.goto(job.jobPage);
  await expect(page.getByText(STREET)).toBeVisible();
  await shot(page, 'hauler-job-booked');
  await page.getByLabel('New flat price (whole dollars)').fill('260');
  await page.getByLabel('Why the price changes').fill('A second sofa in the garage');
  await page.getByRole('button', { name: 'Send the new price to the homeowner' }).click();
  await expect(page.getByText('Waiting for the homeowner to answer')).toBeVisible();
  await page.getByRole('button', { name: JOB_TEXTS.onMyWay }).click();
  await expect(page.getByText('You told the homeowner you were on the way at')).toBeVisible();
  await page.getByRole('button', { name: JOB_TEXTS.cantDo }).click();
  await shot(page, 'hauler-job-on-the-way');
  await page.goto(job.requestPage);
  await expect(page.getByText('Your hauler asks to change the price')).toBeVisible();
  await page.getByRole('button', { name: JOB_TEXTS.reportProblem }).click();
  await shot(page, 'request-price-change-and-problem');
  const ask = await mailWith(request, JOB_TEXTS.priceChangeSubject(job.reference, 260), job.homeowner);
  await page.goto(`/request#t=${buttonToken(ask, JOB_TEXTS.approve)}`);
  await expect(page.getByRole('button', { name: `${JOB_TEXTS.approve} $260` })).toBeVisible();
  await shot(page, 'request-price-link');
});
