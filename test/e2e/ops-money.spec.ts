/**
 * Operations and a job's money against the local stack (payments on, the Stripe stand-in): a job
 * booked through the real paths, its money charged through the money runner straight against the
 * stack's dynalite and stand-in (acceptance with a card and the money job are tested apart), then
 * `npm run leads -- refund` run as operations run it, and a dispute opened at the stand-in, whose
 * signed webhook reaches the local site and emails operations once; `leads show` shows both, and
 * `leads evidence --submit` sends the evidence to the stand-in once.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { type APIRequestContext, expect, test } from '@playwright/test';
import {
  E2E_DYNAMO_PORT,
  E2E_S3_PORT,
  E2E_SES_PORT,
  E2E_STRIPE_PORT,
} from '../../playwright.config';
import { haulerNear } from './helpers/booked-jobs';
import { mailWith } from './helpers/haulers';
import { sentMail } from './helpers/local-stack';
import { chargedJob as chargedJobOf, standInStripe } from './helpers/stack-money';
import { MONEY_OPERATIONS_TEXTS } from '#contract/money/payments';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PHOENIX = { zipCode: '85001', city: 'Phoenix', state: 'Arizona' };
const OPERATIONS = 'operations@bulktrashpickup.example';
const run = Date.now().toString(36);
const STAND_IN = `http://127.0.0.1:${E2E_STRIPE_PORT}`;
const KEY = 'sk_test_e2e_ops_money';

const stripe = standInStripe(KEY);

/** `npm run leads -- …` against the e2e stack, as an operator runs it against `npm start`. */
async function leads(...args: string[]): Promise<{ stdout: string; code: number }> {
  const port = new URL(test.info().project.use.baseURL ?? 'http://localhost:3100').port;
  try {
    const { stdout } = await promisify(execFile)(
      path.join(ROOT, 'node_modules/.bin/tsx'),
      ['scripts/leads/cli.ts', ...args],
      {
        cwd: ROOT,
        env: {
          ...process.env,
          PORT: port,
          DYNAMO_PORT: String(E2E_DYNAMO_PORT),
          S3_PORT: String(E2E_S3_PORT),
          SES_PORT: String(E2E_SES_PORT),
          STRIPE_PORT: String(E2E_STRIPE_PORT),
          LOCAL_DATA_DIR: '.local/e2e',
        },
      },
    );
    return { stdout, code: 0 };
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; code?: number };
    return { stdout: `${failed.stdout ?? ''}${failed.stderr ?? ''}`, code: failed.code ?? 1 };
  }
}

/** A job booked through the real paths, its money charged $240 at the stand-in. */
async function chargedJob(request: APIRequestContext, label: string) {
  // Accepted through the card page, as the homeowner does: the money starts with the hold.
  return chargedJobOf(request, KEY, {
    hauler: await haulerNear(request, PHOENIX, `Money Haul ${label} ${run}`),
    homeowner: `money-${label}-${run}@example.com`,
    place: PHOENIX,
  });
}

test.describe('operations and a job’s money', () => {
  test.slow();

  test('a refund from the command line reaches Stripe once and both parties by email', async ({
    request,
  }) => {
    const job = await chargedJob(request, 'refund');
    const shown = await leads('show', job.reference);
    expect(shown.stdout).toContain('charged: Charged. · price $240.00');
    expect(shown.stdout).toContain(job.intentId);

    const refunded = await leads(
      'refund',
      job.reference,
      '--amount',
      '40',
      '--reason',
      'The mattress stayed behind',
    );
    expect(refunded.stdout).toContain(`Refund #1 of $40.00 on ${job.reference}`);
    expect(refunded.code).toBe(0);
    const refunds = await stripe.refunds.list({ payment_intent: job.intentId });
    expect(refunds.data.map((refund) => refund.amount)).toEqual([4_000]);

    const homeowner = await mailWith(request, MONEY_OPERATIONS_TEXTS.refundSubject, job.homeowner);
    expect(homeowner.body.text).toContain('Refunded now: $40.00');
    expect(homeowner.body.text).toContain('The mattress stayed behind');
    const hauler = await mailWith(
      request,
      MONEY_OPERATIONS_TEXTS.haulerRefundSubject,
      job.hauler.email,
    );
    // $204.00 transferred (less the 15% fee) × 40 / 240.
    expect(hauler.body.text).toContain('Payout reduced by: $34.00');

    const tooMuch = await leads('refund', job.reference, '--amount', '200.01', '--reason', 'x');
    expect(tooMuch.code).toBe(1);
    expect(tooMuch.stdout).toContain('is more than the $200.00 left to refund');
    const after = await leads('show', job.reference);
    expect(after.stdout).toMatch(/refund {5}#1 \$40\.00 · succeeded · re_/);
  });

  test('a dispute emails operations once and holds the hauler’s payout in leads show', async ({
    request,
  }) => {
    const job = await chargedJob(request, 'dispute');
    const opened = await request.post(`${STAND_IN}/_standin/disputes`, {
      data: { payment_intent: job.intentId, reason: 'product_unacceptable' },
    });
    expect(opened.ok()).toBe(true);
    const dispute = (await opened.json()) as { id: string };

    // The stand-in signs and delivers the event to the site; the minute job sends the email.
    const subject = `${MONEY_OPERATIONS_TEXTS.disputeSubject}: ${job.reference}`;
    const toOperations = async () => {
      await request.post('/__local/drain-outbox', { data: {} });
      return (await sentMail(request)).filter(
        (mail) => mail.subject === subject && mail.destination.to.includes(OPERATIONS),
      );
    };
    await expect.poll(async () => (await toOperations()).length, { timeout: 20_000 }).toBe(1);
    const [mail] = await toOperations();
    expect(mail!.body.text).toContain('Reason: product_unacceptable');
    expect(mail!.body.text).toContain(`npm run leads -- evidence ${job.reference}`);

    const shown = await leads('show', job.reference);
    expect(shown.stdout).toContain('disputed: The charge is disputed with the bank.');
    expect(shown.stdout).toContain(`${dispute.id} · open · $240.00`);
    expect(shown.stdout).toContain(MONEY_OPERATIONS_TEXTS.payoutHeld);
    const refused = await leads('refund', job.reference, '--reason', 'Trying');
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain('is disputed');

    // The evidence in one text, then submitted to Stripe once however often it is run.
    const evidence = await leads('evidence', job.reference, '--submit');
    expect(evidence.code).toBe(0);
    expect(evidence.stdout).toContain('Accepted quote #1: $240');
    expect(evidence.stdout).toContain(
      `Submitted to Stripe as the evidence of dispute ${dispute.id}`,
    );
    expect((await leads('evidence', job.reference, '--submit')).code).toBe(0);
    const submitted = await stripe.disputes.retrieve(dispute.id);
    expect(submitted.evidence_details.submission_count).toBe(1);
    expect(submitted.evidence.uncategorized_text).toContain(`Request ${job.reference}`);

    // Delivered again or not, operations were told once.
    expect(await toOperations()).toHaveLength(1);
  });
});
