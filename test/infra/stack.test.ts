// @vitest-environment node
/**
 * Synth tests of the CDK app with its default settings (no custom domain; WAF on) and a small
 * fixture build. One synth for the whole file: bundling the two Lambdas with esbuild takes seconds,
 * and a handler that fails to bundle fails here.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { runInNewContext } from 'node:vm';
import type { CfnElement } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RESERVED_CONCURRENCY,
  RESERVING_FUNCTION_COUNT,
  SINGLE_RUN_FUNCTIONS,
} from '../../infra/config';
import { securityHeaders } from '../../infra/security-headers';
import { API_BEHAVIOURS, errorMessageFrom } from '#contract/core/api';
import {
  type Json,
  DEPLOY_ENV,
  FIXTURE_SITE,
  findCycle,
  flatten,
  normalisedTemplate,
  resourcesOfType,
  synthesize,
} from './synth';

const { stack, template, json, violations, outdir } = synthesize({
  siteDir: FIXTURE_SITE,
  allowExampleAddresses: 'true',
});

const only = (type: string, filter: (id: string) => boolean = () => true): [string, Json] => {
  const found = resourcesOfType(json, type).filter(([id]) => filter(id));
  expect(found, type).toHaveLength(1);
  return found[0]!;
};
const [distributionId, distribution] = only('AWS::CloudFront::Distribution');
const config = distribution.Properties.DistributionConfig as Json;
const behaviors: Json[] = [config.DefaultCacheBehavior, ...config.CacheBehaviors];
const behavior = (pattern: string): Json =>
  config.CacheBehaviors.find((b: Json) => b.PathPattern === pattern);
const originOf = (b: Json): Json => config.Origins.find((o: Json) => o.Id === b.TargetOriginId);

const buckets = resourcesOfType(json, 'AWS::S3::Bucket');
const photosBucket = buckets.find(([id]) => id.startsWith('QuotePhotos'))!;
const [leadTableId, leadTable] = resourcesOfType(json, 'AWS::DynamoDB::Table')[0]!;
/** Every function that sends email keeps its emails in the outbox (decision 054). */
const outboxStatement = {
  Sid: 'KeepOwedEmails',
  Effect: 'Allow',
  Action: ['dynamodb:DeleteItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
  Resource: { 'Fn::GetAtt': [leadTableId, 'Arn'] },
  Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['OUTBOX*'] } },
};
const [leadKeyId, leadKey] = resourcesOfType(json, 'AWS::KMS::Key').find(([id]) =>
  id.startsWith('LeadsKey'),
)!;
const apiFunction = (prefix: string): [string, Json] =>
  resourcesOfType(json, 'AWS::Lambda::Function').find(([id]) => id.startsWith(prefix))!;

/** The quote-photos bucket's name in the deploy environment (S3 names are global). */
const photosBucketName = `quote-photos-dev-${DEPLOY_ENV.account}-${DEPLOY_ENV.region}`;
/** s3 ARN of the quote-photos bucket, plus a suffix. */
const photosArn = (suffix = '') => `arn:aws:s3:::${photosBucketName}${suffix}`;
/** The S3 origin the browser uploads to. */
const photosDomain = `${photosBucketName}.s3.${DEPLOY_ENV.region}.<AWS::URLSuffix>`;

describe('synth', () => {
  it('matches the snapshot (asset hashes normalised)', () => {
    expect(normalisedTemplate(json)).toMatchSnapshot();
  });

  it('has no unacknowledged cdk-nag finding (only the placeholder-address warnings: addresses, alarm email)', () => {
    // app.synth() above throws on any unacknowledged AwsSolutions error; warnings are in the report.
    expect(violations.filter((v) => !v.ruleName.startsWith('Annotation::'))).toEqual([]);
    expect(violations.map((v) => v.ruleName)).toEqual([
      'Annotation::bulk-trash:placeholder-email-addresses',
      'Annotation::bulk-trash:no-alarm-subscriber',
    ]);
  });

  it('names the stack after its stage (dev unless the stage context says otherwise)', () => {
    expect(stack.stackName).toBe('BulkTrashPickup-dev');
  });

  it('has no dependency cycle (CloudFormation would reject it at deploy time)', () => {
    expect(findCycle(json)).toBeUndefined();
  });
});

describe('buckets', () => {
  it('blocks all public access on every bucket', () => {
    expect(buckets).toHaveLength(3);
    for (const [id, bucket] of buckets) {
      expect(bucket.Properties.PublicAccessBlockConfiguration, id).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
    }
  });

  it('encrypts every bucket with S3-managed keys', () => {
    for (const [id, bucket] of buckets) {
      expect(bucket.Properties.BucketEncryption, id).toEqual({
        ServerSideEncryptionConfiguration: [
          { ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } },
        ],
      });
    }
  });

  it('denies every non-TLS request to every bucket', () => {
    const policies = resourcesOfType(json, 'AWS::S3::BucketPolicy');
    for (const [id] of buckets) {
      const policy = policies.find(([, p]) => p.Properties.Bucket.Ref === id);
      expect(policy, `policy of ${id}`).toBeDefined();
      expect(policy![1].Properties.PolicyDocument.Statement).toContainEqual({
        Action: 's3:*',
        Condition: { Bool: { 'aws:SecureTransport': 'false' } },
        Effect: 'Deny',
        Principal: { AWS: '*' },
        Resource: [
          { 'Fn::GetAtt': [id, 'Arn'] },
          { 'Fn::Join': ['', [{ 'Fn::GetAtt': [id, 'Arn'] }, '/*']] },
        ],
      });
    }
  });

  it('names the quote-photos bucket from stage, account and region (S3 names are global)', () => {
    expect(photosBucket[1].Properties.BucketName).toBe(photosBucketName);
  });

  it('allows only PUT from the site origin, with the upload headers, exposing ETag', () => {
    expect(photosBucket[1].Properties.CorsConfiguration).toEqual({
      CorsRules: [
        {
          Id: 'browser-uploads',
          AllowedMethods: ['PUT'],
          AllowedOrigins: [
            { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [distributionId, 'DomainName'] }]] },
          ],
          AllowedHeaders: ['content-type', 'cache-control', 'if-none-match'],
          ExposedHeaders: ['ETag'],
          MaxAge: 3600,
        },
      ],
    });
  });

  it('expires media, the quarantine after a day and the lead archive after the retention; aborts multipart uploads', () => {
    const rules = photosBucket[1].Properties.LifecycleConfiguration.Rules as Json[];
    expect(rules).toContainEqual(
      expect.objectContaining({
        AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 },
        Status: 'Enabled',
      }),
    );
    expect(rules).toContainEqual(
      expect.objectContaining({
        Prefix: 'quote-photos/',
        ExpirationInDays: 180,
        Status: 'Enabled',
      }),
    );
    expect(rules).toContainEqual(
      expect.objectContaining({
        Prefix: 'incoming/',
        ExpirationInDays: 1,
        NoncurrentVersionExpiration: { NoncurrentDays: 1 },
        Status: 'Enabled',
      }),
    );
    const leadRules = rules.filter((rule) => rule.Prefix === 'leads/');
    expect(leadRules).toEqual([
      expect.objectContaining({ ExpirationInDays: 730, Status: 'Enabled' }),
    ]);
    expect(leadRules[0]).not.toHaveProperty('Transitions');
  });

  it('accepts the lead archive only encrypted with the lead key (SSE-KMS)', () => {
    const [, policy] = resourcesOfType(json, 'AWS::S3::BucketPolicy').find(
      ([, p]) => p.Properties.Bucket.Ref === photosBucket[0],
    )!;
    const [keyId] = only('AWS::KMS::Key', (id) => id.startsWith('Leads'));
    const statement = (policy.Properties.PolicyDocument.Statement as Json[]).find(
      (st) => st.Sid === 'LeadArchiveOnlyWithLeadKey',
    );
    expect(statement).toMatchObject({
      Effect: 'Deny',
      Principal: { AWS: '*' },
      Action: 's3:PutObject',
      Condition: {
        StringNotEquals: {
          's3:x-amz-server-side-encryption-aws-kms-key-id': { 'Fn::GetAtt': [keyId, 'Arn'] },
        },
      },
    });
    expect(flatten(statement?.Resource)).toMatch(/\/leads\/\*$/);
  });

  it('lets CloudFront read only quote-photos/* of the photos bucket, only for this distribution', () => {
    const [, policy] = resourcesOfType(json, 'AWS::S3::BucketPolicy').find(
      ([, p]) => p.Properties.Bucket.Ref === photosBucket[0],
    )!;
    const cloudFront = (policy.Properties.PolicyDocument.Statement as Json[]).filter(
      (s) => s.Principal?.Service === 'cloudfront.amazonaws.com',
    );
    expect(cloudFront).toEqual([
      expect.objectContaining({
        Effect: 'Allow',
        Action: 's3:GetObject',
        Resource: {
          'Fn::Join': ['', [{ 'Fn::GetAtt': [photosBucket[0], 'Arn'] }, '/quote-photos/*']],
        },
        Condition: { StringEquals: { 'AWS:SourceArn': expect.anything() } },
      }),
      expect.objectContaining({
        Effect: 'Allow',
        Action: 's3:ListBucket',
        Resource: { 'Fn::GetAtt': [photosBucket[0], 'Arn'] },
        Condition: {
          StringEquals: { 'AWS:SourceArn': expect.anything() },
          StringLike: { 's3:prefix': 'quote-photos/*' },
        },
      }),
    ]);
    for (const statement of cloudFront) {
      expect(flatten(statement.Condition.StringEquals['AWS:SourceArn'])).toContain(
        `:distribution/<${distributionId}>`,
      );
    }
  });

  it('allows nothing else on the photos bucket: no principal reaches leads/ or incoming/', () => {
    const [, policy] = resourcesOfType(json, 'AWS::S3::BucketPolicy').find(
      ([, p]) => p.Properties.Bucket.Ref === photosBucket[0],
    )!;
    const allows = (policy.Properties.PolicyDocument.Statement as Json[]).filter(
      (s) => s.Effect === 'Allow',
    );
    // The two CloudFront statements above are every Allow: an object key outside quote-photos/
    // that reached S3 through /quote-photos/* (however spelled) would be AccessDenied.
    expect(allows.map((s) => [s.Principal, s.Action])).toEqual([
      [{ Service: 'cloudfront.amazonaws.com' }, 's3:GetObject'],
      [{ Service: 'cloudfront.amazonaws.com' }, 's3:ListBucket'],
    ]);
    expect(JSON.stringify(allows)).not.toMatch(/leads|incoming/);
  });
});

