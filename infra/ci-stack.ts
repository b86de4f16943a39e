import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import type { CiConfig } from './config';
import { acknowledgeWildcards } from './nag';

const GITHUB_ISSUER = 'token.actions.githubusercontent.com';
/** `cdk bootstrap`'s default qualifier: its roles are cdk-hnb659fds-{kind}-role-{account}-{region}. */
const CDK_QUALIFIER = 'hnb659fds';

export interface CiStackProps extends StackProps {
  ci: CiConfig;
  /** `BulkTrashPickup-`: the product stacks' names start with it. */
  productStackPrefix: string;
}

/**
 * The role GitHub Actions deploys with (OIDC, no stored keys): only the workflow on the deploy
 * branch of one repository may assume it, and it can do no more than `npm run deploy` needs,
 * which is mostly to hand over to the roles `cdk bootstrap` made (decision 047).
 */
export class CiStack extends Stack {
  readonly role: iam.Role;

  constructor(scope: Construct, id: string, props: CiStackProps) {
    super(scope, id, props);
    const { ci, productStackPrefix } = props;
    const provider =
      ci.oidcProviderArn !== undefined
        ? iam.OidcProviderNative.fromOidcProviderArn(this, 'GitHub', ci.oidcProviderArn)
        : new iam.OidcProviderNative(this, 'GitHub', {
            url: `https://${GITHUB_ISSUER}`,
            clientIds: ['sts.amazonaws.com'],
          });

    this.role = new iam.Role(this, 'DeployRole', {
      description: `GitHub Actions of ${ci.repository} deploy from ${ci.branch} (npm run deploy)`,
      maxSessionDuration: Duration.hours(1),
      assumedBy: new iam.WebIdentityPrincipal(provider.openIdConnectProviderArn, {
        StringEquals: {
          [`${GITHUB_ISSUER}:aud`]: 'sts.amazonaws.com',
          [`${GITHUB_ISSUER}:sub`]: `repo:${ci.repository}:ref:refs/heads/${ci.branch}`,
        },
      }),
    });
    this.role.addToPolicy(
      new iam.PolicyStatement({
        sid: 'UseCdkBootstrapRoles',
        actions: ['sts:AssumeRole'],
        resources: [`arn:${this.partition}:iam::${this.account}:role/cdk-${CDK_QUALIFIER}-*`],
      }),
    );
    // The deploy reads the account's Lambda concurrency before choosing reservations.
    this.role.addToPolicy(
      new iam.PolicyStatement({
        sid: 'ReadLambdaConcurrency',
        actions: ['lambda:GetAccountSettings', 'lambda:ListFunctions'],
        resources: ['*'],
      }),
    );
    this.role.addToPolicy(
      new iam.PolicyStatement({
        sid: 'ReadProductConcurrency',
        actions: ['lambda:GetFunctionConcurrency'],
        resources: [
          `arn:${this.partition}:lambda:*:${this.account}:function:${productStackPrefix}*`,
        ],
      }),
    );
    // The site URL the build must name, from a stack deployed before.
    this.role.addToPolicy(
      new iam.PolicyStatement({
        sid: 'ReadProductStackOutputs',
        actions: ['cloudformation:DescribeStacks'],
        resources: [
          `arn:${this.partition}:cloudformation:*:${this.account}:stack/${productStackPrefix}*/*`,
        ],
      }),
    );
    acknowledgeWildcards(this.role, [
      {
        pattern: /^AwsSolutions-IAM5\[Resource::arn:.*:role\/cdk-hnb659fds-\*\]$/,
        reason:
          "cdk deploy assumes the bootstrap roles (deploy, file publishing, lookup) whose names end in the account and region; the grant is this account's cdk-hnb659fds-* roles only, which carry the real permissions.",
      },
      {
        pattern: 'AwsSolutions-IAM5[Resource::*]',
        reason:
          'lambda:GetAccountSettings and lambda:ListFunctions support no resource-level permission; both only read.',
      },
      {
        pattern: /^AwsSolutions-IAM5\[Resource::arn:.*:(lambda|cloudformation):\*:.*\*.*\]$/,
        reason:
          "Reads only (function concurrency, stack outputs) of this product's stacks, whose names are only known as BulkTrashPickup-{stage} in any region.",
      },
    ]);

    new CfnOutput(this, 'DeployRoleArn', {
      value: this.role.roleArn,
      description: 'GitHub repository variable AWS_DEPLOY_ROLE_ARN',
    });
  }
}
