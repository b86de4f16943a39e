// A hauler's rating, earned per job. Each rated job is one item beside the profile
// (HAULER#{id} / RATING#{submissionId}#{quote}), put only if absent; the profile's count and sum
// are recomputed from those items and only ever move forward. So a retry, or two ratings at once,
// count each job exactly once without a transaction (dynalite, the local stand-in, has none), and
// the profile keeps two numbers rather than a list that grows with every job.
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { getHauler, haulerKey } from './hauler-store';
import { haulerFromItem } from '../models/hauler-model';
import type { Hauler } from '../models/hauler-model';
import { ratingStarsFromItem } from '../models/hauler-items-model';
import { queryItems } from '../runtime/paged-query';
import { unlessConditionFailed } from '../runtime/table-handle';
import type { LeadTable } from '../runtime/table-handle';

const RATING_SK_PREFIX = 'RATING#';

export interface RatedJob {
  haulerId: string;
  submissionId: string;
  /** The accepted quote the job belongs to: a request reassigned has one job per hauler. */
  quote: number;
  stars: number;
  at: string;
}

export type CountedRating =
  /** `counted`: this call added the job; `already`: an earlier call (or a racing one) did. */
  | { outcome: 'counted' | 'already'; hauler: Hauler }
  /** The hauler is gone (forgotten): nothing to count. */
  | { outcome: 'no-hauler' };

export async function countRating(table: LeadTable, job: RatedJob): Promise<CountedRating> {
  if ((await getHauler(table, job.haulerId)) === undefined) return { outcome: 'no-hauler' };
  const put = await unlessConditionFailed(
    table.client.send(
      new PutCommand({
        TableName: table.tableName,
        Item: {
          pk: haulerKey(job.haulerId).pk,
          sk: `${RATING_SK_PREFIX}${job.submissionId}#${job.quote}`,
          stars: job.stars,
          at: job.at,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
  const totals = await ratingTotals(table, job.haulerId);
  // Totals read later hold every item an earlier read held: the larger count is the newer truth.
  const written = await unlessConditionFailed(
    table.client.send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: haulerKey(job.haulerId),
        UpdateExpression: 'SET ratingCount = :count, ratingSum = :sum',
        ConditionExpression:
          'attribute_exists(pk) AND (attribute_not_exists(ratingCount) OR ratingCount < :count)',
        ExpressionAttributeValues: { ':count': totals.count, ':sum': totals.sum },
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  const hauler =
    written?.Attributes === undefined
      ? await getHauler(table, job.haulerId)
      : haulerFromItem(written.Attributes);
  if (hauler === undefined) return { outcome: 'no-hauler' };
  return { outcome: put === undefined ? 'already' : 'counted', hauler };
}

async function ratingTotals(
  table: LeadTable,
  haulerId: string,
): Promise<{ count: number; sum: number }> {
  let count = 0;
  let sum = 0;
  const items = queryItems(table, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :rating)',
    ExpressionAttributeValues: { ':pk': haulerKey(haulerId).pk, ':rating': RATING_SK_PREFIX },
    ProjectionExpression: 'pk, sk, stars',
    ConsistentRead: true,
  });
  for await (const item of items) {
    count += 1;
    sum += ratingStarsFromItem(item).stars;
  }
  return { count, sum };
}

/** The average is back at the bar: the next fall below it is a new crossing, a new strike. */
export async function closeLowRatingCrossing(
  table: LeadTable,
  haulerId: string,
  openedFor: string,
): Promise<void> {
  await unlessConditionFailed(
    table.client.send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: haulerKey(haulerId),
        UpdateExpression: 'REMOVE lowRatingStrikeFor',
        ConditionExpression: 'lowRatingStrikeFor = :open',
        ExpressionAttributeValues: { ':open': openedFor },
      }),
    ),
  );
}
