/**
 * `npm run deploy -- STAGE [cdk deploy options]`, run after the build: reads deploy/STAGE.json
 * (flags `-c key=value` override it), refuses a build that names another origin than the stage's
 * site, prints what it will use, says in one sentence what the API functions will reserve and
 * why (from the account's Lambda limit, unless reservedConcurrency is chosen), then runs
 * `cdk deploy` of the stage's stack in the stage's region.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LambdaClient } from '@aws-sdk/client-lambda';
import {
  DEFAULT_RESERVED_CONCURRENCY,
  REPO_ROOT,
  RESERVING_FUNCTION_COUNT,
  SINGLE_RUN_FUNCTIONS,
} from '../../infra/config';
import { readAccountConcurrency } from './account-concurrency';
import { planDeploy } from './deploy-plan';
import {
  decideReservedConcurrency,
  explicitReservedConcurrency,
  profileArgument,
} from './reserved-concurrency';
import { cloudFormation, readStackOutputs } from './stack-outputs';

function projectContext(): Record<string, unknown> {
  const cdkJson = JSON.parse(readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')) as {
    context?: Record<string, unknown>;
  };
  return cdkJson.context ?? {};
}

async function reservation(
  plan: { stack: string; region: string; context: Record<string, string> },
  profile: string | undefined,
): Promise<string | undefined> {
  const explicit = explicitReservedConcurrency([], { ...projectContext(), ...plan.context });
  if (explicit !== undefined) {
    console.log(
      `Reserving ${explicit} concurrent executions per API function, as reservedConcurrency=${explicit} says (chosen explicitly, so the account's limit in ${plan.region} was not read).`,
    );
    return explicit;
  }
  try {
    const account = await readAccountConcurrency(
      new LambdaClient({ profile, region: plan.region }),
      plan.stack,
    );
    const decision = decideReservedConcurrency(account, {
      functions: RESERVING_FUNCTION_COUNT,
      perFunction: DEFAULT_RESERVED_CONCURRENCY,
      fixed: SINGLE_RUN_FUNCTIONS.length,
    });
    console.log(decision.sentence);
    return String(decision.perFunction);
  } catch (error) {
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    console.error(
      `Could not read the account's Lambda concurrency limit in ${plan.region} (${reason}): sign in (e.g. AWS_PROFILE=…), or choose yourself with reservedConcurrency in the stage's settings or -c reservedConcurrency=N (0 reserves none).`,
    );
    return undefined;
  }
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const profile = profileArgument(args);
  const result = await planDeploy({
    args,
    projectContext: projectContext(),
    deployedSiteUrl: async (stack, region) =>
      (await readStackOutputs(cloudFormation(region, profile), stack))?.SiteUrl,
  });
  if (!result.ok) {
    console.error(result.message);
    return 1;
  }
  const { plan } = result;
  for (const line of plan.lines) console.log(line);

  const reserved = await reservation(plan, profile);
  if (reserved === undefined) return 1;
  const context = { ...plan.context, reservedConcurrency: reserved };
  const outputsFile = path.join('cdk.out', `outputs-${plan.stage}.json`);
  const cdk = spawnSync(
    'npx',
    [
      'cdk',
      'deploy',
      plan.stack,
      ...Object.entries(context).flatMap(([key, value]) => ['-c', `${key}=${value}`]),
      '--outputs-file',
      outputsFile,
      ...plan.cdkArgs,
    ],
    { cwd: REPO_ROOT, stdio: 'inherit', env: { ...process.env, AWS_REGION: plan.region } },
  );
  if (cdk.error !== undefined) throw cdk.error;
  if (cdk.status !== 0 || plan.siteOrigin !== undefined) return cdk.status ?? 1;

  // A first deploy on CloudFront's own domain: the URL exists only now.
  const outputs = existsSync(path.join(REPO_ROOT, outputsFile))
    ? (
        JSON.parse(readFileSync(path.join(REPO_ROOT, outputsFile), 'utf8')) as Record<
          string,
          Record<string, string>
        >
      )[plan.stack]
    : undefined;
  const siteUrl = outputs?.SiteUrl ?? '<the SiteUrl output>';
  console.log(
    `\nThe site is at ${siteUrl}. Put "siteUrl": "${siteUrl}" in deploy/${plan.stage}.json, commit it, and deploy again with VITE_SITE_ORIGIN=${siteUrl} npm run deploy -- ${plan.stage}, so its sitemap, robots.txt and canonical tags name it.`,
  );
  return 0;
}

process.exitCode = await main();
