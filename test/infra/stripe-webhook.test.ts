// @vitest-environment node
/**
 * Synth tests of Stripe's webhook route and secrets (decision 053): a CloudFront behaviour to a
 * Function URL without IAM auth, behind the WAF with a body limit of its own, and two empty
 * secrets only this function may read.
 */
import { describe, expect, it } from 'vitest';
import { type Json, FIXTURE_SITE, resourcesOfType, synthesize } from './synth';
import { API_PATHS, STRIPE_WEBHOOK_MAX_BYTES } from '#contract/core/api';

const { json } = synthesize({ siteDir: FIXTURE_SITE, allowExampleAddresses: 'true' });

const [webhookId, webhook] = resourcesOfType(json, 'AWS::Lambda::Function').find(([id]) =>
  id.startsWith('ApiStripeWebhook'),
)!;
const [urlId, url] = resourcesOfType(json, 'AWS::Lambda::Url').find(
  ([, u]) => u.Properties.TargetFunctionArn['Fn::GetAtt'][0] === webhookId,
)!;
const secrets = resourcesOfType(json, 'AWS::SecretsManager::Secret').filter(([id]) =>
  id.startsWith('StripeSecrets'),
);
const secretIds = secrets.map(([id]) => id).sort();
const [, distribution] = resourcesOfType(json, 'AWS::CloudFront::Distribution')[0]!;
const config = distribution.Properties.DistributionConfig as Json;
const behaviour = (config.CacheBehaviors as Json[]).find(
  (b) => b.PathPattern === API_PATHS.stripeWebhook,
)!;
const origin = (config.Origins as Json[]).find((o) => o.Id === behaviour.TargetOriginId)!;
const roleOf = (fn: Json) => fn.Properties.Role['Fn::GetAtt'][0] as string;
const statementsOf = (roleId: string) =>
  resourcesOfType(json, 'AWS::IAM::Policy')
    .filter(([, p]) => (p.Properties.Roles as Json[]).some((r) => r.Ref === roleId))
    .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as Json[]);
const [, acl] = resourcesOfType(json, 'AWS::WAFv2::WebACL')[0]!;
const rule = (name: string) => (acl.Properties.Rules as Json[]).find((r) => r.Name === name)!;

describe('the Stripe webhook’s route', () => {
  it('is a CloudFront behaviour for /api/stripe-webhook, uncached, forwarding Stripe-Signature', () => {
    expect(behaviour).toMatchObject({
      CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // Managed-CachingDisabled
      OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac', // AllViewerExceptHostHeader
      ViewerProtocolPolicy: 'https-only',
    });
    expect(behaviour.AllowedMethods).toContain('POST');
  });

  it('reaches a Function URL without IAM auth, through an origin CloudFront does not sign', () => {
    // Stripe cannot send x-amz-content-sha256, which origin access control needs on a POST.
    expect(url.Properties.AuthType).toBe('NONE');
    expect(JSON.stringify(origin.DomainName)).toContain(`"${urlId}"`);
    expect(origin.OriginAccessControlId).toBeUndefined();
    expect(origin.CustomOriginConfig).toMatchObject({
      OriginProtocolPolicy: 'https-only',
      OriginSSLProtocols: ['TLSv1.2'],
    });
  });

  it('is the only Function URL without IAM auth', () => {
    const open = resourcesOfType(json, 'AWS::Lambda::Url').filter(
      ([, u]) => u.Properties.AuthType !== 'AWS_IAM',
    );
    expect(open.map(([id]) => id)).toEqual([urlId]);
  });

  it('stays behind the WAF, with a body limit and a rate of its own instead of the site’s', () => {
    expect(config.WebACLId).toBeDefined();
    expect(acl.Properties.AssociationConfig).toEqual({
      RequestBody: { CLOUDFRONT: { DefaultSizeInspectionLimit: 'KB_64' } },
    });
    const size = rule('stripe-webhook-body-size');
    expect(size.Action.Block.CustomResponse.ResponseCode).toBe(403);
    const [path, limit] = size.Statement.AndStatement.Statements as Json[];
    expect(path!.ByteMatchStatement.SearchString).toBe(API_PATHS.stripeWebhook);
    expect(limit!.SizeConstraintStatement).toMatchObject({
      FieldToMatch: { Body: { OversizeHandling: 'MATCH' } },
      ComparisonOperator: 'GT',
      Size: STRIPE_WEBHOOK_MAX_BYTES,
    });
    const rate = rule('stripe-webhook-rate-limit-per-ip').Statement.RateBasedStatement;
    expect(rate.ScopeDownStatement.ByteMatchStatement.SearchString).toBe(API_PATHS.stripeWebhook);
    expect(rate.Limit).toBeGreaterThan(
      rule('api-rate-limit-per-ip').Statement.RateBasedStatement.Limit,
    );
  });

  it('has a small reserved concurrency, so forged floods throttle instead of scaling', () => {
    expect(webhook.Properties.ReservedConcurrentExecutions).toBe(5);
  });
});

