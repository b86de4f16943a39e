import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';

export interface AccessLogsProps {
  /** Days a log object is kept. @default 90 */
  retentionDays?: number;
  /** @default RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE (a failed first create leaves nothing) */
  removalPolicy?: RemovalPolicy;
}

/** Deploys the private S3 bucket that receives CloudFront standard logs and S3 server access logs. */
export class AccessLogs extends Construct {
  readonly bucket: s3.Bucket;

  constructor(scope: Construct, id: string, props: AccessLogsProps = {}) {
    super(scope, id);
    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      // CloudFront standard (legacy) logging writes with an ACL grant to the awslogsdelivery
      // account, so ACLs must stay enabled on this bucket (and only this one).
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [
        {
          id: 'expire-logs',
          expiration: Duration.days(props.retentionDays ?? 90),
          abortIncompleteMultipartUploadAfter: Duration.days(1),
        },
      ],
      removalPolicy: props.removalPolicy ?? RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
    });
    Validations.of(this.bucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason:
        'This is the access-log bucket itself; logging its own access would need yet another bucket and would log the log deliveries.',
    });
  }
}
