import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import { Construct } from 'constructs';
import {
  KEY_PREFIXES,
  LEAD_TABLE_INDEXES,
  LEAD_TABLE_KEYS,
  LEAD_TABLE_TTL_ATTRIBUTE,
} from '#contract/core/table-keys';

export interface LeadTableProps {
  /**
   * Leads are business data: kept (with their key) when the stack goes or replaces them, and
   * removed only by the rollback of a failed first create, so a retry starts clean.
   * @default RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE
   */
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
    const removalPolicy = props.removalPolicy ?? RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE;
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
      // No deletion protection: it would make that rollback fail (decision 047).
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
        'Operations: npm run leads and npm run haulers (the command lines assume it). The only role besides the API functions that can read leads.',
      maxSessionDuration: Duration.hours(1),
    });
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

  /**
   * The outbox's items (decision 054), for every function that sends email: the mailer keeps each
   * email there until it is sent or given up. `sender`: the offer job also lists them and reads
   * the account's sending rate.
   */
  outboxStatements(sender = false): iam.PolicyStatement[] {
    const actions = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'];
    const items = this.itemsStatement(
      sender ? 'SendOwedEmails' : 'KeepOwedEmails',
      sender ? [...actions, 'dynamodb:Query'] : actions,
      [KEY_PREFIXES.outbox],
    );
    if (!sender) return [items];
    return [
      items,
      new iam.PolicyStatement({
        sid: 'ReadSendingRate',
        actions: ['ses:GetAccount'],
        resources: ['*'],
      }),
    ];
  }

  keyStatement(sid: string, actions: string[]): iam.PolicyStatement {
    return new iam.PolicyStatement({ sid, actions, resources: [this.key.keyArn] });
  }
}
