/** Turns the three sections' results into the Markdown of docs/benchmarks.md. */
import { LIMITS } from '../../lambdas/shared/quote-contract';
import type { FunctionResult } from './functions';
import { IMPORT_RUNS } from './functions';
import type { LcpBreakdown, PageMetrics, PagesResult } from './pages';
import { RUNS } from './pages';
import { NETWORK_PROFILE, type UploadsResult } from './uploads';

export type Outcome<T> = { ok: true; value: T; seconds: number } | { ok: false; error: string };

export interface Report {
  date: Date;
  totalSeconds: number;
  machine: {
    nproc: number;
    cpu: string;
    memoryGb: number;
    /** Other work on the machine moves Lighthouse's CPU-based figures (TBT, performance). */
    loadAverage: [number, number];
    node: string;
    chromium: string;
  };
  /** When build/client/index.html was written; two values if someone rebuilt during the run. */
  builds: string[];
  pages: Outcome<PagesResult>;
  uploads: Outcome<UploadsResult>;
  functions: Outcome<FunctionResult[]>;
}

// KB and MB are binary throughout (1 KB = 1024 bytes), as in first-load-js.ts.
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
const sec = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const minutes = (seconds: number) =>
  seconds < 90 ? `${seconds.toFixed(0)} s` : `${(seconds / 60).toFixed(1)} min`;
const mark = (pass: boolean) => (pass ? '✓' : '✗');

function table(header: string[], rows: string[][]): string {
  return [header, header.map(() => '---'), ...rows].map((r) => `| ${r.join(' | ')} |`).join('\n');
}

function failed(error: string): string {
  return `**Not measured: this section failed.**\n\n\`\`\`\n${error}\n\`\`\``;
}

function took(outcome: { seconds: number }): string {
  return `This section took ${minutes(outcome.seconds)}.`;
}

interface Budget {
  label: string;
  /** The figure as shown, and whether it meets the budget, for one page. */
  check: (page: PagesResult['pages'][number]) => [string, boolean];
}

const BUDGETS: Budget[] = [
  {
    label: 'Performance ≥ 98',
    check: (p) => [`${p.median.performance}`, p.median.performance >= 98],
  },
  {
    label: 'Accessibility = 100',
    check: (p) => [`${p.median.accessibility}`, p.median.accessibility === 100],
  },
  {
    label: 'Best practices = 100',
    check: (p) => [`${p.median.bestPractices}`, p.median.bestPractices === 100],
  },
  { label: 'SEO = 100', check: (p) => [`${p.median.seo}`, p.median.seo === 100] },
  { label: 'CLS ≤ 0.01', check: (p) => [p.median.cls.toFixed(3), p.median.cls <= 0.01] },
  {
    label: 'TBT ≤ 50 ms',
    check: (p) => [`${p.median.tbtMs.toFixed(0)} ms`, p.median.tbtMs <= 50],
  },
  // In ms: at two decimals of a second, 2004 ms would read as a failing "2.00 s".
  {
    label: 'LCP ≤ 2000 ms',
    check: (p) => [`${p.median.lcpMs.toFixed(0)} ms`, p.median.lcpMs <= 2000],
  },
  {
    label: 'JS transferred (Lighthouse) ≤ 130 KB, home ≤ 160 KB',
    check: (p) => [kb(p.median.jsBytes), p.median.jsBytes <= p.spec.jsBudgetKb * 1024],
  },
  {
    label: 'First-load JS, brotli (first-load-js.ts) ≤ 130 KB, home ≤ 160 KB',
    check: (p) => [kb(p.firstLoad.brotli), p.firstLoad.brotli <= p.spec.jsBudgetKb * 1024],
  },
  {
    label: 'First-load JS, gzip (first-load-js.ts) ≤ 130 KB, home ≤ 160 KB',
    check: (p) => [kb(p.firstLoad.gzip), p.firstLoad.gzip <= p.spec.jsBudgetKb * 1024],
  },
];

