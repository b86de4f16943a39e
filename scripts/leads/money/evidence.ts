/**
 * `npm run leads -- evidence REF [--out FILE] [--submit]` (decision 058): a dispute's evidence in
 * one text for operations: the disposal receipt and after-photos (links valid for an hour), the
 * accepted quote and the terms shown before acceptance, the job's timeline, its money and the
 * emails sent. `--submit` sends the text to Stripe as the dispute's evidence, keyed by the dispute
 * and the text itself, so a rerun of the same evidence submits once.
 */
import { createHash } from 'node:crypto';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { acceptedStoredQuote, jobOf } from '../../../lambdas/shared/jobs/lead-job';
import type { Lead } from '../../../lambdas/shared/models/lead-model';
import type { PaymentProvider } from '../../../lambdas/shared/payments/stripe-payments';
import type { LeadTable } from '../../../lambdas/shared/runtime/table-handle';
import { emailLine } from '../emails';
import { oneRequest } from '../find-request';
import { jobLines, timelineLine } from '../job';
import { type JobMoney, leadMoney, moneyLines } from './job-money';
import { PAYMENT_TEXTS } from '#contract/money/payments';
import { formatPrice } from '#contract/loop/quote-loop';

/** Long enough to download while gathering; the operations role's session lasts an hour. */
export const EVIDENCE_LINK_SECONDS = 3_600;

/** Stripe takes at most this much text in one evidence field. */
const STRIPE_TEXT_MAX = 20_000;

export interface EvidenceDeps {
  table: LeadTable;
  s3: S3Client;
  bucket: string;
  /** Only with --submit. */
  provider?: PaymentProvider;
}

export interface Evidence {
  reference: string;
  /** For operations: everything, with links to the private files. */
  text: string;
  /** For the bank: the same without the links (they expire). */
  submitted?: { disputeId: string; submissions: number } | undefined;
}

async function link(deps: EvidenceDeps, key: string): Promise<string> {
  return getSignedUrl(deps.s3, new GetObjectCommand({ Bucket: deps.bucket, Key: key }), {
    expiresIn: EVIDENCE_LINK_SECONDS,
  });
}

/** The job's facts as the bank reads them; no link, nothing that expires. */
export function evidenceText(lead: Lead, money: JobMoney | undefined): string[] {
  const quote = acceptedStoredQuote(lead);
  const job = jobOf(lead);
  const { request } = lead;
  return [
    `Request ${lead.reference} (submission ${lead.submissionId})`,
    `Homeowner: ${request.name}, ${request.email}, ${request.city}, ${request.state} ${request.zipCode}`,
    `What was to be hauled: ${request.description.replace(/\s+/g, ' ')}`,
    quote === undefined
      ? 'No accepted quote.'
      : `Accepted quote #${quote.number}: ${formatPrice(quote.priceDollars)}, ${quote.pickupDate} ${quote.pickupWindow}, ${quote.hauler}`,
    `Shown before acceptance: ${PAYMENT_TEXTS.beforeAccepting} ${PAYMENT_TEXTS.cancellationTerms}`,
    job?.receipt === undefined
      ? 'No disposal receipt.'
      : `Disposal receipt: ${job.receipt.facility}, uploaded ${job.receipt.at}`,
    `After-photos: ${job?.afterPhotoKeys?.length ?? 0}`,
    ...jobLines(lead).map((line) => line.trim()),
    timelineLine(lead).trim(),
    ...(money === undefined ? [] : moneyLines(money).map((line) => line.trim())),
    emailLine(lead, []).trim(),
  ];
}

export async function gatherEvidence(
  deps: EvidenceDeps,
  ref: string,
  options: { submit: boolean },
): Promise<Evidence> {
  const lead = await oneRequest(deps.table, ref);
  const monies = await leadMoney(deps.table, lead);
  const money = monies.findLast((each) => each.payment.dispute !== undefined) ?? monies.at(-1);
  const facts = evidenceText(lead, money);
  const job = jobOf(lead);
  const files = [
    ...(job?.receipt === undefined ? [] : [`Receipt file: ${await link(deps, job.receipt.key)}`]),
    ...(await Promise.all(
      (job?.afterPhotoKeys ?? []).map(
        async (key, i) => `After-photo ${i + 1}: ${await link(deps, key)}`,
      ),
    )),
  ];
  const text = [
    ...facts,
    '',
    `Files (links valid ${EVIDENCE_LINK_SECONDS / 60} minutes):`,
    ...files,
  ]
    .join('\n')
    .concat('\n');
  if (!options.submit) return { reference: lead.reference, text };
  const dispute = money?.payment.dispute;
  if (dispute === undefined) throw new Error(`Request ${lead.reference} has no dispute.`);
  if (dispute.status !== 'open') {
    throw new Error(
      `The dispute ${dispute.id} on ${lead.reference} is closed (${dispute.status}).`,
    );
  }
  if (deps.provider === undefined) throw new Error('No payment module to submit with.');
  const body = facts.join('\n').slice(0, STRIPE_TEXT_MAX);
  const quote = acceptedStoredQuote(lead);
  const evidence: Record<string, string> = {
    customer_name: lead.request.name,
    customer_email_address: lead.request.email,
    product_description:
      `Bulk trash pickup of request ${lead.reference}: ${lead.request.description.replace(/\s+/g, ' ')}`.slice(
        0,
        STRIPE_TEXT_MAX,
      ),
    ...(quote === undefined ? {} : { service_date: quote.pickupDate }),
    cancellation_policy_disclosure: PAYMENT_TEXTS.cancellationTerms,
    uncategorized_text: body,
  };
  // The same evidence, the same key: a rerun after a lost answer submits once.
  const digest = createHash('sha256').update(JSON.stringify(evidence)).digest('hex').slice(0, 16);
  const outcome = await deps.provider.submitDisputeEvidence({
    key: `job_${money!.payment.jobId}:evidence:${dispute.id}:${digest}`,
    disputeId: dispute.id,
    evidence,
  });
  if (outcome.outcome !== 'done') {
    throw new Error(
      `Stripe did not take the evidence (${outcome.outcome}${'message' in outcome ? `: ${outcome.message}` : ''}): run the same command again.`,
    );
  }
  return {
    reference: lead.reference,
    text,
    submitted: { disputeId: dispute.id, submissions: outcome.submissions },
  };
}
