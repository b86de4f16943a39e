// What the lead table's stores share: the table, its item keys (prefixes from the contract's
// table-keys) and the condition check (decision 012).
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { dynamoClientFromEnv } from './aws';
import type { EnvValues } from '#contract/env';
import { KEY_PREFIXES } from '#contract/table-keys';

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

/**
 * The write's output, or undefined when DynamoDB refused it because its condition did not hold
 * (a lost race, an item that exists or does not); any other error is thrown.
 */
export async function unlessConditionFailed<T>(write: Promise<T>): Promise<T | undefined> {
  try {
    return await write;
  } catch (error) {
    if (isConditionFailed(error)) return undefined;
    throw error;
  }
}

/** A stored item without its table keys (`pk`, `sk`): what the stores hand out. */
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
