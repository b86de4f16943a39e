/**
 * The money job (decision 057) against the running local stack with payments on and the Stripe
 * stand-in: a job accepted (through the API; its money started by the local switch, as the card
 * page will) and held, then the homeowner cancels from the request page. Early: "Nothing was
 * charged" and the hold released. Within 24 hours of the money's window (set by the local switch:
 * the quote loop refuses a cancellation on the pickup day itself): the $50 late-cancellation fee
 * taken and paid to the hauler in full. A no-show the homeowner reports and operations confirm
 * with their own command (`npm run leads -- confirm-no-show`): released. The haulers work around
 * 97201 (Portland), where no other spec's haulers are.
 */
import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { acceptedJob, haulerNear } from './helpers/booked-jobs';
import { mailWith } from './helpers/haulers';
import { postJson } from './helpers/quote-loop';
import { runMoney } from './helpers/stack-money';
import { E2E_DYNAMO_PORT, E2E_S3_PORT, E2E_SES_PORT } from '../../playwright.config';
import { addDays, usToday } from '#contract/core/calendar-date';
import { JOB_API_PATHS, pickupInstant } from '#contract/loop/jobs';
import type { QuoteWindow } from '#contract/loop/quote-loop';
import { MONEY_EMAIL_TEXTS, PAYMENT_TERMS, formatCents } from '#contract/money/payments';

const PORTLAND = { zipCode: '97201', city: 'Portland', state: 'Oregon' };
const run = Date.now().toString(36);
const HOUR = 3_600_000;

interface Booked {
  submissionId: string;
  reference: string;
  homeowner: string;
  requestPage: string;
  viewToken: string;
  jobId: string;
}

/** The first pickup window whose start is between `from` and `to` hours from now. */
function windowWithin(from: number, to: number): { pickupDate: string; pickupWindow: QuoteWindow } {
  const now = Date.now();
  for (let day = 0; day < 10; day += 1) {
    const pickupDate = addDays(usToday(new Date()), day);
    for (const pickupWindow of ['morning', 'afternoon'] as const) {
      const start = pickupInstant(pickupDate, pickupWindow, 'start').getTime();
      if (start >= now + from * HOUR && start <= now + to * HOUR)
        return { pickupDate, pickupWindow };
    }
  }
  throw new Error(`no pickup window starts ${from} to ${to} hours from now`);
}

async function bookedWithMoney(
  request: APIRequestContext,
  hauler: { email: string; businessName: string },
  label: string,
  when: { pickupDate: string; pickupWindow: QuoteWindow },
  moneyWindow: { windowStartsAt?: string } = {},
): Promise<Booked> {
  // Accepted through the card page: the money starts with the hold (the pickup is near).
  const { submissionId, reference, homeowner, viewToken } = await acceptedJob(request, {
    hauler,
    homeowner: `money-${label}-${run}@example.com`,
    place: PORTLAND,
    ...when,
    oneOfferRun: true,
  });
  // The money as acceptance started it; a late cancellation's test moves its window nearer.
  const started = await request.post('/__local/start-money', {
    data: { submissionId, ...moneyWindow },
  });
  expect(started.ok(), await started.text()).toBe(true);
  const money = (await started.json()) as { jobId: string; after: string };
  expect(money.after).toBe('held');
  return {
    submissionId,
    reference,
    homeowner,
    requestPage: `/request#t=${viewToken}`,
    viewToken,
    jobId: money.jobId,
  };
}

async function cancelFromRequestPage(page: Page, requestPage: string) {
  await page.goto(requestPage);
  await page.getByRole('button', { name: 'Cancel this request' }).click();
  await page.getByRole('button', { name: 'Yes, cancel my request' }).click();
  await expect(page.getByText('Your request is cancelled.')).toBeVisible();
}

test.describe('the money job on a cancellation or a no-show', () => {
  let hauler: { email: string; businessName: string };

  test.beforeAll(async ({ request }) => {
    hauler = await haulerNear(request, PORTLAND, `Rose City Haul ${run}`);
  });

  test('more than 24 hours ahead: the hold is released and nothing is charged', async ({
    page,
    request,
  }) => {
    const booked = await bookedWithMoney(request, hauler, 'early', windowWithin(30, 90));
    await cancelFromRequestPage(page, booked.requestPage);
    const report = await runMoney(request, booked.jobId);
    expect(report.jobs).toEqual([expect.objectContaining({ after: 'released' })]);
    const released = await mailWith(
      request,
      MONEY_EMAIL_TEXTS.releasedSubject(booked.reference),
      booked.homeowner,
    );
    expect(released.body.text).toContain(MONEY_EMAIL_TEXTS.releasedIntro);
  });

  test('within 24 hours of the window: the $50 late fee is charged and paid to the hauler', async ({
    page,
    request,
  }) => {
    // The quote loop refuses a cancellation on the pickup day and the server's clock cannot move:
    // the money's window is set 12 hours ahead while the quote's is tomorrow or later.
    const booked = await bookedWithMoney(request, hauler, 'late', windowWithin(30, 90), {
      windowStartsAt: new Date(Date.now() + 12 * HOUR).toISOString(),
    });
    await cancelFromRequestPage(page, booked.requestPage);
    const report = await runMoney(request, booked.jobId);
    expect(report.jobs).toEqual([expect.objectContaining({ after: 'charged' })]);
    const fee = formatCents(PAYMENT_TERMS.lateCancellationFeeCents);
    await mailWith(
      request,
      MONEY_EMAIL_TEXTS.lateFeeSubject(fee, booked.reference),
      booked.homeowner,
    );
    const payout = await mailWith(
      request,
      MONEY_EMAIL_TEXTS.payoutSubject(fee, booked.reference),
      hauler.email,
    );
    expect(payout.body.text).toContain(MONEY_EMAIL_TEXTS.lateFeePayoutIntro(fee));
  });

  test('a no-show confirmed by operations releases the hold: nothing is charged', async ({
    request,
    baseURL,
  }) => {
    const booked = await bookedWithMoney(request, hauler, 'no-show', windowWithin(30, 90));
    const reported = await postJson(request, JOB_API_PATHS.problem, {
      token: booked.viewToken,
      kind: 'no-show',
      description: 'Nobody came all morning.',
    });
    expect(reported.status).toBe(200);
    // The operator's own command, against this stack: it stores the release for the money job.
    const printed = execFileSync(
      'npx',
      ['tsx', 'scripts/leads/cli.ts', 'confirm-no-show', booked.reference],
      {
        env: {
          ...process.env,
          PORT: String(new URL(baseURL ?? '').port),
          DYNAMO_PORT: String(E2E_DYNAMO_PORT),
          S3_PORT: String(E2E_S3_PORT),
          SES_PORT: String(E2E_SES_PORT),
          LOCAL_DATA_DIR: '.local/e2e',
        },
        encoding: 'utf8',
      },
    );
    expect(printed).toContain('The hold on the card is released by the next money job.');
    const report = await runMoney(request, booked.jobId);
    expect(report.jobs).toEqual([expect.objectContaining({ after: 'released' })]);
    await mailWith(request, MONEY_EMAIL_TEXTS.releasedSubject(booked.reference), booked.homeowner);
  });
});