describe('CloudFront', () => {
  it('signs every origin with an origin access control (S3 and Lambda) but Stripe’s webhook', () => {
    const controls = new Map(resourcesOfType(json, 'AWS::CloudFront::OriginAccessControl'));
    expect(config.Origins).toHaveLength(11);
    const webhookUrl = stack.getLogicalId(
      stack.functions['stripe-webhook'].url.node.defaultChild as CfnElement,
    );
    const signed = (config.Origins as Json[]).filter(
      (origin) => !JSON.stringify(origin.DomainName).includes(`"${webhookUrl}"`),
    );
    // Decision 053: Stripe cannot send x-amz-content-sha256; its signature is the gate instead.
    expect(signed).toHaveLength(10);
    const types: string[] = [];
    for (const origin of signed) {
      const [controlId] = origin.OriginAccessControlId['Fn::GetAtt'] as [string];
      const control = controls.get(controlId)!.Properties.OriginAccessControlConfig;
      expect(control.SigningBehavior, origin.Id).toBe('always');
      expect(control.SigningProtocol, origin.Id).toBe('sigv4');
      types.push(control.OriginAccessControlOriginType);
      if (control.OriginAccessControlOriginType === 's3') {
        expect(origin.S3OriginConfig).toEqual({ OriginAccessIdentity: '' });
      } else {
        expect(origin.CustomOriginConfig).toMatchObject({
          OriginProtocolPolicy: 'https-only',
          OriginSSLProtocols: ['TLSv1.2'],
        });
      }
    }
    expect(types.sort()).toEqual([...Array(8).fill('lambda'), 's3', 's3']);
  });

  it.each(Object.entries(API_BEHAVIOURS))(
    'routes %s to the Function URL of %s, uncached, all methods',
    (pattern, name) => {
      const b = behavior(pattern);
      expect(b, `no behaviour for ${pattern}`).toBeDefined();
      expect(b).toMatchObject({
        AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
        CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // Managed-CachingDisabled
        OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac', // Managed-AllViewerExceptHostHeader
        ViewerProtocolPolicy: 'https-only',
      });
      expect(b.FunctionAssociations).toBeUndefined();
      const url = stack.functions[name].url.node.defaultChild as CfnElement;
      expect(JSON.stringify(originOf(b).DomainName)).toContain(`"${stack.getLogicalId(url)}"`);
    },
  );

  it('has no /api/ behaviour outside the route table', () => {
    const apiPatterns = (config.CacheBehaviors as Json[])
      .map((b) => b.PathPattern as string)
      .filter((pattern) => pattern.startsWith('/api/'));
    expect(apiPatterns.sort()).toEqual(Object.keys(API_BEHAVIOURS).sort());
  });

  it('serves /quote-photos/* read-only from the photos bucket, and nothing of incoming/', () => {
    const b = behavior('/quote-photos/*');
    expect(b.AllowedMethods).toEqual(['GET', 'HEAD']);
    expect(behaviors.map((x) => x.PathPattern ?? 'default').join(' ')).not.toContain('incoming');
    expect(flatten(originOf(b).DomainName)).toBe(photosDomain);
    // The request path is the object key: no origin path puts it under another prefix.
    expect(originOf(b).OriginPath ?? '').toBe('');
  });

  it('has no custom error responses (they would rewrite the API answers too)', () => {
    expect(config.CustomErrorResponses).toBeUndefined();
  });

  it('runs the route function on the default behaviour only, for request and response', () => {
    const [functionId] = only('AWS::CloudFront::Function');
    expect(config.DefaultCacheBehavior.FunctionAssociations).toEqual([
      { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [functionId, 'FunctionARN'] } },
      { EventType: 'viewer-response', FunctionARN: { 'Fn::GetAtt': [functionId, 'FunctionARN'] } },
    ]);
    for (const b of config.CacheBehaviors as Json[])
      expect(b.FunctionAssociations, b.PathPattern).toBeUndefined();
  });

  it('logs to the access-log bucket, redirects to HTTPS and uses HTTP/2 and 3', () => {
    expect(config.Logging).toMatchObject({ Prefix: 'cloudfront/' });
    expect(config.DefaultCacheBehavior.ViewerProtocolPolicy).toBe('redirect-to-https');
    expect(config.HttpVersion).toBe('http2and3');
  });
});

describe('route function (the deployed code, evaluated)', () => {
  const [, fn] = only('AWS::CloudFront::Function');
  const code = fn.Properties.FunctionCode as string;
  const handler = runInNewContext(`${code}\n;handler`, {}) as (event: Json) => Json;
  const request = (uri: string) =>
    handler({
      version: '1.0',
      context: { eventType: 'viewer-request' },
      request: { method: 'GET', uri, querystring: {}, headers: {}, cookies: {} },
    });
  const response = (uri: string, statusCode: number, headers: Json = {}) =>
    handler({
      version: '1.0',
      context: { eventType: 'viewer-response' },
      request: { method: 'GET', uri, querystring: {}, headers: {}, cookies: {} },
      response: { statusCode, statusDescription: 'x', headers, cookies: {} },
    });

  it('runs on the cloudfront-js-2.0 runtime and fits the 10 KB quota', () => {
    expect(fn.Properties.FunctionConfig.Runtime).toBe('cloudfront-js-2.0');
    expect(Buffer.byteLength(code)).toBeLessThan(10 * 1024);
  });

  it.each([
    ['/', '/index.html'],
    ['/alabama', '/alabama/index.html'],
    ['/alabama/', '/alabama/index.html'],
    ['/cities/phoenix', '/cities/phoenix/index.html'],
    ['/blog/preparing-for-bulk-trash-pickup/', '/blog/preparing-for-bulk-trash-pickup/index.html'],
    ['/assets/x.js', '/assets/x.js'],
    ['/alabama.data', '/alabama.data'],
    ['/sitemap.xml', '/sitemap.xml'],
    ['/nope', '/404.html'],
    ['/Alabama', '/404.html'],
    ['/404', '/404.html'],
    ['/cities', '/404.html'],
    ['/assets/', '/404.html'],
    ['/__spa-fallback.html', '/404.html'],
    ['/api/upload-urls', '/api/upload-urls'],
    ['/api/send-booking-emails', '/api/send-booking-emails'],
  ])('maps %s to %s', (uri, expected) => {
    expect(request(uri).uri).toBe(expected);
  });

  it('answers the not-found page with status 404 and drops the marker header', () => {
    const marked = response('/nope', 200, { 'x-amz-meta-http-status': { value: '404' } });
    expect(marked.statusCode).toBe(404);
    expect(marked.headers).not.toHaveProperty('x-amz-meta-http-status');
    expect(response('/404.html', 200).statusCode).toBe(404);
  });

  it('leaves every other status alone', () => {
    expect(response('/alabama/index.html', 200).statusCode).toBe(200);
    expect(response('/api/upload-urls', 403).statusCode).toBe(403);
    expect(response('/assets/missing.js', 404).statusCode).toBe(404);
    expect(response('/404.html', 304).statusCode).toBe(304);
  });
});

