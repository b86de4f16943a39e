/**
 * A real lead table for tests: dynalite in memory on a free port, created from the production
 * table definition, driven by the real DocumentClient. Not imported by production code.
 */
import { CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { LOCAL_CREDENTIALS, startDynamo } from '../../scripts/local/aws-stand-ins';
import type { LeadTable } from './lead-store';
import { leadTableCreateInput } from './lead-table';

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
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: dynamo.endpoint,
      region: 'us-east-1',
      credentials: LOCAL_CREDENTIALS,
    }),
    { marshallOptions: { removeUndefinedValues: true } },
  );
  let tables = 0;
  return {
    table: { client, tableName: dynamo.tableName },
    freshTable: async () => {
      tables += 1;
      const tableName = `leads-${tables}`;
      await client.send(new CreateTableCommand(leadTableCreateInput(tableName)));
      return { client, tableName };
    },
    env: { LEADS_TABLE: dynamo.tableName, DYNAMODB_ENDPOINT: dynamo.endpoint },
    close: async () => {
      client.destroy();
      await dynamo.close();
    },
  };
}
