/**
 * Builds the CDK app: one stack, BulkTrashPickup, configured from CDK context (infra/config.ts) and
 * checked by cdk-nag's AWS Solutions rules (an unacknowledged finding fails the synth). Used by
 * infra/app.ts and by the tests, so both synthesize the same thing.
 */
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { BulkTrashStack } from './bulk-trash-stack';
import { readConfig } from './config';

export const STACK_NAME = 'BulkTrashPickup';

/** Builds the app; tests call this with their own context and outdir. */
export function createApp(app: App = new App()): { app: App; stack: BulkTrashStack } {
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  const stack = new BulkTrashStack(app, STACK_NAME, {
    description: 'Bulk trash pickup: pre-rendered site on CloudFront + S3, quote API (Lambda), quote photos (S3), SES email',
    config: readConfig(app.node),
    // Account and region of the CLI's credentials when there are any; environment-agnostic
    // otherwise (synth needs no credentials).
    env: {
      account: process.env.CDK_DEFAULT_ACCOUNT,
      region: process.env.CDK_DEFAULT_REGION,
    },
  });
  return { app, stack };
}
