// @vitest-environment node
/**
 * The operations role holds what `npm run leads` and `npm run haulers` call, and no more: the
 * AWS calls are read from the sources both command lines bundle (esbuild's metafile), so a
 * command that starts calling something new fails here until the role grants it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../infra/config';
import {
  type Json,
  FIXTURE_SITE,
  WITHOUT_BUNDLING,
  flatten,
  resourcesOfType,
  synthesize,
} from './synth';

const { json } = synthesize({
  ...WITHOUT_BUNDLING,
  siteDir: FIXTURE_SITE,
  allowExampleAddresses: 'true',
});
const [[roleId, role]] = resourcesOfType(json, 'AWS::IAM::Role').filter(([id]) =>
  id.startsWith('LeadsOperationsRole'),
) as [[string, Json]];
const statements = resourcesOfType(json, 'AWS::IAM::Policy')
  .filter(([, p]) => (p.Properties.Roles as Json[]).some((r) => r.Ref === roleId))
  .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as Json[]);
const granted = new Set(statements.flatMap((st) => [st.Action].flat() as string[]));

/** The IAM actions each SDK call (command, paginator or presigned request) needs. */
const ACTIONS: Record<string, string[]> = {
  GetCommand: ['dynamodb:GetItem'],
  PutCommand: ['dynamodb:PutItem'],
  UpdateCommand: ['dynamodb:UpdateItem'],
  DeleteCommand: ['dynamodb:DeleteItem'],
  QueryCommand: ['dynamodb:Query'],
  paginateQuery: ['dynamodb:Query'],
  ScanCommand: ['dynamodb:Scan'],
  paginateScan: ['dynamodb:Scan'],
  BatchGetCommand: ['dynamodb:BatchGetItem'],
  BatchWriteCommand: ['dynamodb:BatchWriteItem'],
  ListObjectVersionsCommand: ['s3:ListBucketVersions'],
  ListObjectsV2Command: ['s3:ListBucket'],
  paginateListObjectsV2: ['s3:ListBucket'],
  DeleteObjectsCommand: ['s3:DeleteObject', 's3:DeleteObjectVersion'],
  GetObjectCommand: ['s3:GetObject'],
  CreateInvalidationCommand: ['cloudfront:CreateInvalidation'],
  SendEmailCommand: ['ses:SendEmail'],
  GetSecretValueCommand: ['secretsmanager:GetSecretValue'],
  PutSecretValueCommand: ['secretsmanager:PutSecretValue'],
  // Authorised per action (decision 059): writeTogether puts or updates its decisive item and puts.
  TransactWriteCommand: ['dynamodb:PutItem', 'dynamodb:UpdateItem'],
};
/** Calls made before the role is assumed, or only against the local stand-ins. */
const NOT_AS_THE_ROLE = new Set(['AssumeRoleCommand', 'CreateTableCommand']);

async function sdkCalls(): Promise<Map<string, string[]>> {
  const { metafile } = await build({
    entryPoints: ['scripts/leads/cli.ts', 'scripts/haulers/cli.ts'].map((f) =>
      path.join(REPO_ROOT, f),
    ),
    absWorkingDir: REPO_ROOT,
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    metafile: true,
    write: false,
    outdir: 'unused',
    logLevel: 'silent',
  });
  const calls = new Map<string, string[]>();
  for (const file of Object.keys(metafile.inputs)) {
    if (file.includes('node_modules') || file.startsWith('scripts/local/')) continue;
    const source = readFileSync(path.join(REPO_ROOT, file), 'utf8');
    for (const match of source.matchAll(/\bnew (\w+Command)\(|\b(paginate\w+)\(/g)) {
      const name = match[1] ?? match[2]!;
      calls.set(name, [...(calls.get(name) ?? []), file]);
    }
  }
  return calls;
}

describe('the operations role', () => {
  it('grants every AWS call the two command lines make, and names each unknown one', async () => {
    const calls = await sdkCalls();
    expect(calls.size).toBeGreaterThan(10);
    const unknown = [...calls.keys()].filter((c) => !(c in ACTIONS) && !NOT_AS_THE_ROLE.has(c));
    expect(unknown, 'add the IAM actions of these calls to ACTIONS').toEqual([]);
    const needed = [...calls.keys()].flatMap((c) => ACTIONS[c] ?? []);
    expect(needed.filter((action) => !granted.has(action))).toEqual([]);
  });

  it('grants nothing those calls do not need, but the table key and the stack outputs', async () => {
    const needed = new Set([...(await sdkCalls()).keys()].flatMap((c) => ACTIONS[c] ?? []));
    const extra = [...granted].filter((action) => !needed.has(action)).sort();
    // kms: the table's key, used by DynamoDB on the role's behalf; DescribeStacks: an operator
    // whose own profile is this role reads the stack's outputs with it (--stack, --role none).
    expect(extra).toEqual([
      'cloudformation:DescribeStacks',
      'kms:Decrypt',
      'kms:Encrypt',
      'kms:GenerateDataKey',
    ]);
  });

  it('reaches the lead table and its indexes, the link secret, the stack identity and this stack only', () => {
    const by = (sid: string) => statements.find((st) => st.Sid === sid)!;
    expect(flatten(by('ReadLeadsAndHaulers').Resource)).toMatch(
      /^<LeadsTable\w+\.Arn>,<LeadsTable\w+\.Arn>\/index\/\*$/,
    );
    expect(flatten(by('ChangeLeadsAndHaulers').Resource)).toMatch(/^<LeadsTable\w+\.Arn>$/);
    expect(flatten(by('RotateLinkSecret').Resource)).toMatch(/^<LinkSecret\w+>$/);
    expect(flatten(by('LinkHaulerDocuments').Resource)).toMatch(/\/hauler-documents\/\*$/);
    expect(flatten(by('LinkJobProof').Resource)).toMatch(/\/job-proof\/\*$/);
    expect(
      (by('DeleteMediaVersions').Resource as string[])
        .map((arn) => arn.replace(/^.*:::[^/]+/, ''))
        .sort(),
    ).toEqual([
      '/hauler-documents/*',
      '/incoming/*',
      '/job-proof/*',
      '/leads/*',
      '/quote-photos/*',
    ]);
    expect(by('ReadStackOutputs').Resource).toEqual({ Ref: 'AWS::StackId' });
    // leads refund: Stripe's secret key only, never the webhook's signing secret.
    expect(flatten(by('ReadStripeSecrets').Resource)).toMatch(/^<StripeSecretsSecretKey\w+>$/);
    expect(flatten(by('SendOperationsEmails').Resource)).toContain(':identity/');
  });

  it('may be assumed from the account for an hour at a time, as the command lines do', () => {
    expect(role.Properties.AssumeRolePolicyDocument.Statement).toEqual([
      expect.objectContaining({ Action: 'sts:AssumeRole', Effect: 'Allow' }),
    ]);
    expect(role.Properties.MaxSessionDuration).toBe(3600);
    expect(Object.keys(json.Outputs as Json)).toContain('LeadsOperationsRoleArn');
  });
});
