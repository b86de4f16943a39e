/**
 * Builds the CDK app: one stack, BulkTrashPickup, configured from CDK context (infra/config.ts) and
 * checked by cdk-nag's AWS Solutions rules (an unacknowledged finding fails the synth). Used by
 * infra/app.ts and by the tests, so both synthesize the same thing.
 */
import { App, type Environment, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { BulkTrashStack } from './bulk-trash-stack';
import { readConfig } from './config';

export const STACK_NAME = 'BulkTrashPickup';

export interface CreateAppOptions {
  /**
   * Account and region. Default: those of the CLI's credentials when there are any
   * (CDK_DEFAULT_ACCOUNT / CDK_DEFAULT_REGION); environment-agnostic otherwise, so synth needs no
   * credentials. Tests pass `{}` for a template that does not depend on the machine.
   */
  env?: Environment;
}

/** Builds the app; tests call this with their own context and outdir. */
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
