// @vitest-environment node
/**
 * Synth tests of the offer job: every minute from EventBridge, no URL, one run at a time, its
 * settings from context, least privilege on the lead table, and the alarm on the escalated share.
 */
import { describe, expect, it } from 'vitest';
import { type Json, FIXTURE_SITE, flatten, resourcesOfType, synthesize } from './synth';

const { json, violations } = synthesize({
  siteDir: FIXTURE_SITE,
  allowExampleAddresses: 'true',
  offerRoundMinutes: '5',
  haulerDailyOffers: '8',
  offerEscalationAlarmShare: '0.4',
});

const [offersId, offers] = resourcesOfType(json, 'AWS::Lambda::Function').find(([id]) =>
  id.startsWith('ApiHaulerOffers'),
)!;

function statementsOf(fn: Json): Json[] {
  const role = fn.Properties.Role['Fn::GetAtt'][0] as string;
  return resourcesOfType(json, 'AWS::IAM::Policy')
    .filter(([, p]) => (p.Properties.Roles as Json[]).some((r) => r.Ref === role))
    .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as Json[]);
}
const dynamo = () =>
  statementsOf(offers).filter((st) =>
    [st.Action].flat().some((a: string) => a.startsWith('dynamodb:')),
  );

describe('the offer job', () => {
  it('runs every minute from an EventBridge rule, and has no Function URL', () => {
    const rules = resourcesOfType(json, 'AWS::Events::Rule').filter(
      ([, r]) => r.Properties.Targets[0].Arn['Fn::GetAtt'][0] === offersId,
    );
    expect(rules.map(([, r]) => r.Properties.ScheduleExpression)).toEqual(['rate(1 minute)']);
    const urlTargets = resourcesOfType(json, 'AWS::Lambda::Url').map(
      ([, url]) => url.Properties.TargetFunctionArn['Fn::GetAtt'][0],
    );
    expect(urlTargets).not.toContain(offersId);
  });

  it('says in its description that it runs the money job as well as the offer rounds', () => {
    const description = offers.Properties.Description as string;
    expect(description).toContain('offer rounds');
    expect(description).toContain('the money job');
    expect(description.length).toBeLessThanOrEqual(256);
  });

  it('reserves one concurrent run, so two runs never overlap', () => {
    expect(offers.Properties.ReservedConcurrentExecutions).toBe(1);
  });

  it('takes its settings from context, with the contract defaults for the rest', () => {
    expect(offers.Properties.Environment.Variables).toMatchObject({
      OFFER_BATCH_SIZE: '3',
      OFFER_ROUND_MINUTES: '5',
      OFFER_HOURS: '48',
      OFFER_ESCALATION_MINUTES: '60',
      HAULER_DAILY_OFFERS: '8',
    });
  });

  it('queries the by-due index only, reads and updates lead and hauler items, queries coverage, moves due money', () => {
    const grants = dynamo().map((st) => ({
      actions: [st.Action].flat().sort(),
      resource: flatten(st.Resource),
      keys: st.Condition?.['ForAllValues:StringLike']?.['dynamodb:LeadingKeys'] as
        string[] | undefined,
    }));
    expect(grants).toEqual([
      {
        actions: ['dynamodb:Query'],
        resource: expect.stringMatching(/\/index\/by-due$/),
        keys: undefined,
      },
      {
        actions: ['dynamodb:GetItem', 'dynamodb:UpdateItem'],
        resource: expect.stringMatching(/Table.*\.Arn>$/),
        keys: ['LEAD#*'],
      },
      {
        actions: ['dynamodb:BatchGetItem', 'dynamodb:GetItem', 'dynamodb:UpdateItem'],
        resource: expect.stringMatching(/Table.*\.Arn>$/),
        keys: ['HAULER#*'],
      },
      {
        actions: ['dynamodb:Query'],
        resource: expect.stringMatching(/Table.*\.Arn>$/),
        keys: ['COVER#*'],
      },
      {
        actions: [
          'dynamodb:DeleteItem',
          'dynamodb:PutItem',
          'dynamodb:Query',
          'dynamodb:UpdateItem',
        ],
        resource: expect.stringMatching(/Table.*\.Arn>$/),
        keys: ['OUTBOX*'],
      },
      // Payments on: the money job reads and writes each due job's money and its due item.
      {
        actions: ['dynamodb:GetItem', 'dynamodb:PutItem'],
        resource: expect.stringMatching(/Table.*\.Arn>$/),
        keys: ['PAYMENT#*'],
      },
      {
        actions: ['dynamodb:DeleteItem', 'dynamodb:GetItem', 'dynamodb:PutItem'],
        resource: expect.stringMatching(/Table.*\.Arn>$/),
        keys: ['MONEY_DUE#*'],
      },
    ]);
  });

  it('touches no object and sends email from the stack identity only', () => {
    const all = statementsOf(offers);
    expect(all.some((st) => [st.Action].flat().some((a: string) => a.startsWith('s3:')))).toBe(
      false,
    );
    const ses = all.find((st) => st.Action === 'ses:SendEmail')!;
    expect((ses.Resource as Json[]).map(flatten).join(' ')).toContain(':identity/');
    // The outbox's sender reads the account's sending rate: an action IAM allows on "*" only.
    const wildcards = all.filter((st) => [st.Resource].flat().includes('*'));
    expect(wildcards.map((st) => st.Action)).toEqual(['ses:GetAccount']);
  });

  it('raises an alarm when the day’s escalated share exceeds the context share', () => {
    const [, alarm] = resourcesOfType(json, 'AWS::CloudWatch::Alarm').find(([id]) =>
      id.includes('OfferEscalationShare'),
    )!;
    expect(alarm.Properties).toMatchObject({
      Threshold: 0.4,
      ComparisonOperator: 'GreaterThanThreshold',
      TreatMissingData: 'notBreaching',
    });
    const metrics = alarm.Properties.Metrics as Json[];
    expect(metrics.find((m) => m.Expression)?.Expression).toBe(
      'IF(started > 0, escalated / started, 0)',
    );
    expect(
      metrics
        .filter((m) => m.MetricStat)
        .map((m) => [m.Id, m.MetricStat.Metric.MetricName, m.MetricStat.Period, m.MetricStat.Stat]),
    ).toEqual([
      ['escalated', 'Escalated', 86_400, 'Sum'],
      ['started', 'OffersStarted', 86_400, 'Sum'],
    ]);
  });

  it('passes cdk-nag with nothing acknowledged for it', () => {
    expect(violations.filter((v) => v.description.includes('HaulerOffers'))).toEqual([]);
  });
});
