import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Annotations, Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import type { ICertificate } from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { acknowledgeWildcards, wildcardResourceFinding } from './nag';
import type { SiteBuild } from './site-build';

const ROUTE_FUNCTION_SOURCE = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'functions',
  'route-rewrite.js',
);
// CloudFront Functions' code size quota.
const MAX_FUNCTION_BYTES = 10 * 1024;
/** S3 user metadata on the not-found page; the route function turns it into status 404. */
export const NOT_FOUND_METADATA = { 'http-status': '404' } as const;

export interface StaticSiteProps {
  siteBuild: SiteBuild;
  /** A missing build then deploys no site files (a warning) instead of failing the synth. */
  allowEmptySite?: boolean;
  responseHeadersPolicy: cloudfront.IResponseHeadersPolicy;
  additionalBehaviors?: Record<string, cloudfront.BehaviorOptions>;
  accessLogsBucket: s3.IBucket;
  certificate?: ICertificate;
  domainNames?: string[];
  webAclArn?: string;
  /** @default false: every deploy is a full copy of the build. */
  versioned?: boolean;
  /** @default RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE (a failed first create leaves nothing) */
  removalPolicy?: RemovalPolicy;
}

/** The pre-rendered site: a private bucket, the distribution in front of it, its deployments. */
export class StaticSite extends Construct {
  readonly bucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;
  readonly routeFunction: cloudfront.Function;
  readonly routeFunctionCode: string;
  /** Undefined when the build directory is missing. */
  readonly deployments?: s3deploy.BucketDeployment[];

