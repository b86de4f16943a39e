/**
 * `tsx scripts/deploy/site-origin.ts STAGE`: prints the origin the stage's site answers at, for
 * `VITE_SITE_ORIGIN` before the build (the CI workflow). Fails when it is not known yet.
 */
import { stackName } from '../../infra/create-app';
import { expectedSiteOrigin } from './build-origin';
import { cloudFormation, readStackOutputs } from './stack-outputs';
import { readStageSettings, settingsContext } from './stage-settings';

async function main(): Promise<number> {
  const stage = process.argv[2];
  if (stage === undefined) {
    console.error('Usage: tsx scripts/deploy/site-origin.ts STAGE');
    return 1;
  }
  try {
    const settings = readStageSettings(stage);
    const known = expectedSiteOrigin(settingsContext(settings), undefined);
    const origin =
      known ??
      (await readStackOutputs(cloudFormation(settings.region, undefined), stackName(stage)))
        ?.SiteUrl;
    if (origin === undefined) {
      console.error(
        `Stage ${stage} has no siteUrl or domainName in deploy/${stage}.json and no deployed stack: deploy it once by hand (docs/deploy.md).`,
      );
      return 1;
    }
    console.log(origin);
    return 0;
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  }
}

process.exitCode = await main();
