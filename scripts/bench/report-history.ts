/**
 * docs/benchmarks.md is written whole by every full run of the bench, all but its history: from
 * its first `## History` heading on, the file keeps the measurements behind decisions by hand
 * (decision 032's steps), and each run carries that part over as it is.
 */
const HISTORY_HEADING = /^## History\b/m;

/** The hand-kept part of a previous report, from its first `## History` heading to its end. */
export function keptHistory(previous: string): string | undefined {
  const at = previous.search(HISTORY_HEADING);
  return at === -1 ? undefined : previous.slice(at).trimEnd();
}

/** A new report, with the previous report's history (if any) after it. */
export function withHistory(report: string, previous: string | undefined): string {
  const history = previous === undefined ? undefined : keptHistory(previous);
  return history === undefined ? report : `${report.trimEnd()}\n\n${history}\n`;
}
