// When a job's money next needs the money job (decision 057), found without a scan: one item per
// job, MONEY_DUE#{jobId} / DUE, on the lead table's sparse `by-due` index under a shard of its
// own, written whenever the next due time changes. What the time brings (a hold, a renewal, the
// capture after the objection window) and when it next comes are pure functions of the money.
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { StoredPayment } from '../models/payment-model';
import { queryItems } from '../runtime/paged-query';
import { type LeadTable, unlessConditionFailed } from '../runtime/table-handle';
import { usableHold } from './money-holds';
import { type MoneyEvent, moneyEnded, moneyState, pendingCommands } from './money-machine';
import {
  type MoneyDeps,
  type MoneyMoved,
  advanceMoney,
  moneyJobId,
  stepStored,
} from './money-runner';
import type { Payments } from './payments-from-env';
import { KEY_PREFIXES, LEAD_TABLE_INDEXES, MONEY_DUE_SHARD } from '#contract/core/table-keys';
import { PAYMENT_TERMS } from '#contract/money/payments';

const HOUR_MS = 3_600_000;
/** A write still owed (no answer) is sent again by the next minute's run. */
export const MONEY_RETRY_MS = 60_000;

const at = (iso: string, hours = 0) => Date.parse(iso) + hours * HOUR_MS;

/** The hold is placed at most `holdLeadHours` before the window (sooner at acceptance). */
export const holdDueAt = (payment: StoredPayment): Date =>
  new Date(at(payment.windowStartsAt, -PAYMENT_TERMS.holdLeadHours));

/** The earliest a capture can happen, seen at `now`: the objection window after "Job done". */
export function earliestCapture(payment: StoredPayment, now: Date): Date {
  const { objectionHours } = PAYMENT_TERMS;
  if (payment.doneAt !== undefined) {
    return new Date(Math.max(now.getTime(), at(payment.doneAt, objectionHours)));
  }
  const from = Math.max(now.getTime(), at(payment.windowStartsAt));
  return new Date(from + objectionHours * HOUR_MS);
}

/**
 * When the usable hold must be renewed: `holdRenewalLeadHours` before it lapses, and only if it
 * would lapse before the capture could happen then; never again after a renewal that failed
 * (the homeowner updates the card: that asks for the hold again).
 */
export function renewalDueAt(payment: StoredPayment): Date | undefined {
  const hold = usableHold(payment);
  if (hold?.captureBefore === undefined || payment.closing !== undefined) return undefined;
  if (payment.holds.at(-1)?.status === 'failed') return undefined;
  const renewAt = at(hold.captureBefore, -PAYMENT_TERMS.holdRenewalLeadHours);
  const lapses = earliestCapture(payment, new Date(renewAt)).getTime() >= at(hold.captureBefore);
  return lapses ? new Date(renewAt) : undefined;
}

const objectionEndsAt = (payment: StoredPayment): Date | undefined =>
  payment.doneAt === undefined
    ? undefined
    : new Date(at(payment.doneAt, PAYMENT_TERMS.objectionHours));

/** What the time alone asks of the job's money at `now`; undefined: nothing yet. */
export function moneyTimeEvent(payment: StoredPayment, now: Date): MoneyEvent | undefined {
  const state = moneyState(payment);
  const ends = objectionEndsAt(payment);
  if (state === 'objection-window' && ends !== undefined && now >= ends) {
    return { type: 'window-passed', at: now.toISOString() };
  }
  const holdDue =
    state === 'card-saved' && payment.closing === undefined && now >= holdDueAt(payment);
  const renewal = renewalDueAt(payment);
  const renewDue = (state === 'held' || state === 'objection-window') && renewal !== undefined;
  if (holdDue || (renewDue && now >= renewal)) {
    return { type: 'hold-due', captureBy: earliestCapture(payment, now).toISOString() };
  }
  return undefined;
}

/** Operations hear of a failed hold `holdFailureEscalationHours` after it failed. */
export function holdFailureEscalatesAt(payment: StoredPayment): Date | undefined {
  const newest = payment.holds.at(-1);
  if (moneyState(payment) !== 'hold-failed' || newest?.failedAt === undefined) return undefined;
  return new Date(at(newest.failedAt, PAYMENT_TERMS.holdFailureEscalationHours));
}

/**
 * When the money job should next look at this job's money; undefined: never by itself (ended, a
 * problem with operations, a dispute). `operationsTold`: the failed hold's escalation is sent.
 */
export function moneyDueAt(
  payment: StoredPayment,
  now: Date,
  facts: { operationsTold?: boolean } = {},
): Date | undefined {
  if (moneyEnded(payment)) return undefined;
  if (pendingCommands(payment).length > 0) return new Date(now.getTime() + MONEY_RETRY_MS);
  const earliest = (...times: (Date | undefined)[]) => {
    const known = times.filter((time): time is Date => time !== undefined);
    return known.length === 0 ? undefined : new Date(Math.min(...known.map((t) => t.getTime())));
  };
  switch (moneyState(payment)) {
    case 'card-saved':
      return payment.closing === undefined ? holdDueAt(payment) : undefined;
    case 'held':
      return renewalDueAt(payment);
    case 'objection-window':
      return earliest(objectionEndsAt(payment), renewalDueAt(payment));
    case 'hold-failed':
      return facts.operationsTold === true ? undefined : holdFailureEscalatesAt(payment);
    default:
      return undefined;
  }
}

