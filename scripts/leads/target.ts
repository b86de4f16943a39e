/**
 * Where the operators' command lines act: the local stack of `npm start` by default (dynalite,
 * s3rver, aws-ses-v2-local, the generated link secret under .local/), or a deployed stack
 * (`--stack NAME`, or `--table/--bucket/--region`) as its operations role (credentials.ts).
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { userInfo } from 'node:os';
import path from 'node:path';
import { CloudFrontClient } from '@aws-sdk/client-cloudfront';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { PutSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { STSClient } from '@aws-sdk/client-sts';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { secretsManagerLoader } from '../../lambdas/shared/links/link-secret';
import type { LeadTable } from '../../lambdas/shared/runtime/table-handle';
import { stripePayments } from '../../lambdas/shared/payments/stripe-payments';
import type { PaymentProvider } from '../../lambdas/shared/payments/stripe-payments';
import { secretsManagerText } from '../../lambdas/shared/payments/stripe-secrets';
import { ENV } from '#contract/core/env';
import { LOCAL_BUCKET, LOCAL_CREDENTIALS, LOCAL_LEADS_TABLE } from '../local/aws-stand-ins';
import { localLinkSecret } from '../local/link-secret';
import { ROLE_OUTPUT, assumedRoleCredentials, chooseCredentials, sessionName } from './credentials';
import type { ForgetDeps } from './forget';

const root = path.resolve(import.meta.dirname, '../..');

/** The stack settings both command lines take (`npm run leads`, `npm run haulers`). */
export interface TargetOptions {
  stack?: string;
  table?: string;
  bucket?: string;
  region?: string;
  secretArn?: string;
  siteUrl?: string;
  /** The role to act as: an ARN, or `none` for one's own credentials (credentials.ts). */
  role?: string;
  /** The Stripe secret key's secret (else the stack's `StripeSecretKeyArn` output). */
  stripeKeyArn?: string;
}

export interface Target {
  where: string;
  table: LeadTable;
  s3: S3Client;
  bucket: string;
  siteUrl: string;
  /** The current link secret, read only when a command needs it. */
  secret: () => Promise<Buffer>;
  rotate?: () => Promise<void>;
  /** The deployed distribution, whose cached photos `forget` invalidates. */
  cloudfront?: ForgetDeps['cloudfront'];
  /** SES as the functions reach it: the local stand-in, or the region's SES. */
  ses: SESv2Client;
  /** The From: address of the stack's emails, when known (`SenderAddress` output). */
  sender?: string;
  operationsAddress?: string;
  /** The one payment module: the local Stripe stand-in, or Stripe with the stack's secret key. */
  payments: () => PaymentProvider;
}

/** Operations never verify a webhook: the command lines hold no signing secret. */
const noWebhookSecret = () => Promise.reject(new Error('The command line verifies no webhook.'));

/** Any sk_test_ key opens the stand-in (scripts/local/stripe/); nothing local reaches Stripe. */
const LOCAL_STRIPE_KEY = 'sk_test_leads_command_line';

