import { Duration } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import { ApiFunction } from './api-function';
import type { LeadTable } from './lead-table';
import type { LinkSecret } from './link-secret';
import { KEY_PREFIXES } from '#contract/core/table-keys';
import type { PaymentWiring } from './stripe-secrets';

export interface QuoteLoopProps {
  /** The stage's payment setting, and Stripe's secret key with it when on (decision 048). */
  payments: PaymentWiring;
  leads: LeadTable;
  linkSecret: LinkSecret;
  senderAddress: string;
  operationsAddress: string;
  /** Resources `ses:SendEmail` is allowed on (identity, configuration set, sandbox recipients). */
  sendEmailResources: string[];
  reservedConcurrency: number;
  /** Undefined when it is the distribution's own domain: PublicBaseUrlWiring sets it later. */
  publicBaseUrl?: string;
}

/**
 * The quote loop's two functions (decisions 020, 021, 033), made in `scope`: the stack passes its
 * Api, where every API function lives. Each may touch lead items, and read hauler profiles (an
 * offer link is honoured only while its hauler takes jobs; the accepted hauler is emailed).
 */
export class QuoteLoop {
  readonly readLead: ApiFunction<'read-lead'>;
  readonly updateLead: ApiFunction<'update-lead'>;

  constructor(scope: Construct, props: QuoteLoopProps) {
    const { leads, linkSecret } = props;
    const leadItems = [KEY_PREFIXES.lead];
    const haulerItems = [KEY_PREFIXES.hauler];
    const common = {
      leadsTable: leads.table.tableName,
      linkSecretArn: linkSecret.secret.secretArn,
    };

    this.readLead = new ApiFunction(scope, 'ReadLead', {
      name: 'read-lead',
      description: 'Shows a request to the holder of a signed link (POST /api/lead); read only.',
      timeout: Duration.seconds(10),
      reservedConcurrency: props.reservedConcurrency,
      environment: { ...common, payments: props.payments.setting },
      statements: [
        leads.itemsStatement('ReadLeadItems', ['dynamodb:GetItem'], leadItems),
        leads.itemsStatement('ReadHaulerProfiles', ['dynamodb:GetItem'], haulerItems),
        linkSecret.readStatement(),
        leads.keyStatement('DecryptLeadTable', ['kms:Decrypt']),
      ],
    });

    this.updateLead = new ApiFunction(scope, 'UpdateLead', {
      name: 'update-lead',
      description:
        'Sends a quote, records the homeowner’s answer or cancellation, and emails the other side (POST /api/send-quote, /api/decide-quote, /api/cancel-request).',
      timeout: Duration.seconds(15),
      reservedConcurrency: props.reservedConcurrency,
      environment: {
        ...common,
        publicBaseUrl: props.publicBaseUrl,
        senderAddress: props.senderAddress,
        operationsAddress: props.operationsAddress,
        ...props.payments.environment,
      },
      statements: [
        // GetItem to decide, UpdateItem for the conditional status change and email outcomes.
        leads.itemsStatement(
          'ChangeLeadItems',
          ['dynamodb:GetItem', 'dynamodb:UpdateItem'],
          leadItems,
        ),
        leads.itemsStatement('ReadHaulerProfiles', ['dynamodb:GetItem'], haulerItems),
        linkSecret.readStatement(),
        new iam.PolicyStatement({
          sid: 'SendQuoteLoopEmails',
          actions: ['ses:SendEmail'],
          resources: props.sendEmailResources,
        }),
        ...leads.outboxStatements(),
        leads.keyStatement('UseLeadTableKey', [
          'kms:Decrypt',
          'kms:Encrypt',
          'kms:GenerateDataKey',
        ]),
        ...props.payments.statements,
        ...props.payments.moneyStatements(leads),
      ],
    });
  }
}