export const moneyDueKey = (jobId: string) => ({
  pk: `${KEY_PREFIXES.moneyDue}${jobId}`,
  sk: 'DUE',
});

/**
 * Writes (or, undefined, removes) when the job's money is next due. `seen`: only over the due
 * time the caller found (the money job), so that a job's event meanwhile keeps the time it wrote.
 */
export async function scheduleMoney(
  table: LeadTable,
  jobId: string,
  dueAt: Date | undefined,
  seen?: string,
): Promise<void> {
  const { partitionKey, sortKey } = LEAD_TABLE_INDEXES.byDue;
  const condition =
    seen === undefined
      ? {}
      : {
          ConditionExpression: '#due = :seen',
          ExpressionAttributeNames: { '#due': sortKey },
          ExpressionAttributeValues: { ':seen': seen },
        };
  if (dueAt === undefined) {
    await unlessConditionFailed(
      table.client.send(
        new DeleteCommand({ TableName: table.tableName, Key: moneyDueKey(jobId), ...condition }),
      ),
    );
    return;
  }
  await unlessConditionFailed(
    table.client.send(
      new PutCommand({
        TableName: table.tableName,
        Item: {
          ...moneyDueKey(jobId),
          jobId,
          [partitionKey]: MONEY_DUE_SHARD,
          [sortKey]: dueAt.toISOString(),
        },
        ...condition,
      }),
    ),
  );
}

/** When the job's money is due, as last written (a strongly consistent read of its item). */
export async function moneyDueOf(table: LeadTable, jobId: string): Promise<string | undefined> {
  const { Item } = await table.client.send(
    new GetCommand({ TableName: table.tableName, Key: moneyDueKey(jobId), ConsistentRead: true }),
  );
  const due = Item?.[LEAD_TABLE_INDEXES.byDue.sortKey];
  return typeof due === 'string' ? due : undefined;
}

export interface DueMoney {
  jobId: string;
  dueAt: string;
}

/** The jobs whose money is due at `now`, earliest first, at most `limit`: one Query, no scan. */
export async function listDueMoney(
  table: LeadTable,
  now: Date,
  limit: number,
): Promise<DueMoney[]> {
  const { indexName, partitionKey, sortKey } = LEAD_TABLE_INDEXES.byDue;
  const due: DueMoney[] = [];
  const items = queryItems(table, {
    IndexName: indexName,
    KeyConditionExpression: '#shard = :shard AND #due <= :now',
    ExpressionAttributeNames: { '#shard': partitionKey, '#due': sortKey },
    ExpressionAttributeValues: { ':shard': MONEY_DUE_SHARD, ':now': now.toISOString() },
  });
  for await (const item of items) {
    const pk = String(item.pk);
    if (!pk.startsWith(KEY_PREFIXES.moneyDue)) continue;
    due.push({ jobId: pk.slice(KEY_PREFIXES.moneyDue.length), dueAt: String(item[sortKey]) });
    if (due.length >= limit) return due;
  }
  return due;
}

/**
 * A job's event into its money (a job's own change, after its conditional write succeeded): the
 * runner steps it (idempotent by keys), and when the money changed the money job is due now,
 * to tell whoever the new state concerns; otherwise at its next time. Undefined: no money.
 */
export async function moveMoney(
  deps: MoneyDeps,
  jobId: string,
  event?: MoneyEvent,
): Promise<MoneyMoved | undefined> {
  const moved = await advanceMoney(deps, jobId, event);
  if (moved === undefined) return undefined;
  const now = deps.now();
  const changed = moved.before === undefined || moved.before !== moved.after;
  await scheduleMoney(deps.table, jobId, changed ? now : moneyDueAt(moved.payment, now));
  return moved;
}

export interface JobMoneyDeps {
  table: LeadTable;
  now: () => Date;
  /** The stage's payments; absent or off: a job moves no money. */
  payments?: Payments | undefined;
}

/**
 * A job's change into its money, called after the job's own conditional write succeeded (and on
 * its repeat: the runner is idempotent by keys, so a retry finishes what a crash left). A failure
 * here is logged, never the job's answer: the homeowner's or hauler's retry sends it again.
 */
export async function jobMoneyEvent(
  deps: JobMoneyDeps,
  job: { submissionId: string; quote: number | undefined },
  event: MoneyEvent,
): Promise<MoneyMoved | undefined> {
  const { payments } = deps;
  if (payments?.setting !== 'on' || job.quote === undefined) return undefined;
  const jobId = moneyJobId(job.submissionId, job.quote);
  try {
    return await moveMoney(
      { table: deps.table, provider: payments.provider, now: deps.now },
      jobId,
      event,
    );
  } catch (error) {
    console.error(
      JSON.stringify({
        message: 'job money event failed',
        jobId,
        event: event.type,
        error: String(error),
      }),
    );
    return undefined;
  }
}

/**
 * An event stored into the job's money without asking Stripe (the operators' command line has
 * no Stripe key): the writes it owes are sent by the money job, due now. False: no money.
 */
export async function recordMoneyEvent(
  table: LeadTable,
  jobId: string,
  event: MoneyEvent,
  now: Date,
): Promise<boolean> {
  const stored = await stepStored(table, jobId, event);
  if (stored === undefined) return false;
  await scheduleMoney(table, jobId, now);
  return true;
}
