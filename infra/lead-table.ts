import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import { Construct } from 'constructs';
import { acknowledgeWildcards } from './nag';
import {
  LEAD_TABLE_INDEXES,
  LEAD_TABLE_KEYS,
  LEAD_TABLE_TTL_ATTRIBUTE,
} from '#contract/core/table-keys';

export interface LeadTableProps {
  /** @default RemovalPolicy.RETAIN (leads are business data) */
  removalPolicy?: RemovalPolicy;
}

/** The lead table (decision 012), its key, and the one role besides the functions that reads leads. */
export class LeadTable extends Construct {
  readonly table: dynamodb.Table;
  /** Encrypts the table and the S3 lead archive. */
  readonly key: kms.Key;
  /** For people (`npm run leads`). */
  readonly operationsRole: iam.Role;

  constructor(scope: Construct, id: string, props: LeadTableProps = {}) {
    super(scope, id);
    const removalPolicy = props.removalPolicy ?? RemovalPolicy.RETAIN;
    this.key = new kms.Key(this, 'Key', {
      description: 'Encrypts the lead table and the S3 lead archive (personal data)',
      enableKeyRotation: true,
      removalPolicy,
    });
    const { partitionKey, sortKey } = LEAD_TABLE_KEYS;
    const { byStatus, byReference, byDue } = LEAD_TABLE_INDEXES;
    const string = dynamodb.AttributeType.STRING;
    // Table (v1): TableV2 cannot render a customer managed key in an environment-agnostic stack.
    this.table = new dynamodb.Table(this, 'Table', {
      partitionKey: { name: partitionKey, type: string },
      sortKey: { name: sortKey, type: string },
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: LEAD_TABLE_TTL_ATTRIBUTE,
      encryption: dynamodb.TableEncryption.CUSTOMER_MANAGED,
      encryptionKey: this.key,
      deletionProtection: removalPolicy === RemovalPolicy.RETAIN,
      removalPolicy,
    });
    this.table.addGlobalSecondaryIndex({
      indexName: byStatus.indexName,
      partitionKey: { name: byStatus.partitionKey, type: string },
      sortKey: { name: byStatus.sortKey, type: string },
      projectionType: dynamodb.ProjectionType.ALL,
    });
    this.table.addGlobalSecondaryIndex({
      indexName: byReference.indexName,
      partitionKey: { name: byReference.partitionKey, type: string },
      projectionType: dynamodb.ProjectionType.ALL,
    });
    // Sparse: only leads with an offer timer carry its keys; the offer job reads each lead itself.
    this.table.addGlobalSecondaryIndex({
      indexName: byDue.indexName,
      partitionKey: { name: byDue.partitionKey, type: string },
      sortKey: { name: byDue.sortKey, type: string },
      projectionType: dynamodb.ProjectionType.KEYS_ONLY,
    });

    this.operationsRole = new iam.Role(this, 'OperationsRole', {
      assumedBy: new iam.AccountRootPrincipal(),
      description:
        'Operations: list, show, export and forget leads (npm run leads). The only role besides the API functions that can read them.',
      maxSessionDuration: Duration.hours(1),
    });
    this.operationsRole.addToPolicy(
      new iam.PolicyStatement({
        sid: 'ReadAndForgetLeads',
        actions: [
          'dynamodb:GetItem',
          'dynamodb:Query',
          'dynamodb:Scan',
          'dynamodb:DeleteItem',
          'dynamodb:DescribeTable',
        ],
        resources: [this.table.tableArn, `${this.table.tableArn}/index/*`],
      }),
    );
    this.key.grantDecrypt(this.operationsRole);
    this.acknowledgeOperationsWildcards();
  }

  /** Table actions on the item types whose keys start with one of `prefixes` only. */
  itemsStatement(sid: string, actions: string[], prefixes: string[]): iam.PolicyStatement {
    return new iam.PolicyStatement({
      sid,
      actions,
      resources: [this.table.tableArn],
      conditions: {
        'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': prefixes.map((p) => `${p}*`) },
      },
    });
  }

  keyStatement(sid: string, actions: string[]): iam.PolicyStatement {
    return new iam.PolicyStatement({ sid, actions, resources: [this.key.keyArn] });
  }

  /** cdk-nag IAM5: the operations role's wildcards, each a prefix of one kind of data. */
  private acknowledgeOperationsWildcards(): void {
    acknowledgeWildcards(this.operationsRole, [
      {
        pattern: /^AwsSolutions-IAM5\[Resource::<.*Table.*\.Arn>\/index\/\*\]$/,
        reason:
          "Listing leads queries the indexes of the lead table (by-status, by-reference, by-due); the grant names this table's indexes only.",
      },
      {
        pattern: /^AwsSolutions-IAM5\[Resource::.*\/(quote-photos|incoming|leads|job-proof)\/\*\]$/,
        reason:
          'Forgetting a homeowner deletes every version of their objects under quote-photos/{id}/, incoming/{id}/, incoming/jobs/{id}/, job-proof/{id}/ and leads/{id}.json, keys known only when an operator names the request; the grant is limited to those four prefixes and to deleting.',
      },
    ]);
  }

  /** Every version of a homeowner's media and archive, and their cached photos. */
  grantForget(options: { bucketArn: string; objectArns: string[]; distributionArn: string }): void {
    this.operationsRole.addToPolicy(
      new iam.PolicyStatement({
        sid: 'ListMediaVersions',
        actions: ['s3:ListBucket', 's3:ListBucketVersions'],
        resources: [options.bucketArn],
      }),
    );
    this.operationsRole.addToPolicy(
      new iam.PolicyStatement({
        sid: 'DeleteMediaVersions',
        actions: ['s3:DeleteObject', 's3:DeleteObjectVersion'],
        resources: options.objectArns,
      }),
    );
    this.operationsRole.addToPolicy(
      new iam.PolicyStatement({
        sid: 'InvalidateForgottenPhotos',
        actions: ['cloudfront:CreateInvalidation'],
        resources: [options.distributionArn],
      }),
    );
    this.acknowledgeOperationsWildcards();
  }
}
