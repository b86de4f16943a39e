/** Formatting shared by the bench's report sections (report.ts, pages-report.ts). */

/** A section's result: its value and how long it took, or why it has none. */
export type Outcome<T> =
  { ok: true; value: T; seconds: number } | { ok: false; error: string; skipped?: boolean };
// KB and MB are binary throughout (1 KB = 1024 bytes), as in first-load-js.ts.
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
export const sec = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
export const minutes = (seconds: number) =>
  seconds < 90 ? `${seconds.toFixed(0)} s` : `${(seconds / 60).toFixed(1)} min`;
export const mark = (pass: boolean) => (pass ? '✓' : '✗');

export function table(header: string[], rows: string[][]): string {
  return [header, header.map(() => '---'), ...rows].map((r) => `| ${r.join(' | ')} |`).join('\n');
}

export function failed(outcome: { error: string; skipped?: boolean }): string {
  if (outcome.skipped) return '_Not run in this invocation (`--only`)._';
  return `**Not measured: this section failed.**\n\n\`\`\`\n${outcome.error}\n\`\`\``;
}

export function took(outcome: { seconds: number }): string {
  return `This section took ${minutes(outcome.seconds)}.`;
}
