import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import {
  CONFIRMATIONS_WITHHELD,
  METRICS_NAMESPACE,
  OFFERS_ESCALATED,
  OFFERS_STARTED,
} from '#contract/core/metrics';

export interface AlarmsProps {
  /** Subscribed (by email) to the alarm topic when given. */
  email?: string;
}

/**
 * AWS's warning levels for an SES account: above them SES reviews the account, and well above it
 * pauses sending (bounce rate 10 %, complaint rate 0.5 %).
 */
export const SES_WARNING_LEVELS = { bounceRate: 0.05, complaintRate: 0.001 } as const;

/**
 * Deploys the alarms that say the site is being abused or is failing, all to one SNS topic
 * (encrypted, TLS only, an optional email subscription): SES bounce and complaint rates at AWS's
 * warning levels, the daily confirmation cap reached, and each function's errors and throttles.
 */
export class Alarms extends Construct {
  readonly topic: sns.Topic;
  readonly alarms: cloudwatch.Alarm[] = [];
  private readonly action: SnsAction;

  constructor(scope: Construct, id: string, props: AlarmsProps = {}) {
    super(scope, id);
    // CloudWatch must be allowed to use the topic's key: the AWS managed SNS key does not allow it.
    const key = new kms.Key(this, 'TopicKey', {
      description: 'Encrypts the alarm topic',
      enableKeyRotation: true,
    });
    key.grantEncryptDecrypt(new iam.ServicePrincipal('cloudwatch.amazonaws.com'));
    this.topic = new sns.Topic(this, 'Topic', {
      displayName: 'Bulk trash pickup alarms',
      masterKey: key,
      enforceSSL: true,
    });
    if (props.email !== undefined) {
      this.topic.addSubscription(new subscriptions.EmailSubscription(props.email));
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

  private add(
    id: string,
    options: {
      metric: cloudwatch.IMetric;
      threshold: number;
      alarmDescription: string;
      comparisonOperator?: cloudwatch.ComparisonOperator;
    },
  ): void {
    const alarm = new cloudwatch.Alarm(this, id, {
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      ...options,
      evaluationPeriods: 1,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(this.action);
    this.alarms.push(alarm);
  }
}
