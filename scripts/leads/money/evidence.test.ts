// @vitest-environment node
/**
 * `leads evidence` against dynalite and the Stripe stand-in: the dispute's evidence gathered in
 * one text (receipt and photo links, quote and terms, timeline, money, emails), and `--submit`
 * sending it to Stripe once however often it is run.
 */
import { randomUUID } from 'node:crypto';
import { S3Client } from '@aws-sdk/client-s3';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Hauler } from '../../../lambdas/shared/models/hauler-model';
import { advanceMoney } from '../../../lambdas/shared/payments/money-runner';
import type { MoneyDeps } from '../../../lambdas/shared/payments/money-runner';
import { leadLedger } from '../../../lambdas/shared/mail/mailer';
import { haulerIn } from '../../../test/support/testing-haulers';
import { chargedMoney, disputeEvent } from '../../../test/support/testing-money';
import { moneyWorld } from '../../../test/support/testing-money-world';
import { seedDoneJob } from '../../../test/support/testing-ratings';
import { parseArgs } from '../options';
import { gatherEvidence } from './evidence';
import { PAYMENT_TEXTS } from '#contract/money/payments';

const NOW = new Date('2026-12-08T12:00:00.000Z');
const FACILITY = 'Salt River Transfer Station';
const world = moneyWorld();
const { table } = world;
let hauler: Hauler;
let deps: MoneyDeps;
const s3 = new S3Client({
  region: 'us-east-1',
  endpoint: 'http://127.0.0.1:9',
  forcePathStyle: true,
  credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
});

beforeEach(async () => {
  hauler = await haulerIn(table, 'active', NOW);
  deps = world.moneyDeps(() => NOW);
});

async function disputedJob() {
  const submissionId = randomUUID();
  const receiptKey = `job-proof/${submissionId}/1-1-receipt.jpg`;
  const { lead } = await seedDoneJob(table, submissionId, hauler, NOW, {
    receipt: {
      key: receiptKey,
      contentType: 'image/jpeg',
      facility: FACILITY,
      at: NOW.toISOString(),
    },
    afterPhotoKeys: [`job-proof/${submissionId}/1-2-after.jpg`],
  });
  const charged = await chargedMoney(world.standIn.stripe, deps, submissionId);
  const hold = charged.payment.holds.at(-1)!;
  const dispute = await world.standIn.admin<Record<string, unknown> & { id: string }>(
    'POST',
    '/_standin/disputes',
    { payment_intent: hold.intentId },
  );
  await advanceMoney(deps, charged.jobId, {
    type: 'webhook',
    event: disputeEvent(`evt_${dispute.id}`, 'charge.dispute.created', dispute),
  });
  return { lead, dispute, receiptKey };
}

const evidenceDeps = () => ({ table, s3, bucket: 'quote-photos', provider: deps.provider });

describe('leads evidence', () => {
  it('gathers the receipt, photos, quote, terms, timeline, money and emails in one text', async () => {
    const { lead, dispute, receiptKey } = await disputedJob();
    const evidence = await gatherEvidence(evidenceDeps(), lead.reference, { submit: false });
    expect(evidence.submitted).toBeUndefined();
    const { text } = evidence;
    expect(text).toContain(`Request ${lead.reference}`);
    expect(text).toContain('Accepted quote #1: $240');
    expect(text).toContain(PAYMENT_TEXTS.beforeAccepting);
    expect(text).toContain(PAYMENT_TEXTS.cancellationTerms);
    expect(text).toContain(`Disposal receipt: ${FACILITY}`);
    expect(text).toContain('timeline');
    expect(text).toContain(`${dispute.id} · open · $325.00`);
    expect(text).toMatch(
      new RegExp(
        `Receipt file: http://127\\.0\\.0\\.1:9/quote-photos/${receiptKey}\\?.*X-Amz-Expires=3600`,
      ),
    );
    expect(text).toContain('After-photo 1: http://127.0.0.1:9/quote-photos/job-proof/');
  });

  it('submits the text evidence to Stripe once, however often it is run', async () => {
    const { lead, dispute } = await disputedJob();
    const first = await gatherEvidence(evidenceDeps(), lead.reference, { submit: true });
    expect(first.submitted).toEqual({ disputeId: dispute.id, submissions: 1 });
    const again = await gatherEvidence(evidenceDeps(), lead.reference, { submit: true });
    expect(again.submitted).toEqual({ disputeId: dispute.id, submissions: 1 });
    const stored = await world.standIn.stripe.disputes.retrieve(dispute.id);
    expect(stored.evidence.customer_email_address).toBe(lead.request.email);
    expect(stored.evidence.uncategorized_text).toContain(`Disposal receipt: ${FACILITY}`);
    // The bank's copy holds no link: they expire.
    expect(stored.evidence.uncategorized_text).not.toContain('X-Amz');
    expect(stored.evidence_details.submission_count).toBe(1);
  });

  it('submits once even when the timeline grew between two runs', async () => {
    const { lead, dispute } = await disputedJob();
    await gatherEvidence(evidenceDeps(), lead.reference, { submit: true });
    // An email sent meanwhile (the hauler told of the held payout): the text, and its key, change.
    await leadLedger(table, lead).record('later-email', { status: 'sent' }, NOW);
    const grown = await gatherEvidence(evidenceDeps(), lead.reference, { submit: true });
    expect(grown.text).toContain('later-email');
    expect(grown.submitted).toEqual({ disputeId: dispute.id, submissions: 1 });
    expect(
      (await world.standIn.stripe.disputes.retrieve(dispute.id)).evidence_details.submission_count,
    ).toBe(1);
  });

  it('refuses to submit for a request without a dispute', async () => {
    const submissionId = randomUUID();
    const { lead } = await seedDoneJob(table, submissionId, hauler, NOW);
    await chargedMoney(world.standIn.stripe, deps, submissionId);
    await expect(gatherEvidence(evidenceDeps(), lead.reference, { submit: true })).rejects.toThrow(
      'has no dispute',
    );
    expect(parseArgs(['evidence', 'ABCD1234', '--submit', '--out', 'x.txt'])).toMatchObject({
      command: 'evidence',
      submit: true,
      out: 'x.txt',
    });
  });
});