describe('site deployment', () => {
  const deployments = resourcesOfType(json, 'Custom::CDKBucketDeployment').map(
    ([, d]) => d.Properties as Json,
  );
  const find = (include: string | undefined) =>
    deployments.find((d) => d.Include?.[0] === include)!;

  it('uploads hashed assets as immutable for a year, never pruning them', () => {
    expect(find('assets/*')).toMatchObject({
      Exclude: ['*'],
      Include: ['assets/*'],
      Prune: false,
      SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
    });
  });

  it('uploads the 404 page revalidated, with the marker the route function reads', () => {
    expect(find('404.html')).toMatchObject({
      Exclude: ['*'],
      Include: ['404.html'],
      UserMetadata: { 'http-status': '404' },
      SystemMetadata: { 'cache-control': 'public, max-age=0, must-revalidate' },
    });
  });

  it('uploads everything else revalidated, prunes only its own files, and invalidates /*', () => {
    const pages = find(undefined);
    expect(pages).toMatchObject({
      Exclude: ['assets/*', '404.html'],
      Prune: true,
      SystemMetadata: { 'cache-control': 'public, max-age=0, must-revalidate' },
      DistributionId: { Ref: distributionId },
      DistributionPaths: ['/*'],
    });
    expect(pages.Include).toBeUndefined();
  });
});

describe('security headers', () => {
  const [policyId, policy] = only('AWS::CloudFront::ResponseHeadersPolicy', (id) =>
    id.startsWith('HeadersPolicy'),
  );
  const [photoPolicyId, photoPolicy] = only('AWS::CloudFront::ResponseHeadersPolicy', (id) =>
    id.startsWith('HeadersPhotoPolicy'),
  );
  const cfg = policy.Properties.ResponseHeadersPolicyConfig as Json;
  const uploadOrigin = `https://${photosDomain}`;
  const expected = securityHeaders({ uploadOrigin });

  it('is attached to every behaviour but the photos, which get the photo policy', () => {
    // Default, /quote-photos/*, eighteen API paths (two of the upload flow, four of the quote
    // loop, five of the hauler applications, six of the hauler's page, Stripe's webhook) and the
    // job's /api/job/*.
    expect(behaviors).toHaveLength(21);
    for (const b of behaviors)
      expect(b.ResponseHeadersPolicyId, b.PathPattern ?? 'default').toEqual({
        Ref: b.PathPattern === '/quote-photos/*' ? photoPolicyId : policyId,
      });
  });

  it('gives photos Cache-Control 3600 s, no Content-Disposition and a CSP that allows nothing', () => {
    const photoCfg = photoPolicy.Properties.ResponseHeadersPolicyConfig as Json;
    expect(photoCfg.CustomHeadersConfig.Items).toContainEqual({
      Header: 'cache-control',
      Value: 'max-age=3600',
      Override: true,
    });
    expect(photoCfg.RemoveHeadersConfig.Items).toEqual([{ Header: 'content-disposition' }]);
    expect(photoCfg.SecurityHeadersConfig.ContentSecurityPolicy).toEqual({
      ContentSecurityPolicy: "default-src 'none'; frame-ancestors 'none'; sandbox",
      Override: true,
    });
  });

  it('sends the CSP of infra/security-headers.ts, with the upload origin in connect-src', () => {
    const csp = flatten(cfg.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy);
    expect(csp).toBe(expected['content-security-policy']);
    expect(csp).toContain(`connect-src 'self' ${uploadOrigin}`);
    expect(csp).toContain(`img-src 'self' data: blob: ${uploadOrigin}`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toMatch(/^default-src 'self';/);
    expect(csp).toContain("frame-src 'none'");
    // Inline scripts are narrowed per page by the build's meta CSP (decision 019).
    expect(csp).toContain("script-src 'self' 'unsafe-inline'");
    expect(cfg.SecurityHeadersConfig.ContentSecurityPolicy.Override).toBe(true);
  });

  it('sends HSTS, nosniff, frame DENY, the referrer policy and the permissions policy', () => {
    expect(cfg.SecurityHeadersConfig).toMatchObject({
      StrictTransportSecurity: {
        AccessControlMaxAgeSec: 63072000,
        IncludeSubdomains: true,
        Preload: true,
        Override: true,
      },
      ContentTypeOptions: { Override: true },
      FrameOptions: { FrameOption: 'DENY', Override: true },
      ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true },
    });
    expect(cfg.CustomHeadersConfig.Items).toEqual([
      { Header: 'permissions-policy', Value: expected['permissions-policy'], Override: true },
    ]);
    expect(expected['strict-transport-security']).toBe(
      'max-age=63072000; includeSubDomains; preload',
    );
  });
});

