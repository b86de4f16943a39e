// One stage's stack and, with a repository named, the CI stack, checked by cdk-nag; app.ts and the
// tests both build them here, so they synthesize the same thing.
import { App, type Environment, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { BulkTrashStack } from './bulk-trash-stack';
import { CiStack } from './ci-stack';
import { readCiConfig, readConfig } from './config';

const STACK_PREFIX = 'BulkTrashPickup-';

/** `BulkTrashPickup-dev`: CloudFormation names the stack's functions, alarms and roles after it. */
export function stackName(stage: string): string {
  return `${STACK_PREFIX}${stage}`;
}

export const CI_STACK_NAME = `${STACK_PREFIX}ci`;

export interface CreateAppOptions {
  /** Default: the CLI's account and region if any, so synth needs no credentials. */
  env?: Environment;
}

export function createApp(
  app: App = new App(),
  options: CreateAppOptions = {},
): { app: App; stack: BulkTrashStack; ciStack?: CiStack } {
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  const config = readConfig(app.node);
  const env = options.env ?? {
    account: process.env.CDK_DEFAULT_ACCOUNT,
    region: process.env.CDK_DEFAULT_REGION,
  };
  const stack = new BulkTrashStack(app, stackName(config.stage), {
    description: `Bulk trash pickup (${config.stage}): pre-rendered site on CloudFront + S3, quote API (Lambda), quote photos (S3), SES email`,
    config,
    env,
  });
  const ci = readCiConfig(app.node);
  const ciStack =
    ci === undefined
      ? undefined
      : new CiStack(app, CI_STACK_NAME, {
          description: 'Bulk trash pickup: the role GitHub Actions deploys with (OIDC)',
          ci,
          productStackPrefix: STACK_PREFIX,
          env,
        });
  return { app, stack, ...(ciStack === undefined ? {} : { ciStack }) };
}
