// @vitest-environment node
/**
 * Synth test of the optional features together: custom domain with a hosted zone (certificate,
 * alias records, TLS 1.2), WAF, an SES domain identity, real addresses, a missing site build
 * allowed on purpose and no reserved concurrency, environment-agnostic (as `cdk synth` without
 * credentials). One synth for the file.
 */
import { describe, expect, it } from 'vitest';
import { FUNCTION_NAMES } from '#contract/core/api';
import {
  type Json,
  NO_CREDENTIALS_ENV,
  findCycle,
  flatten,
  resourcesOfType,
  synthesize,
} from './synth';

const { json, violations } = synthesize(
  {
    siteDir: 'test/infra/fixtures/does-not-exist',
    allowEmptySite: 'true',
    reservedConcurrency: '0',
    domainName: 'www.bulktrash.example',
    hostedZoneId: 'Z0123456789EXAMPLE',
    hostedZoneName: 'bulktrash.example',
    emailDomain: 'bulktrash.example',
    senderAddress: 'quotes@bulktrash.example',
    operationsAddress: 'dispatch@bulktrash.example',
    alarmEmail: 'oncall@bulktrash.example',
    enableWaf: 'true',
  },
  NO_CREDENTIALS_ENV,
);

const [[, distribution]] = resourcesOfType(json, 'AWS::CloudFront::Distribution') as [
  [string, Json],
];
const config = distribution.Properties.DistributionConfig as Json;

