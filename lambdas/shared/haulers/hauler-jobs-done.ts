// How many jobs a hauler has done with us, shown on every quote they send. As with ratings
// (hauler-rating.ts), each done job is one item beside the profile
// (HAULER#{id} / DONE#{submissionId}#{quote}), put only if absent, and the profile's count is
// recomputed from those items and only ever moves forward: a retry counts a job once.
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { getHauler, haulerKey } from './hauler-store';
import { queryItems } from '../runtime/paged-query';
import { unlessConditionFailed } from '../runtime/table-handle';
import type { LeadTable } from '../runtime/table-handle';

const DONE_SK_PREFIX = 'DONE#';

export interface DoneJob {
  haulerId: string;
  submissionId: string;
  /** The accepted quote the job belongs to. */
  quote: number;
  at: string;
}

/** The hauler's count after this job, or undefined when the hauler is gone. */
export async function countDoneJob(table: LeadTable, job: DoneJob): Promise<number | undefined> {
  if ((await getHauler(table, job.haulerId)) === undefined) return undefined;
  await unlessConditionFailed(
    table.client.send(
      new PutCommand({
        TableName: table.tableName,
        Item: {
          pk: haulerKey(job.haulerId).pk,
          sk: `${DONE_SK_PREFIX}${job.submissionId}#${job.quote}`,
          at: job.at,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
  let count = 0;
  const items = queryItems(table, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :done)',
    ExpressionAttributeValues: { ':pk': haulerKey(job.haulerId).pk, ':done': DONE_SK_PREFIX },
    ProjectionExpression: 'pk, sk',
    ConsistentRead: true,
  });
  for await (const item of items) if (item.sk !== undefined) count += 1;
  // A count read later holds every item an earlier read held: the larger count is the newer truth.
  await unlessConditionFailed(
    table.client.send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: haulerKey(job.haulerId),
        UpdateExpression: 'SET jobsDone = :count',
        ConditionExpression:
          'attribute_exists(pk) AND (attribute_not_exists(jobsDone) OR jobsDone < :count)',
        ExpressionAttributeValues: { ':count': count },
      }),
    ),
  );
  return count;
}