describe('the Stripe secrets', () => {
  it('are two secrets created empty: no value, none generated', () => {
    expect(secrets).toHaveLength(2);
    for (const [id, secret] of secrets) {
      expect(secret.Properties, id).not.toHaveProperty('SecretString');
      expect(secret.Properties, id).not.toHaveProperty('GenerateSecretString');
      expect(secret.Properties.Description, id).toContain('docs/deploy.md#stripe');
    }
    expect(JSON.stringify(json)).not.toMatch(/(sk_live|sk_test|rk_live|whsec)_[A-Za-z0-9]/);
  });

  it('reach the webhook by ARN, and it may read exactly these two', () => {
    const variables = webhook.Properties.Environment.Variables as Json;
    expect(
      [variables.STRIPE_SECRET_KEY_ARN.Ref, variables.STRIPE_WEBHOOK_SECRET_ARN.Ref].sort(),
    ).toEqual(secretIds);
    expect(variables).not.toHaveProperty('STRIPE_SECRET_KEY');
    expect(variables).not.toHaveProperty('STRIPE_WEBHOOK_SECRET');
    const reads = statementsOf(roleOf(webhook)).filter((st) =>
      [st.Action].flat().some((a: string) => a.startsWith('secretsmanager:')),
    );
    expect(reads).toEqual([
      {
        Sid: 'ReadStripeSecrets',
        Effect: 'Allow',
        Action: 'secretsmanager:GetSecretValue',
        Resource: expect.any(Array) as unknown,
      },
    ]);
    expect((reads[0]!.Resource as Json[]).map((r) => r.Ref as string).sort()).toEqual(secretIds);
  });

  const readersOf = (template: Json, id: string) =>
    resourcesOfType(template, 'AWS::IAM::Policy')
      .filter(([, p]) => JSON.stringify(p.Properties).includes(`"${id}"`))
      .flatMap(([, p]) => (p.Properties.Roles as Json[]).map((r) => r.Ref as string))
      .sort();
  const keyId = secretIds.find((id) => id.includes('SecretKey'))!;
  const signingId = secretIds.find((id) => id.includes('WebhookSecret'))!;

  it('give the signing secret to the webhook alone, and the key to the functions that move money', () => {
    expect(readersOf(json, signingId)).toEqual([roleOf(webhook)]);
    expect(readersOf(json, keyId).map((role) => role.replace(/Role[0-9A-F]{8}$/, ''))).toEqual([
      'ApiHaulerAccount',
      'ApiHaulerOffers',
      'ApiJobUpdates',
      'ApiStripeWebhook',
      'ApiUpdateLead',
      // npm run leads -- refund (decision 058).
      'LeadsOperations',
    ]);
  });

  it('with payments off, reach no function but the webhook', () => {
    const off = synthesize({
      siteDir: FIXTURE_SITE,
      allowExampleAddresses: 'true',
      payments: 'off',
    });
    const offWebhook = resourcesOfType(off.json, 'AWS::Lambda::Function').find(([id]) =>
      id.startsWith('ApiStripeWebhook'),
    )![1];
    expect(readersOf(off.json, keyId)).toEqual([roleOf(offWebhook)]);
    const settings = resourcesOfType(off.json, 'AWS::Lambda::Function').map(
      ([, fn]) => (fn.Properties.Environment?.Variables as Json | undefined)?.PAYMENTS as unknown,
    );
    expect(settings).toContain('off');
    expect(settings).not.toContain('on');
  });
});

describe('the Stripe webhook’s table access', () => {
  it('reaches the job’s money and the event records, and only updates hauler profiles', () => {
    const statements = statementsOf(roleOf(webhook));
    const sid = (name: string) => statements.find((st) => st.Sid === name)!;
    const keys = (st: Json) => st.Condition['ForAllValues:StringLike']['dynamodb:LeadingKeys'];
    const items = sid('StripeWebhookItems');
    expect([items.Action].flat().sort()).toEqual([
      'dynamodb:GetItem',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
    ]);
    // MONEY_DUE#: a state Stripe moved makes the money job due (decision 057).
    expect(keys(items)).toEqual(['PAYMENT#*', 'STRIPE_EVENT#*', 'MONEY_DUE#*']);
    const payouts = sid('RecordHaulerPayouts');
    expect(payouts.Action).toBe('dynamodb:UpdateItem');
    expect(keys(payouts)).toEqual(['HAULER#*']);
    // A dispute: the request read for its reference, operations' email kept in the outbox.
    expect(sid('ReadDisputedRequest').Action).toBe('dynamodb:GetItem');
    expect(keys(sid('ReadDisputedRequest'))).toEqual(['LEAD#*']);
    expect(sid('KeepDisputeEmails').Action).toBe('dynamodb:PutItem');
    expect(keys(sid('KeepDisputeEmails'))).toEqual(['OUTBOX*']);
    const actions = statements.flatMap((st) => [st.Action].flat() as string[]);
    expect(actions.filter((a) => /^dynamodb:(DeleteItem|Scan|Query)$/.test(a))).toEqual([]);
  });
});
