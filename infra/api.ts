import { Duration } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { ApiFunction } from './api-function';
import type { LeadTable } from './lead-table';
import type { LinkSecret } from './link-secret';
import { INCOMING_PREFIX, LEADS_PREFIX, MEDIA_PREFIX } from '#contract/booking/media-keys';
import { KEY_PREFIXES } from '#contract/core/table-keys';
import type { PaymentWiring } from './stripe-secrets';

/** What the functions need to know about the quote-photos bucket: names and ARNs as plain strings. */
export interface QuotePhotosLocation {
  readonly bucketName: string;
  readonly bucketArn: string;
  arnForObjects(pattern: string): string;
}

export interface ApiProps {
  /** The stage's payment setting, and Stripe's secret key with it when on (decision 048). */
  payments: PaymentWiring;
  quotePhotos: QuotePhotosLocation;
  leads: LeadTable;
  senderAddress: string;
  operationsAddress: string;
  /** Resources `ses:SendEmail` is allowed on (identity, configuration sets, sandbox recipients). */
  sendEmailResources: string[];
  /** SES configuration sets: homeowner confirmations, operations notifications. */
  configurationSets: { confirmation: string; operations: string };
  leadRetentionDays: number;
  confirmationDailyCap: number;
  reservedConcurrency: number;
  /** Undefined when it is the distribution's own domain: PublicBaseUrlWiring sets it later. */
  publicBaseUrl?: string;
  /** send-booking-emails signs the quote loop's links in its two emails with it. */
  linkSecret?: LinkSecret;
}

/** The booking's two functions: upload URLs, and storing the request with its two emails. */
export class Api extends Construct {
  readonly createUploadUrls: ApiFunction<'create-upload-urls'>;
  readonly sendBookingEmails: ApiFunction<'send-booking-emails'>;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const { leads, quotePhotos } = props;
    const incoming = quotePhotos.arnForObjects(`${INCOMING_PREFIX}/*`);
    const media = quotePhotos.arnForObjects(`${MEDIA_PREFIX}/*`);
    const archive = quotePhotos.arnForObjects(`${LEADS_PREFIX}/*`);
    const tableKeyActions = ['kms:Decrypt', 'kms:Encrypt', 'kms:GenerateDataKey'];
    const common = {
      bucketName: quotePhotos.bucketName,
      leadsTable: leads.table.tableName,
      publicBaseUrl: props.publicBaseUrl,
    };

    this.createUploadUrls = new ApiFunction(this, 'CreateUploadUrls', {
      name: 'create-upload-urls',
      description:
        'Answers presigned PUT URLs for quote photos and videos (POST /api/upload-urls).',
      timeout: Duration.seconds(10),
      reservedConcurrency: props.reservedConcurrency,
      environment: common,
      statements: [
        new iam.PolicyStatement({
          sid: 'PresignQuarantineUploads',
          actions: ['s3:PutObject'],
          resources: [incoming],
        }),
        leads.itemsStatement(
          'RecordUploadBatch',
          ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
          [KEY_PREFIXES.uploads],
        ),
        leads.keyStatement('LeadTableKey', tableKeyActions),
      ],
      objectWildcards: {
        [incoming]:
          'The function presigns uploads to keys it names at request time (incoming/{submissionId}/{file}, with a random submission id), so the grant is s3:PutObject on the quarantine prefix only, never the whole bucket.',
      },
    });

    this.sendBookingEmails = new ApiFunction(this, 'SendBookingEmails', {
      name: 'send-booking-emails',
      description:
        'Stores a quote request and sends the confirmation and operations emails (POST /api/send-booking-emails).',
      timeout: Duration.seconds(15),
      reservedConcurrency: props.reservedConcurrency,
      environment: {
        ...common,
        senderAddress: props.senderAddress,
        operationsAddress: props.operationsAddress,
        leadRetentionDays: String(props.leadRetentionDays),
        confirmationDailyCap: String(props.confirmationDailyCap),
        confirmationConfigurationSet: props.configurationSets.confirmation,
        operationsConfigurationSet: props.configurationSets.operations,
        archiveKmsKeyId: leads.key.keyArn,
        linkSecretArn: props.linkSecret?.secret.secretArn,
        payments: props.payments.setting,
      },
      statements: [
        new iam.PolicyStatement({
          // HeadObject and the ranged read of the first bytes are s3:GetObject; so is the copy's source.
          sid: 'CheckQuarantinedMedia',
          actions: ['s3:GetObject'],
          resources: [incoming, media],
        }),
        new iam.PolicyStatement({
          sid: 'ReleaseCheckedMedia',
          actions: ['s3:PutObject'],
          resources: [media],
        }),
        new iam.PolicyStatement({
          // Write only: the archive is never read to decide anything.
          sid: 'ArchiveLeads',
          actions: ['s3:PutObject'],
          resources: [archive],
        }),
        new iam.PolicyStatement({
          // Without it S3 answers a missing key 403, not 404 (decision 029).
          sid: 'MissingKeysAnswer404',
          actions: ['s3:ListBucket'],
          resources: [quotePhotos.bucketArn],
          conditions: {
            StringLike: { 's3:prefix': [`${INCOMING_PREFIX}/*`, `${MEDIA_PREFIX}/*`] },
          },
        }),
        leads.itemsStatement(
          'StoreLeadsAndCounters',
          ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
          [KEY_PREFIXES.lead, KEY_PREFIXES.confirm, KEY_PREFIXES.cap],
        ),
        leads.keyStatement('LeadTableAndArchiveKey', tableKeyActions),
        new iam.PolicyStatement({
          sid: 'SendBookingEmails',
          actions: ['ses:SendEmail'],
          resources: props.sendEmailResources,
        }),
        ...leads.outboxStatements(),
        ...(props.linkSecret === undefined ? [] : [props.linkSecret.readStatement()]),
      ],
      objectWildcards: {
        [incoming]:
          'The function checks uploads in quarantine (HeadObject and a ranged GetObject of the first bytes, both s3:GetObject) under per-submission keys that only exist at request time; read-only, limited to the incoming/ prefix.',
        [media]:
          'The function copies checked files to quote-photos/{submissionId}/{file}, keys known only at request time, and reads them back on a retry; limited to the quote-photos/ prefix.',
        [archive]:
          'The lead archive is written (never read) under leads/{submissionId}.json, keys known only at request time; PutObject only, limited to the leads/ prefix.',
      },
    });
  }
}
