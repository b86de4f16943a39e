/** The Markdown of the scale sections (issue 42): the offer job's minute, each call's cost, the burst. */
import { type Outcome, failed, table, took } from '../report-format';
import { MINUTE_BENCH, type OfferMinuteResult } from './offer-minute';
import type { Tally } from './meter';

const n = (value: number) => value.toLocaleString('en-US');
const fixed = (value: number, digits = 1) => value.toFixed(digits);

export function commandMix(tally: Tally, per: number): string {
  return Object.entries(tally.dynamo)
    .sort(([, a], [, b]) => b - a)
    .map(([name, count]) => `${fixed(count / per)} ${name.replace(/Command$/, '')}`)
    .join(', ');
}

/** Request units by command, per call of the whole: where the capacity goes. */
export function unitMix(tally: Tally, per: number): string {
  return Object.entries(tally.units)
    .filter(([, units]) => units > 0)
    .sort(([, a], [, b]) => b - a)
    .map(([name, units]) => `${fixed(units / per)} ${name.replace(/Command$/, '')}`)
    .join(', ');
}

export function offerMinuteSection(outcome: Outcome<OfferMinuteResult>): string {
  const title = "## 8. The offer job's minute at national volume";
  if (!outcome.ok) return `${title}\n\n${failed(outcome)}`;
  const r = outcome.value;
  const how = `How measured (\`scripts/bench/scale/offer-minute.ts\`): ${n(r.leads)} requests due in one minute over ${MINUTE_BENCH.zipCodes} ZIP codes, ${n(r.haulers)} approved, insured haulers (each covering ${MINUTE_BENCH.zipsPerHauler} of those ZIPs, so ${(r.haulers * MINUTE_BENCH.zipsPerHauler) / MINUTE_BENCH.zipCodes} cover each), written to dynalite with BatchWrite in ${fixed(r.seedSeconds)} s (the leads with the lead store's own create). Then the real offer job (\`runOffersJob\` with its defaults: ${r.concurrency} requests at a time, none started after ${r.budgetMs / 1000} s of its run, the rest left due for the next minute) runs at the minute, and again a minute later while it left requests due. dynalite (in memory) and the SES stand-in run in processes of their own, so the CPU time is the job's own code with its AWS SDK; every DynamoDB call is counted and timed by wrapping the clients' \`send\` (\`scripts/bench/scale/meter.ts\`). Every offer is checked sent exactly once: each request's three offers recorded \`sent\` in its ledger, and every offer email in the SES stand-in's store distinct (recipient and signed link). Local dynalite over loopback HTTP on the shared 2-core machine: DynamoDB in AWS answers in single-digit ms, a call here takes what the table below says.`;
  const rows = r.runs.map((run) => {
    const done = Math.max(run.done, 1);
    return [
      `minute ${run.minute}`,
      `${n(run.done)} of ${n(run.due)} (${n(run.left)} left, ${run.failed} failed)`,
      `**${fixed(run.seconds)} s**`,
      `${fixed((run.seconds * 1000) / done)} ms`,
      `${fixed(run.cpuMs / done)} ms`,
      `${n(run.sent)}`,
      `${fixed(run.tally.dynamoCalls / done)} (${commandMix(run.tally, done)})`,
      `${fixed(run.tally.dynamoMs / Math.max(run.tally.dynamoCalls, 1), 2)} ms`,
      `${fixed(run.tally.readUnits / done)} / ${fixed(run.tally.writeUnits / done)} (${unitMix(run.tally, done)})`,
    ];
  });
  const total = r.runs.reduce((sum, run) => sum + run.sent, 0);
  const verdict = `Offers sent: ${n(total)} by the job, ${n(r.emails)} offer emails in the SES stand-in's store, ${n(r.distinctEmails)} distinct; ${n(r.leadsAllSent)} of ${n(r.leads)} requests with their three offers recorded sent. ${r.runs.every((run) => run.seconds <= 60) ? 'Every run finished inside its minute.' : '**A run took longer than its minute.**'}`;
  return [
    title,
    how,
    table(
      [
        'run',
        'requests done',
        'run time',
        'time per request (run time / requests)',
        'CPU per request',
        'offers sent',
        'DynamoDB calls per request',
        'time per DynamoDB call (mean, overlapping)',
        'read / write units per request',
      ],
      rows,
    ),
    verdict,
    took(outcome),
  ].join('\n\n');
}
