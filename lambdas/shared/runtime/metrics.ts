// Embedded Metric Format log lines: no SDK call and no extra permission.
import { METRICS_NAMESPACE } from '#contract/core/metrics';

/** One value of `metric` as an EMF line; the line must be the whole log line. */
export function emfValue(
  metric: string,
  value: number,
  unit: 'Count' | 'Seconds',
  dimensions: Record<string, string> = {},
  now: Date = new Date(),
): string {
  return JSON.stringify({
    _aws: {
      Timestamp: now.getTime(),
      CloudWatchMetrics: [
        {
          Namespace: METRICS_NAMESPACE,
          Dimensions: [Object.keys(dimensions)],
          Metrics: [{ Name: metric, Unit: unit }],
        },
      ],
    },
    ...dimensions,
    [metric]: value,
  });
}

export function emfCount(
  metric: string,
  dimensions: Record<string, string>,
  now: Date = new Date(),
): string {
  return emfValue(metric, 1, 'Count', dimensions, now);
}

/** Straight to stdout, past the JSON logger: an EMF line must be the whole log line. */
export const writeMetricLine = (line: string): void => void process.stdout.write(`${line}\n`);
