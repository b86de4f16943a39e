import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as route53 from 'aws-cdk-lib/aws-route53';
import type { Construct } from 'constructs';
import { AccessLogs } from './access-logs';
import { Alarms } from './alarms';
import { Api } from './api';
import type { ApiFunction } from './api-function';
import type { BulkTrashConfig } from './config';
import { CustomDomain } from './custom-domain';
import { Email } from './email';
import { FailedRuns } from './failed-runs';
import { HaulerApplications } from './hauler-applications';
import { HaulerAccounts } from './hauler-accounts';
import { HaulerOffers } from './hauler-offers';
import { JobUpdates } from './job-updates';
import { LeadTable } from './lead-table';
import { grantOperatorCommands } from './operations-access';
import { PublicBaseUrlWiring } from './public-base-url-wiring';
import { LinkSecret } from './link-secret';
import { QuoteLoop } from './quote-loop';
import { QuotePhotos } from './quote-photos';
import { readSiteBuild } from './site-build';
import { SiteHeaders } from './site-headers';
import { StaticSite } from './static-site';
import { PaymentWiring, StripeSecrets } from './stripe-secrets';
import { StripeWebhook } from './stripe-webhook';
import { WebAcl } from './web-acl';
import { API_BEHAVIOURS, type FunctionName } from '#contract/core/api';
import {
  HAULER_DOCUMENTS_PREFIX,
  INCOMING_PREFIX,
  JOB_PROOF_PREFIX,
  LEADS_PREFIX,
  MEDIA_PREFIX,
} from '#contract/booking/media-keys';

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
  readonly haulerApplications: HaulerApplications;
  readonly haulerAccounts: HaulerAccounts;
  readonly haulerOffers: HaulerOffers;
  readonly jobUpdates: JobUpdates;
  readonly stripeSecrets: StripeSecrets;
  readonly stripeWebhook: StripeWebhook;
  /** Every API function by name: the route table's behaviours are built from it. */
  readonly functions: Readonly<Record<FunctionName, ApiFunction>>;
  readonly leads: LeadTable;
  readonly alarms: Alarms;
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

    this.leads = new LeadTable(this, 'Leads');

    this.quotePhotos = new QuotePhotos(this, 'QuotePhotos', {
      stage: config.stage,
      bucketName: config.photoBucketName,
      mediaRetentionDays: config.photoRetentionDays,
      leadRetentionDays: config.leadRetentionDays,
      leadArchiveKeyArn: this.leads.key.keyArn,
      accessLogsBucket: accessLogs.bucket,
    });

    this.email = new Email(this, 'Email', {
      senderAddress: config.senderAddress,
      operationsAddress: config.operationsAddress,
      emailDomain: config.emailDomain,
      hostedZone,
      sandboxRecipients: config.sesSandboxRecipients,
      placeholders: config.placeholders,
      allowPlaceholders: config.allowExampleAddresses,
    });

    // The public URL is known at synth with a custom domain or an explicit siteUrl; otherwise it
    // is the distribution's domain, wired into the functions after the distribution exists.
    const knownSiteUrl =
      config.siteUrl ??
      (config.domainName !== undefined ? `https://${config.domainName}` : undefined);

    const linkSecret = new LinkSecret(this, 'LinkSecret');
    this.stripeSecrets = new StripeSecrets(this, 'StripeSecrets');
    const payments = new PaymentWiring(config.payments, this.stripeSecrets);
    const failedRuns = new FailedRuns(this, 'FailedRuns');
    this.api = new Api(this, 'Api', {
      quotePhotos: this.quotePhotos,
      leads: this.leads,
      senderAddress: this.email.senderAddress,
      operationsAddress: this.email.operationsAddress,
      sendEmailResources: this.email.sendEmailResources,
      configurationSets: {
        confirmation: this.email.configurationSet.configurationSetName,
        operations: this.email.operationsConfigurationSet.configurationSetName,
      },
      leadRetentionDays: config.leadRetentionDays,
      confirmationDailyCap: config.confirmationDailyCap,
      reservedConcurrency: config.reservedConcurrency,
      publicBaseUrl: knownSiteUrl,
      linkSecret,
      payments,
    });
    this.quoteLoop = new QuoteLoop(this.api, {
      leads: this.leads,
      linkSecret,
      senderAddress: this.email.senderAddress,
      operationsAddress: this.email.operationsAddress,
      sendEmailResources: this.email.sendEmailResources,
      reservedConcurrency: config.reservedConcurrency,
      publicBaseUrl: knownSiteUrl,
      payments,
    });
    const haulerCommon = {
      leads: this.leads,
      linkSecret,
      senderAddress: this.email.senderAddress,
      operationsAddress: this.email.operationsAddress,
      sendEmailResources: this.email.sendEmailResources,
      reservedConcurrency: config.reservedConcurrency,
      publicBaseUrl: knownSiteUrl,
      payments,
    };
    this.haulerApplications = new HaulerApplications(this.api, {
      ...haulerCommon,
      bucket: this.quotePhotos,
      configurationSets: {
        applicant: this.email.configurationSet.configurationSetName,
        operations: this.email.operationsConfigurationSet.configurationSetName,
      },
      applicationDailyCap: config.haulerApplicationDailyCap,
      leadRetentionDays: config.leadRetentionDays,
    });
    this.haulerAccounts = new HaulerAccounts(this.api, {
      ...haulerCommon,
      failedRuns: failedRuns.queue,
      quotePhotos: this.quotePhotos,
      configurationSets: {
        hauler: this.email.configurationSet.configurationSetName,
        operations: this.email.operationsConfigurationSet.configurationSetName,
      },
    });
    this.haulerOffers = new HaulerOffers(this.api, {
      ...haulerCommon,
      failedRuns: failedRuns.queue,
      configurationSets: {
        hauler: this.email.configurationSet.configurationSetName,
        operations: this.email.operationsConfigurationSet.configurationSetName,
      },
      settings: config.offers,
    });
    this.jobUpdates = new JobUpdates(this.api, {
      ...haulerCommon,
      quotePhotos: this.quotePhotos,
      configurationSets: {
        hauler: this.email.configurationSet.configurationSetName,
        operations: this.email.operationsConfigurationSet.configurationSetName,
      },
    });
    this.stripeWebhook = new StripeWebhook(this.api, {
      leads: this.leads,
      operationsAddress: this.email.operationsAddress,
      stripeSecrets: this.stripeSecrets,
      reservedConcurrency: config.reservedConcurrency,
    });
    this.functions = {
      'create-upload-urls': this.api.createUploadUrls,
      'send-booking-emails': this.api.sendBookingEmails,
      'read-lead': this.quoteLoop.readLead,
      'update-lead': this.quoteLoop.updateLead,
      'hauler-apply': this.haulerApplications.haulerApply,
      'hauler-review': this.haulerApplications.haulerReview,
      'hauler-account': this.haulerAccounts.haulerAccount,
      'hauler-documents': this.haulerAccounts.haulerDocuments,
      'hauler-offers': this.haulerOffers.haulerOffers,
      'job-updates': this.jobUpdates.jobUpdates,
      'stripe-webhook': this.stripeWebhook.stripeWebhook,
    };

    this.alarms = new Alarms(this, 'Alarms', {
      stage: config.stage,
      email: config.alarmEmail,
      allowNoSubscriber: config.allowExampleAddresses,
    });
    this.alarms.watchFunction('CreateUploadUrls', this.api.createUploadUrls.fn);
    this.alarms.watchFunction('SendBookingEmails', this.api.sendBookingEmails.fn);
    this.alarms.watchFunction('ReadLead', this.quoteLoop.readLead.fn);
    this.alarms.watchFunction('UpdateLead', this.quoteLoop.updateLead.fn);
    this.alarms.watchFunction('HaulerApply', this.haulerApplications.haulerApply.fn);
    this.alarms.watchFunction('HaulerReview', this.haulerApplications.haulerReview.fn);
    this.alarms.watchFunction('HaulerAccount', this.haulerAccounts.haulerAccount.fn);
    this.alarms.watchFunction('HaulerDocuments', this.haulerAccounts.haulerDocuments.fn);
    this.alarms.watchFunction('HaulerOffers', this.haulerOffers.haulerOffers.fn);
    this.alarms.watchFunction('JobUpdates', this.jobUpdates.jobUpdates.fn);
    this.alarms.watchFunction('StripeWebhook', this.stripeWebhook.stripeWebhook.fn);
    this.alarms.watchOfferEscalations(config.offerEscalationAlarmShare);
    const functions = Object.values(this.functions);
    for (const fn of functions) {
      if (fn.scheduledRun !== undefined) {
        this.alarms.watchHeartbeat(alarmId(fn.name), fn.fn, fn.scheduledRun.heartbeat);
      }
    }
    this.alarms.watchEmailFailures(
      Object.fromEntries(
        functions.filter((f) => f.sendsEmail).map((f) => [alarmId(f.name), f.logGroup]),
      ),
    );
    this.alarms.watchFailedRuns(failedRuns.queue);

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
      ? new WebAcl(this, 'WebAcl', {
          stage: config.stage,
          apiRequestsPer5Minutes: config.apiRateLimit,
          bookingRequestsPer5Minutes: config.bookingRateLimit,
          haulerRequestsPer5Minutes: config.haulerRateLimit,
          anonymousRequestsPer5Minutes: config.anonymousRateLimit,
        })
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
      allowEmptySite: config.allowEmptySite,
      responseHeadersPolicy: headers.policy,
      accessLogsBucket: accessLogs.bucket,
      certificate: customDomain?.certificate,
      domainNames: customDomain !== undefined ? [customDomain.domainName] : undefined,
      webAclArn: webAcl?.arn,
      additionalBehaviors: {
        ...Object.fromEntries(
          Object.entries(API_BEHAVIOURS).map(([path, name]) => [
            path,
            apiBehavior(this.functions[name].origin),
          ]),
        ),
        [`/${MEDIA_PREFIX}/*`]: {
          origin: this.quotePhotos.origin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
          cachedMethods: cloudfront.CachedMethods.CACHE_GET_HEAD,
          cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: headers.photoPolicy,
        },
      },
    });
    const distribution = this.site.distribution;
    customDomain?.addAliasRecords(distribution);

    this.siteUrl = knownSiteUrl ?? `https://${distribution.distributionDomainName}`;
    this.quotePhotos.allowBrowserUploadsFrom([this.siteUrl]);
    this.quotePhotos.grantCloudFrontRead(distribution);
    const haulerDocuments = this.quotePhotos.arnForObjects(`${HAULER_DOCUMENTS_PREFIX}/*`);
    grantOperatorCommands(this.leads, {
      linkSecret,
      stripeSecrets: config.payments === 'on' ? this.stripeSecrets : undefined,
      sendEmailResources: this.email.sendEmailResources,
      bucketArn: this.quotePhotos.bucketArn,
      forgettableObjectArns: [
        this.quotePhotos.arnForObjects(`${MEDIA_PREFIX}/*`),
        this.quotePhotos.arnForObjects(`${INCOMING_PREFIX}/*`),
        this.quotePhotos.arnForObjects(`${LEADS_PREFIX}/*`),
        this.quotePhotos.arnForObjects(`${JOB_PROOF_PREFIX}/*`),
        haulerDocuments,
      ],
      haulerDocumentArns: haulerDocuments,
      jobProofArns: this.quotePhotos.arnForObjects(`${JOB_PROOF_PREFIX}/*`),
      distributionArn: distribution.distributionArn,
    });
    if (knownSiteUrl === undefined) {
      new PublicBaseUrlWiring(this, 'PublicBaseUrl', {
        functions: Object.values(this.functions).filter((f) => f.readsPublicBaseUrl),
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
    new CfnOutput(this, 'StripeSecretKeyArn', {
      value: this.stripeSecrets.secretKey.secretArn,
      description: 'Set to the Stripe secret key: docs/deploy.md#stripe',
    });
    new CfnOutput(this, 'StripeWebhookSecretArn', {
      value: this.stripeSecrets.webhookSecret.secretArn,
      description: "Set to the webhook endpoint's signing secret: docs/deploy.md#stripe",
    });
    new CfnOutput(this, 'ReadLeadFunctionName', { value: this.quoteLoop.readLead.fn.functionName });
    new CfnOutput(this, 'UpdateLeadFunctionName', {
      value: this.quoteLoop.updateLead.fn.functionName,
    });
    new CfnOutput(this, 'HaulerApplyFunctionName', {
      value: this.haulerApplications.haulerApply.fn.functionName,
    });
    new CfnOutput(this, 'HaulerReviewFunctionName', {
      value: this.haulerApplications.haulerReview.fn.functionName,
    });
    new CfnOutput(this, 'SesIdentity', { value: this.email.identity.emailIdentityName });
    new CfnOutput(this, 'LeadsTableName', { value: this.leads.table.tableName });
    new CfnOutput(this, 'LeadsOperationsRoleArn', { value: this.leads.operationsRole.roleArn });
    new CfnOutput(this, 'AlarmTopicArn', { value: this.alarms.topic.topicArn });
  }
}

/** `hauler-offers` → `HaulerOffers`, as the errors and throttles alarms name it. */
function alarmId(name: string): string {
  return name.replace(/(^|-)(\w)/g, (_, _dash: string, c: string) => c.toUpperCase());
}
