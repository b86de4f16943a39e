/**
 * A real lead table for tests: dynalite in memory on a free port, created from the production
 * table definition, driven by the real DocumentClient. Not imported by production code.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { LOCAL_CREDENTIALS, createLeadTable, startDynamo } from '../../scripts/local/aws-stand-ins';
import type { BookingRequest } from '#contract/booking/booking';
import { dynamoClientFromEnv } from '../../lambdas/shared/runtime/aws';
import { leadTableFromEnv } from '../../lambdas/shared/runtime/table-handle';
import type { LeadTable } from '../../lambdas/shared/runtime/table-handle';

export interface TestLeadTable {
  table: LeadTable;
  /** The variables a handler reads to reach this table (region and credentials come separately). */
  env: { LEADS_TABLE: string; DYNAMODB_ENDPOINT: string };
  /** Another, empty table on the same dynalite: a clean slate for one test. */
  freshTable(): Promise<LeadTable>;
  close(): Promise<void>;
}

export async function startTestLeadTable(): Promise<TestLeadTable> {
  const dynamo = await startDynamo({ port: 0 });
  // Region and credentials given explicitly: a test never reads the machine's AWS settings.
  const dynamoClient = new DynamoDBClient({
    endpoint: dynamo.endpoint,
    region: 'us-east-1',
    credentials: LOCAL_CREDENTIALS,
  });
  const client = DynamoDBDocumentClient.from(dynamoClient, {
    marshallOptions: { removeUndefinedValues: true },
  });
  let tables = 0;
  return {
    table: { client, tableName: dynamo.tableName },
    freshTable: async () => {
      tables += 1;
      const tableName = `leads-${tables}`;
      await createLeadTable(dynamoClient, tableName);
      return { client, tableName };
    },
    env: { LEADS_TABLE: dynamo.tableName, DYNAMODB_ENDPOINT: dynamo.endpoint },
    close: async () => {
      client.destroy();
      await dynamo.close();
    },
  };
}

export interface StoreTestTable {
  table: LeadTable;
  /** What the functions' own client is built from: another client of the same table. */
  env: { leadsTable: string; dynamodbEndpoint: string };
  close(): Promise<void>;
}

/**
 * The store modules' own tests: dynalite reached through the functions' own client
 * (leadTableFromEnv), so conditions, indexes and races are DynamoDB's, not a fake's.
 */
export async function startStoreTestTable(): Promise<StoreTestTable> {
  const dynamo = await startDynamo({ port: 0 });
  // The SDK reads credentials from process.env; the test's own values, never real ones.
  Object.assign(process.env, {
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
  });
  const env = { leadsTable: dynamo.tableName, dynamodbEndpoint: dynamo.endpoint };
  const table = leadTableFromEnv(env, dynamoClientFromEnv(env));
  return {
    table,
    env,
    close: async () => {
      table.client.destroy();
      await dynamo.close();
    },
  };
}

/** A valid booking request with a fresh submission id and an address of its own. */
export function bookingRequest(overrides: Partial<BookingRequest> = {}): BookingRequest {
  const submissionId = randomUUID();
  return {
    name: 'Ann Homeowner',
    phone: '602-555-0100',
    email: `ann.${submissionId.slice(0, 8)}@example.com`,
    city: 'Phoenix',
    state: 'Arizona',
    zipCode: '85001',
    description: 'An old couch and two mattresses in the garage.',
    photoUrls: [],
    photoCount: 0,
    hasVideo: true,
    videoUrl: `https://example.com/quote-photos/${submissionId}/1_1.mp4`,
    submissionId,
    ...overrides,
  };
}
