/**
 * A dispute holds the hauler's payout (decision 061), in a browser against the local stack
 * (payments on, the Stripe stand-in): a job booked and accepted through the real paths, charged
 * through the money runner, then a dispute opened at the stand-in whose signed webhook reaches
 * the site; the money job's minute reverses the hauler's transfer and the hauler's page shows the
 * payout held. The dispute is then won at the stand-in, and the page shows it paid again.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { type APIRequestContext, expect, test } from '@playwright/test';
import Stripe from 'stripe';
import type { MoneyDeps } from '../../lambdas/shared/payments/money-runner';
import { stripePayments } from '../../lambdas/shared/payments/stripe-payments';
import { E2E_DYNAMO_PORT, E2E_STRIPE_PORT } from '../../playwright.config';
import { LOCAL_CREDENTIALS, LOCAL_LEADS_TABLE } from '../../scripts/local/aws-stand-ins';
import { chargedMoney } from '../support/testing-money';
import { axeViolations } from './helpers/axe';
import { approvedHauler, buttonToken, mailWith } from './helpers/haulers';
import { sentMail } from './helpers/local-stack';
import { QUOTE_SUBJECT, acceptWithCard, bookLead, offeredTo, postJson } from './helpers/quote-loop';
import { API_PATHS } from '#contract/core/api';
import { addDays, usToday } from '#contract/core/calendar-date';
import {
  DISPUTE_PAYOUT_TEXTS,
  HAULER_MONEY_TEXTS,
  PAYOUT_TEXTS,
  formatCents,
} from '#contract/money/payments';
import { OFFER_TEXTS } from '#contract/loop/offers';

const PHOENIX = { zipCode: '85001', city: 'Phoenix', state: 'Arizona' };
const run = Date.now().toString(36);
const STAND_IN = `http://127.0.0.1:${E2E_STRIPE_PORT}`;
const KEY = 'sk_test_e2e_dispute_hold';
/** $240 charged, the 15% fee kept: $204 transferred, all of it held by a dispute of $240. */
const PAYOUT_CENTS = 20_400;

const stripe = new Stripe(KEY, {
  host: '127.0.0.1',
  port: E2E_STRIPE_PORT,
  protocol: 'http',
  telemetry: false,
});
const moneyDeps: MoneyDeps = {
  table: {
    client: DynamoDBDocumentClient.from(
      new DynamoDBClient({
        endpoint: `http://127.0.0.1:${E2E_DYNAMO_PORT}`,
        region: 'us-east-1',
        credentials: LOCAL_CREDENTIALS,
      }),
    ),
    tableName: LOCAL_LEADS_TABLE,
  },
  provider: stripePayments({
    secretKey: () => Promise.resolve(KEY),
    webhookSecret: () => Promise.reject(new Error('unused')),
    host: '127.0.0.1',
    port: E2E_STRIPE_PORT,
    protocol: 'http',
  }),
  now: () => new Date(),
};

/** A job booked through the real paths and accepted with a card, its money charged $240. */
async function chargedJob(request: APIRequestContext) {
  const hauler = await approvedHauler(request, {
    businessName: `Dispute Haul ${run}`,
    baseZipCode: '85001',
    serviceRadiusMiles: 10,
  });
  const homeowner = `dispute-hold-${run}@example.com`;
  const { submissionId, reference } = await bookLead(request, homeowner, { fields: PHOENIX });
  const offer = (await offeredTo(request, submissionId, [hauler.email])).get(hauler.email)!;
  const quoted = await postJson(request, API_PATHS.sendQuote, {
    token: buttonToken(offer, OFFER_TEXTS.sendQuote),
    quote: {
      priceDollars: 240,
      pickupDate: addDays(usToday(new Date()), 2),
      pickupWindow: 'morning',
      hauler: hauler.businessName,
    },
  });
  expect(quoted.status).toBe(200);
  const quoteMail = await mailWith(request, QUOTE_SUBJECT, homeowner);
  const accepted = await acceptWithCard(request, {
    token: buttonToken(quoteMail, 'Accept this quote'),
  });
  expect(accepted.status).toBe(200);
  const charged = await chargedMoney(stripe, moneyDeps, submissionId, { priceCents: 24_000 });
  return {
    reference,
    hauler,
    intentId: charged.payment.holds.at(-1)!.intentId!,
    jobId: charged.jobId,
  };
}

/** The money job's minute for this job, then the emails with `subject` the hauler has. */
async function runMoneyThenMails(
  request: APIRequestContext,
  jobId: string,
  subject: string,
  to: string,
) {
  const ran = await request.post('/__local/run-money', { data: { jobId } });
  expect(ran.ok(), await ran.text()).toBe(true);
  await request.post('/__local/drain-outbox', { data: {} });
  return (await sentMail(request)).filter(
    (mail) => mail.subject === subject && mail.destination.to.includes(to),
  );
}

test('a dispute holds the hauler’s payout on their page, and a won dispute pays it again', async ({
  page,
  request,
}) => {
  test.slow();
  const job = await chargedJob(request);
  const opened = await request.post(`${STAND_IN}/_standin/disputes`, {
    data: { payment_intent: job.intentId, reason: 'product_unacceptable' },
  });
  expect(opened.ok()).toBe(true);
  const dispute = (await opened.json()) as { id: string };

  // The stand-in delivers the signed event to the site; the money job's minute reverses the transfer.
  const payout = formatCents(PAYOUT_CENTS);
  const heldSubject = DISPUTE_PAYOUT_TEXTS.heldSubject(payout, job.reference);
  await expect
    .poll(
      async () =>
        (await runMoneyThenMails(request, job.jobId, heldSubject, job.hauler.email)).length,
      {
        timeout: 20_000,
      },
    )
    .toBe(1);

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
  await expect
    .poll(
      async () =>
        (await runMoneyThenMails(request, job.jobId, againSubject, job.hauler.email)).length,
      {
        timeout: 20_000,
      },
    )
    .toBe(1);
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