describe('API functions', () => {
  const [uploadId, upload] = apiFunction('ApiCreateUploadUrls');
  const [sendId, send] = apiFunction('ApiSendBookingEmails');
  // Eleven functions (two of the quote loop, two of the hauler applications, two of the hauler's
  // page, the offer job, the job's updates, Stripe's webhook), plus the BucketDeployment
  // and AwsCustomResource handlers (CDK's own).
  expect(resourcesOfType(json, 'AWS::Lambda::Function')).toHaveLength(13);

  it('run on nodejs24.x, arm64, with bounded memory and timeouts', () => {
    for (const [fn, timeout] of [
      [upload, 10],
      [send, 15],
    ] as const) {
      expect(fn.Properties).toMatchObject({
        Runtime: 'nodejs24.x',
        Architectures: ['arm64'],
        MemorySize: 512,
        Timeout: timeout,
        Handler: 'index.handler',
      });
    }
  });

  it('log to their own one-month log group', () => {
    for (const fn of [upload, send]) {
      const [groupId] = fn.Properties.LoggingConfig.LogGroup.Ref
        ? [fn.Properties.LoggingConfig.LogGroup.Ref]
        : [];
      expect(json.Resources[groupId].Properties.RetentionInDays).toBe(30);
    }
  });

  it('have Function URLs with AuthType AWS_IAM, invocable only by this distribution, but Stripe’s webhook', () => {
    const urls = resourcesOfType(json, 'AWS::Lambda::Url');
    // Every function but the two scheduled ones.
    expect(urls).toHaveLength(9);
    const authTypes = urls.map(([id, url]) => [
      id.replace(/[0-9A-F]{8}$/, ''),
      url.Properties.AuthType,
    ]);
    // Decision 053: the webhook's only gate is the Stripe signature its function checks first.
    expect(authTypes.filter(([, type]) => type !== 'AWS_IAM')).toEqual([
      ['ApiStripeWebhookFunctionUrl', 'NONE'],
    ]);
    const permissions = resourcesOfType(json, 'AWS::Lambda::Permission').map(
      ([, p]) => p.Properties as Json,
    );
    for (const id of [uploadId, sendId]) {
      const [urlId] = urls.find(
        ([, url]) => url.Properties.TargetFunctionArn['Fn::GetAtt'][0] === id,
      )!;
      const mine = permissions.filter((p) => p.FunctionName['Fn::GetAtt']?.[0] === urlId);
      expect(mine.map((p) => p.Action).sort()).toEqual([
        'lambda:InvokeFunction',
        'lambda:InvokeFunctionUrl',
      ]);
      for (const p of mine) {
        expect(p.Principal).toBe('cloudfront.amazonaws.com');
        expect(flatten(p.SourceArn)).toContain(`:distribution/<${distributionId}>`);
      }
    }
  });

  it('get the bucket and addresses in their environment; PUBLIC_BASE_URL is wired after the distribution exists', () => {
    expect(upload.Properties.Environment.Variables).toEqual({
      BUCKET_NAME: expect.anything(),
      LEADS_TABLE: { Ref: leadTableId },
      NODE_OPTIONS: '--enable-source-maps',
    });
    expect(upload.Properties.Environment.Variables.BUCKET_NAME).toBe(photosBucketName);
    expect(send.Properties.Environment.Variables).toMatchObject({
      LEADS_TABLE: { Ref: leadTableId },
      LEAD_RETENTION_DAYS: '730',
      CONFIRMATION_DAILY_CAP: '500',
      LEADS_ARCHIVE_KMS_KEY_ID: { 'Fn::GetAtt': [leadKeyId, 'Arn'] },
      SENDER_ADDRESS: 'quotes@example.com',
      OPERATIONS_ADDRESS: 'operations@example.com',
    });
    const wiring = resourcesOfType(json, 'Custom::AWS').map(([, r]) =>
      flatten(r.Properties.Create),
    );
    // Every function but read-lead builds links.
    expect(wiring).toHaveLength(9);
    for (const call of wiring) {
      expect(call).toContain('"action":"UpdateFunctionConfiguration"');
      expect(call).toContain(`"PUBLIC_BASE_URL":"https://<${distributionId}.DomainName>"`);
    }
  });

  it.each([
    ['ApiCreateUploadUrls', 'create-upload-urls'],
    ['ApiSendBookingEmails', 'send-booking-emails'],
    ['ApiReadLead', 'read-lead'],
    ['ApiUpdateLead', 'update-lead'],
  ])('%s: the ESM bundle loads and answers (%s)', async (prefix) => {
    const [, fn] = apiFunction(prefix);
    // The staged bundle is cdk.out/asset.{hash}; the function's S3Key is {hash}.zip.
    const hash = (fn.Properties.Code.S3Key as string).replace(/\.zip$/, '');
    const bundle = path.join(outdir, `asset.${hash}`, 'index.mjs');
    const env = {
      BUCKET_NAME: 'quote-photos-test',
      PUBLIC_BASE_URL: 'https://d111111abcdef8.cloudfront.net',
      SENDER_ADDRESS: 'quotes@example.com',
      OPERATIONS_ADDRESS: 'operations@example.com',
      LEADS_TABLE: 'leads-test',
      AWS_REGION: 'us-east-1',
      LINK_SECRET: 'bundle-test-link-secret-0123456789abcdef',
      PAYMENTS: 'on',
      STRIPE_SECRET_KEY: 'sk_test_bundle',
    };
    const saved = Object.fromEntries(Object.keys(env).map((key) => [key, process.env[key]]));
    Object.assign(process.env, env);
    try {
      const module = (await import(pathToFileURL(bundle).href)) as {
        handler: (event: Json) => Promise<{ statusCode: number }>;
      };
      // A GET needs no AWS call: the handler answers 405 itself.
      const result = await module.handler({
        // update-lead routes by path first; the others ignore it.
        rawPath: '/api/send-quote',
        requestContext: { http: { method: 'GET' } },
        headers: {},
      });
      expect(result.statusCode).toBe(405);
    } finally {
      for (const [key, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
    }
  });

  const assetOf = (prefix: string): string => {
    const [, fn] = apiFunction(prefix);
    return path.join(outdir, `asset.${(fn.Properties.Code.S3Key as string).replace(/\.zip$/, '')}`);
  };

  it.each([
    'ApiHaulerApply',
    'ApiHaulerReview',
    'ApiHaulerAccount',
    'ApiHaulerDocuments',
    'ApiJobUpdates',
  ])(
    '%s: the ZIP dataset ships beside the bundle, not in it, and loads from there',
    async (prefix) => {
      const asset = assetOf(prefix);
      const bundle = path.join(asset, 'index.mjs');
      // The dataset alone is 5 MB; the bundle, AWS SDK and pdf-lib (certificate and receipt
      // checks) included, about 1.2 MB.
      expect(statSync(bundle).size).toBeLessThan(2 * 1024 * 1024);
      expect(readFileSync(bundle, 'utf8')).toContain('import("zipcodes")');
      // Resolved as Lambda resolves it, from the bundle: inside the asset (cdk.out is in the
      // temporary folder, outside this repository's node_modules).
      const resolved = createRequire(bundle).resolve('zipcodes');
      expect(resolved.startsWith(`${asset}${path.sep}node_modules${path.sep}`)).toBe(true);
      const { default: zipcodes } = (await import(pathToFileURL(resolved).href)) as {
        default: { codes: Record<string, { city: string }> };
      };
      expect(zipcodes.codes['85001']?.city).toBe('Phoenix');
    },
  );

  it.each([
    'ApiCreateUploadUrls',
    'ApiSendBookingEmails',
    'ApiReadLead',
    'ApiUpdateLead',
    'ApiHaulerOffers',
  ])('%s: a function that never computes coverage carries no ZIP dataset', (prefix) => {
    const asset = assetOf(prefix);
    expect(readFileSync(path.join(asset, 'index.mjs'), 'utf8')).not.toContain('"zipcodes"');
    expect(existsSync(path.join(asset, 'node_modules'))).toBe(false);
  });

  const statementsOf = (roleFunction: Json): Json[] => {
    const roleId = roleFunction.Properties.Role['Fn::GetAtt'][0] as string;
    const role = json.Resources[roleId];
    expect(role.Properties.ManagedPolicyArns).toBeUndefined();
    expect(role.Properties.Policies).toBeUndefined();
    const policies = resourcesOfType(json, 'AWS::IAM::Policy').filter(([, p]) =>
      (p.Properties.Roles as Json[]).some((r) => r.Ref === roleId),
    );
    expect(policies).toHaveLength(1);
    return policies[0]![1].Properties.PolicyDocument.Statement as Json[];
  };
  const logStatement = (fn: Json) => ({
    Sid: 'WriteOwnLogs',
    Effect: 'Allow',
    Action: ['logs:CreateLogStream', 'logs:PutLogEvents'],
    Resource: { 'Fn::GetAtt': [fn.Properties.LoggingConfig.LogGroup.Ref, 'Arn'] },
  });

  const tableStatement = (sid: string, prefixes: string[]) => ({
    Sid: sid,
    Effect: 'Allow',
    Action: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
    Resource: { 'Fn::GetAtt': [leadTableId, 'Arn'] },
    Condition: {
      'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': prefixes.map((p) => `${p}*`) },
    },
  });
  const keyStatement = (sid: string) => ({
    Sid: sid,
    Effect: 'Allow',
    Action: ['kms:Decrypt', 'kms:Encrypt', 'kms:GenerateDataKey'],
    Resource: { 'Fn::GetAtt': [leadKeyId, 'Arn'] },
  });

  it('create-upload-urls may only PutObject into the quarantine and keep its upload batch item', () => {
    expect(statementsOf(upload)).toEqual([
      logStatement(upload),
      {
        Sid: 'PresignQuarantineUploads',
        Effect: 'Allow',
        Action: 's3:PutObject',
        Resource: photosArn('/incoming/*'),
      },
      tableStatement('RecordUploadBatch', ['UPLOADS#']),
      keyStatement('LeadTableKey'),
    ]);
  });

  it('send-booking-emails may check and release media, write the archive, keep leads and counters, and send', () => {
    const statements = statementsOf(send);
    expect(statements.slice(0, 8)).toEqual([
      logStatement(send),
      {
        Sid: 'CheckQuarantinedMedia',
        Effect: 'Allow',
        Action: 's3:GetObject',
        Resource: [photosArn('/incoming/*'), photosArn('/quote-photos/*')],
      },
      {
        Sid: 'ReleaseCheckedMedia',
        Effect: 'Allow',
        Action: 's3:PutObject',
        Resource: photosArn('/quote-photos/*'),
      },
      {
        Sid: 'ArchiveLeads',
        Effect: 'Allow',
        Action: 's3:PutObject',
        Resource: photosArn('/leads/*'),
      },
      {
        Sid: 'MissingKeysAnswer404',
        Effect: 'Allow',
        Action: 's3:ListBucket',
        Resource: photosArn(),
        Condition: { StringLike: { 's3:prefix': ['incoming/*', 'quote-photos/*'] } },
      },
      tableStatement('StoreLeadsAndCounters', ['LEAD#', 'CONFIRM#', 'CAP#']),
      keyStatement('LeadTableAndArchiveKey'),
      expect.objectContaining({ Sid: 'SendBookingEmails', Action: 'ses:SendEmail' }),
    ]);
    expect(statements).toHaveLength(10);
    expect(statements[8]).toEqual(outboxStatement);
    const [secretId] = only('AWS::SecretsManager::Secret', (id) => id.startsWith('LinkSecret'));
    expect(statements[9]).toEqual({
      Sid: 'ReadLinkSecret',
      Effect: 'Allow',
      Action: 'secretsmanager:GetSecretValue',
      Resource: { Ref: secretId },
    });
    const ses = statements[7]!;
    const [identityId] = only('AWS::SES::EmailIdentity', (id) => id.startsWith('EmailIdentity'));
    const configSets = resourcesOfType(json, 'AWS::SES::ConfigurationSet').map(([id]) => id);
    expect(configSets).toHaveLength(2);
    const sesArn = `arn:aws:ses:${DEPLOY_ENV.region}:${DEPLOY_ENV.account}`;
    expect((ses.Resource as Json[]).map(flatten).sort()).toEqual(
      [
        ...configSets.map((id) => `${sesArn}:configuration-set/<${id}>`),
        `${sesArn}:identity/<${identityId}>`,
        `${sesArn}:identity/operations@example.com`,
      ].sort(),
    );
  });

  it('have small reserved concurrency (context reservedConcurrency, default 5)', () => {
    for (const fn of [upload, send]) {
      expect(fn.Properties.ReservedConcurrentExecutions).toBe(5);
    }
  });

  it('reserve concurrency on exactly as many functions as npm run deploy counts against the account limit', () => {
    const reserving = resourcesOfType(json, 'AWS::Lambda::Function').filter(
      ([, fn]) => fn.Properties.ReservedConcurrentExecutions !== undefined,
    );
    const isSingle = (id: string) => /^Api(HaulerOffers|HaulerDocuments)/.test(id);
    const single = reserving.filter(([id]) => isSingle(id));
    expect(reserving).toHaveLength(RESERVING_FUNCTION_COUNT + SINGLE_RUN_FUNCTIONS.length);
    expect(single).toHaveLength(SINGLE_RUN_FUNCTIONS.length);
    for (const [id, fn] of reserving) {
      expect(fn.Properties.ReservedConcurrentExecutions).toBe(
        isSingle(id) ? 1 : DEFAULT_RESERVED_CONCURRENCY,
      );
    }
  });
});

describe('lead table', () => {
  const [, upload] = apiFunction('ApiCreateUploadUrls');
  const [, send] = apiFunction('ApiSendBookingEmails');
  it('is on demand, with point-in-time recovery, TTL on expiresAt and the two indexes of decision 012', () => {
    expect(leadTable.Properties).toMatchObject({
      BillingMode: 'PAY_PER_REQUEST',
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
    });
    // Deletion protection would make the rollback of a failed first create fail.
    expect(leadTable.Properties.DeletionProtectionEnabled).toBeUndefined();
    expect(
      (leadTable.Properties.GlobalSecondaryIndexes as Json[]).map((index) => [
        index.IndexName,
        index.KeySchema.map((k: Json) => k.AttributeName),
      ]),
    ).toEqual([
      ['by-status', ['status', 'receivedAt']],
      ['by-reference', ['reference']],
      ['by-due', ['dueShard', 'dueAt']],
    ]);
  });

  it('is encrypted with a customer managed KMS key that rotates', () => {
    expect(leadTable.Properties.SSESpecification).toEqual({
      SSEEnabled: true,
      SSEType: 'KMS',
      KMSMasterKeyId: { 'Fn::GetAtt': [leadKeyId, 'Arn'] },
    });
    expect(leadKey.Properties.EnableKeyRotation).toBe(true);
  });

  it('can be read only by the API functions (the quote loop’s, the hauler side’s) and the operations role', () => {
    const readers = resourcesOfType(json, 'AWS::IAM::Policy')
      .filter(([, p]) =>
        (p.Properties.PolicyDocument.Statement as Json[]).some(
          (st) =>
            [st.Action].flat().some((a: string) => a.startsWith('dynamodb:')) &&
            JSON.stringify(st.Resource).includes(leadTableId),
        ),
      )
      .flatMap(([, p]) => (p.Properties.Roles as Json[]).map((r) => r.Ref as string))
      .sort();
    const roleOf = (fn: Json) => fn.Properties.Role['Fn::GetAtt'][0] as string;
    const [operationsRoleId] = only('AWS::IAM::Role', (id) => id.startsWith('LeadsOperationsRole'));
    const [, read] = apiFunction('ApiReadLead');
    const [, update] = apiFunction('ApiUpdateLead');
    const [, apply] = apiFunction('ApiHaulerApply');
    const [, review] = apiFunction('ApiHaulerReview');
    const [, account] = apiFunction('ApiHaulerAccount');
    const [, documents] = apiFunction('ApiHaulerDocuments');
    const [, offers] = apiFunction('ApiHaulerOffers');
    const [, jobs] = apiFunction('ApiJobUpdates');
    const [, webhook] = apiFunction('ApiStripeWebhook');
    expect(readers).toEqual(
      [
        roleOf(webhook),
        roleOf(upload),
        roleOf(send),
        roleOf(read),
        roleOf(update),
        roleOf(apply),
        roleOf(review),
        roleOf(account),
        roleOf(documents),
        roleOf(offers),
        roleOf(jobs),
        operationsRoleId,
      ].sort(),
    );
  });
});

describe('WAF', () => {
  const [, acl] = only('AWS::WAFv2::WebACL');
  const rules = acl.Properties.Rules as Json[];
  const rule = (name: string): Json => rules.find((r) => r.Name === name)!;
  const startsWith = (path: string) => ({
    ByteMatchStatement: {
      FieldToMatch: { UriPath: {} },
      PositionalConstraint: 'STARTS_WITH',
      SearchString: path,
      TextTransformations: [{ Priority: 0, Type: 'LOWERCASE' }],
    },
  });
  const notStripeWebhook = { NotStatement: { Statement: startsWith('/api/stripe-webhook') } };
  // Stripe's webhook has rules of its own (decision 053).
  const apiOnly = { AndStatement: { Statements: [startsWith('/api/'), notStripeWebhook] } };

  it('is on by default and attached to the distribution', () => {
    expect(acl.Properties.Scope).toBe('CLOUDFRONT');
    expect(config.WebACLId).toBeDefined();
  });

  it('limits /api/* per IP, POST /api/send-booking-emails tighter, then the lists, then the common rules', () => {
    expect(rules.map((r) => [r.Priority, r.Name])).toEqual([
      [0, 'api-rate-limit-per-ip'],
      [1, 'booking-rate-limit-per-ip'],
      [2, 'hauler-rate-limit-per-ip'],
      [3, 'aws-managed-ip-reputation-list'],
      [4, 'aws-managed-anonymous-ip-list'],
      [5, 'anonymous-ip-rate-limit-per-ip'],
      [6, 'aws-managed-common-rule-set'],
      [7, 'common-rule-set-block'],
      [8, 'stripe-webhook-body-size'],
      [9, 'stripe-webhook-rate-limit-per-ip'],
    ]);
    const [api, booking] = rules;
    expect(api?.Statement.RateBasedStatement).toMatchObject({ Limit: 100, AggregateKeyType: 'IP' });
    expect(booking?.Statement.RateBasedStatement).toMatchObject({
      Limit: 10,
      AggregateKeyType: 'IP',
    });
    const scope = booking?.Statement.RateBasedStatement.ScopeDownStatement.AndStatement.Statements;
    expect(scope.map((st: Json) => st.ByteMatchStatement.SearchString)).toEqual([
      'POST',
      '/api/send-booking-emails',
    ]);
  });

  it('keeps blocking addresses on the IP reputation list, on /api/* only, with the site’s error body', () => {
    const reputation = rule('aws-managed-ip-reputation-list');
    expect(reputation.OverrideAction).toEqual({ None: {} });
    const group = reputation.Statement.ManagedRuleGroupStatement;
    expect(group).toMatchObject({
      Name: 'AWSManagedRulesAmazonIpReputationList',
      ScopeDownStatement: apiOnly,
    });
    // AWSManagedIPDDoSList stays as the group has it: counted, never blocked.
    expect(group.RuleActionOverrides).toEqual(
      ['AWSManagedIPReputationList', 'AWSManagedReconnaissanceList'].map((name) => ({
        Name: name,
        ActionToUse: {
          Block: { CustomResponse: { ResponseCode: 403, CustomResponseBodyKey: 'blocked' } },
        },
      })),
    );
  });

  it('applies the IP reputation and anonymous IP lists (VPNs, Tor, hosting providers) to /api/* only, so every page stays readable', () => {
    for (const name of ['aws-managed-ip-reputation-list', 'aws-managed-anonymous-ip-list']) {
      expect(rule(name).Statement.ManagedRuleGroupStatement.ScopeDownStatement, name).toEqual(
        apiOnly,
      );
    }
  });

  it('only counts VPN and relay users on the anonymous IP list, and gives them a tighter rate of their own', () => {
    const anonymous = rule('aws-managed-anonymous-ip-list');
    expect(anonymous.OverrideAction).toEqual({ Count: {} });
    expect(anonymous.Statement.ManagedRuleGroupStatement).toMatchObject({
      Name: 'AWSManagedRulesAnonymousIpList',
      ScopeDownStatement: apiOnly,
    });
    const limit = rule('anonymous-ip-rate-limit-per-ip');
    expect(limit.Priority).toBeGreaterThan(anonymous.Priority);
    expect(limit.Statement.RateBasedStatement).toEqual({
      Limit: 20,
      EvaluationWindowSec: 300,
      AggregateKeyType: 'IP',
      ScopeDownStatement: {
        LabelMatchStatement: { Scope: 'NAMESPACE', Key: 'awswaf:managed:aws:anonymous-ip-list:' },
      },
    });
    expect(limit.Statement.RateBasedStatement.Limit).toBeLessThan(
      rule('api-rate-limit-per-ip').Statement.RateBasedStatement.Limit,
    );
    expect(limit.Action.Block.CustomResponse.ResponseCode).toBe(429);
  });

  it('blocks what the common rule set finds with the site’s error body, by its labels', () => {
    const common = rule('aws-managed-common-rule-set');
    expect(common.OverrideAction).toEqual({ Count: {} });
    expect(common.Statement.ManagedRuleGroupStatement.Name).toBe('AWSManagedRulesCommonRuleSet');
    // Its 8 KB body rule would block Stripe's larger events: the webhook has its own limit.
    expect(common.Statement.ManagedRuleGroupStatement.ScopeDownStatement).toEqual(notStripeWebhook);
    expect(rule('common-rule-set-block')).toMatchObject({
      Action: {
        Block: { CustomResponse: { ResponseCode: 403, CustomResponseBodyKey: 'blocked' } },
      },
      Statement: {
        LabelMatchStatement: { Scope: 'NAMESPACE', Key: 'awswaf:managed:aws:core-rule-set:' },
      },
    });
  });

  it('answers every block in the functions’ JSON error shape, which the pages show', () => {
    const blocks = rules.flatMap((r) => [
      r.Action?.Block,
      ...((r.Statement.ManagedRuleGroupStatement?.RuleActionOverrides ?? []) as Json[]).map(
        (o) => o.ActionToUse.Block,
      ),
    ]);
    const keys = new Set(
      blocks.filter(Boolean).map((b: Json) => b.CustomResponse?.CustomResponseBodyKey),
    );
    expect([...keys].sort()).toEqual(['blocked', 'too-many-requests']);
    const bodies = acl.Properties.CustomResponseBodies as Json;
    for (const key of keys) {
      expect(bodies[key].ContentType).toBe('APPLICATION_JSON');
      const body = JSON.parse(bodies[key].Content as string) as unknown;
      expect(errorMessageFrom(body), key).toMatch(/^[A-Z].+\.$/);
    }
    // Managed groups block only through these overrides: none may block with a bare 403.
    for (const r of rules.filter((x) => x.Statement.ManagedRuleGroupStatement)) {
      const overrides = r.Statement.ManagedRuleGroupStatement.RuleActionOverrides as
        Json[] | undefined;
      expect(r.OverrideAction.Count !== undefined || overrides !== undefined, r.Name).toBe(true);
    }
  });
});

describe('alarms', () => {
  const [uploadId] = apiFunction('ApiCreateUploadUrls');
  const [sendId] = apiFunction('ApiSendBookingEmails');
  const alarms = resourcesOfType(json, 'AWS::CloudWatch::Alarm').map(
    ([, a]) => a.Properties as Json,
  );
  const [topicId, topic] = only('AWS::SNS::Topic');
  const byMetric = (name: string) => alarms.filter((a) => a.MetricName === name);

  it('watch SES bounce and complaint rates at AWS warning levels (5 %, 0.1 %)', () => {
    expect(byMetric('Reputation.BounceRate')).toEqual([
      expect.objectContaining({ Namespace: 'AWS/SES', Threshold: 0.05 }),
    ]);
    expect(byMetric('Reputation.ComplaintRate')).toEqual([
      expect.objectContaining({ Namespace: 'AWS/SES', Threshold: 0.001 }),
    ]);
  });

  it('watch the daily confirmation cap the function reports', () => {
    expect(byMetric('ConfirmationsWithheld')).toEqual([
      expect.objectContaining({
        Namespace: 'BulkTrashPickup',
        Dimensions: [{ Name: 'Reason', Value: 'daily-cap' }],
        Threshold: 1,
      }),
    ]);
  });

  it("watch each function's errors and throttles", () => {
    for (const metric of ['Errors', 'Throttles']) {
      const watched = byMetric(metric).map((a) => a.Dimensions[0].Value.Ref as string);
      const [readId] = apiFunction('ApiReadLead');
      const [updateId] = apiFunction('ApiUpdateLead');
      const [applyId] = apiFunction('ApiHaulerApply');
      const [reviewId] = apiFunction('ApiHaulerReview');
      const [accountId] = apiFunction('ApiHaulerAccount');
      const [documentsId] = apiFunction('ApiHaulerDocuments');
      const [offersId] = apiFunction('ApiHaulerOffers');
      const [jobsId] = apiFunction('ApiJobUpdates');
      const [webhookId] = apiFunction('ApiStripeWebhook');
      expect(watched.sort()).toEqual(
        [
          webhookId,
          uploadId,
          sendId,
          readId,
          updateId,
          applyId,
          reviewId,
          accountId,
          documentsId,
          offersId,
          jobsId,
        ].sort(),
      );
    }
  });

  it('all go to one encrypted topic', () => {
    // Errors and throttles of eleven functions, the SES rates, the daily cap, the offers' share,
    // the two schedules' heartbeats, refused emails and dropped scheduled runs.
    expect(alarms).toHaveLength(31);
    for (const alarm of alarms) expect(alarm.AlarmActions).toEqual([{ Ref: topicId }]);
    expect(topic.Properties.KmsMasterKeyId).toBeDefined();
    expect(resourcesOfType(json, 'AWS::SNS::Subscription')).toHaveLength(0);
  });
});

describe('quote loop', () => {
  const [, read] = apiFunction('ApiReadLead');
  const [, update] = apiFunction('ApiUpdateLead');
  const [secretId, secret] = only('AWS::SecretsManager::Secret', (id) =>
    id.startsWith('LinkSecret'),
  );
  const [tableId] = only('AWS::DynamoDB::Table');
  const [keyId] = resourcesOfType(json, 'AWS::KMS::Key').find(([id]) => id.startsWith('Leads'))!;
  const keyStatement = (sid: string, actions: string | string[]) => ({
    Sid: sid,
    Effect: 'Allow',
    Action: actions,
    Resource: { 'Fn::GetAtt': [keyId, 'Arn'] },
  });
  const statementsOf = (fn: Json): Json[] => {
    const roleId = fn.Properties.Role['Fn::GetAtt'][0] as string;
    const [, policy] = resourcesOfType(json, 'AWS::IAM::Policy').find(([, p]) =>
      (p.Properties.Roles as Json[]).some((r) => r.Ref === roleId),
    )!;
    return (policy.Properties.PolicyDocument.Statement as Json[]).filter(
      (statement) => statement.Sid !== 'WriteOwnLogs',
    );
  };
  const leadItemsOnly = { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['LEAD#*'] } };
  // An offer link is honoured only while its hauler takes jobs: both read hauler profiles.
  const readHaulerProfiles = {
    Sid: 'ReadHaulerProfiles',
    Effect: 'Allow',
    Action: 'dynamodb:GetItem',
    Resource: { 'Fn::GetAtt': [tableId, 'Arn'] },
    Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['HAULER#*'] } },
  };

  it('generates the link secret in Secrets Manager (never a value in the template)', () => {
    expect(secret.Properties.GenerateSecretString).toMatchObject({
      PasswordLength: 64,
      ExcludePunctuation: true,
    });
    expect(secret.Properties.SecretString).toBeUndefined();
  });

  it('read-lead may only GetItem on lead items and hauler profiles, and read the one secret', () => {
    expect(statementsOf(read)).toEqual([
      {
        Sid: 'ReadLeadItems',
        Effect: 'Allow',
        Action: 'dynamodb:GetItem',
        Resource: { 'Fn::GetAtt': [tableId, 'Arn'] },
        Condition: leadItemsOnly,
      },
      readHaulerProfiles,
      {
        Sid: 'ReadLinkSecret',
        Effect: 'Allow',
        Action: 'secretsmanager:GetSecretValue',
        Resource: { Ref: secretId },
      },
      keyStatement('DecryptLeadTable', 'kms:Decrypt'),
    ]);
    expect(read.Properties.Environment.Variables.PUBLIC_BASE_URL).toBeUndefined();
    expect(read.Properties.Environment.Variables.LINK_SECRET_ARN).toEqual({ Ref: secretId });
  });

  it('update-lead may GetItem and UpdateItem lead items, read hauler profiles and the secret, and send email', () => {
    const statements = statementsOf(update);
    expect(statements.slice(0, 3)).toEqual([
      {
        Sid: 'ChangeLeadItems',
        Effect: 'Allow',
        Action: ['dynamodb:GetItem', 'dynamodb:UpdateItem'],
        Resource: { 'Fn::GetAtt': [tableId, 'Arn'] },
        Condition: leadItemsOnly,
      },
      readHaulerProfiles,
      {
        Sid: 'ReadLinkSecret',
        Effect: 'Allow',
        Action: 'secretsmanager:GetSecretValue',
        Resource: { Ref: secretId },
      },
    ]);
    expect(statements[3]).toMatchObject({ Sid: 'SendQuoteLoopEmails', Action: 'ses:SendEmail' });
    expect(statements[4]).toEqual(outboxStatement);
    expect(statements[5]).toEqual(
      keyStatement('UseLeadTableKey', ['kms:Decrypt', 'kms:Encrypt', 'kms:GenerateDataKey']),
    );
    // Payments on: the Stripe secret key (only GetSecretValue, only that secret).
    expect(statements[6]).toMatchObject({
      Sid: 'ReadStripeSecrets',
      Action: 'secretsmanager:GetSecretValue',
      Resource: { Ref: expect.stringMatching(/^StripeSecretsSecretKey/) as unknown },
    });
    // A booked job's cancellation moves its money, and makes the money job due.
    expect(statements.slice(7).map((st) => [st.Sid, st.Action])).toEqual([
      ['MoveJobMoney', ['dynamodb:GetItem', 'dynamodb:PutItem']],
      ['ScheduleJobMoney', ['dynamodb:DeleteItem', 'dynamodb:GetItem', 'dynamodb:PutItem']],
    ]);
    expect(statements).toHaveLength(9);
    expect(update.Properties.Environment.Variables.PAYMENTS).toBe('on');
    expect(read.Properties.Environment.Variables.PAYMENTS).toBe('on');
    expect(read.Properties.Environment.Variables.STRIPE_SECRET_KEY_ARN).toBeUndefined();
  });

  it('reserves concurrency for both functions (context reservedConcurrency, default 5)', () => {
    expect(read.Properties.ReservedConcurrentExecutions).toBe(5);
    expect(update.Properties.ReservedConcurrentExecutions).toBe(5);
  });

  it('puts read-lead behind /api/lead only', () => {
    const readBehaviors = (config.CacheBehaviors as Json[]).filter((b) =>
      JSON.stringify(originOf(b).DomainName).includes('"ApiReadLeadFunctionUrl'),
    );
    expect(readBehaviors.map((b) => b.PathPattern)).toEqual(['/api/lead']);
  });
});

