// Each booked and done job's money on the hauler's page (issue 39 flow 5, decision 055): amount,
// the platform's fee, the hauler's payout and where it stands, read in one BatchGet of the jobs'
// PAYMENT#{moneyJobId} items (eventually consistent: a list, not a decision).
import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { parsePayment } from '../shared/models/payment-model';
import type { StoredPayment } from '../shared/models/payment-model';
import { capturedHold, payoutHoldOf } from '../shared/payments/money-holds';
import { moneyState } from '../shared/payments/money-machine';
import { moneyJobId } from '../shared/payments/money-runner';
import { paymentKey } from '../shared/payments/payment-store';
import type { LeadTable } from '../shared/runtime/table-handle';
import { HAULER_WORK_LIMITS } from '#contract/haulers/hauler-work';
import type { JobMoneyView } from '#contract/haulers/hauler-work';
import { platformFeeCents } from '#contract/money/payments';

/** What the hauler is paid: the captured amount once charged, the agreed price until then. */
export function jobMoneyView(payment: StoredPayment): JobMoneyView {
  const captured = capturedHold(payment)?.capture;
  const amountCents = captured?.amountCents ?? payment.priceCents;
  const feeCents = captured?.feeCents ?? platformFeeCents(amountCents);
  const dispute = payoutHoldOf(payment);
  return {
    amountCents,
    feeCents,
    payoutCents: amountCents - feeCents,
    state: moneyState(payment),
    ...(dispute === undefined ? {} : { dispute }),
  };
}

/** The money of each job named by its lead and accepted quote, keyed by `moneyJobId`. */
export async function readJobMoney(
  table: LeadTable,
  jobs: readonly { submissionId: string; quote?: number }[],
): Promise<Map<string, JobMoneyView>> {
  const ids = jobs
    .filter((job) => job.quote !== undefined)
    .map((job) => moneyJobId(job.submissionId, job.quote!))
    .slice(0, HAULER_WORK_LIMITS.leadsRead);
  const found = new Map<string, JobMoneyView>();
  if (ids.length === 0) return found;
  const result = await table.client.send(
    new BatchGetCommand({
      RequestItems: { [table.tableName]: { Keys: ids.map((id) => paymentKey(id)) } },
    }),
  );
  // A key left unprocessed is shown without its money this time: the page is read again later.
  for (const item of result.Responses?.[table.tableName] ?? []) {
    const { pk, sk, version: _version, ...rest } = item;
    const payment = parsePayment(rest, `${String(pk)}/${String(sk)}`);
    found.set(payment.jobId, jobMoneyView(payment));
  }
  return found;
}
