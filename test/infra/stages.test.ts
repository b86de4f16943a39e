// @vitest-environment node
/**
 * Synth tests of stages: the stage names the stack and every name the stack chooses itself, so
 * dev and prod can live side by side in one account and region.
 */
import { describe, expect, it } from 'vitest';
import { type Json, FIXTURE_SITE, WITHOUT_BUNDLING, resourcesOfType, synthesize } from './synth';

const stageOf = (stage: string, mailbox: string) =>
  synthesize({
    ...WITHOUT_BUNDLING,
    siteDir: FIXTURE_SITE,
    stage,
    senderAddress: `${mailbox}@haul.com`,
    operationsAddress: `${mailbox}-ops@haul.com`,
    alarmEmail: `${mailbox}-alarms@haul.com`,
  });
const dev = stageOf('dev', 'dev');
const prod = stageOf('prod', 'prod');

/** Names unique in an account and region, by resource type: where two stages could collide. */
const UNIQUE_NAMES: Record<string, (properties: Json) => unknown> = {
  'AWS::S3::Bucket': (p) => p.BucketName,
  'AWS::DynamoDB::Table': (p) => p.TableName,
  'AWS::Lambda::Function': (p) => p.FunctionName,
  'AWS::IAM::Role': (p) => p.RoleName,
  'AWS::SNS::Topic': (p) => p.TopicName,
  'AWS::SQS::Queue': (p) => p.QueueName,
  'AWS::Logs::LogGroup': (p) => p.LogGroupName,
  'AWS::SES::EmailIdentity': (p) => p.EmailIdentity,
  'AWS::SES::ConfigurationSet': (p) => p.Name,
  'AWS::WAFv2::WebACL': (p) => p.Name,
  'AWS::CloudFront::Function': (p) => p.Name,
  'AWS::CloudFront::CachePolicy': (p) => p.CachePolicyConfig?.Name,
  'AWS::CloudFront::ResponseHeadersPolicy': (p) => p.ResponseHeadersPolicyConfig?.Name,
  'AWS::CloudFront::OriginAccessControl': (p) => p.OriginAccessControlConfig?.Name,
};

function chosenNames(json: Json): string[] {
  return Object.values(json.Resources as Json).flatMap((resource: Json) => {
    const name = UNIQUE_NAMES[resource.Type as string]?.(resource.Properties ?? {});
    return name === undefined ? [] : [JSON.stringify(name)];
  });
}

describe('stages', () => {
  it('name the stack: BulkTrashPickup-dev, BulkTrashPickup-prod', () => {
    expect([dev.stack.stackName, prod.stack.stackName]).toEqual([
      'BulkTrashPickup-dev',
      'BulkTrashPickup-prod',
    ]);
    expect(prod.json.Description).toMatch(/^Bulk trash pickup \(prod\):/);
  });

  it('go into the names the stack chooses: the photos bucket, the alarm topic, the WAF and metrics', () => {
    const [, bucket] = resourcesOfType(prod.json, 'AWS::S3::Bucket').find(([id]) =>
      id.startsWith('QuotePhotos'),
    )!;
    expect(bucket.Properties.BucketName).toBe('quote-photos-prod-123456789012-us-east-1');
    const [[, topic]] = resourcesOfType(prod.json, 'AWS::SNS::Topic') as [[string, Json]];
    expect(topic.Properties.DisplayName).toBe('Bulk trash pickup alarms (prod)');
    const [[, acl]] = resourcesOfType(prod.json, 'AWS::WAFv2::WebACL') as [[string, Json]];
    expect(acl.Properties.VisibilityConfig.MetricName).toBe('bulk-trash-web-acl-prod');
    const [[, filter]] = resourcesOfType(prod.json, 'AWS::Logs::MetricFilter') as [[string, Json]];
    expect(filter.Properties.MetricTransformations[0].MetricNamespace).toBe('BulkTrashPickup/prod');
  });

  it('share no name the stack chooses, so both deploy to one account and region', () => {
    const devNames = new Set(chosenNames(dev.json));
    const prodNames = chosenNames(prod.json);
    expect(prodNames.length).toBeGreaterThan(10);
    expect(prodNames.filter((name) => devNames.has(name))).toEqual([]);
  });
});
