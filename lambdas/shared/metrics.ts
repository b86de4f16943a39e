/**
 * Custom metrics as Embedded Metric Format log lines: no SDK call and no extra permission, Lambda's
 * log delivery turns them into metrics.
 */
import { METRICS_NAMESPACE } from '#contract/metrics';

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
