/**
 * `npm run deploy -- [cdk deploy options]`, run after the build: reads the account's Lambda
 * concurrency limit in the deploy region, says in one sentence what the API functions will
 * reserve and why, then runs `cdk deploy` with `-c reservedConcurrency=N` and that region. A
 * `reservedConcurrency` given on the command line or in cdk.json wins, and nothing is read.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LambdaClient } from '@aws-sdk/client-lambda';
import {
  DEFAULT_RESERVED_CONCURRENCY,
  REPO_ROOT,
  RESERVING_FUNCTION_COUNT,
  SINGLE_RUN_FUNCTIONS,
} from '../../infra/config';
import { STACK_NAME } from '../../infra/create-app';
import { readAccountConcurrency } from './account-concurrency';
import {
  decideReservedConcurrency,
  explicitReservedConcurrency,
  profileArgument,
} from './reserved-concurrency';

/** CDK's default when nothing names a region; the stack's WAF needs it anyway. */
const CDK_FALLBACK_REGION = 'us-east-1';

function projectContext(): Record<string, unknown> {
  const cdkJson = JSON.parse(readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')) as {
    context?: Record<string, unknown>;
  };
  return cdkJson.context ?? {};
}

/**
 * The region `cdk deploy` would pick, in its order: the environment, the profile's config, then
 * us-east-1. It is passed on to cdk as AWS_REGION, so the limit read is the one deployed against.
 */
async function deployRegion(profile: string | undefined): Promise<string> {
  const fromEnvironment = [
    'AWS_REGION',
    'AMAZON_REGION',
    'AWS_DEFAULT_REGION',
    'AMAZON_DEFAULT_REGION',
  ]
    .map((name) => process.env[name])
    .find((value) => value !== undefined && value !== '');
  if (fromEnvironment !== undefined) return fromEnvironment;
  const fromProfile = await new LambdaClient({ profile }).config.region().catch(() => undefined);
  return fromProfile ?? CDK_FALLBACK_REGION;
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const profile = profileArgument(args);
  const region = await deployRegion(profile);
  const cdkArgs = ['cdk', 'deploy', ...args];

  const explicit = explicitReservedConcurrency(args, projectContext());
  if (explicit !== undefined) {
    console.log(
      `Reserving ${explicit} concurrent executions per API function, as reservedConcurrency=${explicit} says (chosen explicitly, so the account's limit in ${region} was not read).`,
    );
  } else {
    let decision;
    try {
      const account = await readAccountConcurrency(
        new LambdaClient({ profile, region }),
        STACK_NAME,
      );
      decision = decideReservedConcurrency(account, {
        functions: RESERVING_FUNCTION_COUNT,
        perFunction: DEFAULT_RESERVED_CONCURRENCY,
        fixed: SINGLE_RUN_FUNCTIONS.length,
      });
    } catch (error) {
      const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      console.error(
        `Could not read the account's Lambda concurrency limit in ${region} (${reason}): sign in (e.g. AWS_PROFILE=…), or choose yourself with -c reservedConcurrency=N (0 reserves none).`,
      );
      return 1;
    }
    console.log(decision.sentence);
    cdkArgs.push('-c', `reservedConcurrency=${decision.perFunction}`);
  }

  const cdk = spawnSync('npx', cdkArgs, {
    cwd: REPO_ROOT,
    stdio: 'inherit',
    env: { ...process.env, AWS_REGION: region },
  });
  if (cdk.error !== undefined) throw cdk.error;
  return cdk.status ?? 1;
}

process.exitCode = await main();
