import { CfnOutput, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as route53 from 'aws-cdk-lib/aws-route53';
import type { Construct } from 'constructs';
import { AccessLogs } from './access-logs';
import { Api } from './api';
import type { BulkTrashConfig } from './config';
import { CustomDomain } from './custom-domain';
import { Email } from './email';
import { PublicBaseUrlWiring } from './public-base-url-wiring';
import { LinkSecret, QuoteLoop } from './quote-loop';
import { MEDIA_PREFIX } from '../lambdas/shared/media-keys';
import { API_PATHS } from '../lambdas/shared/quote-contract';
import { LEAD_TABLE_KEYS, LEAD_TABLE_TTL_ATTRIBUTE } from '../lambdas/shared/lead-table';
import { QuotePhotos } from './quote-photos';
import { readSiteBuild } from './site-build';
import { SiteHeaders } from './site-headers';
import { StaticSite } from './static-site';
import { WebAcl } from './web-acl';

export interface BulkTrashStackProps extends StackProps {
  config: BulkTrashConfig;
}

/** Deploys the whole product: the site, its API, the quote-photos bucket and email sending. */
export class BulkTrashStack extends Stack {
  readonly site: StaticSite;
  readonly quotePhotos: QuotePhotos;
  readonly api: Api;
  readonly email: Email;
  readonly quoteLoop: QuoteLoop;
  /** `https://…` the site is reached at (a token without a custom domain or siteUrl). */
  readonly siteUrl: string;

  constructor(scope: Construct, id: string, props: BulkTrashStackProps) {
    super(scope, id, props);
    const { config } = props;

    const hostedZone =
      config.hostedZoneId !== undefined && config.hostedZoneName !== undefined
        ? route53.PublicHostedZone.fromPublicHostedZoneAttributes(this, 'HostedZone', {
            hostedZoneId: config.hostedZoneId,
            zoneName: config.hostedZoneName,
          })
        : undefined;

    const accessLogs = new AccessLogs(this, 'AccessLogs');

    this.quotePhotos = new QuotePhotos(this, 'QuotePhotos', {
      bucketName: config.photoBucketName,
      mediaRetentionDays: config.photoRetentionDays,
      accessLogsBucket: accessLogs.bucket,
    });

    this.email = new Email(this, 'Email', {
      senderAddress: config.senderAddress,
      operationsAddress: config.operationsAddress,
      emailDomain: config.emailDomain,
      hostedZone,
      sandboxRecipients: config.sesSandboxRecipients,
      placeholders: config.placeholders,
    });

    // The public URL is known at synth with a custom domain or an explicit siteUrl; otherwise it
    // is the distribution's domain, wired into the functions after the distribution exists.
    const knownSiteUrl =
      config.siteUrl ??
      (config.domainName !== undefined ? `https://${config.domainName}` : undefined);

    const linkSecret = new LinkSecret(this, 'LinkSecret');
    this.api = new Api(this, 'Api', {
      quotePhotos: this.quotePhotos,
      senderAddress: this.email.senderAddress,
      operationsAddress: this.email.operationsAddress,
      sendEmailResources: this.email.sendEmailResources,
      publicBaseUrl: knownSiteUrl,
      linkSecret,
    });
    const reserved = config.quoteLoopConcurrency > 0 ? config.quoteLoopConcurrency : undefined;
    this.quoteLoop = new QuoteLoop(this, 'QuoteLoop', {
      api: this.api,
      linkSecret,
      leadTable: leadTableForQuoteLoop(this),
      senderAddress: this.email.senderAddress,
      operationsAddress: this.email.operationsAddress,
      sendEmailResources: this.email.sendEmailResources,
      publicBaseUrl: knownSiteUrl,
      reservedConcurrency: { readLead: reserved, updateLead: reserved },
    });

    const headers = new SiteHeaders(this, 'Headers', {
      uploadOrigin: this.quotePhotos.uploadOrigin,
    });
    const customDomain =
      config.domainName !== undefined
        ? new CustomDomain(this, 'CustomDomain', {
            domainName: config.domainName,
            hostedZone,
            certificateArn: config.certificateArn,
          })
        : undefined;
    const webAcl = config.enableWaf
      ? new WebAcl(this, 'WebAcl', { apiRequestsPer5Minutes: config.apiRateLimit })
      : undefined;

    const apiBehavior = (origin: cloudfront.IOrigin): cloudfront.BehaviorOptions => ({
      origin,
      // POST must not be redirected (a 301 turns it into a GET): plain http is refused.
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
      cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
      // Everything the viewer sent except Host (the Function URL needs its own); OAC signs the
      // request, which is why the browser sends x-amz-content-sha256 and no Authorization.
      originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy: headers.policy,
    });

    this.site = new StaticSite(this, 'Site', {
      siteBuild: readSiteBuild(config.siteDir),
      responseHeadersPolicy: headers.policy,
      accessLogsBucket: accessLogs.bucket,
      certificate: customDomain?.certificate,
      domainNames: customDomain !== undefined ? [customDomain.domainName] : undefined,
      webAclArn: webAcl?.arn,
      additionalBehaviors: {
        [API_PATHS.uploadUrls]: apiBehavior(this.api.createUploadUrls.origin),
        [API_PATHS.sendBookingEmails]: apiBehavior(this.api.sendBookingEmails.origin),
        ...Object.fromEntries(
          Object.entries(this.quoteLoop.origins).map(([path, origin]) => [
            path,
            apiBehavior(origin),
          ]),
        ),
        [`/${MEDIA_PREFIX}/*`]: {
          origin: this.quotePhotos.origin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
          cachedMethods: cloudfront.CachedMethods.CACHE_GET_HEAD,
          cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: headers.policy,
        },
      },
    });
    const distribution = this.site.distribution;
    customDomain?.addAliasRecords(distribution);

    this.siteUrl = knownSiteUrl ?? `https://${distribution.distributionDomainName}`;
    this.quotePhotos.allowBrowserUploadsFrom([this.siteUrl]);
    this.quotePhotos.grantCloudFrontRead(distribution);
    if (knownSiteUrl === undefined) {
      new PublicBaseUrlWiring(this, 'PublicBaseUrl', {
        functions: [...this.api.functions, ...this.quoteLoop.linkingFunctions],
        publicBaseUrl: this.siteUrl,
      });
    }

    new CfnOutput(this, 'SiteUrl', { value: this.siteUrl, description: 'Public URL of the site' });
    new CfnOutput(this, 'DistributionId', { value: distribution.distributionId });
    new CfnOutput(this, 'DistributionDomainName', { value: distribution.distributionDomainName });
    new CfnOutput(this, 'SiteBucketName', { value: this.site.bucket.bucketName });
    new CfnOutput(this, 'QuotePhotosBucketName', { value: this.quotePhotos.bucket.bucketName });
    new CfnOutput(this, 'CreateUploadUrlsFunctionName', {
      value: this.api.createUploadUrls.fn.functionName,
    });
    new CfnOutput(this, 'SendBookingEmailsFunctionName', {
      value: this.api.sendBookingEmails.fn.functionName,
    });
    new CfnOutput(this, 'LinkSecretArn', { value: linkSecret.secret.secretArn });
    new CfnOutput(this, 'ReadLeadFunctionName', { value: this.quoteLoop.readLead.fn.functionName });
    new CfnOutput(this, 'UpdateLeadFunctionName', {
      value: this.quoteLoop.updateLead.fn.functionName,
    });
    new CfnOutput(this, 'SesIdentity', { value: this.email.identity.emailIdentityName });
  }
}

/**
 * STAND-IN until issue 10's lead table construct (infra/lead-table.ts) is merged: the decision-012
 * table with the keys of lambdas/shared/lead-table.ts, so the quote loop's grants have a table.
 */
function leadTableForQuoteLoop(scope: Construct): dynamodb.ITable {
  const { partitionKey, sortKey } = LEAD_TABLE_KEYS;
  const table = new dynamodb.TableV2(scope, 'LeadTable', {
    partitionKey: { name: partitionKey, type: dynamodb.AttributeType.STRING },
    sortKey: { name: sortKey, type: dynamodb.AttributeType.STRING },
    billing: dynamodb.Billing.onDemand(),
    pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
    timeToLiveAttribute: LEAD_TABLE_TTL_ATTRIBUTE,
    removalPolicy: RemovalPolicy.RETAIN,
  });
  new CfnOutput(scope, 'LeadsTableName', { value: table.tableName });
  return table;
}
