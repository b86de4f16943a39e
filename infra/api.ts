import path from 'node:path';
import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import type * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { REPO_ROOT } from './config';
import { LAMBDA_BUNDLE } from './lambda-bundling';
import { wildcardResourceFinding } from './nag';
import type { LeadTable } from './lead-table';
import type { LinkSecret } from './quote-loop';
import { INCOMING_PREFIX, LEADS_PREFIX, MEDIA_PREFIX } from '#contract/media-keys';
import { KEY_PREFIXES } from '#contract/table-keys';

/** What the functions need to know about the quote-photos bucket: names and ARNs as plain strings. */
export interface QuotePhotosLocation {
  readonly bucketName: string;
  readonly bucketArn: string;
  arnForObjects(pattern: string): string;
}

export interface ApiProps {
  quotePhotos: QuotePhotosLocation;
  /** The lead table and its key (decision 012). */
  leads: LeadTable;
  senderAddress: string;
  operationsAddress: string;
  /** Resources `ses:SendEmail` is allowed on (identity, configuration sets, sandbox recipients). */
  sendEmailResources: string[];
  /** SES configuration sets: homeowner confirmations, operations notifications. */
  configurationSets: { confirmation: string; operations: string };
  /** Days a lead is kept (LEAD_RETENTION_DAYS). */
  leadRetentionDays: number;
  /** Homeowner confirmations per UTC day at most (CONFIRMATION_DAILY_CAP). */
  confirmationDailyCap: number;
  /** Reserved concurrency of each function: the most instances (and cost) a flood can cause; 0: none. */
  reservedConcurrency: number;
  /**
   * The site's public base URL (PUBLIC_BASE_URL). Undefined when it is the distribution's own
   * domain, which cannot be put in the functions' environment without a dependency cycle; it is
   * then set after the distribution exists by PublicBaseUrlWiring.
   */
  publicBaseUrl?: string;
  /** Directory holding `create-upload-urls/handler.ts` and `send-booking-emails/handler.ts`. */
  lambdasDir?: string;
  /** The quote loop's link secret: send-booking-emails signs the links in its two emails with it. */
  linkSecret?: LinkSecret;
}

/** One API function and what the stack needs from it. */
export interface ApiFunction {
  readonly fn: NodejsFunction;
  readonly url: lambda.FunctionUrl;
  /** The environment given to the function, without PUBLIC_BASE_URL when that is wired later. */
  readonly environment: Readonly<Record<string, string>>;
  /** CloudFront origin for the Function URL, signed by an origin access control. */
  readonly origin: cloudfront.IOrigin;
}

/**
 * Deploys the two quote API functions (create-upload-urls, send-booking-emails) as Node.js 24 arm64
 * Lambdas with least-privilege roles (each only the S3 prefixes, table item types and key actions it
 * uses), reserved concurrency, one-month log groups, and IAM-authenticated Function URLs reached
 * only through CloudFront (origin access control).
 */
export class Api extends Construct {
  readonly createUploadUrls: ApiFunction;
  readonly sendBookingEmails: ApiFunction;
  private readonly reservedConcurrency: number;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const lambdasDir = props.lambdasDir ?? path.join(REPO_ROOT, 'lambdas');
    this.reservedConcurrency = props.reservedConcurrency;
    const { table, key } = props.leads;
    const base: Record<string, string> = {
      BUCKET_NAME: props.quotePhotos.bucketName,
      LEADS_TABLE: table.tableName,
      // Stack traces of the minified bundle point at the TypeScript sources.
      NODE_OPTIONS: '--enable-source-maps',
      ...(props.publicBaseUrl !== undefined ? { PUBLIC_BASE_URL: props.publicBaseUrl } : {}),
    };

