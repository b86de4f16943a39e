/**
 * A dispute holds the hauler's payout (decision 061), in a browser against the local stack
 * (payments on, the Stripe stand-in): a job booked and accepted through the real paths, charged
 * through the money runner, then a dispute opened at the stand-in whose signed webhook reaches
 * the site; the money job's minute reverses the hauler's transfer and the hauler's page shows the
 * payout held. The dispute is then won at the stand-in, and the page shows it paid again.
 */
import { type APIRequestContext, expect, test } from '@playwright/test';
import { E2E_STRIPE_PORT } from '../../playwright.config';
import { axeViolations } from './helpers/axe';
import { haulerNear } from './helpers/booked-jobs';
import { chargedJob, mailsTo, runMoney, standInStripe } from './helpers/stack-money';
import {
  DISPUTE_PAYOUT_TEXTS,
  HAULER_MONEY_TEXTS,
  PAYOUT_TEXTS,
  formatCents,
} from '#contract/money/payments';

const PHOENIX = { zipCode: '85001', city: 'Phoenix', state: 'Arizona' };
const run = Date.now().toString(36);
const STAND_IN = `http://127.0.0.1:${E2E_STRIPE_PORT}`;
const KEY = 'sk_test_e2e_dispute_hold';
/** $240 charged, the 15% fee kept: $204 transferred, all of it held by a dispute of $240. */
const PAYOUT_CENTS = 20_400;

const stripe = standInStripe(KEY);

/** The money job's minute for this job, run until `to` has exactly one email with `subject`. */
async function moneyRunsUntilOneMail(
  request: APIRequestContext,
  jobId: string,
  subject: string,
  to: string,
) {
  await expect
    .poll(
      async () => {
        await runMoney(request, jobId);
        return (await mailsTo(request, subject, to)).length;
      },
      { timeout: 20_000 },
    )
    .toBe(1);
}

test('a dispute holds the hauler’s payout on their page, and a won dispute pays it again', async ({
  page,
  request,
}) => {
  test.slow();
  const job = await chargedJob(request, KEY, {
    hauler: await haulerNear(request, PHOENIX, `Dispute Haul ${run}`),
    homeowner: `dispute-hold-${run}@example.com`,
    place: PHOENIX,
  });
  const opened = await request.post(`${STAND_IN}/_standin/disputes`, {
    data: { payment_intent: job.intentId, reason: 'product_unacceptable' },
  });
  expect(opened.ok()).toBe(true);
  const dispute = (await opened.json()) as { id: string };

  // The stand-in delivers the signed event to the site; the money job's minute reverses the transfer.
  const payout = formatCents(PAYOUT_CENTS);
  const heldSubject = DISPUTE_PAYOUT_TEXTS.heldSubject(payout, job.reference);
  await moneyRunsUntilOneMail(request, job.jobId, heldSubject, job.hauler.email);

  await page.goto(`/haulers/account#t=${job.hauler.manageToken}`);
  const listed = page.getByRole('listitem').filter({ hasText: job.reference });
  await expect(listed.getByRole('term')).toHaveText([
    PAYOUT_TEXTS.amount,
    PAYOUT_TEXTS.fee,
    PAYOUT_TEXTS.payout,
    PAYOUT_TEXTS.payoutState,
    DISPUTE_PAYOUT_TEXTS.label,
  ]);
  await expect(listed.getByRole('definition').nth(3)).toHaveText(HAULER_MONEY_TEXTS.disputed);
  await expect(listed.getByRole('definition').nth(4)).toHaveText(
    DISPUTE_PAYOUT_TEXTS.states.held(payout),
  );
  expect(await axeViolations(page)).toEqual([]);

  // Won at the stand-in: the held amount is transferred again, once.
  const closed = await request.post(`${STAND_IN}/_standin/disputes/${dispute.id}/close`, {
    data: { status: 'won' },
  });
  expect(closed.ok()).toBe(true);
  const againSubject = DISPUTE_PAYOUT_TEXTS.paidAgainSubject(payout, job.reference);
  await moneyRunsUntilOneMail(request, job.jobId, againSubject, job.hauler.email);
  const transfers = (await stripe.transfers.list({ limit: 100 })).data.filter(
    (transfer) => transfer.transfer_group === `job_${job.jobId}`,
  );
  expect(transfers.map((transfer) => transfer.amount)).toEqual([PAYOUT_CENTS]);

  await page.reload();
  await expect(listed.getByRole('definition').nth(3)).toHaveText(HAULER_MONEY_TEXTS.charged);
  await expect(listed.getByRole('definition').nth(4)).toHaveText(
    DISPUTE_PAYOUT_TEXTS.states['paid-again'](payout),
  );
  expect(await axeViolations(page)).toEqual([]);
});
