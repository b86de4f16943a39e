import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { INCOMING_PREFIX, LEADS_PREFIX, MEDIA_PREFIX } from '#contract/media-keys';
import { UPLOAD_HEADER_NAMES } from '#contract/upload-urls';

export interface QuotePhotosProps {
  /**
   * Bucket name. S3 names are global, so the spec's literal 'quote-photos' cannot be assumed free:
   * @default `quote-photos-{account}-{region}` (CloudFormation pseudo parameters when the stack is
   * environment-agnostic)
   */
  bucketName?: string;
  /** Days uploaded photos and videos are kept before S3 expires them. */
  mediaRetentionDays: number;
  /** Days the lead archive is kept (the lead table's retention). */
  leadRetentionDays: number;
  /** The lead archive must be written encrypted with this key (SSE-KMS); the bucket refuses otherwise. */
  leadArchiveKeyArn: string;
  /** Bucket for S3 server access logs. */
  accessLogsBucket: s3.IBucket;
  /** @default RemovalPolicy.RETAIN (lead records are business data) */
  removalPolicy?: RemovalPolicy;
}

/**
 * Deploys the private quote-photos bucket: browser uploads (presigned PUT, CORS for the site's
 * origin only), the lead records, lifecycle rules, and a read-only CloudFront origin (OAC) for
 * `/quote-photos/*`.
 *
 * Circular dependency, and how it is avoided: the bucket's CORS rule must name the site's origin,
 * which without a custom domain is the distribution's own `dxxxx.cloudfront.net`; the distribution
 * needs this bucket as an origin, the response headers policy needs its endpoint for connect-src,
 * and the functions behind the distribution need its name and ARN. If all of those referenced the
 * bucket resource (Ref / GetAtt), CloudFormation would see bucket → distribution → function URL →
 * function → IAM policy → bucket. So the bucket's name is fixed at synth (from the account and region
 * pseudo parameters, or the context override) and every consumer gets strings built from that name
 * (`bucketName`, `bucketArn`, `regionalDomainName`, the origin) instead of references to the
 * resource. Only the bucket itself and its policy reference the distribution, so the graph is
 * acyclic: distribution → (function URLs, logs bucket); bucket → distribution; bucket policy → both.
 * No custom resource is needed, and the CORS rule stays declarative on the bucket.
 */
export class QuotePhotos extends Construct {
  readonly bucket: s3.Bucket;
  /** The name, built without referencing the bucket resource (see the class comment). */
  readonly bucketName: string;
  readonly bucketArn: string;
  /** `{name}.s3.{region}.amazonaws.com`: where presigned PUTs go. */
  readonly regionalDomainName: string;
  /** `https://{regionalDomainName}`, for the CSP's connect-src. */
  readonly uploadOrigin: string;
  /** The CloudFront origin for `/quote-photos/*` (OAC, SigV4 always). */
  readonly origin: cloudfront.IOrigin;

  private readonly originAccessControl: cloudfront.S3OriginAccessControl;

