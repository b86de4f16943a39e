/**
 * Local stand-ins for AWS: s3rver for S3 (data under .local/), dynalite for DynamoDB (the lead
 * table, data under .local/ too) and aws-ses-v2-local for SES v2 with its mail viewer. The Lambda
 * handlers' real SDK clients are pointed at them through the environment variables they read in
 * production (plus the *_ENDPOINT overrides).
 */
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import path from 'node:path';
import {
  CreateTableCommand,
  DynamoDBClient,
  ResourceInUseException,
  waitUntilTableExists,
} from '@aws-sdk/client-dynamodb';
import sesLocalModule from 'aws-ses-v2-local';
import { startTransactionFront } from './dynamo-transactions';
import dynalite from 'dynalite';
import S3rver from 's3rver';
import { leadTableCreateInput } from '../../lambdas/shared/leads/lead-table';
import { UPLOAD_HEADER_NAMES } from '#contract/booking/upload-urls';

export const LOCAL_BUCKET = 'quote-photos';
/** dynalite, like DynamoDB, wants table names of 3 characters or more. */
export const LOCAL_LEADS_TABLE = 'leads';
/** dynalite accepts any credentials; these only have to be present. */
export const LOCAL_CREDENTIALS = { accessKeyId: 'LOCAL', secretAccessKey: 'LOCAL' } as const;

// aws-ses-v2-local is CommonJS with `exports.default`; under ESM the function sits one level down.
const sesLocal =
  (sesLocalModule as unknown as { default?: typeof sesLocalModule }).default ?? sesLocalModule;

/** What the browser's presigned PUT needs from the bucket: the site's origin, PUT, our headers. */
function corsXml(siteOrigins: readonly string[]): string {
  const origins = siteOrigins.map((o) => `<AllowedOrigin>${o}</AllowedOrigin>`).join('');
  const headers = UPLOAD_HEADER_NAMES.map((h) => `<AllowedHeader>${h}</AllowedHeader>`).join('');
  return `<CORSConfiguration><CORSRule>${origins}<AllowedMethod>PUT</AllowedMethod><AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod>${headers}<ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>3000</MaxAgeSeconds></CORSRule></CORSConfiguration>`;
}

export async function startS3(options: {
  port: number;
  dataDir: string;
  siteOrigins: readonly string[];
}): Promise<{ port: number; close: () => Promise<void> }> {
  const directory = path.resolve(options.dataDir, 's3');
  mkdirSync(directory, { recursive: true });
  const server = new S3rver({
    address: '127.0.0.1',
    port: options.port,
    directory,
    silent: true,
    // Path-style URLs only: the presigned URL's host stays localhost:{port}.
    vhostBuckets: false,
    configureBuckets: [{ name: LOCAL_BUCKET, configs: [corsXml(options.siteOrigins)] }],
  });
  const { port } = await server.run();
  return { port, close: () => server.close() };
}

/** aws-ses-v2-local; port 0 picks a free port, `port` says which. */
export async function startSes(options: {
  port: number;
}): Promise<{ port: number; close: () => Promise<void> }> {
  const server: Server = await sesLocal({ host: '127.0.0.1', port: options.port });
  if (!server.listening) await new Promise<void>((resolve) => server.once('listening', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Creates a lead table and returns once it is ACTIVE, as against DynamoDB itself: dynalite, like
 * DynamoDB, answers CreateTable while the table is still CREATING and refuses its items until it
 * is not (with createTableMs 0 only a timer later, which a loaded machine let a write overtake).
 */
export async function createLeadTable(client: DynamoDBClient, tableName: string): Promise<void> {
  await client.send(new CreateTableCommand(leadTableCreateInput(tableName)));
  await waitUntilTableExists(
    { client, minDelay: 0.01, maxDelay: 0.1, maxWaitTime: 10 },
    { TableName: tableName },
  );
}

/**
 * dynalite with the lead table and its two indexes created from the same definition as
 * production's (lambdas/shared/leads/lead-table.ts). Data on disk under `{dataDir}/dynamodb`, or in
 * memory without a dataDir. Port 0 picks a free port (tests); `endpoint` says which.
 */
export async function startDynamo(options: {
  port: number;
  dataDir?: string;
  tableName?: string;
}): Promise<{ endpoint: string; tableName: string; close: () => Promise<void> }> {
  let directory: string | undefined;
  if (options.dataDir !== undefined) {
    directory = path.resolve(options.dataDir, 'dynamodb');
    mkdirSync(directory, { recursive: true });
  }
  const server = dynalite({
    ...(directory === undefined ? {} : { path: directory }),
    createTableMs: 0,
    deleteTableMs: 0,
    updateTableMs: 0,
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  // dynalite has no TransactWriteItems: the front answers it (decision 059) and passes the rest.
  const front = await startTransactionFront({
    port: options.port,
    targetPort: (server.address() as AddressInfo).port,
  });
  const endpoint = `http://127.0.0.1:${front.port}`;
  const tableName = options.tableName ?? LOCAL_LEADS_TABLE;
  const client = new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: LOCAL_CREDENTIALS,
  });
  try {
    await createLeadTable(client, tableName);
  } catch (error) {
    // Kept on disk from an earlier start: the table is already there.
    if (!(error instanceof ResourceInUseException)) throw error;
  } finally {
    client.destroy();
  }
  return {
    endpoint,
    tableName,
    close: async () => {
      await front.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
