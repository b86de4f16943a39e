// @vitest-environment node
/**
 * Synth tests of what an engineer meets after the first deploy (issue 41): a failed first deploy
 * that can be retried, mail the SES sandbox would refuse, alarms that reach someone, schedules
 * that stop, dropped runs, and data kept no longer than docs/security.md says.
 */
import { format } from 'node:util';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { describe, expect, it, vi } from 'vitest';
import { EMAIL_FAILED_LOG_PHRASE } from '../../infra/alarms';
import { createMailer } from '../../lambdas/shared/mail/mailer';
import type { MailLedger } from '../../lambdas/shared/mail/mailer';
import {
  type Json,
  FIXTURE_SITE,
  WITHOUT_BUNDLING,
  flatten,
  resourcesOfType,
  synthesize,
} from './synth';

const { json } = synthesize({
  ...WITHOUT_BUNDLING,
  siteDir: FIXTURE_SITE,
  senderAddress: 'quotes@haul.com',
  operationsAddress: 'Dispatch@Ops.haul.com',
  alarmEmail: 'oncall@haul.com',
  sesSandboxRecipients: 'tester@gmail.com,dispatch@ops.haul.com,quotes@haul.com',
});
const resources = json.Resources as Json;
const alarms = resourcesOfType(json, 'AWS::CloudWatch::Alarm');
const alarm = (suffix: string): Json => {
  const found = alarms.filter(([id]) => new RegExp(`^Alarms${suffix}[0-9A-F]{8}$`).test(id));
  expect(found, suffix).toHaveLength(1);
  return found[0]![1].Properties as Json;
};
const functionId = (prefix: string): string =>
  resourcesOfType(json, 'AWS::Lambda::Function').find(([id]) => id.startsWith(prefix))![0];

describe('a failed first deploy can be retried', () => {
  const stateful = [
    'AWS::S3::Bucket',
    'AWS::DynamoDB::Table',
    'AWS::KMS::Key',
    'AWS::SecretsManager::Secret',
  ].flatMap((type) => resourcesOfType(json, type));

  it('keeps buckets, the lead table and its key when the stack goes, but not after a failed create', () => {
    const kept = stateful.filter(([id]) => !/^(AlarmsTopicKey|LinkSecret|StripeSecrets)/.test(id));
    expect(kept.map(([id]) => id.replace(/[0-9A-F]{8}$/, '')).sort()).toEqual([
      'AccessLogsBucket',
      'LeadsKey',
      'LeadsTable',
      'QuotePhotosBucket',
      'SiteBucket',
    ]);
    for (const [id, resource] of kept) {
      expect([id, resource.DeletionPolicy, resource.UpdateReplacePolicy]).toEqual([
        id,
        'RetainExceptOnCreate',
        'Retain',
      ]);
    }
  });

  it('deletes what only lives with the stack: the alarm topic key, the link secret and the Stripe secrets, all unnamed', () => {
    // The Stripe secrets are set again from Stripe's Dashboard in a new stack (docs/deploy.md#stripe).
    const gone = stateful.filter(([id]) => /^(AlarmsTopicKey|LinkSecret|StripeSecrets)/.test(id));
    expect(gone).toHaveLength(4);
    for (const [id, resource] of gone) {
      expect([id, resource.DeletionPolicy]).toEqual([id, 'Delete']);
      expect(resource.Properties.Name ?? resource.Properties.KeyAlias).toBeUndefined();
    }
  });
});

describe('the SES sandbox', () => {
  it('verifies operations and every sandbox recipient, once each, besides the sender', () => {
    const identities = resourcesOfType(json, 'AWS::SES::EmailIdentity').map(
      ([, r]) => r.Properties.EmailIdentity as string,
    );
    expect(identities.sort()).toEqual([
      'dispatch@ops.haul.com',
      'quotes@haul.com',
      'tester@gmail.com',
    ]);
  });

  it('needs no address identity for recipients at the verified email domain', () => {
    const { json: withDomain } = synthesize({
      ...WITHOUT_BUNDLING,
      siteDir: FIXTURE_SITE,
      emailDomain: 'haul.com',
      senderAddress: 'quotes@haul.com',
      operationsAddress: 'dispatch@haul.com',
      alarmEmail: 'oncall@haul.com',
      sesSandboxRecipients: 'tester@gmail.com',
      enableWaf: 'false',
    });
    expect(
      resourcesOfType(withDomain, 'AWS::SES::EmailIdentity')
        .map(([, r]) => r.Properties.EmailIdentity as string)
        .sort(),
    ).toEqual(['haul.com', 'tester@gmail.com']);
  });

  it('counts every send SES refused from the logs of each function that sends, and alarms on one', async () => {
    const filters = resourcesOfType(json, 'AWS::Logs::MetricFilter').map(([, f]) => f.Properties);
    const sending = resourcesOfType(json, 'AWS::Lambda::Function').filter(
      ([, fn]) => fn.Properties.Environment?.Variables?.SENDER_ADDRESS !== undefined,
    );
    expect(sending).toHaveLength(8);
    expect(filters.map((f: Json) => f.LogGroupName.Ref).sort()).toEqual(
      sending.map(([, fn]) => fn.Properties.LoggingConfig.LogGroup.Ref).sort(),
    );
    for (const filter of filters) {
      expect(filter).toMatchObject({
        FilterPattern: '"email failed"',
        MetricTransformations: [
          { MetricNamespace: 'BulkTrashPickup/dev', MetricName: 'EmailsFailed', MetricValue: '1' },
        ],
      });
    }
    expect(alarm('EmailsFailed')).toMatchObject({
      Namespace: 'BulkTrashPickup/dev',
      MetricName: 'EmailsFailed',
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });

    // The pattern is what the mailer logs when SES refuses (as Lambda formats console.error).
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const ses = new SESv2Client({ region: 'us-east-1' });
    vi.spyOn(ses, 'send').mockImplementation(() =>
      Promise.reject(Object.assign(new Error('not verified'), { name: 'MessageRejected' })),
    );
    const ledger: MailLedger = {
      logFields: { submissionId: 'x' },
      status: () => undefined,
      claim: () => Promise.resolve(true),
      record: () => Promise.resolve(),
    };
    const mailer = createMailer({ ses, sender: 'quotes@haul.com', now: () => new Date() }, 'job');
    await mailer.deliver(ledger, {
      key: 'k',
      to: 'x@gmail.com',
      message: { subject: 's', html: 'h', text: 't' },
    });
    const lines = logged.mock.calls.map((args) => format(...(args as [unknown, ...unknown[]])));
    logged.mockRestore();
    expect(lines.filter((line) => line.includes(EMAIL_FAILED_LOG_PHRASE))).toHaveLength(1);
  });
});