  constructor(scope: Construct, id: string, props: QuotePhotosProps) {
    super(scope, id);
    const stack = Stack.of(this);
    this.bucketName = props.bucketName ?? `quote-photos-${stack.account}-${stack.region}`;
    this.bucketArn = `arn:${stack.partition}:s3:::${this.bucketName}`;
    this.regionalDomainName = `${this.bucketName}.s3.${stack.region}.${stack.urlSuffix}`;
    this.uploadOrigin = `https://${this.regionalDomainName}`;

    this.bucket = new s3.Bucket(this, 'Bucket', {
      bucketName: this.bucketName,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      // Versioning protects the lead records (overwritten once when the emails are recorded as
      // sent) against accidental overwrite or deletion; old versions expire below.
      versioned: true,
      serverAccessLogsBucket: props.accessLogsBucket,
      serverAccessLogsPrefix: `s3/${id}/`,
      lifecycleRules: [
        {
          id: 'abort-incomplete-multipart-uploads',
          abortIncompleteMultipartUploadAfter: Duration.days(1),
        },
        {
          // Photos and videos are needed while a hauler quotes and picks up (days), plus a margin
          // for disputes; after that they are personal data with no purpose. Links in old emails
          // then answer 404.
          id: 'expire-quote-media',
          prefix: `${MEDIA_PREFIX}/`,
          expiration: Duration.days(props.mediaRetentionDays),
          noncurrentVersionExpiration: Duration.days(1),
        },
        {
          // Uploads never booked (or abandoned) wait here at most a day; booked ones were copied.
          id: 'expire-quarantine',
          prefix: `${INCOMING_PREFIX}/`,
          expiration: Duration.days(1),
          noncurrentVersionExpiration: Duration.days(1),
        },
        {
          // The lead archive lives as long as the lead (leadRetentionDays). ~2 KB JSON, so no
          // transition to Standard-IA: IA bills a 128 KB minimum per object.
          id: 'expire-lead-archive',
          prefix: `${LEADS_PREFIX}/`,
          expiration: Duration.days(props.leadRetentionDays),
          noncurrentVersionExpiration: Duration.days(1),
        },
        {
          id: 'remove-expired-delete-markers',
          expiredObjectDeleteMarker: true,
        },
      ],
      removalPolicy: props.removalPolicy ?? RemovalPolicy.RETAIN,
    });

    // Leads are personal data: the archive is only accepted encrypted with the lead key.
    this.bucket.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'LeadArchiveOnlyWithLeadKey',
        effect: iam.Effect.DENY,
        principals: [new iam.AnyPrincipal()],
        actions: ['s3:PutObject'],
        resources: [this.bucket.arnForObjects(`${LEADS_PREFIX}/*`)],
        conditions: {
          StringNotEquals: {
            's3:x-amz-server-side-encryption-aws-kms-key-id': props.leadArchiveKeyArn,
          },
        },
      }),
    );

    // The origin is built from the name alone (an imported view of the bucket) so that the
    // distribution does not reference the bucket resource; the OAC grant is added to the real
    // bucket's policy by grantCloudFrontRead().
    const byName = s3.Bucket.fromBucketAttributes(this, 'ByName', {
      bucketName: this.bucketName,
      bucketRegionalDomainName: this.regionalDomainName,
    });
    this.originAccessControl = new cloudfront.S3OriginAccessControl(this, 'OriginAccessControl', {
      description: 'CloudFront reads /quote-photos/* from the quote-photos bucket (SigV4).',
      signing: cloudfront.Signing.SIGV4_ALWAYS,
    });
    this.origin = new OriginWithAccessControl(
      origins.S3BucketOrigin.withBucketDefaults(byName),
      this.originAccessControl,
    );
  }

  /** `arn:…:s3:::{bucket}/{pattern}`, e.g. arnForObjects('quote-photos/*'). */
  arnForObjects(pattern: string): string {
    return `${this.bucketArn}/${pattern}`;
  }

  /** CORS: browsers on these origins may PUT to presigned URLs, with the headers the upload signs. */
  allowBrowserUploadsFrom(siteOrigins: string[]): void {
    this.bucket.addCorsRule({
      id: 'browser-uploads',
      allowedMethods: [s3.HttpMethods.PUT],
      allowedOrigins: siteOrigins,
      allowedHeaders: [...UPLOAD_HEADER_NAMES],
      exposedHeaders: ['ETag'],
      maxAge: 3600,
    });
  }

  /**
   * Lets this distribution (only) read uploaded media (only) through the OAC. ListBucket, limited
   * by s3:prefix to the media prefix (for the existence check S3 evaluates s3:prefix as the
   * requested key), makes an expired or mistyped photo link an honest 404 instead of a 403; the
   * behaviour only ever requests `/quote-photos/…` keys, so no listing is reachable.
   */
  grantCloudFrontRead(distribution: cloudfront.IDistribution): void {
    const principal = new iam.ServicePrincipal('cloudfront.amazonaws.com');
    const onlyThisDistribution = {
      StringEquals: { 'AWS:SourceArn': distribution.distributionArn },
    };
    this.bucket.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'CloudFrontReadsQuoteMedia',
        principals: [principal],
        actions: ['s3:GetObject'],
        resources: [this.bucket.arnForObjects(`${MEDIA_PREFIX}/*`)],
        conditions: onlyThisDistribution,
      }),
    );
    this.bucket.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'CloudFrontMissingMediaIs404',
        principals: [principal],
        actions: ['s3:ListBucket'],
        resources: [this.bucket.bucketArn],
        conditions: { ...onlyThisDistribution, StringLike: { 's3:prefix': `${MEDIA_PREFIX}/*` } },
      }),
    );
  }
}

/**
 * An S3 origin with an origin access control, for a bucket known by name. It does what
 * `S3BucketOrigin.withOriginAccessControl` does, minus the automatic bucket-policy grant (which
 * cannot be added through an imported bucket and would be `bucket/*`, wider than the media prefix).
 */
class OriginWithAccessControl implements cloudfront.IOrigin {
  constructor(
    private readonly inner: cloudfront.IOrigin,
    private readonly originAccessControl: cloudfront.IOriginAccessControl,
  ) {}

  bind(scope: Construct, options: cloudfront.OriginBindOptions): cloudfront.OriginBindConfig {
    const config = this.inner.bind(scope, options);
    if (config.originProperty === undefined)
      throw new Error('An S3 origin always renders originProperty.');
    return {
      ...config,
      originProperty: {
        ...config.originProperty,
        originAccessControlId: this.originAccessControl.originAccessControlId,
      },
    };
  }
}
