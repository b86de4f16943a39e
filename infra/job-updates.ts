import { Duration } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import { ApiFunction } from './api-function';
import type { QuotePhotosLocation } from './api';
import type { LeadTable } from './lead-table';
import type { LinkSecret } from './link-secret';
import { KEY_PREFIXES } from '#contract/table-keys';

export interface JobUpdatesProps {
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
        leads.keyStatement('UseLeadTableKey', [
          'kms:Decrypt',
          'kms:Encrypt',
          'kms:GenerateDataKey',
        ]),
      ],
    });
  }
}
