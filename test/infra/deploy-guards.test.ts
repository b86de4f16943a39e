// @vitest-environment node
/**
 * Deploys that would succeed but could not work stop at synth (so `cdk synth` and `cdk deploy`
 * fail) with a sentence that says what to run. Each case changes one thing from a deployable
 * setup, in the environment `cdk deploy` synthesizes with credentials.
 */
import { describe, expect, it } from 'vitest';
import { DEPLOY_ENV, FIXTURE_SITE, WITHOUT_BUNDLING, synthesisErrors, synthesize } from './synth';

const deployable = {
  siteDir: FIXTURE_SITE,
  senderAddress: 'quotes@bulktrash.example',
  operationsAddress: 'dispatch@bulktrash.example',
  alarmEmail: 'oncall@bulktrash.example',
};

describe('a deploy that could not work stops at synth', () => {
  it('refuses a missing site build, saying to run npm run build or pass allowEmptySite', () => {
    const errors = synthesisErrors({ ...deployable, siteDir: 'test/infra/fixtures/not-built' });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(
      /not-built does not exist, so the site would deploy without a single page/,
    );
    expect(errors[0]).toContain('run `npm run build` first');
    expect(errors[0]).toContain('-c allowEmptySite=true');
  });

  it('refuses example.com addresses SES can never verify, naming the settings to pass', () => {
    const { senderAddress: _sender, ...withoutSender } = deployable;
    expect(synthesisErrors(withoutSender)).toEqual([
      expect.stringMatching(
        /^senderAddress is not set, so the stack would use example\.com addresses that SES can never verify/,
      ),
    ]);
    const errors = synthesisErrors({ siteDir: FIXTURE_SITE, alarmEmail: 'oncall@haul.com' });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^senderAddress and operationsAddress are not set/);
    expect(errors[0]).toContain('-c senderAddress=');
    expect(errors[0]).toContain('-c operationsAddress=');
    expect(errors[0]).toContain('-c allowExampleAddresses=true');
  });

  it('refuses a stack whose payment setting is not stated, on or off, naming where it lives', () => {
    expect(() => synthesize({ ...deployable, payments: '' })).toThrow(
      'Context payments must be on or off: set "payments" in deploy/{stage}.json (docs/deploy.md#stripe).',
    );
    expect(() => synthesize({ ...deployable, payments: 'yes' })).toThrow(
      "Context payments must be on or off, got 'yes'",
    );
  });

  it('refuses a stack whose alarms would notify nobody, naming the setting and where it lives', () => {
    const { alarmEmail: _, ...withoutAlarmEmail } = deployable;
    expect(synthesisErrors(withoutAlarmEmail)).toEqual([
      'alarmEmail is not set, so every alarm would notify nobody: set alarmEmail in deploy/dev.json (npm run deploy reads it) or pass -c alarmEmail=you@your-domain, or pass -c allowExampleAddresses=true to deploy without a subscriber on purpose.',
    ]);
    expect(synthesisErrors({ ...withoutAlarmEmail, stage: 'prod' })[0]).toContain(
      'deploy/prod.json',
    );
  });

  it('refuses a stage name that could not go into the bucket and stack names', () => {
    expect(() => synthesisErrors({ ...deployable, stage: 'Prod_2' })).toThrow(
      /Context stage must be lower-case letters, digits and hyphens/,
    );
  });

  it('refuses the WAF outside us-east-1, saying how to deploy without it', () => {
    const errors = synthesisErrors(deployable, { ...DEPLOY_ENV, region: 'us-west-2' });
    expect(errors).toEqual([
      'The WAFv2 web ACL (scope CLOUDFRONT) must be created in us-east-1 (a CloudFront requirement), but this stack is in us-west-2. Deploy the stack to us-east-1 (e.g. AWS_REGION=us-east-1), or pass -c enableWaf=false to deploy without it.',
    ]);
  });

  it('deploys outside us-east-1 once the WAF is off, as the sentence says', () => {
    const { violations } = synthesize(
      { ...WITHOUT_BUNDLING, ...deployable, enableWaf: 'false' },
      { ...DEPLOY_ENV, region: 'us-west-2' },
    );
    expect(violations.filter((violation) => violation.severity === 'error')).toEqual([]);
  });
});