describe('alarms reach someone', () => {
  it('subscribes the alarm address to the topic every alarm notifies', () => {
    const [[topicId]] = resourcesOfType(json, 'AWS::SNS::Topic') as [[string, Json]];
    expect(resourcesOfType(json, 'AWS::SNS::Subscription').map(([, s]) => s.Properties)).toEqual([
      { Protocol: 'email', Endpoint: 'oncall@haul.com', TopicArn: { Ref: topicId } },
    ]);
    for (const [id, a] of alarms) expect(a.Properties.AlarmActions, id).toEqual([{ Ref: topicId }]);
  });

  it('alarms when the offer job has not run for five minutes (no data is a breach)', () => {
    expect(alarm('HaulerOffersHeartbeat')).toMatchObject({
      Namespace: 'AWS/Lambda',
      MetricName: 'Invocations',
      Dimensions: [{ Name: 'FunctionName', Value: { Ref: functionId('ApiHaulerOffers') } }],
      Statistic: 'Sum',
      Period: 300,
      EvaluationPeriods: 1,
      Threshold: 1,
      ComparisonOperator: 'LessThanThreshold',
      TreatMissingData: 'breaching',
    });
  });

  it('alarms when the daily job has not run for 25 hours, counted in hours', () => {
    expect(alarm('HaulerDocumentsHeartbeat')).toMatchObject({
      MetricName: 'Invocations',
      Dimensions: [{ Name: 'FunctionName', Value: { Ref: functionId('ApiHaulerDocuments') } }],
      Period: 3600,
      EvaluationPeriods: 25,
      DatapointsToAlarm: 25,
      ComparisonOperator: 'LessThanThreshold',
      TreatMissingData: 'breaching',
    });
  });
});

describe('scheduled runs', () => {
  const [[queueId, queue]] = resourcesOfType(json, 'AWS::SQS::Queue') as [[string, Json]];
  const jobs = [
    ['ApiHaulerOffers', 60, 0],
    ['ApiHaulerDocuments', 3600, 2],
  ] as const;

  it.each(jobs)(
    '%s: EventBridge gives up after %i s and %i retries, and keeps what it dropped',
    (prefix, age, retries) => {
      const id = functionId(prefix);
      const [, rule] = resourcesOfType(json, 'AWS::Events::Rule').find(
        ([, r]) => r.Properties.Targets[0].Arn['Fn::GetAtt'][0] === id,
      )!;
      expect(rule.Properties.Targets[0]).toMatchObject({
        RetryPolicy: { MaximumEventAgeInSeconds: age, MaximumRetryAttempts: retries },
        DeadLetterConfig: { Arn: { 'Fn::GetAtt': [queueId, 'Arn'] } },
      });
    },
  );

  it.each(jobs)(
    '%s: Lambda drops a run older than %i s or failed %i retries into the same queue',
    (prefix, age, retries) => {
      const id = functionId(prefix);
      const [, config] = resourcesOfType(json, 'AWS::Lambda::EventInvokeConfig').find(
        ([, c]) => c.Properties.FunctionName.Ref === id,
      )!;
      expect(config.Properties).toMatchObject({
        MaximumEventAgeInSeconds: age,
        MaximumRetryAttempts: retries,
        DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [queueId, 'Arn'] } } },
      });
    },
  );

  it('keeps dropped runs 14 days, encrypted, and alarms while one is there', () => {
    expect(queue.Properties).toMatchObject({
      MessageRetentionPeriod: 14 * 86_400,
      SqsManagedSseEnabled: true,
    });
    expect(alarm('ScheduledRunsDropped')).toMatchObject({
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [queueId, 'QueueName'] } }],
      Threshold: 1,
    });
  });

  it('reserves one execution for the daily job: one run at a time is all it needs', () => {
    expect(
      resources[functionId('ApiHaulerDocuments')].Properties.ReservedConcurrentExecutions,
    ).toBe(1);
  });
});

describe('retention', () => {
  it('expires hauler certificates after the leads’ retention, old versions after a day', () => {
    const [, photos] = resourcesOfType(json, 'AWS::S3::Bucket').find(([id]) =>
      id.startsWith('QuotePhotos'),
    )!;
    const rules = photos.Properties.LifecycleConfiguration.Rules as Json[];
    expect(rules.filter((r) => r.Prefix === 'hauler-documents/')).toEqual([
      {
        Id: 'expire-hauler-documents',
        Prefix: 'hauler-documents/',
        ExpirationInDays: 730,
        NoncurrentVersionExpiration: { NoncurrentDays: 1 },
        Status: 'Enabled',
      },
    ]);
    expect(flatten(photos.Properties.BucketName)).toBe('quote-photos-dev-123456789012-us-east-1');
  });
});
