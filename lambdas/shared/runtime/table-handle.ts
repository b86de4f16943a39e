// What the lead table's stores share: the table, item keys and the condition check (decision 012).
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { dynamoClientFromEnv } from './aws';
import type { EnvValues } from '#contract/core/env';
import { KEY_PREFIXES } from '#contract/core/table-keys';

export interface LeadTable {
  client: DynamoDBDocumentClient;
  tableName: string;
}

export function leadTableFromEnv(
  env: Pick<EnvValues, 'leadsTable'> & Partial<Pick<EnvValues, 'dynamodbEndpoint'>>,
  client = dynamoClientFromEnv(env),
): LeadTable {
  return { client, tableName: env.leadsTable };
}

export const DAY_MS = 24 * 60 * 60 * 1000;
export const epochSeconds = (ms: number): number => Math.floor(ms / 1000);

function isConditionFailed(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { name?: unknown }).name === 'ConditionalCheckFailedException'
  );
}

// `retried`: refused on a later attempt. The SDK retries a write whose answer was lost; if the
// first attempt was applied, the retry meets its own change and is refused, so a caller whose
// write leaves a mark (a claim's time) reads the item to tell its own change from another's.
export type ConditionalWrite<T> =
  { applied: true; output: T } | { applied: false; retried: boolean };

export async function conditionalWrite<T>(write: Promise<T>): Promise<ConditionalWrite<T>> {
  try {
    return { applied: true, output: await write };
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    const attempts = (error as { $metadata?: { attempts?: number } }).$metadata?.attempts ?? 1;
    if (attempts > 1) console.warn('conditional write refused on a retried attempt', { attempts });
    return { applied: false, retried: attempts > 1 };
  }
}

/** The write's output, or undefined when DynamoDB refused it (see conditionalWrite). */
export async function unlessConditionFailed<T>(write: Promise<T>): Promise<T | undefined> {
  const result = await conditionalWrite(write);
  return result.applied ? result.output : undefined;
}

export function withoutKeys<T>(item: Record<string, unknown> | undefined): T | undefined {
  if (item === undefined) return undefined;
  const { pk: _pk, sk: _sk, ...rest } = item;
  return rest as T;
}

export const leadKey = (submissionId: string) => ({
  pk: `${KEY_PREFIXES.lead}${submissionId}`,
  sk: 'LEAD',
});
export const batchKey = (submissionId: string) => ({
  pk: `${KEY_PREFIXES.uploads}${submissionId}`,
  sk: 'BATCH',
});
/** `namespace` keeps another kind of email to the same address in a window of its own. */
export const windowKey = (addressHash: string, namespace?: string) => ({
  pk: `${KEY_PREFIXES.confirm}${addressHash}`,
  sk: namespace === undefined ? 'WINDOW' : `WINDOW#${namespace}`,
});
export const capKey = (day: string, counter = 'confirmations') => ({
  pk: `${KEY_PREFIXES.cap}${counter}`,
  sk: day,
});
