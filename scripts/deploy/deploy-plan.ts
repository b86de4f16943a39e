/**
 * What `npm run deploy -- STAGE` will deploy, decided before anything is deployed: the stage's
 * settings with the flags over them, and whether the build may ship to the stage's site.
 */
import path from 'node:path';
import { stackName } from '../../infra/create-app';
import { REPO_ROOT } from '../../infra/config';
import { buildOriginProblem, expectedSiteOrigin } from './build-origin';
import {
  SETTINGS_DIR,
  describeContext,
  parseDeployArgs,
  placeholderAddresses,
  readStageSettings,
  settingsContext,
} from './stage-settings';

export interface PlanInput {
  args: readonly string[];
  /** cdk.json's context: siteDir's default. */
  projectContext: Readonly<Record<string, unknown>>;
  settingsDir?: string;
  /** The deployed stack's SiteUrl output; undefined before the first deploy. */
  deployedSiteUrl: (stack: string, region: string) => Promise<string | undefined>;
}

export interface DeployPlan {
  stage: string;
  stack: string;
  region: string;
  /** File settings with the flags over them: every `-c` the deploy passes. */
  context: Record<string, string>;
  cdkArgs: string[];
  /** The origin the build was checked against; undefined on a first deploy without a domain. */
  siteOrigin?: string;
  /** What the deploy prints before it starts. */
  lines: string[];
}

export type PlanResult = { ok: true; plan: DeployPlan } | { ok: false; message: string };

export async function planDeploy(input: PlanInput): Promise<PlanResult> {
  let stage: string;
  let flags: Record<string, string>;
  let cdkArgs: string[];
  let fileContext: Record<string, string>;
  let region: string;
  const dir = input.settingsDir ?? SETTINGS_DIR;
  try {
    ({ stage, flags, cdkArgs } = parseDeployArgs(input.args));
    const settings = readStageSettings(stage, dir);
    const placeholders = placeholderAddresses(settings);
    if (placeholders.length > 0) {
      return {
        ok: false,
        message: `${path.relative(REPO_ROOT, dir)}/${stage}.json still has example addresses in ${placeholders.join(', ')}: SES can never verify them. Put your own there and commit the file.`,
      };
    }
    fileContext = settingsContext(settings);
    region = settings.region;
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
  const file = `${path.relative(REPO_ROOT, dir)}/${stage}.json`;
  const context: Record<string, string> = { ...fileContext, ...flags, stage };
  const stack = stackName(stage);

  const known = expectedSiteOrigin(context, undefined);
  const siteOrigin = known ?? (await input.deployedSiteUrl(stack, region));
  const siteDir = path.resolve(
    REPO_ROOT,
    context.siteDir ?? String(input.projectContext.siteDir ?? 'build/client'),
  );
  if (siteOrigin !== undefined) {
    const problem = buildOriginProblem(siteDir, siteOrigin, stage);
    if (problem !== undefined) return { ok: false, message: problem };
  }

  const lines = [
    `Deploying stage ${stage} (stack ${stack}) to ${region} with:`,
    ...describeContext(fileContext, flags, file),
    siteOrigin === undefined
      ? `The site's URL is not known before this first deploy (no siteUrl or domainName): the build ships as it is, and the deploy says what to do next.`
      : `The build names ${siteOrigin}, the site's URL.`,
  ];
  return {
    ok: true,
    plan: {
      stage,
      stack,
      region,
      context,
      cdkArgs,
      ...(siteOrigin === undefined ? {} : { siteOrigin }),
      lines,
    },
  };
}
