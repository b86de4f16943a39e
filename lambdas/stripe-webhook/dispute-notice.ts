// Operations hear of a dispute (decision 058): when `charge.dispute.created` or `.closed` is
// applied to a job's money, an email to operations is kept in the outbox under a key of its own on
// the request's ledger (`dispute-{id}-opened`, `-closed`); the minute job's sender sends it, once
// whatever the deliveries, as it sends every owed email (decision 054). The webhook itself sends
// nothing: it stays quick for Stripe and needs no SES.
import { getLead } from '../shared/leads/lead-store';
import {
  email,
  escapeHtml,
  heading,
  paragraph,
  rows,
  smallPrint,
  table,
} from '../shared/mail/email-kit';
import type { OutboxStore, OwedMail } from '../shared/mail/outbox';
import type { Lead } from '../shared/models/lead-model';
import type { PaymentWebhook } from '../shared/payments/money-webhooks';
import type { LeadTable } from '../shared/runtime/table-handle';
import { DISPUTE_OUTCOME_TEXTS, MONEY_OPERATIONS_TEXTS as TEXTS } from '#contract/money/payments';

export interface DisputeNoticeDeps {
  table: LeadTable;
  outbox: OutboxStore;
  operationsAddress: string;
  now: () => Date;
}

/** The request and quote of a job's money id (`{submissionId}-q{n}`, money-runner's moneyJobId). */
export function jobOfMoney(jobId: string): { submissionId: string; quote: number } | undefined {
  const match = /^(.+)-q(\d+)$/.exec(jobId);
  return match === null ? undefined : { submissionId: match[1]!, quote: Number(match[2]) };
}

const text = (object: Record<string, unknown>, field: string): string | undefined =>
  typeof object[field] === 'string' ? (object[field] as string) : undefined;

const dollars = (cents: unknown) =>
  typeof cents === 'number' ? `$${(cents / 100).toFixed(2)}` : 'unknown';

/** The email operations get about a dispute event; undefined for an event that is none. */
export function disputeMail(
  event: PaymentWebhook,
  jobId: string,
  lead: Pick<Lead, 'reference' | 'submissionId'> | undefined,
  to: string,
): OwedMail | undefined {
  const dispute = event.data.object;
  const id = text(dispute, 'id');
  const closed = event.type === 'charge.dispute.closed';
  if (id === undefined || (!closed && event.type !== 'charge.dispute.created')) return undefined;
  const ref = lead?.reference ?? jobOfMoney(jobId)?.submissionId ?? jobId;
  const status = text(dispute, 'status');
  const due = (dispute.evidence_details as { due_by?: unknown } | undefined)?.due_by;
  const subject = `${closed ? TEXTS.disputeClosedSubject : TEXTS.disputeSubject}: ${ref}`;
  const intro = closed
    ? status === 'won' || status === 'lost'
      ? DISPUTE_OUTCOME_TEXTS[status]
      : `The dispute closed as ${status ?? 'unknown'}.`
    : TEXTS.disputeIntro;
  const details = rows([
    ['Request', ref],
    ['Job', jobId],
    ['Amount', dollars(dispute.amount)],
    ['Reason', text(dispute, 'reason')],
    ['Status', status],
    [
      'Evidence due',
      closed || typeof due !== 'number' ? undefined : new Date(due * 1000).toISOString(),
    ],
    ['Dispute', id],
    ['Charge', text(dispute, 'charge')],
  ]);
  const commands = closed
    ? [`npm run leads -- show ${ref}`]
    : [
        `npm run leads -- evidence ${ref}`,
        `npm run leads -- evidence ${ref} --submit`,
        `npm run leads -- show ${ref}`,
      ];
  return {
    key: `dispute-${id}-${closed ? 'closed' : 'opened'}`,
    to,
    message: email(
      subject,
      [
        heading(subject),
        paragraph(escapeHtml(intro)),
        table(details.html),
        ...commands.map((command) => smallPrint(`<code>${escapeHtml(command)}</code>`)),
      ],
      [intro, '', ...details.text, '', ...commands],
    ),
  };
}

/** Kept once for the minute job to send; a redelivery finds it kept, or sent on the ledger. */
export async function keepDisputeNotice(
  deps: DisputeNoticeDeps,
  event: PaymentWebhook,
  jobId: string,
): Promise<void> {
  const job = jobOfMoney(jobId);
  if (job === undefined) return;
  const lead = await getLead(deps.table, job.submissionId);
  // A request erased since has no ledger: the sender would drop the email unsent.
  if (lead === undefined) return;
  const mail = disputeMail(event, jobId, lead, deps.operationsAddress);
  if (mail === undefined || lead.emails?.[mail.key] !== undefined) return;
  const now = deps.now();
  await deps.outbox.keep({ kind: 'lead', id: job.submissionId }, mail, now, now);
}
