/**
 * Custom CloudWatch metrics, written as Embedded Metric Format log lines (no SDK call, no extra
 * permission: Lambda's log delivery turns them into metrics). The names live here so the CDK
 * alarms (infra/alarms.ts) watch exactly what the functions emit.
 */

export const METRICS_NAMESPACE = 'BulkTrashPickup';

/** Confirmations an abuse limit kept back; dimension `Reason`: 'limit' or 'daily-cap'. */
export const CONFIRMATIONS_WITHHELD = 'ConfirmationsWithheld';

/** One EMF log line with a single count metric and its dimensions. */
export function emfCount(
  metric: string,
  dimensions: Record<string, string>,
  now: Date = new Date(),
): string {
  return JSON.stringify({
    _aws: {
      Timestamp: now.getTime(),
      CloudWatchMetrics: [
        {
          Namespace: METRICS_NAMESPACE,
          Dimensions: [Object.keys(dimensions)],
          Metrics: [{ Name: metric, Unit: 'Count' }],
        },
      ],
    },
    ...dimensions,
    [metric]: 1,
  });
}