describe('hauler applications', () => {
  const [, apply] = apiFunction('ApiHaulerApply');
  const [, review] = apiFunction('ApiHaulerReview');
  const [secretId] = only('AWS::SecretsManager::Secret', (id) => id.startsWith('LinkSecret'));
  const statementsOf = (fn: Json): Json[] => {
    const roleId = fn.Properties.Role['Fn::GetAtt'][0] as string;
    const [, policy] = resourcesOfType(json, 'AWS::IAM::Policy').find(([, p]) =>
      (p.Properties.Roles as Json[]).some((r) => r.Ref === roleId),
    )!;
    return (policy.Properties.PolicyDocument.Statement as Json[]).filter(
      (statement) => statement.Sid !== 'WriteOwnLogs',
    );
  };
  const leadingKeys = (prefixes: string[]) => ({
    'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': prefixes.map((p) => `${p}*`) },
  });
  const readSecret = {
    Sid: 'ReadLinkSecret',
    Effect: 'Allow',
    Action: 'secretsmanager:GetSecretValue',
    Resource: { Ref: secretId },
  };
  const tableKey = {
    Sid: 'UseLeadTableKey',
    Effect: 'Allow',
    Action: ['kms:Decrypt', 'kms:Encrypt', 'kms:GenerateDataKey'],
    Resource: { 'Fn::GetAtt': [leadKeyId, 'Arn'] },
  };

  it('hauler-apply may presign and check certificates in their quarantine, keep them privately, and store haulers and counters', () => {
    const statements = statementsOf(apply);
    expect(statements.slice(0, 5)).toEqual([
      {
        Sid: 'CertificateQuarantine',
        Effect: 'Allow',
        Action: ['s3:GetObject', 's3:PutObject'],
        Resource: photosArn('/incoming/haulers/*'),
      },
      {
        Sid: 'KeepCheckedCertificates',
        Effect: 'Allow',
        Action: 's3:PutObject',
        Resource: photosArn('/hauler-documents/*'),
      },
      {
        Sid: 'MissingCertificatesAnswer404',
        Effect: 'Allow',
        Action: 's3:ListBucket',
        Resource: photosArn(),
        Condition: { StringLike: { 's3:prefix': ['incoming/haulers/*'] } },
      },
      {
        Sid: 'StoreHaulersAndCounters',
        Effect: 'Allow',
        Action: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query', 'dynamodb:UpdateItem'],
        Resource: { 'Fn::GetAtt': [leadTableId, 'Arn'] },
        Condition: leadingKeys(['HAULER#', 'CONFIRM#', 'CAP#', 'UPLOADS#']),
      },
      readSecret,
    ]);
    expect(statements[5]).toMatchObject({ Sid: 'SendApplicationEmails', Action: 'ses:SendEmail' });
    expect(statements[6]).toEqual(outboxStatement);
    expect(statements[7]).toEqual(tableKey);
    expect(statements).toHaveLength(8);
  });

  it('hauler-review may read hauler documents, change haulers and their coverage, and send', () => {
    const statements = statementsOf(review);
    expect(statements.slice(0, 3)).toEqual([
      {
        Sid: 'ReadHaulerDocuments',
        Effect: 'Allow',
        Action: 's3:GetObject',
        Resource: photosArn('/hauler-documents/*'),
      },
      {
        Sid: 'DecideHaulers',
        Effect: 'Allow',
        Action: [
          'dynamodb:BatchWriteItem',
          'dynamodb:GetItem',
          'dynamodb:Query',
          'dynamodb:UpdateItem',
        ],
        Resource: { 'Fn::GetAtt': [leadTableId, 'Arn'] },
        Condition: leadingKeys(['HAULER#', 'COVER#']),
      },
      readSecret,
    ]);
    expect(statements[3]).toMatchObject({ Sid: 'SendDecisionEmails', Action: 'ses:SendEmail' });
    expect(statements[4]).toEqual(outboxStatement);
    expect(statements[5]).toEqual(tableKey);
    expect(statements).toHaveLength(6);
  });

  it('neither can touch a lead item, the public media prefix or the lead archive', () => {
    for (const fn of [apply, review]) {
      for (const statement of statementsOf(fn)) {
        const text = JSON.stringify(statement);
        expect(text).not.toContain('LEAD#');
        expect(text).not.toContain('/quote-photos/');
        expect(text).not.toContain('/leads/');
        if ([statement.Action].flat().some((a: string) => a.startsWith('dynamodb:'))) {
          expect(statement.Condition).toBeDefined();
        }
      }
    }
  });

  it('keeps certificates where CloudFront never reads: its grant is quote-photos/* only', () => {
    const [, policy] = resourcesOfType(json, 'AWS::S3::BucketPolicy').find(
      ([, p]) => p.Properties.Bucket.Ref === photosBucket[0],
    )!;
    const allows = (policy.Properties.PolicyDocument.Statement as Json[]).filter(
      (st) => st.Effect === 'Allow',
    );
    expect(JSON.stringify(allows)).not.toMatch(/hauler-documents|incoming/);
    expect((config.CacheBehaviors as Json[]).map((b) => b.PathPattern)).not.toContain(
      '/hauler-documents/*',
    );
  });

  it('answers the five hauler paths from the two functions, and reserves their concurrency', () => {
    const behind = (name: string) =>
      (config.CacheBehaviors as Json[])
        .filter((b) => JSON.stringify(originOf(b).DomainName).includes(`"${name}FunctionUrl`))
        .map((b) => b.PathPattern)
        .sort();
    expect(behind('ApiHaulerApply')).toEqual(
      ['/api/hauler-apply', '/api/hauler-certificate-url', '/api/hauler-confirm'].sort(),
    );
    expect(behind('ApiHaulerReview')).toEqual(['/api/hauler-decide', '/api/hauler-review']);
    for (const fn of [apply, review]) expect(fn.Properties.ReservedConcurrentExecutions).toBe(5);
    expect(apply.Properties.Environment.Variables.HAULER_APPLICATION_DAILY_CAP).toBe('100');
  });

  it('limits POSTs per IP to the public hauler paths (application, upload URL, fresh link)', () => {
    const [, acl] = only('AWS::WAFv2::WebACL');
    const rule = (acl.Properties.Rules as Json[]).find(
      (r) => r.Name === 'hauler-rate-limit-per-ip',
    )!;
    expect(rule.Statement.RateBasedStatement).toMatchObject({ Limit: 10, AggregateKeyType: 'IP' });
    const [method, paths] = rule.Statement.RateBasedStatement.ScopeDownStatement.AndStatement
      .Statements as Json[];
    expect(method!.ByteMatchStatement.SearchString).toBe('POST');
    expect(
      (paths!.OrStatement.Statements as Json[]).map((st) => st.ByteMatchStatement.SearchString),
    ).toEqual(['/api/hauler-certificate-url', '/api/hauler-apply', '/api/hauler-link']);
  });
});

