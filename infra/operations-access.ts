import { Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { LeadTable } from './lead-table';
import type { LinkSecret } from './link-secret';
import type { StripeSecrets } from './stripe-secrets';
import { acknowledgeWildcards } from './nag';

export interface OperatorCommandsProps {
  linkSecret: LinkSecret;
  sendEmailResources: string[];
  bucketArn: string;
  /** Every prefix a homeowner's or a hauler's objects live under (`…/prefix/*`). */
  forgettableObjectArns: string[];
  haulerDocumentArns: string;
  /** leads evidence: a dispute's receipt and after-photos (`job-proof/*`), linked for an hour. */
  jobProofArns: string;
  distributionArn: string;
  /** leads refund (and evidence --submit): Stripe's secret key, with payments on only. */
  stripeSecrets?: StripeSecrets | undefined;
}

/**
 * What `npm run leads` and `npm run haulers` do with the operations role, and nothing else: each
 * statement names the commands that need it; test/infra/operations-role.test.ts reads the calls
 * from the command lines' sources and fails when the two drift apart.
 */
export function grantOperatorCommands(leads: LeadTable, props: OperatorCommandsProps): void {
  const role = leads.operationsRole;
  const { tableArn } = leads.table;
  const statements = [
    new iam.PolicyStatement({
      // list, show, export; haulers list (a Scan) and show; every change reads first.
      sid: 'ReadLeadsAndHaulers',
      actions: ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:Scan'],
      resources: [tableArn, `${tableArn}/index/*`],
    }),
    new iam.PolicyStatement({
      // forget, confirm-no-show; approve, reject, pause, resume, remove, hide-comment, forget.
      sid: 'ChangeLeadsAndHaulers',
      actions: [
        'dynamodb:PutItem',
        'dynamodb:UpdateItem',
        'dynamodb:DeleteItem',
        'dynamodb:BatchWriteItem',
      ],
      resources: [tableArn],
    }),
    leads.keyStatement('UseLeadTableKey', ['kms:Decrypt', 'kms:Encrypt', 'kms:GenerateDataKey']),
    // show's fresh links; the links in approve's, remove's and confirm-no-show's emails.
    props.linkSecret.readStatement(),
    // refund, evidence --submit: the only writes to Stripe outside the functions (decision 058).
    ...(props.stripeSecrets === undefined ? [] : [props.stripeSecrets.readStatement('secretKey')]),
    new iam.PolicyStatement({
      sid: 'RotateLinkSecret',
      actions: ['secretsmanager:PutSecretValue'],
      resources: [props.linkSecret.secret.secretArn],
    }),
    new iam.PolicyStatement({
      sid: 'SendOperationsEmails',
      actions: ['ses:SendEmail'],
      resources: props.sendEmailResources,
    }),
    new iam.PolicyStatement({
      sid: 'LinkHaulerDocuments',
      actions: ['s3:GetObject'],
      resources: [props.haulerDocumentArns],
    }),
    new iam.PolicyStatement({
      sid: 'LinkJobProof',
      actions: ['s3:GetObject'],
      resources: [props.jobProofArns],
    }),
    new iam.PolicyStatement({
      sid: 'ListMediaVersions',
      actions: ['s3:ListBucket', 's3:ListBucketVersions'],
      resources: [props.bucketArn],
    }),
    new iam.PolicyStatement({
      sid: 'DeleteMediaVersions',
      actions: ['s3:DeleteObject', 's3:DeleteObjectVersion'],
      resources: props.forgettableObjectArns,
    }),
    new iam.PolicyStatement({
      sid: 'InvalidateForgottenPhotos',
      actions: ['cloudfront:CreateInvalidation'],
      resources: [props.distributionArn],
    }),
    new iam.PolicyStatement({
      // --stack NAME: the table, bucket, secret and site come from the stack's outputs.
      sid: 'ReadStackOutputs',
      actions: ['cloudformation:DescribeStacks'],
      resources: [Stack.of(role).stackId],
    }),
  ];
  for (const statement of statements) role.addToPolicy(statement);

  acknowledgeWildcards(role, [
    {
      pattern: /^AwsSolutions-IAM5\[Resource::<.*Table.*\.Arn>\/index\/\*\]$/,
      reason:
        "Listing leads queries the indexes of the lead table (by-status, by-reference, by-due); the grant names this table's indexes only.",
    },
    {
      pattern:
        /^AwsSolutions-IAM5\[Resource::.*\/(quote-photos|incoming|leads|job-proof|hauler-documents)\/\*\]$/,
      reason:
        "Forgetting a homeowner or a hauler deletes every version of their objects under quote-photos/{id}/, incoming/{id}/, job-proof/{id}/, leads/{id}.json and hauler-documents/{haulerId}/, keys known only when an operator names them, haulers show presigns a GET of the hauler's certificate and leads evidence of a job's receipt and photos; limited to those prefixes, to deleting, and to reading certificates and job proof.",
    },
  ]);
}
