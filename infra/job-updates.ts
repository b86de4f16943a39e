import { Duration } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import { ApiFunction } from './api-function';
import type { QuotePhotosLocation } from './api';
import type { LeadTable } from './lead-table';
import type { LinkSecret } from './link-secret';
import { INCOMING_JOBS_PREFIX, JOB_PROOF_PREFIX } from '#contract/booking/media-keys';
import { KEY_PREFIXES } from '#contract/core/table-keys';
import type { PaymentWiring } from './stripe-secrets';

export interface JobUpdatesProps {
  /** The stage's payment setting, and Stripe's secret key with it when on (decision 048). */
  payments: PaymentWiring;
  leads: LeadTable;
  linkSecret: LinkSecret;
  quotePhotos: QuotePhotosLocation;
  senderAddress: string;
  operationsAddress: string;
  /** Resources `ses:SendEmail` is allowed on (identity, configuration sets, sandbox recipients). */
  sendEmailResources: string[];
  /** SES configuration sets: mail to haulers, mail to operations. */
  configurationSets: { hauler: string; operations: string };
  reservedConcurrency: number;
  /** Undefined when it is the distribution's own domain: PublicBaseUrlWiring sets it later. */
  publicBaseUrl?: string;
}

/**
 * The job after acceptance (decision 034), made in `scope` (the stack's Api): one function for the
 * homeowner's and the accepted hauler's actions. It changes lead items conditionally, reads hauler
 * profiles, and emails the other side.
 */
export class JobUpdates {
  readonly jobUpdates: ApiFunction<'job-updates'>;

  constructor(scope: Construct, props: JobUpdatesProps) {
    const { leads, linkSecret, quotePhotos } = props;
    const quarantinePrefix = `${INCOMING_JOBS_PREFIX}/*`;
    const quarantine = quotePhotos.arnForObjects(quarantinePrefix);
    const proof = quotePhotos.arnForObjects(`${JOB_PROOF_PREFIX}/*`);
    this.jobUpdates = new ApiFunction(scope, 'JobUpdates', {
      name: 'job-updates',
      description:
        'The job after acceptance: address, on my way, price change, can’t do, receipt and job done, problem, rating (POST /api/job-*).',
      timeout: Duration.seconds(15),
      reservedConcurrency: props.reservedConcurrency,
      environment: {
        leadsTable: leads.table.tableName,
        linkSecretArn: linkSecret.secret.secretArn,
        bucketName: quotePhotos.bucketName,
        publicBaseUrl: props.publicBaseUrl,
        senderAddress: props.senderAddress,
        operationsAddress: props.operationsAddress,
        confirmationConfigurationSet: props.configurationSets.hauler,
        operationsConfigurationSet: props.configurationSets.operations,
        ...props.payments.environment,
      },
      statements: [
        // GetItem to decide, UpdateItem for the conditional change and the email claims.
        leads.itemsStatement(
          'ChangeLeadItems',
          ['dynamodb:GetItem', 'dynamodb:UpdateItem'],
          [KEY_PREFIXES.lead],
        ),
        leads.itemsStatement('ReadHaulerProfiles', ['dynamodb:GetItem'], [KEY_PREFIXES.hauler]),
        // A rating: its item beside the profile, the totals read back and written on the profile.
        // A strike: the profile's conditional change and the hauler's email ledger (MAIL# items).
        leads.itemsStatement(
          'RateAndStrikeHaulers',
          ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:Query'],
          [KEY_PREFIXES.hauler],
        ),
        // A strike's pause takes the hauler's coverage items out (coverage-store.ts).
        leads.itemsStatement(
          'PauseHaulerCoverage',
          ['dynamodb:BatchWriteItem'],
          [KEY_PREFIXES.coverage],
        ),
        linkSecret.readStatement(),
        new iam.PolicyStatement({
          sid: 'SendJobEmails',
          actions: ['ses:SendEmail'],
          resources: props.sendEmailResources,
        }),
        ...leads.outboxStatements(),
        leads.keyStatement('UseLeadTableKey', [
          'kms:Decrypt',
          'kms:Encrypt',
          'kms:GenerateDataKey',
        ]),
        new iam.PolicyStatement({
          // The presigned PUTs, the ranged reads of the byte check, and the copy's source.
          sid: 'QuarantinedJobUploads',
          actions: ['s3:PutObject', 's3:GetObject'],
          resources: [quarantine],
        }),
        new iam.PolicyStatement({
          // The checked copy, and the short-lived GETs the homeowner and operations are given.
          sid: 'KeepAndShowJobProof',
          actions: ['s3:PutObject', 's3:GetObject'],
          resources: [proof],
        }),
        new iam.PolicyStatement({
          // Without it S3 answers a missing upload 403, not 404 (decision 029).
          sid: 'MissingJobUploadsAnswer404',
          actions: ['s3:ListBucket'],
          resources: [quotePhotos.bucketArn],
          conditions: { StringLike: { 's3:prefix': [quarantinePrefix] } },
        }),
        ...props.payments.statements,
        ...props.payments.moneyStatements(leads),
      ],
      objectWildcards: {
        [quarantine]: `The accepted hauler uploads the receipt and after-photos by presigned PUT to ${INCOMING_JOBS_PREFIX}/{submissionId}/{quote}-{n}-{kind}.{ext}, keys known only at request time, and the function reads them back to check their bytes; limited to the jobs/ part of quarantine.`,
        [proof]: `Checked receipts and after-photos are copied to ${JOB_PROOF_PREFIX}/{submissionId}/{name}, keys known only at request time, and read by short-lived presigned GETs; limited to the private proof prefix, which CloudFront never reads.`,
      },
    });
  }
}
