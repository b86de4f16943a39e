import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import type * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as route53 from 'aws-cdk-lib/aws-route53';
import * as targets from 'aws-cdk-lib/aws-route53-targets';
import { Construct } from 'constructs';
import { requireUsEast1 } from './region-requirements';

export interface CustomDomainProps {
  domainName: string;
  /** The public hosted zone the domain lives in: DNS validation and alias records go there. */
  hostedZone?: route53.IPublicHostedZone;
  /** An existing certificate in us-east-1 covering `domainName` (then any stack region works). */
  certificateArn?: string;
}

/**
 * The certificate and alias records of a custom domain. CloudFront only uses us-east-1
 * certificates: one made here needs the stack there; elsewhere pass `certificateArn`.
 */
export class CustomDomain extends Construct {
  readonly domainName: string;
  readonly certificate: acm.ICertificate;
  private readonly hostedZone?: route53.IPublicHostedZone;

  constructor(scope: Construct, id: string, props: CustomDomainProps) {
    super(scope, id);
    this.domainName = props.domainName;
    this.hostedZone = props.hostedZone;
    if (props.certificateArn !== undefined) {
      this.certificate = acm.Certificate.fromCertificateArn(
        this,
        'Certificate',
        props.certificateArn,
      );
    } else if (props.hostedZone !== undefined) {
      requireUsEast1(
        this,
        'The ACM certificate for CloudFront',
        'pass -c certificateArn=<an existing us-east-1 certificate>',
      );
      this.certificate = new acm.Certificate(this, 'Certificate', {
        domainName: props.domainName,
        validation: acm.CertificateValidation.fromDns(props.hostedZone),
      });
    } else {
      throw new Error(
        `Custom domain ${props.domainName} needs a hosted zone or an existing certificate ARN.`,
      );
    }
  }

  /** A and AAAA alias records for the distribution (only with a hosted zone). */
  addAliasRecords(distribution: cloudfront.IDistribution): void {
    if (this.hostedZone === undefined) return;
    const target = route53.RecordTarget.fromAlias(new targets.CloudFrontTarget(distribution));
    new route53.ARecord(this, 'AliasA', {
      zone: this.hostedZone,
      recordName: this.domainName,
      target,
    });
    new route53.AaaaRecord(this, 'AliasAAAA', {
      zone: this.hostedZone,
      recordName: this.domainName,
      target,
    });
  }
}
