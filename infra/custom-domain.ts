import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import type * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as route53 from 'aws-cdk-lib/aws-route53';
import * as targets from 'aws-cdk-lib/aws-route53-targets';
import { Construct } from 'constructs';
import { requireUsEast1 } from './region-requirements';

export interface CustomDomainProps {
  /** The site's domain, e.g. `www.example.com` or `example.com`. */
  domainName: string;
  /** The public hosted zone the domain lives in: DNS validation and alias records go there. */
  hostedZone?: route53.IPublicHostedZone;
  /** An existing certificate in us-east-1 covering `domainName` (then any stack region works). */
  certificateArn?: string;
}

/**
 * Deploys what a custom domain needs: the ACM certificate (DNS-validated in the hosted zone, or an
 * existing one by ARN) and, once the distribution exists, Route 53 A and AAAA alias records.
 *
 * CloudFront only uses certificates from us-east-1. The simplest honest design: a certificate
 * created here requires the whole stack in us-east-1 (checked at synth, or by a CloudFormation rule
 * when the region is unknown); a stack elsewhere passes `certificateArn` of a certificate made in
 * us-east-1 beforehand. No cross-region certificate construct or second stack.
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
