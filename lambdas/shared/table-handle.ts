/**
 * The lead table's handle (decision 012): the client and table name every store function takes, the
 * item keys (KEY_PREFIXES in the contract's table-keys) and the helpers the stores share.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { dynamoClientFromEnv } from './aws';
import type { EnvValues } from '#contract/env';
import { KEY_PREFIXES } from '#contract/table-keys';

/** A DocumentClient and the table it talks to; every function below takes one. */
export interface LeadTable {
  client: DynamoDBDocumentClient;
  tableName: string;
}

/** The table the function's environment names (and, locally, its endpoint). */
export function leadTableFromEnv(
  env: Pick<EnvValues, 'leadsTable'> & Partial<Pick<EnvValues, 'dynamodbEndpoint'>>,
  client = dynamoClientFromEnv(env),
): LeadTable {
  return { client, tableName: env.leadsTable };
}

export const DAY_MS = 24 * 60 * 60 * 1000;
export const epochSeconds = (ms: number): number => Math.floor(ms / 1000);

export function isConditionFailed(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { name?: unknown }).name === 'ConditionalCheckFailedException'
  );
}

export const leadKey = (submissionId: string) => ({
  pk: `${KEY_PREFIXES.lead}${submissionId}`,
  sk: 'LEAD',
});
export const batchKey = (submissionId: string) => ({
  pk: `${KEY_PREFIXES.uploads}${submissionId}`,
  sk: 'BATCH',
});
export const windowKey = (addressHash: string) => ({
  pk: `${KEY_PREFIXES.confirm}${addressHash}`,
  sk: 'WINDOW',
});
export const capKey = (day: string) => ({ pk: `${KEY_PREFIXES.cap}confirmations`, sk: day });
