/**
 * Pay on proof, the whole loop of issue 39, in a browser against the local stack with payments on
 * and the Stripe stand-in: a hauler approved with payouts set up quotes a pickup six days off;
 * the homeowner accepts it on the request page with a card saved on the stand-in's hosted card
 * page; the money job, its clock moved to four days before the window, places the hold; the hauler
 * presses "On my way" and "Job done" with the disposal receipt; the money job, its clock moved past
 * the 24-hour objection window, captures the price with the 15% fee; the homeowner's "charged"
 * email and the hauler's payout email arrive once each, and the hauler's page shows the job's
 * amount, fee and payout.
 */
import { expect, test } from '@playwright/test';
import { moneyJobId } from '../../lambdas/shared/payments/money-runner';
import { axeViolations } from './helpers/axe';
import { acceptOnRequestPage, haulerNear, quotedRequest } from './helpers/booked-jobs';
import { buttonToken, mailWith } from './helpers/haulers';
import { intentsOf, mailsTo, runMoney, standInStripe } from './helpers/stack-money';
import { makePhoto } from './helpers/photos';
import { addDays, usToday } from '#contract/core/calendar-date';
import { JOB_TEXTS, pickupInstant } from '#contract/loop/jobs';
import {
  HAULER_MONEY_TEXTS,
  MONEY_EMAIL_TEXTS,
  PAYMENT_TERMS,
  PAYOUT_TEXTS,
  formatCents,
} from '#contract/money/payments';

const SEATTLE = { zipCode: '98101', city: 'Seattle', state: 'Washington' };
const run = Date.now().toString(36);
const HOUR = 3_600_000;
const PRICE_CENTS = 24_000;
const FEE_CENTS = 3_600;
const PAYOUT_CENTS = PRICE_CENTS - FEE_CENTS;

const stripe = standInStripe('sk_test_e2e_pay_on_proof');

