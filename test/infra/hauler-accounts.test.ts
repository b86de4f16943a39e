// @vitest-environment node
/**
 * Synth tests of the hauler's page and the certificate job: the schedule, no URL for the job, and
 * grants on exactly the item prefixes and object prefixes each function needs.
 */
import { describe, expect, it } from 'vitest';
import { type Json, FIXTURE_SITE, flatten, resourcesOfType, synthesize } from './synth';

const { json } = synthesize({ siteDir: FIXTURE_SITE, allowExampleAddresses: 'true' });

const functionOf = (prefix: string): [string, Json] =>
  resourcesOfType(json, 'AWS::Lambda::Function').find(([id]) => id.startsWith(prefix))!;
const [accountId, account] = functionOf('ApiHaulerAccount');
const [documentsId, documents] = functionOf('ApiHaulerDocuments');

function statementsOf(fn: Json): Json[] {
  const role = fn.Properties.Role['Fn::GetAtt'][0] as string;
  return resourcesOfType(json, 'AWS::IAM::Policy')
    .filter(([, p]) => (p.Properties.Roles as Json[]).some((r) => r.Ref === role))
    .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as Json[]);
}
const leadingKeys = (fn: Json): string[] =>
  statementsOf(fn)
    .filter((st) => [st.Action].flat().some((a: string) => a.startsWith('dynamodb:')))
    .flatMap((st) => st.Condition['ForAllValues:StringLike']['dynamodb:LeadingKeys'] as string[])
    .sort();
const s3Resources = (fn: Json): string[] =>
  statementsOf(fn)
    .filter((st) => [st.Action].flat().some((a: string) => /^s3:(Get|Put)Object$/.test(a)))
    .flatMap((st) => [st.Resource].flat().map(flatten))
    .map((arn) => arn.replace(/^.*:::[^/]+/, ''))
    .sort();

describe('the certificate job', () => {
  it('runs daily at 13:00 UTC from an EventBridge rule, and has no Function URL', () => {
    const rules = resourcesOfType(json, 'AWS::Events::Rule').filter(
      ([, r]) => r.Properties.Targets[0].Arn['Fn::GetAtt'][0] === documentsId,
    );
    expect(rules).toHaveLength(1);
    const [, rule] = rules[0]!;
    expect(rule.Properties.ScheduleExpression).toBe('cron(0 13 * * ? *)');
    expect(rule.Properties.Targets[0].Arn).toEqual({ 'Fn::GetAtt': [documentsId, 'Arn'] });
    const urlTargets = resourcesOfType(json, 'AWS::Lambda::Url').map(
      ([, url]) => url.Properties.TargetFunctionArn['Fn::GetAtt'][0],
    );
    expect(urlTargets).toContain(accountId);
    expect(urlTargets).not.toContain(documentsId);
  });

  it('reaches hauler profiles, coverage and due certificates only, and no object at all', () => {
    expect(leadingKeys(documents)).toEqual(['CERT_DUE#*', 'COVER#*', 'HAULER#*', 'OUTBOX*']);
    expect(s3Resources(documents)).toEqual([]);
  });
});

describe("the hauler's page", () => {
  it('changes haulers, their coverage and address items and its counters, never a lead', () => {
    const writes = statementsOf(account).filter((st) => st.Sid !== 'ReadWorkLeadsAndMoney');
    expect(
      writes
        .filter((st) => [st.Action].flat().some((a: string) => a.startsWith('dynamodb:')))
        .flatMap(
          (st) => st.Condition['ForAllValues:StringLike']['dynamodb:LeadingKeys'] as string[],
        )
        .sort(),
    ).toEqual([
      'CAP#hauler-fresh-links*',
      'CONFIRM#*',
      'COVER#*',
      'HAULER#*',
      'HAULER_EMAIL#*',
      'OUTBOX*',
    ]);
  });

  it('reads the leads and money of the hauler’s work by BatchGet only', () => {
    const reads = statementsOf(account).find((st) => st.Sid === 'ReadWorkLeadsAndMoney')!;
    expect(reads.Action).toBe('dynamodb:BatchGetItem');
    expect(reads.Condition['ForAllValues:StringLike']['dynamodb:LeadingKeys']).toEqual([
      'LEAD#*',
      'PAYMENT#*',
    ]);
  });

  it('touches certificates in quarantine and the private documents prefix only', () => {
    expect(s3Resources(account)).toEqual(['/hauler-documents/*', '/incoming/haulers/*']);
  });

  it('reserves concurrency like every API function, and the daily job the one run it needs', () => {
    expect(account.Properties.ReservedConcurrentExecutions).toBe(5);
    expect(documents.Properties.ReservedConcurrentExecutions).toBe(1);
  });
});

describe('"Set up payouts"', () => {
  const [, distribution] = resourcesOfType(json, 'AWS::CloudFront::Distribution')[0]!;
  const behaviours = distribution.Properties.DistributionConfig.CacheBehaviors as Json[];
  const behaviour = (path: string) => behaviours.find((b) => b.PathPattern === path);

  it('is a POST behaviour to the hauler page’s own origin, the one of /api/hauler-account', () => {
    const payouts = behaviour('/api/hauler-payouts');
    expect(payouts).toBeDefined();
    expect(payouts!.TargetOriginId).toBe(behaviour('/api/hauler-account')!.TargetOriginId);
    expect(payouts!.AllowedMethods).toContain('POST');
  });

  it('gives the hauler page the payments setting and the Stripe key by its secret’s ARN', () => {
    const variables = account.Properties.Environment.Variables as Json;
    expect(variables.PAYMENTS).toBe('on');
    expect(variables.STRIPE_SECRET_KEY_ARN).toBeDefined();
    expect(variables).not.toHaveProperty('STRIPE_SECRET_KEY');
    const reads = statementsOf(account).filter((st) =>
      [st.Action].flat().some((a: string) => a.startsWith('secretsmanager:')),
    );
    expect(reads.map((st) => st.Action as unknown)).toContain('secretsmanager:GetSecretValue');
  });
});