    /** Table actions on the item types whose keys start with one of `prefixes` only. */
    const tableItems = (sid: string, actions: string[], prefixes: string[]) =>
      new iam.PolicyStatement({
        sid,
        actions,
        resources: [table.tableArn],
        conditions: {
          'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': prefixes.map((p) => `${p}*`) },
        },
      });

    this.createUploadUrls = this.apiFunction('CreateUploadUrls', {
      entry: path.join(lambdasDir, 'create-upload-urls', 'handler.ts'),
      description:
        'Answers presigned PUT URLs for quote photos and videos (POST /api/upload-urls).',
      timeout: Duration.seconds(10),
      environment: base,
      statements: [
        new iam.PolicyStatement({
          sid: 'PresignQuarantineUploads',
          actions: ['s3:PutObject'],
          resources: [props.quotePhotos.arnForObjects(`${INCOMING_PREFIX}/*`)],
        }),
        tableItems(
          'RecordUploadBatch',
          ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
          [KEY_PREFIXES.uploads],
        ),
        new iam.PolicyStatement({
          sid: 'LeadTableKey',
          actions: ['kms:Decrypt', 'kms:Encrypt', 'kms:GenerateDataKey'],
          resources: [key.keyArn],
        }),
      ],
      objectWildcards: {
        [props.quotePhotos.arnForObjects(`${INCOMING_PREFIX}/*`)]:
          'The function presigns uploads to keys it names at request time (incoming/{submissionId}/{file}, with a random submission id), so the grant is s3:PutObject on the quarantine prefix only, never the whole bucket.',
      },
    });

    this.sendBookingEmails = this.apiFunction('SendBookingEmails', {
      entry: path.join(lambdasDir, 'send-booking-emails', 'handler.ts'),
      description:
        'Stores a quote request and sends the confirmation and operations emails (POST /api/send-booking-emails).',
      timeout: Duration.seconds(15),
      environment: {
        ...base,
        SENDER_ADDRESS: props.senderAddress,
        OPERATIONS_ADDRESS: props.operationsAddress,
        LEAD_RETENTION_DAYS: String(props.leadRetentionDays),
        CONFIRMATION_DAILY_CAP: String(props.confirmationDailyCap),
        SES_CONFIGURATION_SET: props.configurationSets.confirmation,
        SES_OPERATIONS_CONFIGURATION_SET: props.configurationSets.operations,
        LEADS_ARCHIVE_KMS_KEY_ID: key.keyArn,
        ...(props.linkSecret === undefined
          ? {}
          : { LINK_SECRET_ARN: props.linkSecret.secret.secretArn }),
      },
      statements: [
        new iam.PolicyStatement({
          // HeadObject and the ranged read of the first bytes are authorised as s3:GetObject;
          // the copy reads the quarantined source.
          sid: 'CheckQuarantinedMedia',
          actions: ['s3:GetObject'],
          resources: [
            props.quotePhotos.arnForObjects(`${INCOMING_PREFIX}/*`),
            props.quotePhotos.arnForObjects(`${MEDIA_PREFIX}/*`),
          ],
        }),
        new iam.PolicyStatement({
          sid: 'ReleaseCheckedMedia',
          actions: ['s3:PutObject'],
          resources: [props.quotePhotos.arnForObjects(`${MEDIA_PREFIX}/*`)],
        }),
        new iam.PolicyStatement({
          // Write only: the archive is never read to decide anything.
          sid: 'ArchiveLeads',
          actions: ['s3:PutObject'],
          resources: [props.quotePhotos.arnForObjects(`${LEADS_PREFIX}/*`)],
        }),
        new iam.PolicyStatement({
          // Without s3:ListBucket, S3 answers a missing key with 403 instead of 404, and the
          // handler must tell "not uploaded" (a 400) from a real access problem (a 500). For
          // that implicit check S3 evaluates s3:prefix as the requested key, so the prefix
          // condition keeps the 404 semantics while explicit listing stays limited to the
          // media prefixes.
          sid: 'MissingKeysAnswer404',
          actions: ['s3:ListBucket'],
          resources: [props.quotePhotos.bucketArn],
          conditions: {
            StringLike: { 's3:prefix': [`${INCOMING_PREFIX}/*`, `${MEDIA_PREFIX}/*`] },
          },
        }),
        tableItems(
          'StoreLeadsAndCounters',
          ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
          [KEY_PREFIXES.lead, KEY_PREFIXES.confirm, KEY_PREFIXES.cap],
        ),
        new iam.PolicyStatement({
          sid: 'LeadTableAndArchiveKey',
          actions: ['kms:Decrypt', 'kms:Encrypt', 'kms:GenerateDataKey'],
          resources: [key.keyArn],
        }),
        new iam.PolicyStatement({
          sid: 'SendBookingEmails',
          actions: ['ses:SendEmail'],
          resources: props.sendEmailResources,
        }),
        // Signs the "View your request" and "Send a quote" links of its two emails.
        ...(props.linkSecret === undefined ? [] : [props.linkSecret.readStatement()]),
      ],
      objectWildcards: {
        [props.quotePhotos.arnForObjects(`${INCOMING_PREFIX}/*`)]:
          'The function checks uploads in quarantine (HeadObject and a ranged GetObject of the first bytes, both s3:GetObject) under per-submission keys that only exist at request time; read-only, limited to the incoming/ prefix.',
        [props.quotePhotos.arnForObjects(`${MEDIA_PREFIX}/*`)]:
          'The function copies checked files to quote-photos/{submissionId}/{file}, keys known only at request time, and reads them back on a retry; limited to the quote-photos/ prefix.',
        [props.quotePhotos.arnForObjects(`${LEADS_PREFIX}/*`)]:
          'The lead archive is written (never read) under leads/{submissionId}.json, keys known only at request time; PutObject only, limited to the leads/ prefix.',
      },
    });
  }

  get functions(): ApiFunction[] {
    return [this.createUploadUrls, this.sendBookingEmails];
  }

  /** One API function with this construct's defaults; the quote loop (infra/quote-loop.ts) adds its two. */
  apiFunction(
    id: string,
    options: {
      entry: string;
      description: string;
      timeout: Duration;
      environment: Record<string, string>;
      statements: iam.PolicyStatement[];
      /** Object ARNs with a trailing wildcard in `statements` → why (cdk-nag AwsSolutions-IAM5). */
      objectWildcards: Record<string, string>;
    },
  ): ApiFunction {
    const logGroup = new logs.LogGroup(this, `${id}Logs`, {
      retention: logs.RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    // An explicit role instead of the default one: no AWSLambdaBasicExecutionRole managed policy
    // (logs:CreateLogGroup and log streams on every group); only this function's log group.
    const role = new iam.Role(this, `${id}Role`, {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `Execution role of ${id}`,
    });
    role.addToPolicy(
      new iam.PolicyStatement({
        sid: 'WriteOwnLogs',
        actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
        resources: [logGroup.logGroupArn],
      }),
    );
    for (const statement of options.statements) role.addToPolicy(statement);
    for (const [resource, reason] of Object.entries(options.objectWildcards)) {
      Validations.of(role).acknowledge({ id: wildcardResourceFinding(this, resource), reason });
    }

    const fn = new NodejsFunction(this, id, {
      entry: options.entry,
      handler: 'handler',
      description: options.description,
      runtime: lambda.Runtime.NODEJS_24_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: 512,
      timeout: options.timeout,
      // A flood can start at most this many instances: it queues (throttles) instead of scaling
      // the bill and SES's sending rate. 0 means none reserved: a reservation of 0 would stop
      // the function altogether.
      reservedConcurrentExecutions:
        this.reservedConcurrency > 0 ? this.reservedConcurrency : undefined,
      role,
      logGroup,
      loggingFormat: lambda.LoggingFormat.JSON,
      environment: options.environment,
      projectRoot: REPO_ROOT,
      depsLockFilePath: path.join(REPO_ROOT, 'package-lock.json'),
      bundling: {
        // esbuild from node_modules, never Docker (none on CI or here).
        forceDockerBundling: false,
        format: OutputFormat.ESM,
        target: LAMBDA_BUNDLE.target,
        minify: LAMBDA_BUNDLE.minify,
        sourceMap: LAMBDA_BUNDLE.sourceMap,
        sourcesContent: LAMBDA_BUNDLE.sourcesContent,
        bundleAwsSDK: true,
        externalModules: LAMBDA_BUNDLE.external,
        mainFields: [...LAMBDA_BUNDLE.mainFields],
        banner: LAMBDA_BUNDLE.banner,
      },
    });

    const url = fn.addFunctionUrl({ authType: lambda.FunctionUrlAuthType.AWS_IAM });
    const origin = origins.FunctionUrlOrigin.withOriginAccessControl(url, {
      readTimeout: Duration.seconds(30),
    });
    return { fn, url, environment: options.environment, origin };
  }
}
