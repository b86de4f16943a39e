import { describe, expect, it, vi } from 'vitest';
import { planDeploy } from './deploy-plan';
import { VALID_SETTINGS, builtSite, settingsFolder } from './test-fixtures';

const noStack = () => Promise.resolve(undefined);

describe('the deploy reads the stage settings', () => {
  it('deploys the stage file with the flags over it, and prints each value with its source', async () => {
    const result = await planDeploy({
      args: ['prod', '-c', 'enableWaf=false', '--require-approval', 'never'],
      projectContext: { siteDir: builtSite('https://www.haul.com') },
      settingsDir: settingsFolder({
        prod: {
          ...VALID_SETTINGS,
          domainName: 'www.haul.com',
          hostedZoneId: 'Z1',
          enableWaf: true,
        },
      }),
      deployedSiteUrl: noStack,
    });
    expect(result.ok && result.plan).toMatchObject({
      stage: 'prod',
      stack: 'BulkTrashPickup-prod',
      region: 'us-east-1',
      siteOrigin: 'https://www.haul.com',
      context: {
        stage: 'prod',
        alarmEmail: 'alarms@haul.com',
        domainName: 'www.haul.com',
        hostedZoneId: 'Z1',
        enableWaf: 'false',
      },
      cdkArgs: ['--require-approval', 'never'],
    });
    expect(result.ok && result.plan.lines).toEqual([
      'Deploying stage prod (stack BulkTrashPickup-prod) to us-east-1 with:',
      expect.stringMatching(/^ {2}alarmEmail = alarms@haul\.com {2}\(.*prod\.json\)$/),
      expect.stringMatching(/^ {2}domainName = www\.haul\.com {2}\(/),
      expect.stringMatching(/^ {2}enableWaf = false {2}\(flag; .*prod\.json says true\)$/),
      expect.stringMatching(/^ {2}hostedZoneId = Z1 /),
      expect.stringMatching(/^ {2}operationsAddress = /),
      expect.stringMatching(/^ {2}payments = on {2}\(.*prod\.json\)$/),
      expect.stringMatching(/^ {2}senderAddress = /),
      "The build names https://www.haul.com, the site's URL.",
    ]);
  });

  it('refuses a stage whose file has no alarm address, before reading anything from AWS', async () => {
    const { alarmEmail: _, ...withoutAlarm } = VALID_SETTINGS;
    const deployedSiteUrl = vi.fn(noStack);
    const result = await planDeploy({
      args: ['dev'],
      projectContext: {},
      settingsDir: settingsFolder({ dev: withoutAlarm }),
      deployedSiteUrl,
    });
    expect(result).toEqual({ ok: false, message: expect.stringMatching(/alarmEmail: required/) });
    expect(deployedSiteUrl).not.toHaveBeenCalled();
  });

  it('refuses the example addresses the committed files start with', async () => {
    const result = await planDeploy({
      args: ['dev'],
      projectContext: {},
      settingsDir: settingsFolder({
        dev: { ...VALID_SETTINGS, operationsAddress: 'operations@bulktrashpickup.example' },
      }),
      deployedSiteUrl: noStack,
    });
    expect(result).toEqual({
      ok: false,
      message: expect.stringMatching(/dev\.json still has example addresses in operationsAddress/),
    });
  });
});

describe('the deploy refuses a build made for another origin', () => {
  it('refuses a localhost build for a stage with a custom domain, without asking AWS', async () => {
    const deployedSiteUrl = vi.fn(noStack);
    const result = await planDeploy({
      args: ['prod'],
      projectContext: { siteDir: builtSite('http://localhost:3000') },
      settingsDir: settingsFolder({ prod: { ...VALID_SETTINGS, domainName: 'www.haul.com' } }),
      deployedSiteUrl,
    });
    expect(result).toEqual({
      ok: false,
      message: expect.stringContaining(
        "names http://localhost:3000 (sitemap.xml, robots.txt, canonical tag, og:url), but stage prod's site is https://www.haul.com",
      ),
    });
    expect(deployedSiteUrl).not.toHaveBeenCalled();
  });

  it("refuses a build that does not name the deployed stack's CloudFront URL", async () => {
    const result = await planDeploy({
      args: ['dev'],
      projectContext: { siteDir: builtSite('https://www.haul.com') },
      settingsDir: settingsFolder({ dev: VALID_SETTINGS }),
      deployedSiteUrl: (stack, region) =>
        Promise.resolve(
          stack === 'BulkTrashPickup-dev' && region === 'us-east-1'
            ? 'https://d111111abcdef8.cloudfront.net'
            : undefined,
        ),
    });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toContain(
      'rebuild with VITE_SITE_ORIGIN=https://d111111abcdef8.cloudfront.net npm run deploy -- dev',
    );
  });

  it('lets a first deploy without a domain through, saying its URL is not known yet', async () => {
    const result = await planDeploy({
      args: ['dev'],
      projectContext: { siteDir: builtSite('http://localhost:3000') },
      settingsDir: settingsFolder({ dev: VALID_SETTINGS }),
      deployedSiteUrl: noStack,
    });
    expect(result.ok && result.plan.siteOrigin).toBeUndefined();
    expect(result.ok && result.plan.lines.at(-1)).toMatch(/not known before this first deploy/);
  });
});
