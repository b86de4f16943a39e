// Embedded Metric Format log lines: no SDK call and no extra permission.
import { METRICS_NAMESPACE } from '#contract/metrics';

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
