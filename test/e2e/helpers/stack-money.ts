/**
 * A job's money in the end-to-end tests: the Stripe stand-in and the stack's dynalite reached
 * straight from a spec (each spec with its own test key), the money job run for one job, and the
 * emails it sent once the outbox has drained.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { expect } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import Stripe from 'stripe';
import type { MoneyDeps } from '../../../lambdas/shared/payments/money-runner';
import { stripePayments } from '../../../lambdas/shared/payments/stripe-payments';
import { E2E_DYNAMO_PORT, E2E_STRIPE_PORT } from '../../../playwright.config';
import { LOCAL_CREDENTIALS, LOCAL_LEADS_TABLE } from '../../../scripts/local/aws-stand-ins';
import { chargedMoney } from '../../support/testing-money';
import { acceptedJob } from './booked-jobs';
import type { Hauler, QuoteOptions } from './booked-jobs';
import { sentMail } from './local-stack';

/** The SDK against the e2e stack's Stripe stand-in, with a spec's own test key. */
export function standInStripe(key: string): Stripe {
  return new Stripe(key, {
    host: '127.0.0.1',
    port: E2E_STRIPE_PORT,
    protocol: 'http',
    telemetry: false,
  });
}

/** The money runner's dependencies against the e2e stack's dynalite and Stripe stand-in. */
export function stackMoneyDeps(key: string): MoneyDeps {
  return {
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
      secretKey: () => Promise.resolve(key),
      webhookSecret: () => Promise.reject(new Error('unused')),
      host: '127.0.0.1',
      port: E2E_STRIPE_PORT,
      protocol: 'http',
    }),
    now: () => new Date(),
  };
}

/** The PaymentIntents the stand-in holds for this job (our intents name it in their metadata). */
export async function intentsOf(stripe: Stripe, jobId: string): Promise<Stripe.PaymentIntent[]> {
  const all = await stripe.paymentIntents.list({ limit: 100 }).autoPagingToArray({ limit: 10_000 });
  return all.filter((intent) => intent.metadata.job === jobId);
}

/** The money job for this job only (its clock at `at`, or now); the states it moved the job through. */
export async function runMoney(
  request: APIRequestContext,
  jobId: string,
  at?: Date,
): Promise<{ jobs: { jobId: string; after?: string }[] }> {
  const response = await request.post('/__local/run-money', {
    data: at === undefined ? { jobId } : { jobId, at: at.toISOString() },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { report: { jobs: { jobId: string; after?: string }[] } })
    .report;
}

/** The emails with `subject` to `to`, once the outbox has sent what it owes. */
export async function mailsTo(request: APIRequestContext, subject: string, to: string) {
  await request.post('/__local/drain-outbox', { data: {} });
  return (await sentMail(request)).filter(
    (mail) => mail.subject === subject && mail.destination.to.includes(to),
  );
}

/**
 * A job booked through the real paths and accepted with a card, its money then charged $240
 * through the money runner straight against the stack (the money job is tested apart).
 */
export async function chargedJob<H extends Hauler>(
  request: APIRequestContext,
  key: string,
  options: QuoteOptions<H>,
) {
  const job = await acceptedJob(request, { ...options, priceDollars: 240 });
  const charged = await chargedMoney(standInStripe(key), stackMoneyDeps(key), job.submissionId, {
    priceCents: 24_000,
  });
  return { ...job, intentId: charged.payment.holds.at(-1)!.intentId!, jobId: charged.jobId };
}
