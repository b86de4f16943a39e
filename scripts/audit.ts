/**
 * `npm run audit`: production dependencies must have no high or critical advisory.
 * Exits 1 on such a finding. When the registry offers no advisory endpoint (the mirror on the
 * build machines answers 405), it says so plainly and exits 0: an audit that could not run is
 * reported as not run, never as passed.
 */
import { spawnSync } from 'node:child_process';

const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8' });
let report: {
  error?: { code?: string; summary?: string };
  metadata?: { vulnerabilities?: Record<string, number> };
};
try {
  report = JSON.parse(run.stdout || '{}') as typeof report;
} catch {
  console.error(`npm audit printed no JSON:\n${run.stdout}\n${run.stderr}`);
  process.exit(1);
}

if (report.error || !report.metadata) {
  console.warn(
    `AUDIT NOT RUN: the registry's advisory endpoint is unavailable (${report.error?.code ?? 'no metadata'}: ${report.error?.summary ?? ''}). Run 'npm run audit' where the npm registry is reachable.`,
  );
  process.exit(0);
}

const counts = report.metadata.vulnerabilities ?? {};
console.log(`npm audit --omit=dev: ${JSON.stringify(counts)}`);
if ((counts.high ?? 0) + (counts.critical ?? 0) > 0) {
  console.error(
    'High or critical advisories in production dependencies: see `npm audit --omit=dev`.',
  );
  process.exit(1);
}
