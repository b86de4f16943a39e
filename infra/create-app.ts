// One stack, checked by cdk-nag (an unacknowledged finding fails the synth); app.ts and the tests
// both build it here, so they synthesize the same thing.
import { App, type Environment, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { BulkTrashStack } from './bulk-trash-stack';
import { readConfig } from './config';

export const STACK_NAME = 'BulkTrashPickup';

export interface CreateAppOptions {
  /** Default: the CLI's account and region if any, so synth needs no credentials. */
  env?: Environment;
}

export function createApp(
  app: App = new App(),
  options: CreateAppOptions = {},
): { app: App; stack: BulkTrashStack } {
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  const stack = new BulkTrashStack(app, STACK_NAME, {
    description:
      'Bulk trash pickup: pre-rendered site on CloudFront + S3, quote API (Lambda), quote photos (S3), SES email',
    config: readConfig(app.node),
    env: options.env ?? {
      account: process.env.CDK_DEFAULT_ACCOUNT,
      region: process.env.CDK_DEFAULT_REGION,
    },
  });
  return { app, stack };
}