  constructor(scope: Construct, id: string, props: StaticSiteProps) {
    super(scope, id);
    const { siteBuild } = props;

    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      versioned: props.versioned ?? false,
      serverAccessLogsBucket: props.accessLogsBucket,
      serverAccessLogsPrefix: `s3/${id}/`,
      removalPolicy: props.removalPolicy ?? RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
    });

    this.routeFunctionCode = routeFunctionCode(siteBuild.routes, siteBuild.notFoundKey);
    if (Buffer.byteLength(this.routeFunctionCode) > MAX_FUNCTION_BYTES) {
      Annotations.of(this).addError(
        `The route function is ${Buffer.byteLength(this.routeFunctionCode)} bytes with ${siteBuild.routes.length} routes; CloudFront Functions allow ${MAX_FUNCTION_BYTES}. Move the route table to a CloudFront KeyValueStore.`,
      );
    }
    this.routeFunction = new cloudfront.Function(this, 'RouteFunction', {
      comment:
        'Maps pre-rendered routes to index.html; unknown paths to the 404 page with status 404',
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(this.routeFunctionCode),
      autoPublish: true,
    });

    // Browsers revalidate HTML; the edge keeps it, since every deploy invalidates /* (decision 009).
    const siteCachePolicy = new cloudfront.CachePolicy(this, 'CachePolicy', {
      comment: 'Pre-rendered site: long edge TTL, invalidated on every deploy',
      minTtl: Duration.days(1),
      defaultTtl: Duration.days(1),
      maxTtl: Duration.days(365),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.none(),
      headerBehavior: cloudfront.CacheHeaderBehavior.none(),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
    });

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'Bulk trash pickup: site, /api/* and /quote-photos/*',
      defaultRootObject: 'index.html',
      defaultBehavior: {
        // LIST makes a missing key 404, not 403; no request can reach a listing (decision 009).
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.bucket, {
          originAccessLevels: [cloudfront.AccessLevel.READ, cloudfront.AccessLevel.LIST],
        }),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
        cachedMethods: cloudfront.CachedMethods.CACHE_GET_HEAD,
        cachePolicy: siteCachePolicy,
        responseHeadersPolicy: props.responseHeadersPolicy,
        compress: true,
        functionAssociations: [
          { function: this.routeFunction, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
          { function: this.routeFunction, eventType: cloudfront.FunctionEventType.VIEWER_RESPONSE },
        ],
      },
      additionalBehaviors: props.additionalBehaviors ?? {},
      // Deliberately no errorResponses: they would apply to /api/* and /quote-photos/* too.
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      // A US-only service: North America and Europe edges are enough and cost least.
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      enableIpv6: true,
      // Only a custom certificate can require TLS 1.2; *.cloudfront.net's policy is fixed.
      ...(props.certificate !== undefined
        ? {
            certificate: props.certificate,
            minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
      ...(props.domainNames !== undefined ? { domainNames: props.domainNames } : {}),
      ...(props.webAclArn !== undefined ? { webAclId: props.webAclArn } : {}),
      enableLogging: true,
      logBucket: props.accessLogsBucket,
      logFilePrefix: 'cloudfront/',
      logIncludesCookies: false,
    });
    Annotations.of(this.distribution).acknowledgeWarning(
      '@aws-cdk/aws-cloudfront-origins:listBucketSecurityRisk',
      'defaultRootObject is index.html and the route function rewrites "/" and every folder path, so no request can reach the bucket listing.',
    );
    this.acknowledgeDistributionFindings(props);

    if (!siteBuild.exists) {
      // A stack without its pages deploys "successfully" and serves 404s to every visitor.
      if (props.allowEmptySite === true) {
        Annotations.of(this).addWarningV2(
          'bulk-trash:site-build-missing',
          `${siteBuild.dir} does not exist: the site files are NOT deployed (-c allowEmptySite=true).`,
        );
      } else {
        Annotations.of(this).addError(
          `${siteBuild.dir} does not exist, so the site would deploy without a single page: run \`npm run build\` first (\`npm run deploy\` does), or pass -c allowEmptySite=true to deploy the stack without site files on purpose.`,
        );
      }
      return;
    }
    if (!siteBuild.hasNotFoundPage) {
      Annotations.of(this).addWarningV2(
        'bulk-trash:not-found-page-missing',
        `${siteBuild.dir} has no 404.html: unknown paths will get S3's plain 404 instead of the site's page.`,
      );
    }
    this.deployments = this.deploy(siteBuild);
  }

  private acknowledgeDistributionFindings(props: StaticSiteProps): void {
    const distribution = Validations.of(this.distribution);
    distribution.acknowledge({
      id: 'AwsSolutions-CFR1',
      reason:
        'No geo restriction: the service is US-only, but US homeowners travel and use VPNs, and search-engine and social-preview crawlers fetch from outside the US; blocking them costs leads and ranking for no security gain on a public marketing site.',
    });
    if (props.webAclArn === undefined) {
      distribution.acknowledge({
        id: 'AwsSolutions-CFR2',
        reason:
          'WAF is optional (-c enableWaf=true, about $8 a month plus $0.60 per million requests). Without it the API is still reachable only through CloudFront (OAC), validates every request and is bounded by the Lambda concurrency limit; turn it on when traffic or abuse justifies the cost.',
      });
    }
    if (props.certificate === undefined) {
      distribution.acknowledge({
        id: 'AwsSolutions-CFR4',
        reason:
          'Without a custom domain the distribution uses the default *.cloudfront.net certificate, whose security policy CloudFront fixes at TLSv1 and cannot be changed; with -c domainName=... the distribution uses its own certificate with TLSv1.2_2021.',
      });
    }
  }

  /** Three deployments of one build, split by cache policy (decision 009). */
  private deploy(siteBuild: SiteBuild): s3deploy.BucketDeployment[] {
    // Precompressed twins (*.br, *.gz) are for the local server; CloudFront compresses itself.
    const source = s3deploy.Source.asset(siteBuild.dir, { exclude: ['**/*.br', '**/*.gz'] });
    const notFoundObject = siteBuild.notFoundKey.slice(1);
    const revalidate = [
      s3deploy.CacheControl.setPublic(),
      s3deploy.CacheControl.maxAge(Duration.seconds(0)),
      s3deploy.CacheControl.mustRevalidate(),
    ];
    const logGroup = new logs.LogGroup(this, 'DeploymentLogs', {
      retention: logs.RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const common = {
      sources: [source],
      destinationBucket: this.bucket,
      memoryLimit: 512,
      logGroup,
    };

    const assets = new s3deploy.BucketDeployment(this, 'DeployAssets', {
      ...common,
      exclude: ['*'],
      include: ['assets/*'],
      prune: false,
      cacheControl: [
        s3deploy.CacheControl.setPublic(),
        s3deploy.CacheControl.maxAge(Duration.days(365)),
        s3deploy.CacheControl.immutable(),
      ],
    });
    const notFound = new s3deploy.BucketDeployment(this, 'DeployNotFoundPage', {
      ...common,
      exclude: ['*'],
      include: [notFoundObject],
      prune: true,
      cacheControl: revalidate,
      metadata: { ...NOT_FOUND_METADATA },
    });
    const pages = new s3deploy.BucketDeployment(this, 'DeployPages', {
      ...common,
      exclude: ['assets/*', notFoundObject],
      prune: true,
      cacheControl: revalidate,
      distribution: this.distribution,
      distributionPaths: ['/*'],
    });
    pages.node.addDependency(assets, notFound);
    this.acknowledgeDeploymentHandlerFindings(pages);
    return [assets, notFound, pages];
  }

  /** The CDK-managed (singleton) Lambda behind every BucketDeployment of the stack. */
  private acknowledgeDeploymentHandlerFindings(deployment: s3deploy.BucketDeployment): void {
    const role = deployment.handlerRole;
    const handler = role.node.scope;
    if (handler === undefined) return;
    Validations.of(role).acknowledge({
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      reason:
        "CDK's BucketDeployment handler role uses the AWS managed basic execution policy (log writing only); CDK creates and owns this role.",
    });
    acknowledgeWildcards(role, [
      {
        pattern:
          /^AwsSolutions-IAM5\[Action::s3:(GetObject|GetBucket|List|DeleteObject|Abort)\*\]$/,
        reason:
          "CDK's BucketDeployment grants (grantRead on the asset, grantReadWrite/Delete on the site bucket) use these action wildcards; the resources are limited to the CDK asset bucket and the site bucket.",
      },
      {
        pattern: /^AwsSolutions-IAM5\[Resource::arn:[^\]]*:s3:::cdk-[a-z0-9]+-assets-[^\]]*\/\*\]$/,
        reason:
          "The deployment handler reads the uploaded build zip from the CDK bootstrap asset bucket; object keys are content hashes, so the grant is on the asset bucket's objects.",
      },
      {
        pattern: wildcardResourceFinding(this, this.bucket.arnForObjects('*')),
        reason:
          'The deployment handler syncs the whole build into the site bucket and prunes removed files, so it needs every key of that bucket (and only that bucket).',
      },
      {
        pattern: /^AwsSolutions-IAM5\[Resource::\*\]$/,
        reason:
          "cloudfront:CreateInvalidation and GetInvalidation, granted by CDK's BucketDeployment for the invalidation after upload, are granted on all distributions by CDK.",
      },
    ]);
    Validations.of(handler).acknowledge({
      id: 'AwsSolutions-L1',
      reason:
        "The BucketDeployment handler is CDK's own Lambda (Python, with the AWS CLI layer); its runtime is chosen and updated by aws-cdk-lib, not by this project.",
    });
  }
}

/** The route function's source with the route table and not-found key inlined. */
export function routeFunctionCode(routes: string[], notFoundKey: string): string {
  const template = readFileSync(ROUTE_FUNCTION_SOURCE, 'utf8');
  const table = Object.fromEntries(routes.map((route) => [route, true]));
  const withRoutes = replaceOnce(
    template,
    'var ROUTES = {};',
    `var ROUTES = ${JSON.stringify(table)};`,
  );
  return replaceOnce(
    withRoutes,
    "var NOT_FOUND_KEY = '/404.html';",
    `var NOT_FOUND_KEY = ${JSON.stringify(notFoundKey)};`,
  )
    .replace(/^\/\/.*\n/gm, '') // comments cost bytes against the 10 KB quota
    .replace(/\n{2,}/g, '\n');
}

function replaceOnce(text: string, search: string, replacement: string): string {
  const index = text.indexOf(search);
  if (index === -1 || text.indexOf(search, index + 1) !== -1) {
    throw new Error(`${ROUTE_FUNCTION_SOURCE}: expected exactly one '${search}'`);
  }
  return text.slice(0, index) + replacement + text.slice(index + search.length);
}