/** A stack's outputs through the AWS CLI (no CloudFormation SDK in the bundle for one call). */
function stackOutputs(stack: string, region: string | undefined): Record<string, string> {
  const args = ['cloudformation', 'describe-stacks', '--stack-name', stack, '--output', 'json'];
  if (region !== undefined) args.push('--region', region);
  let raw: string;
  try {
    raw = execFileSync('aws', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  } catch {
    throw new Error(
      `Could not read the outputs of stack ${stack} (is the AWS CLI installed and signed in?). Use --table and --bucket instead.`,
    );
  }
  const outputs =
    (JSON.parse(raw) as { Stacks: { Outputs?: { OutputKey: string; OutputValue: string }[] }[] })
      .Stacks[0]?.Outputs ?? [];
  return Object.fromEntries(outputs.map((o) => [o.OutputKey, o.OutputValue]));
}

export function target(options: TargetOptions): Target {
  if (options.stack === undefined && options.table === undefined) {
    const dynamoPort = Number(process.env.DYNAMO_PORT ?? 4567);
    const s3Port = Number(process.env.S3_PORT ?? 4569);
    const dataDir = path.resolve(root, process.env.LOCAL_DATA_DIR ?? '.local');
    const local = { region: 'us-east-1', credentials: LOCAL_CREDENTIALS };
    const client = new DynamoDBClient({ ...local, endpoint: `http://127.0.0.1:${dynamoPort}` });
    return {
      where: `local stack (dynalite :${dynamoPort}, s3rver :${s3Port})`,
      table: { client: DynamoDBDocumentClient.from(client), tableName: LOCAL_LEADS_TABLE },
      s3: new S3Client({
        ...local,
        // s3rver's fixed credentials (scripts/local/server.ts).
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
        endpoint: `http://localhost:${s3Port}`,
        forcePathStyle: true,
        requestChecksumCalculation: 'WHEN_REQUIRED',
      }),
      bucket: LOCAL_BUCKET,
      siteUrl: `http://localhost:${process.env.PORT ?? 3000}`,
      secret: () => Promise.resolve(Buffer.from(localLinkSecret(dataDir), 'utf8')),
      ses: new SESv2Client({
        ...local,
        endpoint: `http://localhost:${process.env.SES_PORT ?? 8005}`,
      }),
      // The local server's defaults (scripts/local/server.ts).
      sender: process.env.SENDER_ADDRESS ?? 'quotes@bulktrashpickup.example',
      operationsAddress: process.env.OPERATIONS_ADDRESS ?? 'operations@bulktrashpickup.example',
      payments: () =>
        stripePayments({
          secretKey: () => Promise.resolve(LOCAL_STRIPE_KEY),
          webhookSecret: noWebhookSecret,
          host: '127.0.0.1',
          port: Number(process.env.STRIPE_PORT ?? 4568),
          protocol: 'http',
        }),
    };
  }
  const outputs = options.stack === undefined ? {} : stackOutputs(options.stack, options.region);
  const tableName = options.table ?? outputs.LeadsTableName;
  const bucket = options.bucket ?? outputs.QuotePhotosBucketName;
  const secretArn = options.secretArn ?? outputs.LinkSecretArn;
  if (tableName === undefined || bucket === undefined) {
    throw new Error(
      'Name the table and bucket (--table, --bucket) or a stack with those outputs (--stack).',
    );
  }
  const choice = chooseCredentials(options.role, process.env, outputs[ROLE_OUTPUT]);
  const region = {
    ...(options.region === undefined ? {} : { region: options.region }),
    ...(choice.kind === 'role'
      ? {
          credentials: assumedRoleCredentials(
            new STSClient(options.region === undefined ? {} : { region: options.region }),
            choice.roleArn,
            sessionName(userInfo().username),
          ),
        }
      : {}),
  };
  const as =
    choice.kind === 'role'
      ? `as ${choice.roleArn.slice(choice.roleArn.lastIndexOf('/') + 1)} (${choice.why})`
      : `with your own credentials (${choice.why})`;
  const secrets = new SecretsManagerClient(region);
  const needSecret = () => {
    if (secretArn === undefined) throw new Error('Name the link secret (--secret-arn) or --stack.');
    return secretArn;
  };
  const stripeKeyArn = options.stripeKeyArn ?? outputs.StripeSecretKeyArn;
  return {
    payments: () => {
      if (stripeKeyArn === undefined) {
        throw new Error('Name the Stripe secret key (--stripe-key-arn) or --stack.');
      }
      return stripePayments({
        secretKey: secretsManagerText(secrets, stripeKeyArn, ENV.stripeSecretKey),
        webhookSecret: noWebhookSecret,
      });
    },
    where: `${options.stack ?? 'AWS'} (table ${tableName}, bucket ${bucket}) ${as}`,
    table: { client: DynamoDBDocumentClient.from(new DynamoDBClient(region)), tableName },
    s3: new S3Client(region),
    ses: new SESv2Client(region),
    ...(outputs.SesIdentity?.includes('@') ? { sender: outputs.SesIdentity } : {}),
    // Where operations' own mail goes (the stack's operationsAddress setting), when named.
    ...(process.env.OPERATIONS_ADDRESS === undefined
      ? {}
      : { operationsAddress: process.env.OPERATIONS_ADDRESS }),
    bucket,
    siteUrl: options.siteUrl ?? outputs.SiteUrl ?? 'https://example.com',
    ...(outputs.DistributionId === undefined
      ? {}
      : {
          cloudfront: {
            client: new CloudFrontClient(region),
            distributionId: outputs.DistributionId,
          },
        }),
    secret: async () =>
      (await secretsManagerLoader(secrets, needSecret(), () => new Date())()).current,
    rotate: async () => {
      await secrets.send(
        new PutSecretValueCommand({
          SecretId: needSecret(),
          SecretString: randomBytes(32).toString('hex'),
        }),
      );
    },
  };
}
