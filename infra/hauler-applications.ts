import { Duration } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import { ApiFunction } from './api-function';
import type { QuotePhotosLocation } from './api';
import type { LeadTable } from './lead-table';
import type { LinkSecret } from './link-secret';
import { HAULER_DOCUMENTS_PREFIX, INCOMING_PREFIX } from '#contract/booking/media-keys';
import { KEY_PREFIXES } from '#contract/core/table-keys';
import type { PaymentWiring } from './stripe-secrets';

export interface HaulerApplicationsProps {
  /** The stage's payment setting, and Stripe's secret key with it when on (decision 048). */
  payments: PaymentWiring;
  /** The quote-photos bucket: quarantine under incoming/haulers/, documents under their prefix. */
  bucket: QuotePhotosLocation;
  leads: LeadTable;
  linkSecret: LinkSecret;
  senderAddress: string;
  operationsAddress: string;
  /** Resources `ses:SendEmail` is allowed on (identity, configuration sets, sandbox recipients). */
  sendEmailResources: string[];
  /** SES configuration sets: mail to applicants, mail to operations. */
  configurationSets: { applicant: string; operations: string };
  applicationDailyCap: number;
  leadRetentionDays: number;
  reservedConcurrency: number;
  /** Undefined when it is the distribution's own domain: PublicBaseUrlWiring sets it later. */
  publicBaseUrl?: string;
}

/**
 * The hauler side's application path (decision 031), made in `scope` (the stack's Api):
 * hauler-apply (certificate upload URL, application, confirm my email) and hauler-review
 * (operations' review and decision). Neither can touch a lead item or the public media prefix.
 */
export class HaulerApplications {
  readonly haulerApply: ApiFunction<'hauler-apply'>;
  readonly haulerReview: ApiFunction<'hauler-review'>;
  /** Where certificates wait for their check, and where the checked copies are kept. */
  readonly quarantineArn: string;
  readonly documentsArn: string;

  constructor(scope: Construct, props: HaulerApplicationsProps) {
    const { leads, linkSecret, bucket } = props;
    this.quarantineArn = bucket.arnForObjects(`${INCOMING_PREFIX}/haulers/*`);
    this.documentsArn = bucket.arnForObjects(`${HAULER_DOCUMENTS_PREFIX}/*`);
    const tableKey = leads.keyStatement('UseLeadTableKey', [
      'kms:Decrypt',
      'kms:Encrypt',
      'kms:GenerateDataKey',
    ]);
    const common = {
      bucketName: bucket.bucketName,
      leadsTable: leads.table.tableName,
      linkSecretArn: linkSecret.secret.secretArn,
      publicBaseUrl: props.publicBaseUrl,
      senderAddress: props.senderAddress,
      confirmationConfigurationSet: props.configurationSets.applicant,
    };
    const sendEmail = (sid: string) =>
      new iam.PolicyStatement({
        sid,
        actions: ['ses:SendEmail'],
        resources: props.sendEmailResources,
      });

    this.haulerApply = new ApiFunction(scope, 'HaulerApply', {
      name: 'hauler-apply',
      description:
        'Takes hauler applications: the certificate upload URL, the application and its email confirmation (POST /api/hauler-certificate-url, /api/hauler-apply, /api/hauler-confirm).',
      timeout: Duration.seconds(15),
      reservedConcurrency: props.reservedConcurrency,
      environment: {
        ...common,
        operationsAddress: props.operationsAddress,
        operationsConfigurationSet: props.configurationSets.operations,
        haulerApplicationDailyCap: String(props.applicationDailyCap),
      },
      statements: [
        new iam.PolicyStatement({
          // Presigning the PUT, then HeadObject, the ranged reads and the copy's source.
          sid: 'CertificateQuarantine',
          actions: ['s3:PutObject', 's3:GetObject'],
          resources: [this.quarantineArn],
        }),
        new iam.PolicyStatement({
          sid: 'KeepCheckedCertificates',
          actions: ['s3:PutObject'],
          resources: [this.documentsArn],
        }),
        new iam.PolicyStatement({
          // Without it S3 answers a missing key 403, not 404 (decision 029).
          sid: 'MissingCertificatesAnswer404',
          actions: ['s3:ListBucket'],
          resources: [bucket.bucketArn],
          conditions: { StringLike: { 's3:prefix': [`${INCOMING_PREFIX}/haulers/*`] } },
        }),
        leads.itemsStatement(
          'StoreHaulersAndCounters',
          ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:Query'],
          [KEY_PREFIXES.hauler, KEY_PREFIXES.confirm, KEY_PREFIXES.cap, KEY_PREFIXES.uploads],
        ),
        linkSecret.readStatement(),
        sendEmail('SendApplicationEmails'),
        ...leads.outboxStatements(),
        tableKey,
      ],
      objectWildcards: {
        [this.quarantineArn]:
          'Certificates are uploaded to and checked under incoming/haulers/{applicationId}/, ids known only at request time; limited to that part of the quarantine.',
        [this.documentsArn]:
          'Checked certificates are copied to hauler-documents/{haulerId}/, ids known only at request time; PutObject only, on the private documents prefix CloudFront never serves.',
      },
    });

    this.haulerReview = new ApiFunction(scope, 'HaulerReview', {
      name: 'hauler-review',
      description:
        'Shows a hauler application to operations and records their decision (POST /api/hauler-review, /api/hauler-decide).',
      timeout: Duration.seconds(15),
      reservedConcurrency: props.reservedConcurrency,
      environment: {
        ...common,
        leadRetentionDays: String(props.leadRetentionDays),
        payments: props.payments.setting,
      },
      statements: [
        new iam.PolicyStatement({
          // Presigning the certificate's GET for operations' page: read only.
          sid: 'ReadHaulerDocuments',
          actions: ['s3:GetObject'],
          resources: [this.documentsArn],
        }),
        leads.itemsStatement(
          'DecideHaulers',
          [
            'dynamodb:GetItem',
            'dynamodb:UpdateItem',
            'dynamodb:Query',
            // Coverage items follow an approval, 25 to a request.
            'dynamodb:BatchWriteItem',
          ],
          [KEY_PREFIXES.hauler, KEY_PREFIXES.coverage],
        ),
        linkSecret.readStatement(),
        sendEmail('SendDecisionEmails'),
        ...leads.outboxStatements(),
        tableKey,
      ],
      objectWildcards: {
        [this.documentsArn]:
          'Operations open a hauler certificate under hauler-documents/{haulerId}/ through a presigned GET; read only, on the documents prefix.',
      },
    });
  }
}