test('pay on proof: payouts, a card saved at acceptance, the hold, job done with a receipt, the capture and the payout on the hauler’s page', async ({
  page,
  request,
}) => {
  test.slow();
  // Six days off: the hold is not placed at acceptance but by the money job 4 days ahead.
  const pickupDate = addDays(usToday(new Date()), 6);
  const { hauler, homeowner, submissionId, reference, viewToken } = await quotedRequest(request, {
    // Payouts set up on the stand-in's hosted onboarding page (approvedHauler does it).
    hauler: await haulerNear(request, SEATTLE, `Emerald Haul ${run}`),
    homeowner: `pay-on-proof-${run}@example.com`,
    place: SEATTLE,
    priceDollars: PRICE_CENTS / 100,
    pickupDate,
  });
  const jobId = moneyJobId(submissionId, 1);

  // Accepted in the browser: Confirm, the stand-in's card page, back on the request page.
  await acceptOnRequestPage(page, viewToken);
  await expect(page.getByRole('region', { name: 'Booked: give the address' })).toContainText(
    hauler.businessName,
  );
  // The card is saved; nothing is held yet.
  expect(await intentsOf(stripe, jobId)).toEqual([]);

  // The money job's clock moved to 4 days before the window: the hold is placed.
  const windowStart = pickupInstant(pickupDate, 'morning', 'start');
  const holdAt = new Date(windowStart.getTime() - PAYMENT_TERMS.holdLeadHours * HOUR + 60_000);
  expect((await runMoney(request, jobId, holdAt)).jobs).toEqual([
    expect.objectContaining({ jobId, after: 'held' }),
  ]);
  const [held] = await intentsOf(stripe, jobId);
  expect(held).toMatchObject({
    status: 'requires_capture',
    amount: PRICE_CENTS,
    capture_method: 'manual',
  });

  // On my way, from the hauler's job page.
  const bookedMail = await mailWith(request, /^Booked: /, hauler.email);
  const jobPage = `/haulers/job#t=${buttonToken(bookedMail, 'View the job')}`;
  await page.goto(jobPage);
  await page.getByRole('button', { name: JOB_TEXTS.onMyWay }).click();
  // The pickup is days off: the page asks before telling the homeowner.
  await page.getByRole('dialog').getByRole('button', { name: JOB_TEXTS.offDayConfirm }).click();
  await expect(page.getByText('You told the homeowner you were on the way at')).toBeVisible();
  await mailWith(request, JOB_TEXTS.onTheWaySubject, homeowner);

  // Job done with the disposal receipt.
  const facility = `Seattle Transfer Station ${run}`;
  const receipt = await makePhoto('receipt.jpg', { width: 600, height: 800, hue: 50 });
  const done = page.getByRole('region', { name: JOB_TEXTS.jobDone });
  await done.getByLabel('Disposal receipt').setInputFiles({
    name: receipt.name,
    mimeType: receipt.mimeType,
    buffer: receipt.buffer,
  });
  await done.getByLabel('Facility’s name').fill(facility);
  await done.getByRole('button', { name: JOB_TEXTS.jobDone }).click();
  await page.getByRole('dialog').getByRole('button', { name: JOB_TEXTS.offDayConfirm }).click();
  await expect(page.getByText(`with the receipt from ${facility}.`)).toBeVisible();
  const doneAt = Date.now();
  await mailWith(request, JOB_TEXTS.doneSubject, homeowner);
  // Within the objection window nothing is captured.
  expect((await intentsOf(stripe, jobId))[0]?.status).toBe('requires_capture');

  // The window passed (the money job's clock moved past it): captured with the 15% fee.
  const passed = new Date(doneAt + PAYMENT_TERMS.objectionHours * HOUR + 5 * 60_000);
  expect((await runMoney(request, jobId, passed)).jobs).toEqual([
    expect.objectContaining({ jobId, after: 'charged' }),
  ]);
  const captured = await intentsOf(stripe, jobId);
  expect(captured).toHaveLength(1);
  expect(captured[0]).toMatchObject({
    id: held!.id,
    status: 'succeeded',
    amount: PRICE_CENTS,
    amount_received: PRICE_CENTS,
    application_fee_amount: FEE_CENTS,
  });

  // Each side told once, even when the money job runs again.
  const chargedSubject = MONEY_EMAIL_TEXTS.chargedSubject(formatCents(PRICE_CENTS), reference);
  const payoutSubject = MONEY_EMAIL_TEXTS.payoutSubject(formatCents(PAYOUT_CENTS), reference);
  await expect.poll(async () => (await mailsTo(request, chargedSubject, homeowner)).length).toBe(1);
  await expect
    .poll(async () => (await mailsTo(request, payoutSubject, hauler.email)).length)
    .toBe(1);
  await runMoney(request, jobId, new Date(passed.getTime() + HOUR));
  expect(await mailsTo(request, chargedSubject, homeowner)).toHaveLength(1);
  expect(await mailsTo(request, payoutSubject, hauler.email)).toHaveLength(1);
  const [payoutMail] = await mailsTo(request, payoutSubject, hauler.email);
  expect(payoutMail!.body.text).toContain(
    MONEY_EMAIL_TEXTS.payoutIntro(
      formatCents(PAYOUT_CENTS),
      formatCents(PRICE_CENTS),
      formatCents(FEE_CENTS),
    ),
  );

  // The hauler's page: the job's amount, the fee and the payout, paid.
  await page.goto(`/haulers/account#t=${hauler.manageToken}`);
  const job = page.getByRole('listitem').filter({ hasText: reference });
  await expect(job).toContainText(HAULER_MONEY_TEXTS.charged);
  const money = job.getByRole('definition');
  await expect(money).toHaveText([
    formatCents(PRICE_CENTS),
    formatCents(FEE_CENTS),
    formatCents(PAYOUT_CENTS),
    HAULER_MONEY_TEXTS.charged,
  ]);
  await expect(job.getByRole('term')).toHaveText([
    PAYOUT_TEXTS.amount,
    PAYOUT_TEXTS.fee,
    PAYOUT_TEXTS.payout,
    PAYOUT_TEXTS.payoutState,
  ]);
  expect(await axeViolations(page)).toEqual([]);
});
