import { Annotations, Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as sns from 'aws-cdk-lib/aws-sns';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import {
  CONFIRMATIONS_WITHHELD,
  EMAILS_GIVEN_UP,
  METRICS_NAMESPACE,
  OFFERS_ESCALATED,
  OFFERS_STARTED,
} from '#contract/core/metrics';

export interface AlarmsProps {
  stage: string;
  email?: string;
  /** `allowExampleAddresses`: a topic nobody reads is a warning, not an error. */
  allowNoSubscriber?: boolean;
}

/** What the mailer logs for each send SES refused (lambdas/shared/mail/mailer.ts). */
export const EMAIL_FAILED_LOG_PHRASE = 'email failed';
export const EMAILS_FAILED_METRIC = 'EmailsFailed';

/**
 * AWS's warning levels for an SES account: above them SES reviews the account, and well above it
 * pauses sending (bounce rate 10 %, complaint rate 0.5 %).
 */
export const SES_WARNING_LEVELS = { bounceRate: 0.05, complaintRate: 0.001 } as const;

/**
 * Deploys the alarms that say the site is being abused or is failing, all to one SNS topic
 * (encrypted, TLS only, the alarm address subscribed).
 */
export class Alarms extends Construct {
  readonly topic: sns.Topic;
  readonly alarms: cloudwatch.Alarm[] = [];
  private readonly action: SnsAction;
  private readonly stage: string;

  constructor(scope: Construct, id: string, props: AlarmsProps) {
    super(scope, id);
    this.stage = props.stage;
    // CloudWatch must be allowed to use the topic's key: the AWS managed SNS key does not allow it.
    // It protects no data that outlives the stack.
    const key = new kms.Key(this, 'TopicKey', {
      description: 'Encrypts the alarm topic',
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.DESTROY,
      pendingWindow: Duration.days(7),
    });
    key.grantEncryptDecrypt(new iam.ServicePrincipal('cloudwatch.amazonaws.com'));
    this.topic = new sns.Topic(this, 'Topic', {
      displayName: `Bulk trash pickup alarms (${props.stage})`,
      masterKey: key,
      enforceSSL: true,
    });
    if (props.email !== undefined) {
      this.topic.addSubscription(new subscriptions.EmailSubscription(props.email));
    } else if (props.allowNoSubscriber === true) {
      Annotations.of(this).addWarningV2(
        'bulk-trash:no-alarm-subscriber',
        'alarmEmail is not set (-c allowExampleAddresses=true): every alarm goes to a topic nobody is subscribed to.',
      );
    } else {
      Annotations.of(this).addError(
        `alarmEmail is not set, so every alarm would notify nobody: set alarmEmail in deploy/${props.stage}.json (npm run deploy reads it) or pass -c alarmEmail=you@your-domain, or pass -c allowExampleAddresses=true to deploy without a subscriber on purpose.`,
      );
    }
    this.action = new SnsAction(this.topic);

    const ses = (metricName: string) =>
      new cloudwatch.Metric({
        namespace: 'AWS/SES',
        metricName,
        statistic: cloudwatch.Stats.MAXIMUM,
        period: Duration.hours(1),
      });
    this.add('SesBounceRate', {
      metric: ses('Reputation.BounceRate'),
      threshold: SES_WARNING_LEVELS.bounceRate,
      alarmDescription:
        'SES bounce rate at 5 %, AWS warning level: SES may pause sending (no homeowner or operations email). Check for a flood of requests at dead addresses.',
    });
    this.add('SesComplaintRate', {
      metric: ses('Reputation.ComplaintRate'),
      threshold: SES_WARNING_LEVELS.complaintRate,
      alarmDescription:
        'SES complaint rate at 0.1 %, AWS warning level: SES may pause sending. Someone is receiving confirmations they did not ask for.',
    });
    this.add('DailyCapReached', {
      metric: new cloudwatch.Metric({
        namespace: METRICS_NAMESPACE,
        metricName: CONFIRMATIONS_WITHHELD,
        dimensionsMap: { Reason: 'daily-cap' },
        statistic: cloudwatch.Stats.SUM,
        period: Duration.minutes(5),
      }),
      threshold: 1,
      alarmDescription:
        'The daily cap on homeowner confirmations was reached: further requests today are stored and reach operations, but homeowners get no confirmation.',
    });
    this.add('EmailsGivenUp', {
      metric: new cloudwatch.Metric({
        namespace: METRICS_NAMESPACE,
        metricName: EMAILS_GIVEN_UP,
        statistic: cloudwatch.Stats.SUM,
        period: Duration.minutes(5),
      }),
      threshold: 1,
      alarmDescription:
        'SES refused an email for good (a bad or suppressed address, a paused account): it will not be sent. npm run leads -- show REF names it on the lead; the logs name the error (decision 054).',
    });
  }

  /** Alarms on the function's errors and throttles (any in 5 minutes). */
  watchFunction(id: string, fn: lambda.IFunction): void {
    this.add(`${id}Errors`, {
      metric: fn.metricErrors({ period: Duration.minutes(5), statistic: cloudwatch.Stats.SUM }),
      threshold: 1,
      alarmDescription: `${id}: the function failed (an unhandled error or a timeout).`,
    });
    this.add(`${id}Throttles`, {
      metric: fn.metricThrottles({ period: Duration.minutes(5), statistic: cloudwatch.Stats.SUM }),
      threshold: 1,
      alarmDescription: `${id}: requests were throttled at the function's reserved concurrency.`,
    });
  }

  /**
   * More than `share` of the day's requests reached operations because no hauler quoted in time
   * (the offer job's counts; a day without offers is no breach).
   */
  watchOfferEscalations(share: number): void {
    const count = (metricName: string) =>
      new cloudwatch.Metric({
        namespace: METRICS_NAMESPACE,
        metricName,
        statistic: cloudwatch.Stats.SUM,
        period: Duration.days(1),
      });
    this.add('OfferEscalationShare', {
      metric: new cloudwatch.MathExpression({
        expression: 'IF(started > 0, escalated / started, 0)',
        usingMetrics: { escalated: count(OFFERS_ESCALATED), started: count(OFFERS_STARTED) },
        period: Duration.days(1),
        label: 'Escalated / OffersStarted',
      }),
      threshold: share,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      alarmDescription: `More than ${Math.round(share * 100)} % of today's requests reached operations because no hauler quoted within the escalation time: too few haulers near where requests come from, or offer emails not arriving.`,
    });
  }

  /**
   * No invocation in `window` (missing data is the breach); counted in hours past an hour, since
   * a one-day period would breach every morning before the day's run.
   */
  watchHeartbeat(id: string, fn: lambda.IFunction, window: Duration): void {
    const hours = window.toHours({ integral: false });
    const period = hours > 1 ? Duration.hours(1) : window;
    const periods = hours > 1 ? Math.ceil(hours) : 1;
    this.add(`${id}Heartbeat`, {
      metric: fn.metricInvocations({ period, statistic: cloudwatch.Stats.SUM }),
      threshold: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.LESS_THAN_THRESHOLD,
      evaluationPeriods: periods,
      datapointsToAlarm: periods,
      treatMissingData: cloudwatch.TreatMissingData.BREACHING,
      alarmDescription: `${id}: not run for ${window.toHumanString()}; its schedule has stopped (rule disabled or deleted, function unable to start).`,
    });
  }

  /** From the functions' log lines; per stage, so another stage's sandbox never wakes it. */
  watchEmailFailures(logGroups: Readonly<Record<string, logs.ILogGroup>>): void {
    const namespace = `${METRICS_NAMESPACE}/${this.stage}`;
    Object.entries(logGroups).forEach(([id, logGroup]) => {
      new logs.MetricFilter(this, `${id}EmailFailures`, {
        logGroup,
        filterPattern: logs.FilterPattern.literal(`"${EMAIL_FAILED_LOG_PHRASE}"`),
        metricNamespace: namespace,
        metricName: EMAILS_FAILED_METRIC,
        metricValue: '1',
      });
    });
    this.add('EmailsFailed', {
      metric: new cloudwatch.Metric({
        namespace,
        metricName: EMAILS_FAILED_METRIC,
        statistic: cloudwatch.Stats.SUM,
        period: Duration.minutes(5),
      }),
      threshold: 1,
      alarmDescription:
        'SES refused an email (the function logs say which and why; in the SES sandbox, a recipient that is not verified). Nobody got it, and some emails are not sent again.',
    });
  }

  watchFailedRuns(queue: sqs.IQueue): void {
    this.add('ScheduledRunsDropped', {
      metric: queue.metricApproximateNumberOfMessagesVisible({
        period: Duration.minutes(5),
        statistic: cloudwatch.Stats.MAXIMUM,
      }),
      threshold: 1,
      alarmDescription:
        'A scheduled job run was dropped after its retries (certificate reminders or offer rounds): read the messages in the failed-runs queue, then purge it.',
    });
  }

  private add(
    id: string,
    options: {
      metric: cloudwatch.IMetric;
      threshold: number;
      alarmDescription: string;
      comparisonOperator?: cloudwatch.ComparisonOperator;
      evaluationPeriods?: number;
      datapointsToAlarm?: number;
      treatMissingData?: cloudwatch.TreatMissingData;
    },
  ): void {
    const alarm = new cloudwatch.Alarm(this, id, {
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      ...options,
    });
    alarm.addAlarmAction(this.action);
    this.alarms.push(alarm);
  }
}