function metricCells(m: PageMetrics): string[] {
  return [
    `${m.performance}`,
    `${m.accessibility}`,
    `${m.bestPractices}`,
    `${m.seo}`,
    sec(m.fcpMs),
    sec(m.lcpMs),
    `${m.tbtMs.toFixed(0)} ms`,
    m.cls.toFixed(3),
    kb(m.jsBytes),
    kb(m.totalBytes),
  ];
}

/** The phases of the largest-contentful-paint-element audit, in order. */
const LCP_PHASES = ['TTFB', 'Load Delay', 'Load Time', 'Render Delay'];

function pagesSection(outcome: Outcome<PagesResult>): string {
  const title = '## 1. Pages (Lighthouse, mobile)';
  if (!outcome.ok) return `${title}\n\n${failed(outcome.error)}`;
  const { settings, pages, shell, warnings } = outcome.value;
  const home = pages.find((p) => p.spec.name === 'home')!;
  const how = `How measured: Lighthouse ${settings.version} from Node (\`lighthouse\` with \`chrome-launcher\`, Debian's chromium, headless) in its default configuration: form factor ${settings.formFactor}, screen ${settings.screen}, ${settings.throttlingMethod} throttling (RTT ${settings.rttMs} ms, ${(settings.throughputKbps / 1024).toFixed(2)} Mbit/s down, CPU slowdown ${settings.cpuSlowdownMultiplier}x). The pages come from the local stack (\`scripts/local/server.ts\`, the production build with precompressed brotli/gzip and the production security headers). ${RUNS} runs per page, taken in rounds over all pages; each figure is the median of its own ${RUNS} values. JS and total are compressed transfer sizes from Lighthouse's resource-summary audit (everything the page loaded, headers included); first-load JS is \`first-load-js.ts\`: every module the HTML preloads or imports, compressed offline. The baseline is the same home page as a client-rendered shell: React Router's SPA fallback (\`__spa-fallback.html\`, no pre-rendered content) served at \`/\` by \`scripts/bench/shell-server.ts\`, which serves everything else exactly like the local stack.`;

  const header = [
    'page',
    'path',
    'perf.',
    'a11y',
    'best pr.',
    'SEO',
    'FCP',
    'LCP',
    'TBT',
    'CLS',
    'JS',
    'total',
    'first-load JS br / gz',
  ];
  const rows = pages.map((p) => [
    p.spec.name,
    `\`${p.spec.path}\``,
    ...metricCells(p.median),
    `${kb(p.firstLoad.brotli)} / ${kb(p.firstLoad.gzip)}`,
  ]);
  rows.push([
    'home, client-rendered shell (baseline)',
    '`/` (SPA fallback)',
    ...metricCells(shell.median),
    '',
  ]);

  const phaseCells = (lcp: LcpBreakdown) =>
    LCP_PHASES.map((phase) => (phase in lcp.phases ? `${lcp.phases[phase]!.toFixed(0)} ms` : '–'));
  const lcpRows = [
    ...pages.map((p) => [p.spec.name, `\`${p.lcp.element}\``, ...phaseCells(p.lcp)]),
    ['home, client-rendered shell', `\`${shell.lcp.element}\``, ...phaseCells(shell.lcp)],
  ];

  const budgetRows = BUDGETS.map((budget) => {
    const checks = pages.map((p) => budget.check(p));
    const failing = pages.filter((_, i) => !checks[i]![1]).map((p) => p.spec.name);
    return [
      budget.label,
      ...checks.map(([value, pass]) => `${value} ${mark(pass)}`),
      failing.length === 0 ? 'pass' : `**fail** (${failing.join(', ')})`,
    ];
  });

  const audits = pages
    .filter((p) => p.failedAudits.length > 0)
    .map((p) => `- ${p.spec.name}: ${p.failedAudits.join('; ')}`);

  return [
    title,
    how,
    table(header, rows),
    `LCP of the client-rendered shell / LCP of the pre-rendered home page: ${sec(shell.median.lcpMs)} / ${sec(home.median.lcpMs)} = **${(shell.median.lcpMs / home.median.lcpMs).toFixed(2)}x**.`,
    "Where the LCP time goes (Lighthouse's simulated phases, from the run with the median LCP):",
    table(['page', 'LCP element', ...LCP_PHASES], lcpRows),
    '### Budgets',
    table(['budget', ...pages.map((p) => p.spec.name), 'result'], budgetRows),
    'The not-found page is meant to answer 404 and to be noindex, so the SEO audits for the status code and for indexability cannot pass there, and Chrome logs a console error for any document answered with 404 (best practices).',
    ...(audits.length > 0
      ? [
          'Audits that kept accessibility, best practices or SEO below 100 in at least one run:',
          audits.join('\n'),
        ]
      : []),
    ...(warnings.length > 0
      ? ['Lighthouse warnings:', warnings.map((w) => `- ${w}`).join('\n')]
      : []),
    took(outcome),
  ].join('\n\n');
}

