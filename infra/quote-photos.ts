import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import {
  HAULER_DOCUMENTS_PREFIX,
  INCOMING_PREFIX,
  JOB_PROOF_PREFIX,
  LEADS_PREFIX,
  MEDIA_PREFIX,
} from '#contract/booking/media-keys';
import { UPLOAD_HEADER_NAMES } from '#contract/booking/upload-urls';

export interface QuotePhotosProps {
  stage: string;
  /** Default `quote-photos-{stage}-{account}-{region}`: S3 names are global. */
  bucketName?: string;
  mediaRetentionDays: number;
  leadRetentionDays: number;
  /** The bucket refuses a lead archive encrypted with any other key. */
  leadArchiveKeyArn: string;
  accessLogsBucket: s3.IBucket;
  /**
   * Lead records are business data, kept when the stack goes; a failed first create still
   * removes the bucket, so a retry does not meet its fixed name.
   * @default RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE
   */
  removalPolicy?: RemovalPolicy;
}

/**
 * The private quote-photos bucket: browser uploads, the lead archive, lifecycle rules, and a
 * read-only CloudFront origin for `/quote-photos/*`. Its name, ARN and endpoints are strings built
 * at synth, never references to the bucket, so the stack has no cycle (decision 010).
 */
export class QuotePhotos extends Construct {
  readonly bucket: s3.Bucket;
  readonly bucketName: string;
  readonly bucketArn: string;
  /** Where presigned PUTs go. */
  readonly regionalDomainName: string;
  /** For the CSP's connect-src. */
  readonly uploadOrigin: string;
  readonly origin: cloudfront.IOrigin;

  private readonly originAccessControl: cloudfront.S3OriginAccessControl;

  constructor(scope: Construct, id: string, props: QuotePhotosProps) {
    super(scope, id);
    const stack = Stack.of(this);
    this.bucketName =
      props.bucketName ?? `quote-photos-${props.stage}-${stack.account}-${stack.region}`;
    this.bucketArn = `arn:${stack.partition}:s3:::${this.bucketName}`;
    this.regionalDomainName = `${this.bucketName}.s3.${stack.region}.${stack.urlSuffix}`;
    this.uploadOrigin = `https://${this.regionalDomainName}`;

    this.bucket = new s3.Bucket(this, 'Bucket', {
      bucketName: this.bucketName,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      // Against accidental overwrite or deletion; old versions expire below.
      versioned: true,
      serverAccessLogsBucket: props.accessLogsBucket,
      serverAccessLogsPrefix: `s3/${id}/`,
      lifecycleRules: [
        {
          id: 'abort-incomplete-multipart-uploads',
          abortIncompleteMultipartUploadAfter: Duration.days(1),
        },
        {
          // Needed while a hauler quotes and picks up, plus a margin for disputes; then personal
          // data with no purpose.
          id: 'expire-quote-media',
          prefix: `${MEDIA_PREFIX}/`,
          expiration: Duration.days(props.mediaRetentionDays),
          noncurrentVersionExpiration: Duration.days(1),
        },
        {
          // Booked uploads were copied out; the rest were never booked.
          id: 'expire-quarantine',
          prefix: `${INCOMING_PREFIX}/`,
          expiration: Duration.days(1),
          noncurrentVersionExpiration: Duration.days(1),
        },
        {
          // Receipts and after-photos are kept as long as the lead that names them.
          id: 'expire-job-proof',
          prefix: `${JOB_PROOF_PREFIX}/`,
          expiration: Duration.days(props.leadRetentionDays),
          noncurrentVersionExpiration: Duration.days(1),
        },
        {
          // A certificate outlives its insurance year by far at the leads' retention; a hauler
          // still working has uploaded a newer one, which restarts the count.
          id: 'expire-hauler-documents',
          prefix: `${HAULER_DOCUMENTS_PREFIX}/`,
          expiration: Duration.days(props.leadRetentionDays),
          noncurrentVersionExpiration: Duration.days(1),
        },
        {
          // No Standard-IA: it bills 128 KB per object, and an archived lead is about 2 KB.
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
      removalPolicy: props.removalPolicy ?? RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
    });

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

    // By name, so the distribution does not reference the bucket; grantCloudFrontRead() grants.
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

  arnForObjects(pattern: string): string {
    return `${this.bucketArn}/${pattern}`;
  }

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

  /** This distribution only, released media only; ListBucket makes a missing photo 404 (decision 009). */
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

// S3BucketOrigin.withOriginAccessControl minus its bucket-policy grant: that one cannot be added
// through a bucket known by name, and would be bucket/*, wider than the media prefix.
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
