import path from 'node:path';
import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import type * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as destinations from 'aws-cdk-lib/aws-lambda-destinations';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { REPO_ROOT } from './config';
import { LAMBDA_BUNDLE, shipBesideCommand } from './lambda-bundling';
import { wildcardResourceFinding } from './nag';
import type { FunctionName } from '#contract/core/api';
import { ENV, FUNCTION_ENV, type FunctionEnvInput, environmentOf } from '#contract/core/env';

/** Every variable the function requires, except PUBLIC_BASE_URL when it is wired later. */
type StackEnvironment<N extends FunctionName> = Omit<FunctionEnvInput<N>, 'publicBaseUrl'> &
  Partial<Pick<FunctionEnvInput<N>, 'publicBaseUrl' & keyof FunctionEnvInput<N>>>;

export interface ApiFunctionProps<N extends FunctionName> {
  /** The function is `lambdas/{name}/handler.ts`. */
  name: N;
  description: string;
  timeout: Duration;
  /** The most instances (and cost) a flood can cause: it throttles instead of scaling; 0: none. */
  reservedConcurrency: number;
  environment: StackEnvironment<N>;
  statements: iam.PolicyStatement[];
  /** Object ARNs with a trailing wildcard in `statements` → why (cdk-nag AwsSolutions-IAM5). */
  objectWildcards?: Record<string, string>;
  /** A scheduled function: run by this EventBridge schedule, with no Function URL at all. */
  schedule?: ScheduledRun;
  /**
   * Called by a third party that cannot sign for origin access control (Stripe): a Function URL
   * without IAM auth, reached through CloudFront without OAC, whose gate is the request's own
   * signature, checked by the function before anything else (decision 053).
   */
  signatureGated?: boolean;
}

export interface ScheduledRun {
  schedule: events.Schedule;
  /** Older than this, a run is dropped (EventBridge delivery and Lambda's own retries alike). */
  maxEventAge: Duration;
  retryAttempts: number;
  failedRuns: sqs.IQueue;
  /** No invocation for this long: the schedule stopped. */
  heartbeat: Duration;
}

/**
 * One API function: a Node.js 24 arm64 bundle of `lambdas/{name}/handler.ts`, its own role and
 * one-month log group, and an IAM-authenticated Function URL reached only through CloudFront
 * (origin access control). The role and log group sit beside this construct and the function is
 * its default child, so their logical IDs stay those of the deployed stack (decision 029).
 */
export class ApiFunction<N extends FunctionName = FunctionName> extends Construct {
  readonly name: N;
  readonly fn: NodejsFunction;
  private readonly functionUrl?: lambda.FunctionUrl;
  private readonly urlOrigin?: cloudfront.IOrigin;
  /** The schedule's rule, for a scheduled function. */
  readonly rule?: events.Rule;
  readonly scheduledRun?: ScheduledRun;
  readonly logGroup: logs.LogGroup;
  /** As deployed: PUBLIC_BASE_URL is absent when it is wired after the distribution exists. */
  readonly environment: Readonly<Record<string, string>>;
  readonly readsPublicBaseUrl: boolean;

  constructor(scope: Construct, id: string, props: ApiFunctionProps<N>) {
    super(scope, id);
    this.name = props.name;
    this.readsPublicBaseUrl = 'publicBaseUrl' in FUNCTION_ENV[props.name].shape;
    this.environment = {
      ...environmentOf(props.environment),
      // Stack traces of the minified bundle point at the TypeScript sources.
      NODE_OPTIONS: '--enable-source-maps',
    };

    const logGroup = new logs.LogGroup(scope, `${id}Logs`, {
      retention: logs.RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.logGroup = logGroup;
    // Not the default role: no AWSLambdaBasicExecutionRole (log groups and streams everywhere).
    const role = new iam.Role(scope, `${id}Role`, {
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
    for (const statement of props.statements) role.addToPolicy(statement);
    for (const [resource, reason] of Object.entries(props.objectWildcards ?? {})) {
      Validations.of(role).acknowledge({ id: wildcardResourceFinding(this, resource), reason });
    }

    this.fn = new NodejsFunction(this, 'Default', {
      entry: path.join(REPO_ROOT, 'lambdas', props.name, 'handler.ts'),
      handler: 'handler',
      description: props.description,
      runtime: lambda.Runtime.NODEJS_24_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: 512,
      timeout: props.timeout,
      // 0 reserves none: a reservation of 0 would stop the function altogether.
      reservedConcurrentExecutions:
        props.reservedConcurrency > 0 ? props.reservedConcurrency : undefined,
      role,
      logGroup,
      loggingFormat: lambda.LoggingFormat.JSON,
      environment: this.environment,
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
        commandHooks: {
          beforeBundling: () => [],
          beforeInstall: () => [],
          afterBundling: (inputDir, outputDir) =>
            LAMBDA_BUNDLE.shippedBeside.map((name) =>
              shipBesideCommand(name, {
                nodeModules: path.join(inputDir, 'node_modules'),
                outputDir,
                node: process.execPath,
              }),
            ),
        },
      },
    });

    const run = props.schedule;
    if (run !== undefined) {
      this.scheduledRun = run;
      const limits = { maxEventAge: run.maxEventAge, retryAttempts: run.retryAttempts };
      this.rule = new events.Rule(scope, `${id}Schedule`, {
        description: `Runs ${props.name}`,
        schedule: run.schedule,
        targets: [
          new targets.LambdaFunction(this.fn, { ...limits, deadLetterQueue: run.failedRuns }),
        ],
      });
      // EventBridge hands the run over asynchronously: Lambda's own retries follow these limits.
      this.fn.configureAsyncInvoke({
        ...limits,
        onFailure: new destinations.SqsDestination(run.failedRuns),
      });
      return;
    }
    if (props.signatureGated === true) {
      this.functionUrl = this.fn.addFunctionUrl({ authType: lambda.FunctionUrlAuthType.NONE });
      this.urlOrigin = new origins.FunctionUrlOrigin(this.functionUrl, {
        readTimeout: Duration.seconds(30),
      });
      return;
    }
    this.functionUrl = this.fn.addFunctionUrl({ authType: lambda.FunctionUrlAuthType.AWS_IAM });
    this.urlOrigin = origins.FunctionUrlOrigin.withOriginAccessControl(this.functionUrl, {
      readTimeout: Duration.seconds(30),
    });
  }

  /** The Function URL; a scheduled function has none (a path routed to one is a mistake). */
  get url(): lambda.FunctionUrl {
    if (this.functionUrl === undefined) throw new Error(`${this.name} has no Function URL`);
    return this.functionUrl;
  }

  get origin(): cloudfront.IOrigin {
    if (this.urlOrigin === undefined) throw new Error(`${this.name} has no Function URL`);
    return this.urlOrigin;
  }

  get sendsEmail(): boolean {
    return ENV.senderAddress in this.environment;
  }

  /** The environment with the site's public URL, once it is known (PublicBaseUrlWiring). */
  environmentWith(publicBaseUrl: string): Record<string, string> {
    return { ...this.environment, [ENV.publicBaseUrl]: publicBaseUrl };
  }
}
