import { RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import type { PaymentSetting } from '#contract/money/payments';
import { KEY_PREFIXES } from '#contract/core/table-keys';
import type { LeadTable } from './lead-table';

export type StripeSecretName = 'secretKey' | 'webhookSecret';

const DESCRIPTIONS: Record<StripeSecretName, string> = {
  secretKey:
    'Stripe secret key (sk_live_… or a restricted rk_live_…), set by the operator: docs/deploy.md#stripe',
  webhookSecret:
    'Signing secret of the Stripe webhook endpoint /api/stripe-webhook (whsec_…), set by the operator: docs/deploy.md#stripe',
};

/**
 * Stripe's two secrets (decision 053): created empty, with no value in the repo or the template
 * (no generated one either: only Stripe can issue them); the operator puts the value. A function
 * that needs one gets GetSecretValue on exactly that secret.
 */
export class StripeSecrets extends Construct {
  readonly secretKey: secretsmanager.Secret;
  readonly webhookSecret: secretsmanager.Secret;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.secretKey = this.emptySecret('SecretKey', DESCRIPTIONS.secretKey);
    this.webhookSecret = this.emptySecret('WebhookSecret', DESCRIPTIONS.webhookSecret);
  }

  private emptySecret(id: string, description: string): secretsmanager.Secret {
    const secret = new secretsmanager.Secret(this, id, {
      description,
      // It lives with the stack (decision 047): a new stack's are set again from Stripe's Dashboard.
      removalPolicy: RemovalPolicy.DESTROY,
    });
    // CDK asks CloudFormation to generate a value when none is given; an empty secret has none.
    (secret.node.defaultChild as secretsmanager.CfnSecret).addPropertyDeletionOverride(
      'GenerateSecretString',
    );
    Validations.of(secret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Stripe issues and rolls these secrets (Dashboard: roll key, roll signing secret); the operator puts the new value (docs/deploy.md#stripe). A rotation Lambda cannot create a Stripe key.',
    });
    return secret;
  }

  /** Only GetSecretValue, only on the named secrets: no DescribeSecret, no listing. */
  readStatement(...names: StripeSecretName[]): iam.PolicyStatement {
    return new iam.PolicyStatement({
      sid: 'ReadStripeSecrets',
      actions: ['secretsmanager:GetSecretValue'],
      resources: names.map((name) => this[name].secretArn),
    });
  }
}

/**
 * What a function that moves money is given (decision 048): the stage's stated setting, and with
 * payments on the secret key's ARN and the right to read it; with payments off, neither.
 */
export class PaymentWiring {
  constructor(
    readonly setting: PaymentSetting,
    private readonly secrets: StripeSecrets,
  ) {}

  get environment(): { payments: PaymentSetting; stripeSecretKeyArn?: string } {
    return this.setting === 'on'
      ? { payments: this.setting, stripeSecretKeyArn: this.secrets.secretKey.secretArn }
      : { payments: this.setting };
  }

  get statements(): iam.PolicyStatement[] {
    return this.setting === 'on' ? [this.secrets.readStatement('secretKey')] : [];
  }

  /**
   * A job's money and its due item (decision 057), with payments on: read and written
   * (conditioned on its version) by the functions whose changes move it, and by the money job.
   */
  moneyStatements(leads: LeadTable): iam.PolicyStatement[] {
    if (this.setting !== 'on') return [];
    return [
      leads.itemsStatement(
        'MoveJobMoney',
        ['dynamodb:GetItem', 'dynamodb:PutItem'],
        [KEY_PREFIXES.payment],
      ),
      // When the money job next looks at the job: written, and deleted once nothing is due.
      leads.itemsStatement(
        'ScheduleJobMoney',
        ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:DeleteItem'],
        [KEY_PREFIXES.moneyDue],
      ),
    ];
  }
}
