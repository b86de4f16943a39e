// A job's money on the lead table (decision 048): PAYMENT#{jobId} / MONEY, written conditioned on
// the version read, so of two racing changes one wins and the other reads again. And the record of
// each Stripe webhook event, STRIPE_EVENT#{id} / EVENT, created once (decision 053).
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type StoredPayment, parsePayment } from '../models/payment-model';
import { DAY_MS, epochSeconds, unlessConditionFailed } from '../runtime/table-handle';
import type { LeadTable } from '../runtime/table-handle';
import { KEY_PREFIXES } from '#contract/core/table-keys';

export const paymentKey = (jobId: string) => ({
  pk: `${KEY_PREFIXES.payment}${jobId}`,
  sk: 'MONEY',
});

export const stripeEventKey = (eventId: string) => ({
  pk: `${KEY_PREFIXES.stripeEvent}${eventId}`,
  sk: 'EVENT',
});

/** Stripe retries a delivery for up to 3 days: an event record outlives every redelivery. */
export const STRIPE_EVENT_KEPT_DAYS = 30;

export interface VersionedPayment {
  payment: StoredPayment;
  version: number;
}

export async function getPayment(
  table: LeadTable,
  jobId: string,
): Promise<VersionedPayment | undefined> {
  const read = await table.client.send(
    new GetCommand({ TableName: table.tableName, Key: paymentKey(jobId), ConsistentRead: true }),
  );
  if (read.Item === undefined) return undefined;
  const { pk, sk, version, ...rest } = read.Item;
  return {
    payment: parsePayment(rest, `${String(pk)}/${String(sk)}`),
    version: typeof version === 'number' ? version : 0,
  };
}

/** Creates the item (version undefined) or replaces the version read; false: someone was first. */
export async function putPayment(
  table: LeadTable,
  payment: StoredPayment,
  version: number | undefined,
): Promise<boolean> {
  const written = await unlessConditionFailed(
    table.client.send(
      new PutCommand({
        TableName: table.tableName,
        Item: { ...paymentKey(payment.jobId), ...payment, version: (version ?? 0) + 1 },
        ...(version === undefined
          ? { ConditionExpression: 'attribute_not_exists(pk)' }
          : {
              ConditionExpression: '#version = :version',
              ExpressionAttributeNames: { '#version': 'version' },
              ExpressionAttributeValues: { ':version': version },
            }),
      }),
    ),
  );
  return written !== undefined;
}

/**
 * What became of an event: `applied` to a job's money or a hauler's payouts; `ignored` (a type
 * we do not act on, or about nothing of ours); `waiting` for its job's money to exist, kept whole
 * so that whoever creates it can apply it.
 */
export type StripeEventOutcome = 'received' | 'applied' | 'ignored' | 'waiting';

export interface StripeEventRecord {
  eventId: string;
  type: string;
  outcome: StripeEventOutcome;
  receivedAt: string;
  jobId?: string;
  /** The verified event as received, only while it waits. */
  payload?: string;
}

/**
 * The event's record, created once: `first` when this delivery created it. A redelivery of an
 * event whose outcome is still `received` (our storage failed half-way) is handled again.
 */
export async function recordStripeEvent(
  table: LeadTable,
  event: { id: string; type: string },
  now: Date,
): Promise<{ first: boolean; outcome: StripeEventOutcome }> {
  const record: StripeEventRecord = {
    eventId: event.id,
    type: event.type,
    outcome: 'received',
    receivedAt: now.toISOString(),
  };
  const created = await unlessConditionFailed(
    table.client.send(
      new PutCommand({
        TableName: table.tableName,
        Item: {
          ...stripeEventKey(event.id),
          ...record,
          expiresAt: epochSeconds(now.getTime() + STRIPE_EVENT_KEPT_DAYS * DAY_MS),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
  if (created !== undefined) return { first: true, outcome: 'received' };
  const read = await table.client.send(
    new GetCommand({
      TableName: table.tableName,
      Key: stripeEventKey(event.id),
      ConsistentRead: true,
    }),
  );
  const outcome = read.Item?.outcome as StripeEventOutcome | undefined;
  return { first: false, outcome: outcome ?? 'received' };
}

export async function settleStripeEvent(
  table: LeadTable,
  eventId: string,
  settled: { outcome: Exclude<StripeEventOutcome, 'received'>; jobId?: string; payload?: string },
): Promise<void> {
  const names: Record<string, string> = { '#outcome': 'outcome' };
  const values: Record<string, unknown> = { ':outcome': settled.outcome };
  const sets = ['#outcome = :outcome'];
  for (const field of ['jobId', 'payload'] as const) {
    if (settled[field] === undefined) continue;
    names[`#${field}`] = field;
    values[`:${field}`] = settled[field];
    sets.push(`#${field} = :${field}`);
  }
  let removes = '';
  if (settled.payload === undefined) {
    names['#payload'] = 'payload';
    removes = ' REMOVE #payload';
  }
  await table.client.send(
    new UpdateCommand({
      TableName: table.tableName,
      Key: stripeEventKey(eventId),
      UpdateExpression: `SET ${sets.join(', ')}${removes}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    }),
  );
}

export async function getStripeEvent(
  table: LeadTable,
  eventId: string,
): Promise<StripeEventRecord | undefined> {
  const read = await table.client.send(
    new GetCommand({
      TableName: table.tableName,
      Key: stripeEventKey(eventId),
      ConsistentRead: true,
    }),
  );
  if (read.Item === undefined) return undefined;
  const { pk: _pk, sk: _sk, expiresAt: _expires, ...record } = read.Item;
  return record as StripeEventRecord;
}
