import { Duration } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { ApiFunction } from './api-function';
import type { LeadTable } from './lead-table';
import type { StripeSecrets } from './stripe-secrets';
import { KEY_PREFIXES } from '#contract/core/table-keys';

export interface StripeWebhookProps {
  leads: LeadTable;
  stripeSecrets: StripeSecrets;
  /** Where a dispute's email goes (decision 058): kept in the outbox, sent by the minute job. */
  operationsAddress: string;
  /** Stripe retries a throttled delivery, so a small reservation costs no event (0: none). */
  reservedConcurrency: number;
}

/** A flood of forged requests throttles here, while a signed one is retried by Stripe. */
export const STRIPE_WEBHOOK_CONCURRENCY = 5;

/**
 * Stripe's webhooks (decision 053), made in `scope` (the stack's Api): a Function URL without IAM
 * auth, whose only gate is the Stripe signature. It reaches the job's money, the event records,
 * the hauler profiles (their payouts) and, for a dispute, the request and the outbox (decision
 * 058); it reads both Stripe secrets: the signing secret to verify, the secret key to ask Stripe
 * which job a charge or dispute belongs to.
 */
export class StripeWebhook {
  readonly stripeWebhook: ApiFunction<'stripe-webhook'>;

  constructor(scope: Construct, props: StripeWebhookProps) {
    const { leads, stripeSecrets } = props;
    this.stripeWebhook = new ApiFunction(scope, 'StripeWebhook', {
      name: 'stripe-webhook',
      description:
        "Stripe's webhooks: signature first, each event recorded once, applied to the job's money or the hauler's payouts (POST /api/stripe-webhook).",
      timeout: Duration.seconds(15),
      reservedConcurrency:
        props.reservedConcurrency > 0
          ? Math.min(props.reservedConcurrency, STRIPE_WEBHOOK_CONCURRENCY)
          : 0,
      signatureGated: true,
      environment: {
        leadsTable: leads.table.tableName,
        stripeSecretKeyArn: stripeSecrets.secretKey.secretArn,
        stripeWebhookSecretArn: stripeSecrets.webhookSecret.secretArn,
        operationsAddress: props.operationsAddress,
      },
      statements: [
        leads.itemsStatement(
          'StripeWebhookItems',
          ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
          [KEY_PREFIXES.payment, KEY_PREFIXES.stripeEvent, KEY_PREFIXES.moneyDue],
        ),
        // A dispute: the request's reference for operations' email, which waits in the outbox.
        leads.itemsStatement('ReadDisputedRequest', ['dynamodb:GetItem'], [KEY_PREFIXES.lead]),
        // Kept only: the minute job sends it and removes it (decision 054).
        leads.itemsStatement('KeepDisputeEmails', ['dynamodb:PutItem'], [KEY_PREFIXES.outbox]),
        // account.updated: one conditional update of the profile's payouts, nothing else.
        leads.itemsStatement('RecordHaulerPayouts', ['dynamodb:UpdateItem'], [KEY_PREFIXES.hauler]),
        leads.keyStatement('UseLeadTableKey', [
          'kms:Decrypt',
          'kms:Encrypt',
          'kms:GenerateDataKey',
        ]),
        stripeSecrets.readStatement('secretKey', 'webhookSecret'),
      ],
    });
  }
}