function uploadsSection(outcome: Outcome<UploadsResult>): string {
  const title = '## 2. Photo uploads (quote flow over an emulated 4G uplink)';
  if (!outcome.ok) return `${title}\n\n${failed(outcome.error)}`;
  const { photos, ours, naive } = outcome.value;
  const sizes = photos.map((p) => p.bytes);
  const total = sizes.reduce((a, b) => a + b, 0);
  const speedUp = naive.seconds / ours.seconds;
  const p = NETWORK_PROFILE;
  const how = `How measured: ${photos.length} generated 4000x3000 JPEG photos (sharp: a gradient with per-pixel gaussian noise), ${mb(Math.min(...sizes))} to ${mb(Math.max(...sizes))} each, ${mb(total)} in all, sent through the quote flow on the local stack in headless chromium (Playwright) with the network emulated over the DevTools protocol (\`Network.emulateNetworkConditions\`) as the ${p.name} preset: latency ${p.latencyMs} ms, download ${((p.downloadBytesPerSecond * 8) / 1e6).toFixed(2)} Mbit/s (${p.downloadBytesPerSecond} B/s), upload ${((p.uploadBytesPerSecond * 8) / 1e6).toFixed(2)} Mbit/s (${p.uploadBytesPerSecond} B/s). *Ours*: the real form on the home page, filled, the ten files set on its photo input, timed from the click on 'Get My Free Quote' to the 'Quote Request Submitted' dialog (the browser scales photos to 2048 px, then PUTs three at a time). *Naive*: in the same browser and conditions, presigned URLs requested for the original sizes, each original PUT with \`fetch\` one after another, then the booking call; timed from the first request to the booking's answer. Bytes uploaded are the sum of the PUT requests' Content-Length. One run of each.`;
  const row = (name: string, what: string, flow: typeof ours) => [
    name,
    what,
    `${flow.puts}`,
    `${mb(flow.uploadedBytes)} (${flow.uploadedBytes} B)`,
    `${flow.firstPutSeconds.toFixed(1)} s`,
    `**${flow.seconds.toFixed(1)} s**`,
  ];
  return [
    title,
    how,
    table(
      ['flow', 'what is uploaded', 'PUTs', 'bytes uploaded', 'first PUT after', 'submit → success'],
      [
        row('ours', 'downscaled JPEGs, 3 at a time', ours),
        row('naive', 'originals, one after another', naive),
      ],
    ),
    table(
      ['budget', 'value', 'result'],
      [
        [
          'ours at least 5x faster than naive',
          `${speedUp.toFixed(1)}x`,
          speedUp >= 5 ? 'pass' : '**fail**',
        ],
      ],
    ),
    `Ours sent ${((ours.uploadedBytes / naive.uploadedBytes) * 100).toFixed(0)}% of the naive flow's bytes. The naive flow's last PUT started ${naive.lastPutSeconds.toFixed(0)} s after its submit; presigned URLs expire after ${LIMITS.uploadUrlExpirySeconds} s, so on a slower uplink it fails outright. ${took(outcome)}`,
  ].join('\n\n');
}

