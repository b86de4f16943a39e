import { Duration } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { ApiFunction } from './api-function';
import type { LeadTable } from './lead-table';
import type { LinkSecret } from './link-secret';
import type { OfferSettings } from '#contract/loop/offers';
import { KEY_PREFIXES, LEAD_TABLE_INDEXES } from '#contract/core/table-keys';
import type { PaymentWiring } from './stripe-secrets';

export interface HaulerOffersProps {
  /** The stage's payment setting, and Stripe's secret key with it when on (decision 048). */
  payments: PaymentWiring;
  leads: LeadTable;
  linkSecret: LinkSecret;
  senderAddress: string;
  operationsAddress: string;
  /** Resources `ses:SendEmail` is allowed on (identity, configuration sets, sandbox recipients). */
  sendEmailResources: string[];
  /** SES configuration sets: mail to haulers, mail to operations. */
  configurationSets: { hauler: string; operations: string };
  /** 0 reserves none; otherwise the job reserves 1, so that two runs never overlap. */
  reservedConcurrency: number;
  settings: OfferSettings;
  /** Undefined when it is the distribution's own domain: PublicBaseUrlWiring sets it later. */
  publicBaseUrl?: string;
  /** Where the job's dropped runs go. */
  failedRuns: sqs.IQueue;
}

/** Every minute: a round is due within a minute of its time, and most runs find nothing due. */
export const HAULER_OFFERS_SCHEDULE = events.Schedule.rate(Duration.minutes(1));
/** Five minutes without a run: the schedule has stopped. */
export const HAULER_OFFERS_HEARTBEAT = Duration.minutes(5);

/**
 * The offer job (hauler-offers, on an EventBridge schedule, no URL), made in `scope` (the stack's
 * Api): it lists due leads from the `by-due` index only, reads and updates lead and hauler items
 * (offers, timers, email claims, daily counts, lastOfferedAt), looks up coverage, and emails.
 */
export class HaulerOffers {
  readonly haulerOffers: ApiFunction<'hauler-offers'>;

  constructor(scope: Construct, props: HaulerOffersProps) {
    const { leads, linkSecret, settings } = props;
    const byDue = `${leads.table.tableArn}/index/${LEAD_TABLE_INDEXES.byDue.indexName}`;

    this.haulerOffers = new ApiFunction(scope, 'HaulerOffers', {
      name: 'hauler-offers',
      description:
        'Every minute: offer rounds to nearby haulers, the escalation to operations and the end of offers for the requests that are due, then the money job (holds, captures, releases, payouts held in a dispute) and the owed emails.',
      timeout: Duration.minutes(2),
      reservedConcurrency: props.reservedConcurrency > 0 ? 1 : 0,
      environment: {
        leadsTable: leads.table.tableName,
        linkSecretArn: linkSecret.secret.secretArn,
        publicBaseUrl: props.publicBaseUrl,
        senderAddress: props.senderAddress,
        operationsAddress: props.operationsAddress,
        confirmationConfigurationSet: props.configurationSets.hauler,
        operationsConfigurationSet: props.configurationSets.operations,
        offerBatchSize: String(settings.batchSize),
        offerRoundMinutes: String(settings.roundMinutes),
        offerHours: String(settings.offerHours),
        offerEscalationMinutes: String(settings.escalationMinutes),
        haulerDailyOffers: String(settings.haulerDailyOffers),
        ...props.payments.environment,
      },
      schedule: {
        schedule: HAULER_OFFERS_SCHEDULE,
        // The next minute's run does the same work: retrying a failed one only doubles it.
        maxEventAge: Duration.minutes(1),
        retryAttempts: 0,
        failedRuns: props.failedRuns,
        heartbeat: HAULER_OFFERS_HEARTBEAT,
      },
      statements: [
        new iam.PolicyStatement({
          sid: 'ListDueLeads',
          actions: ['dynamodb:Query'],
          resources: [byDue],
        }),
        // Offers, timers and email claims on the lead; never a Query, Put or Delete of leads.
        leads.itemsStatement(
          'OfferOnLeads',
          ['dynamodb:GetItem', 'dynamodb:UpdateItem'],
          [KEY_PREFIXES.lead],
        ),
        // Profiles and daily counts (read together), lastOfferedAt and the counts' ADD.
        leads.itemsStatement(
          'ReadAndCountHaulers',
          ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:UpdateItem'],
          [KEY_PREFIXES.hauler],
        ),
        leads.itemsStatement('FindCoveringHaulers', ['dynamodb:Query'], [KEY_PREFIXES.coverage]),
        new iam.PolicyStatement({
          sid: 'SendOfferEmails',
          actions: ['ses:SendEmail'],
          resources: props.sendEmailResources,
        }),
        ...leads.outboxStatements(true),
        linkSecret.readStatement(),
        leads.keyStatement('UseLeadTableKey', [
          'kms:Decrypt',
          'kms:Encrypt',
          'kms:GenerateDataKey',
        ]),
        ...props.payments.statements,
        ...props.payments.moneyStatements(leads),
      ],
      objectWildcards: {
        '*': 'ses:GetAccount (the account sending rate the outbox sender keeps to, decision 054) has no resource-level permission: IAM only takes "*".',
      },
    });
  }
}