describe('with a custom domain, WAF and an email domain', () => {
  it('has no cdk-nag finding; the only warning is the missing build', () => {
    expect(violations.map((v) => v.ruleName)).toEqual([
      'Annotation::bulk-trash:site-build-missing',
    ]);
    expect(findCycle(json)).toBeUndefined();
  });

  it('serves the domain with a DNS-validated certificate and TLS 1.2+', () => {
    const [[certificateId, certificate]] = resourcesOfType(
      json,
      'AWS::CertificateManager::Certificate',
    ) as [[string, Json]];
    expect(certificate.Properties).toMatchObject({
      DomainName: 'www.bulktrash.example',
      ValidationMethod: 'DNS',
      DomainValidationOptions: [
        { DomainName: 'www.bulktrash.example', HostedZoneId: 'Z0123456789EXAMPLE' },
      ],
    });
    expect(config.Aliases).toEqual(['www.bulktrash.example']);
    expect(config.ViewerCertificate).toEqual({
      AcmCertificateArn: { Ref: certificateId },
      MinimumProtocolVersion: 'TLSv1.2_2021',
      SslSupportMethod: 'sni-only',
    });
  });

  it('points A and AAAA alias records at the distribution', () => {
    const aliases = resourcesOfType(json, 'AWS::Route53::RecordSet').filter(
      ([, r]) => r.Properties.AliasTarget,
    );
    expect(aliases.map(([, r]) => r.Properties.Type).sort()).toEqual(['A', 'AAAA']);
    for (const [, record] of aliases) expect(record.Properties.Name).toBe('www.bulktrash.example.');
  });

  it('uses the domain as the public URL: in the functions and in the CORS rule, no wiring custom resource', () => {
    // read-lead and stripe-webhook build no links and have no PUBLIC_BASE_URL.
    const functions = resourcesOfType(json, 'AWS::Lambda::Function').filter(
      ([id]) =>
        id.startsWith('Api') && !id.startsWith('ApiReadLead') && !id.startsWith('ApiStripeWebhook'),
    );
    expect(functions).toHaveLength(FUNCTION_NAMES.length - 2);
    for (const [, fn] of functions) {
      expect(fn.Properties.Environment.Variables.PUBLIC_BASE_URL).toBe(
        'https://www.bulktrash.example',
      );
    }
    expect(resourcesOfType(json, 'Custom::AWS')).toEqual([]);
    const [, photos] = resourcesOfType(json, 'AWS::S3::Bucket').find(([id]) =>
      id.startsWith('QuotePhotos'),
    )!;
    expect(photos.Properties.CorsConfiguration.CorsRules[0].AllowedOrigins).toEqual([
      'https://www.bulktrash.example',
    ]);
  });

  it('attaches a CLOUDFRONT web ACL with the /api/ rate limit and the AWS common rule set', () => {
    const [[aclId, acl]] = resourcesOfType(json, 'AWS::WAFv2::WebACL') as [[string, Json]];
    expect(config.WebACLId).toEqual({ 'Fn::GetAtt': [aclId, 'Arn'] });
    expect(acl.Properties.Scope).toBe('CLOUDFRONT');
    const rules = acl.Properties.Rules as Json[];
    const rateRule = rules.find((r) => r.Name === 'api-rate-limit-per-ip');
    const commonRule = rules.find((r) => r.Name === 'aws-managed-common-rule-set');
    expect(rateRule!.Statement.RateBasedStatement).toMatchObject({
      Limit: 100,
      EvaluationWindowSec: 300,
      AggregateKeyType: 'IP',
      ScopeDownStatement: {
        AndStatement: {
          Statements: [
            {
              ByteMatchStatement: {
                PositionalConstraint: 'STARTS_WITH',
                SearchString: '/api/',
                FieldToMatch: { UriPath: {} },
              },
            },
            // Stripe's webhook has its own limits (decision 053).
            {
              NotStatement: {
                Statement: {
                  ByteMatchStatement: { SearchString: '/api/stripe-webhook' },
                },
              },
            },
          ],
        },
      },
    });
    expect(rateRule!.Action.Block.CustomResponse.ResponseCode).toBe(429);
    expect(commonRule!.Statement.ManagedRuleGroupStatement).toMatchObject({
      VendorName: 'AWS',
      Name: 'AWSManagedRulesCommonRuleSet',
    });
  });

  it('refuses to deploy outside us-east-1 (certificate and web ACL are CloudFront resources)', () => {
    const assertions = json.Rules.RequireUsEast1.Assertions as Json[];
    expect(assertions).toHaveLength(2);
    for (const assertion of assertions) {
      expect(assertion.Assert).toEqual({ 'Fn::Equals': [{ Ref: 'AWS::Region' }, 'us-east-1'] });
    }
  });

  it('verifies the email domain with Easy DKIM records in the hosted zone', () => {
    const [[identityId, identity]] = resourcesOfType(json, 'AWS::SES::EmailIdentity') as [
      [string, Json],
    ];
    expect(identity.Properties.EmailIdentity).toBe('bulktrash.example');
    const dkim = resourcesOfType(json, 'AWS::Route53::RecordSet').filter(
      ([, r]) => r.Properties.Type === 'CNAME',
    );
    expect(dkim).toHaveLength(3);
    const sendPolicy = resourcesOfType(json, 'AWS::IAM::Policy')
      .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as Json[])
      .find((s) => s.Action === 'ses:SendEmail')!;
    expect((sendPolicy.Resource as Json[]).map(flatten)).toContain(
      `arn:<AWS::Partition>:ses:<AWS::Region>:<AWS::AccountId>:identity/<${identityId}>`,
    );
  });

  it('deploys no site files when the build is missing and allowEmptySite says so', () => {
    expect(resourcesOfType(json, 'Custom::CDKBucketDeployment')).toEqual([]);
  });

  it('reserves no concurrency with reservedConcurrency=0 (a reservation of 0 would stop the functions)', () => {
    const functions = resourcesOfType(json, 'AWS::Lambda::Function').filter(([id]) =>
      id.startsWith('Api'),
    );
    expect(functions).toHaveLength(FUNCTION_NAMES.length);
    for (const [id, fn] of functions) {
      expect(fn.Properties, id).not.toHaveProperty('ReservedConcurrentExecutions');
    }
  });
});