describe('job proof', () => {
  const [, jobs] = apiFunction('ApiJobUpdates');
  const roleOf = (fn: Json) => fn.Properties.Role['Fn::GetAtt'][0] as string;
  const s3Statements = (fn: Json): Json[] => {
    const [, policy] = resourcesOfType(json, 'AWS::IAM::Policy').find(([, p]) =>
      (p.Properties.Roles as Json[]).some((r) => r.Ref === roleOf(fn)),
    )!;
    return (policy.Properties.PolicyDocument.Statement as Json[]).filter((st) =>
      [st.Action].flat().some((a: string) => a.startsWith('s3:')),
    );
  };

  it('job-updates may presign and check uploads in incoming/jobs/ and keep and show proof in job-proof/ only', () => {
    expect(s3Statements(jobs)).toEqual([
      {
        Sid: 'QuarantinedJobUploads',
        Effect: 'Allow',
        Action: ['s3:GetObject', 's3:PutObject'],
        Resource: photosArn('/incoming/jobs/*'),
      },
      {
        Sid: 'KeepAndShowJobProof',
        Effect: 'Allow',
        Action: ['s3:GetObject', 's3:PutObject'],
        Resource: photosArn('/job-proof/*'),
      },
      {
        Sid: 'MissingJobUploadsAnswer404',
        Effect: 'Allow',
        Action: 's3:ListBucket',
        Resource: photosArn(),
        Condition: { StringLike: { 's3:prefix': ['incoming/jobs/*'] } },
      },
    ]);
  });

  it('lets quarantine expire job uploads after a day, and proof with the lead', () => {
    const rules = photosBucket[1].Properties.LifecycleConfiguration.Rules as Json[];
    const covering = (key: string) =>
      rules.filter((r) => r.Prefix !== undefined && key.startsWith(r.Prefix as string));
    expect(covering('incoming/jobs/5b1e0c2d/1-1-receipt.pdf')).toEqual([
      expect.objectContaining({ Id: 'expire-quarantine', ExpirationInDays: 1 }),
    ]);
    const leadArchive = rules.find((r) => r.Prefix === 'leads/')!;
    expect(covering('job-proof/5b1e0c2d/1-1-receipt.pdf')).toEqual([
      expect.objectContaining({
        Id: 'expire-job-proof',
        ExpirationInDays: leadArchive.ExpirationInDays,
        Status: 'Enabled',
      }),
    ]);
  });

  it('keeps proof where CloudFront never reads: no behaviour and no grant reaches job-proof/', () => {
    const [, policy] = resourcesOfType(json, 'AWS::S3::BucketPolicy').find(
      ([, p]) => p.Properties.Bucket.Ref === photosBucket[0],
    )!;
    const cloudFront = (policy.Properties.PolicyDocument.Statement as Json[]).filter(
      (st) => st.Effect === 'Allow' && JSON.stringify(st.Principal).includes('cloudfront'),
    );
    expect(cloudFront.length).toBeGreaterThan(0);
    for (const statement of cloudFront) {
      const reach = JSON.stringify([statement.Resource, statement.Condition]);
      expect(reach).not.toMatch(/job-proof|incoming/);
      expect(reach).toContain('quote-photos/*');
    }
    const patterns = (config.CacheBehaviors as Json[]).map((b) => b.PathPattern as string);
    expect(patterns.filter((p) => /job-proof|incoming/.test(p))).toEqual([]);
    // The photo behaviour's origin has no path: /quote-photos/* maps to that prefix alone.
    expect(originOf(behavior('/quote-photos/*')).OriginPath ?? '').toBe('');
  });

  it('lets the operations role forget proof objects', () => {
    const [operationsRoleId] = only('AWS::IAM::Role', (id) => id.startsWith('LeadsOperationsRole'));
    const [, policy] = resourcesOfType(json, 'AWS::IAM::Policy').find(([, p]) =>
      (p.Properties.Roles as Json[]).some((r) => r.Ref === operationsRoleId),
    )!;
    const deletes = (policy.Properties.PolicyDocument.Statement as Json[]).find(
      (st) => st.Sid === 'DeleteMediaVersions',
    )!;
    expect(deletes.Resource).toContain(photosArn('/job-proof/*'));
    expect(deletes.Resource).toContain(photosArn('/incoming/*'));
  });
});

describe('email', () => {
  it('verifies the sender address (no domain given) with the configuration set as default', () => {
    const [configSetId] = only('AWS::SES::ConfigurationSet', (id) =>
      id.startsWith('EmailConfigurationSet'),
    );
    template.hasResourceProperties('AWS::SES::EmailIdentity', {
      EmailIdentity: 'quotes@example.com',
      ConfigurationSetAttributes: { ConfigurationSetName: { Ref: configSetId } },
    });
  });
});

describe('outputs', () => {
  it('exports the site URL, bucket names, function names and distribution id', () => {
    expect(Object.keys(json.Outputs as Json)).toEqual(
      expect.arrayContaining([
        'SiteUrl',
        'DistributionId',
        'SiteBucketName',
        'QuotePhotosBucketName',
        'CreateUploadUrlsFunctionName',
        'SendBookingEmailsFunctionName',
        'LeadsTableName',
        'LeadsOperationsRoleArn',
        'AlarmTopicArn',
      ]),
    );
  });
});