function functionsSection(outcome: Outcome<FunctionResult[]>): string {
  const title = '## 3. Lambda functions (bundle size, cold import)';
  if (!outcome.ok) return `${title}\n\n${failed(outcome.error)}`;
  const how = `How measured: each handler bundled with esbuild using the CDK stack's options (\`infra/api.ts\`: ESM, target node24, platform node, minified, external source map without sources, AWS SDK bundled, no externals, main fields module/main, the createRequire banner); the size is the minified \`index.mjs\` (the source map ships beside it). Cold import: a fresh \`node\` process (the Node.js above; Lambda runs Node.js 24 on arm64) with the function's environment (placeholder BUCKET_NAME, PUBLIC_BASE_URL, SENDER_ADDRESS, OPERATIONS_ADDRESS, AWS_REGION, and the stack's NODE_OPTIONS=--enable-source-maps) times \`await import(bundle)\` with \`performance.now()\`; median of ${IMPORT_RUNS} processes.`;
  const rows = outcome.value.map((f) => [
    f.name,
    `${f.bundleBytes} B (${kb(f.bundleBytes)}) ${mark(f.bundleBytes <= 300 * 1024)}`,
    kb(f.sourceMapBytes),
    `${f.importMs.median.toFixed(0)} ms ${mark(f.importMs.median <= 150)}`,
    `${f.importMs.min.toFixed(0)}–${f.importMs.max.toFixed(0)} ms`,
    f.largestInputs.map((input) => `${input.name} ${kb(input.bytes)}`).join(', '),
  ]);
  const fails = outcome.value.flatMap((f) => [
    ...(f.bundleBytes > 300 * 1024 ? [`${f.name} bundle`] : []),
    ...(f.importMs.median > 150 ? [`${f.name} import`] : []),
  ]);
  return [
    title,
    how,
    table(
      [
        'function',
        'bundle (budget ≤ 300 KB)',
        'source map',
        `cold import, median (budget ≤ 150 ms)`,
        'min–max',
        'largest parts of the bundle',
      ],
      rows,
    ),
    `Budgets: ${fails.length === 0 ? 'pass' : `**fail** (${fails.join(', ')})`}. ${took(outcome)}`,
  ].join('\n\n');
}

export function renderReport(report: Report): string {
  const { machine } = report;
  const rebuilt =
    report.builds.length > 1
      ? `\n\n**Warning: build/client was rebuilt during the run (${report.builds.join(' → ')}); sections may have measured different builds.**`
      : '';
  return [
    '# Benchmarks',
    `Written by \`npm run bench\` (\`scripts/bench/run.ts\`) on ${report.date.toISOString().replace('T', ' ').slice(0, 16)} UTC; the whole run took ${minutes(report.totalSeconds)}. Budgets that fail are marked ✗ / **fail**. KB and MB are binary (1 KB = 1024 bytes).${rebuilt}`,
    table(
      ['machine', ''],
      [
        ['CPUs (`nproc`)', `${machine.nproc} × ${machine.cpu}`],
        ['memory', `${machine.memoryGb.toFixed(1)} GB`],
        ['Node.js', machine.node],
        ['Chromium', machine.chromium],
        [
          'load average (1 min), start / end',
          machine.loadAverage.map((l) => l.toFixed(2)).join(' / '),
        ],
        [
          'build measured',
          `\`build/client\` written ${report.builds[0] ?? '(none: the build failed)'}`,
        ],
      ],
    ),
    pagesSection(report.pages),
    uploadsSection(report.uploads),
    functionsSection(report.functions),
  ].join('\n\n');
}
