import { Duration } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { ApiFunction } from './api-function';
import type { QuotePhotosLocation } from './api';
import type { LeadTable } from './lead-table';
import type { LinkSecret } from './link-secret';
import { HAULER_DOCUMENTS_PREFIX, INCOMING_PREFIX } from '#contract/booking/media-keys';
import { KEY_PREFIXES } from '#contract/core/table-keys';
import type { PaymentWiring } from './stripe-secrets';

export interface HaulerAccountsProps {
  /** The stage's payment setting, and Stripe's secret key with it when on (decision 048). */
  payments: PaymentWiring;
  quotePhotos: QuotePhotosLocation;
  leads: LeadTable;
  linkSecret: LinkSecret;
  senderAddress: string;
  operationsAddress: string;
  /** Resources `ses:SendEmail` is allowed on (identity, configuration sets, sandbox recipients). */
  sendEmailResources: string[];
  /** SES configuration sets: mail to haulers, mail to operations. */
  configurationSets: { hauler: string; operations: string };
  /** The hauler's page reserves it; the daily job 1, all one run needs (0: neither reserves). */
  reservedConcurrency: number;
  /** Undefined when it is the distribution's own domain: PublicBaseUrlWiring sets it later. */
  publicBaseUrl?: string;
  /** Where the daily job's dropped runs go. */
  failedRuns: sqs.IQueue;
}

/** The daily certificate run: 13:00 UTC is morning across the 50 states. */
export const HAULER_DOCUMENTS_SCHEDULE = events.Schedule.cron({ minute: '0', hour: '13' });
/** A day and an hour without a run: the schedule has stopped. */
export const HAULER_DOCUMENTS_HEARTBEAT = Duration.hours(25);

// The window of hauler emails lives under CONFIRM#{hash}; LeadingKeys sees the partition only.
const FRESH_LINK_COUNTER_KEY = `${KEY_PREFIXES.cap}hauler-fresh-links`;

/**
 * The hauler's own page (hauler-account, behind CloudFront) and the daily certificate job
 * (hauler-documents, on an EventBridge schedule, no URL), made in `scope` (the stack's Api).
 * Each role reaches the hauler items it needs and no lead.
 */
export class HaulerAccounts {
  readonly haulerAccount: ApiFunction<'hauler-account'>;
  readonly haulerDocuments: ApiFunction<'hauler-documents'>;

  constructor(scope: Construct, props: HaulerAccountsProps) {
    const { leads, linkSecret, quotePhotos } = props;
    const quarantine = quotePhotos.arnForObjects(`${INCOMING_PREFIX}/haulers/*`);
    const documents = quotePhotos.arnForObjects(`${HAULER_DOCUMENTS_PREFIX}/*`);
    const tableKey = leads.keyStatement('UseLeadTableKey', [
      'kms:Decrypt',
      'kms:Encrypt',
      'kms:GenerateDataKey',
    ]);
    const sendEmail = new iam.PolicyStatement({
      sid: 'SendHaulerEmails',
      actions: ['ses:SendEmail'],
      resources: props.sendEmailResources,
    });
    const mail = {
      leadsTable: leads.table.tableName,
      linkSecretArn: linkSecret.secret.secretArn,
      publicBaseUrl: props.publicBaseUrl,
      senderAddress: props.senderAddress,
      operationsAddress: props.operationsAddress,
      confirmationConfigurationSet: props.configurationSets.hauler,
      operationsConfigurationSet: props.configurationSets.operations,
    };
    // Profiles, their mail records and counters; coverage items follow a pause or a radius.
    const haulerItemActions = [
      'dynamodb:GetItem',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
      'dynamodb:Query',
      'dynamodb:BatchWriteItem',
    ];

    this.haulerAccount = new ApiFunction(scope, 'HaulerAccount', {
      name: 'hauler-account',
      description:
        "The hauler's own page: read, change, pause, resume, a new certificate, and the fresh link by email (POST /api/hauler-account, -account-change, -renewal-url, -renewal, -link), and Set up payouts (POST /api/hauler-payouts).",
      timeout: Duration.seconds(15),
      reservedConcurrency: props.reservedConcurrency,
      environment: {
        ...mail,
        bucketName: quotePhotos.bucketName,
        ...props.payments.environment,
      },
      statements: [
        leads.itemsStatement('ChangeHaulerItems', haulerItemActions, [
          KEY_PREFIXES.hauler,
          KEY_PREFIXES.coverage,
          KEY_PREFIXES.haulerEmail,
          KEY_PREFIXES.confirm,
          FRESH_LINK_COUNTER_KEY,
        ]),
        // The page lists the hauler's work: its leads and, with payments on, each job's money
        // (decisions 052 and 055), one BatchGet each, never a write.
        leads.itemsStatement(
          'ReadWorkLeadsAndMoney',
          ['dynamodb:BatchGetItem'],
          [KEY_PREFIXES.lead, KEY_PREFIXES.payment],
        ),
        new iam.PolicyStatement({
          // The presigned PUT, the ranged reads of the check, and the copy's source.
          sid: 'QuarantinedCertificates',
          actions: ['s3:PutObject', 's3:GetObject'],
          resources: [quarantine],
        }),
        new iam.PolicyStatement({
          sid: 'KeepCheckedCertificates',
          actions: ['s3:PutObject'],
          resources: [documents],
        }),
        new iam.PolicyStatement({
          // Without it S3 answers a missing key 403, not 404 (decision 029).
          sid: 'MissingKeysAnswer404',
          actions: ['s3:ListBucket'],
          resources: [quotePhotos.bucketArn],
          conditions: { StringLike: { 's3:prefix': [`${INCOMING_PREFIX}/haulers/*`] } },
        }),
        sendEmail,
        ...leads.outboxStatements(),
        linkSecret.readStatement(),
        tableKey,
        ...props.payments.statements,
      ],
      objectWildcards: {
        [quarantine]:
          'A hauler uploads a new certificate by presigned PUT to incoming/haulers/{haulerId}/certificate.{ext}, a key known only at request time, and the function reads it back to check its bytes; limited to the haulers/ part of quarantine.',
        [documents]:
          'The checked certificate is copied to hauler-documents/{haulerId}/{name}.{ext}, keys known only at request time; PutObject only, limited to the private documents prefix.',
      },
    });

    this.haulerDocuments = new ApiFunction(scope, 'HaulerDocuments', {
      name: 'hauler-documents',
      description:
        'Daily: certificate reminders 30 days ahead and, on the expiry day, the hauler paused and operations told.',
      timeout: Duration.minutes(5),
      reservedConcurrency: props.reservedConcurrency > 0 ? 1 : 0,
      environment: mail,
      schedule: {
        schedule: HAULER_DOCUMENTS_SCHEDULE,
        // The next day's run catches up a missed one from its cursor: an hour of retries is enough.
        maxEventAge: Duration.hours(1),
        retryAttempts: 2,
        failedRuns: props.failedRuns,
        heartbeat: HAULER_DOCUMENTS_HEARTBEAT,
      },
      statements: [
        leads.itemsStatement('ExpireHaulerItems', haulerItemActions, [
          KEY_PREFIXES.hauler,
          KEY_PREFIXES.coverage,
          KEY_PREFIXES.certificateDue,
        ]),
        sendEmail,
        ...leads.outboxStatements(),
        linkSecret.readStatement(),
        tableKey,
      ],
    });
  }
}
