/** Section 1 of docs/benchmarks.md: the pages (Lighthouse), their budgets and the machine's state. */
import type { Measured, PagesResult } from './pages';
import type { LcpBreakdown, PageMetrics } from './pages-lighthouse';
import { MACHINE_LIMITS, SIMULATED_PHONE } from './machine';
import { RUNS } from './pages';
import { type Outcome, failed, kb, mark, sec, table, took } from './report-format';
import { FLOOR_PATH } from './floor-page';

interface Budget {
  label: string;
  /**
   * The figure as shown, and whether it meets the budget, for one page; `undefined` when the
   * budget does not apply to that page (shown, not judged).
   */
  check: (page: PagesResult['pages'][number]) => [string, boolean | undefined];
  /**
   * A CPU-bound figure (main-thread work, TBT, the performance score): on a machine too busy or
   * too slow to judge (machine.ts) it is shown and marked "not judged", never passed or failed.
   */
  cpuBound?: true;
}

/** Held on indexable pages only: the not-found page answers 404 with noindex on purpose. */
const indexable =
  (check: (page: PagesResult['pages'][number]) => [string, boolean]) =>
  (page: PagesResult['pages'][number]): [string, boolean | undefined] => {
    const [value, pass] = check(page);
    return [value, page.spec.indexable ? pass : undefined];
  };

/** Held where the page has a first-load JS budget (state, Arizona, city, blog; home with the form). */
const jsBudget =
  (bytes: (page: PagesResult['pages'][number]) => number) =>
  (page: PagesResult['pages'][number]): [string, boolean | undefined] => {
    const value = bytes(page);
    const budget = page.spec.jsBudgetKb;
    return [kb(value), budget === undefined ? undefined : value <= budget * 1024];
  };

export const FCP_BUDGET_MS = 1000;
export const LCP_BUDGET_MS = 1200;

const BUDGETS: Budget[] = [
  {
    label: 'Performance = 100 (indexable pages)',
    check: indexable((p) => [`${p.median.performance}`, p.median.performance === 100]),
    cpuBound: true,
  },
  {
    label: 'Accessibility = 100',
    check: (p) => [`${p.median.accessibility}`, p.median.accessibility === 100],
  },
  {
    label: 'Best practices = 100 (indexable pages)',
    check: indexable((p) => [`${p.median.bestPractices}`, p.median.bestPractices === 100]),
  },
  {
    label: 'SEO = 100 (indexable pages)',
    check: indexable((p) => [`${p.median.seo}`, p.median.seo === 100]),
  },
  // In ms: at two decimals of a second, 1004 ms would read as a failing "1.00 s".
  {
    label: `FCP ≤ ${FCP_BUDGET_MS} ms (indexable pages)`,
    check: indexable((p) => [`${p.median.fcpMs.toFixed(0)} ms`, p.median.fcpMs <= FCP_BUDGET_MS]),
  },
  {
    label: `LCP ≤ ${LCP_BUDGET_MS} ms (indexable pages)`,
    check: indexable((p) => [`${p.median.lcpMs.toFixed(0)} ms`, p.median.lcpMs <= LCP_BUDGET_MS]),
  },
  { label: 'CLS ≤ 0.01', check: (p) => [p.median.cls.toFixed(3), p.median.cls <= 0.01] },
  {
    label: 'TBT ≤ 50 ms',
    check: (p) => [`${p.median.tbtMs.toFixed(0)} ms`, p.median.tbtMs <= 50],
    cpuBound: true,
  },
  {
    label:
      "Main-thread work at the class's 4x ≤ 1.2 s (app pages: home, haulers, signed link, 404), ≤ 0.6 s (content pages)",
    check: (p) => [sec(p.median.mainThreadMs), p.median.mainThreadMs <= p.spec.mainThreadBudgetMs],
    cpuBound: true,
  },
  {
    label: 'JS transferred (Lighthouse, brotli + headers) ≤ 110 KB, home ≤ 160 KB',
    check: jsBudget((p) => p.median.jsBytes),
  },
  {
    label: 'First-load JS, brotli (first-load-js.ts) ≤ 110 KB, home ≤ 160 KB',
    check: jsBudget((p) => p.firstLoad.brotli),
  },
  {
    label: 'First-load JS, gzip (first-load-js.ts) ≤ 110 KB, home ≤ 160 KB',
    check: jsBudget((p) => p.firstLoad.gzip),
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
    sec(m.mainThreadMs),
    kb(m.jsBytes),
    `${kb(m.totalBytes)} / ${m.totalRequests}`,
  ];
}

/** The machine beside a page's figures: median benchmark index, other work and load of its runs. */
function machineCells({ conditions, verdict }: Measured): string[] {
  return [
    `${Math.round(conditions.benchmarkIndex)}`,
    Number.isNaN(conditions.otherWork) ? '–' : `${Math.round(conditions.otherWork * 100)} %`,
    `${conditions.loadAverage.toFixed(2)} / ${conditions.cores}`,
    verdict.judged ? 'judged' : `**not judged**: ${verdict.reason}`,
  ];
}

/** Lighthouse's task groups, largest first on the home page; any others after them. */
const GROUPS = [
  'Script Evaluation',
  'Other',
  'Style & Layout',
  'Parse HTML & CSS',
  'Rendering',
  'Script Parsing & Compilation',
  'Garbage Collection',
];

function breakdownCells(m: Measured): string[] {
  const ms = (value: number | undefined) => `${(value ?? 0).toFixed(0)} ms`;
  return [
    ...GROUPS.map((group) => ms(m.breakdown[group])),
    `**${sec(m.median.mainThreadMs)}**`,
    sec(m.median.mainThreadCpuMs),
  ];
}

/** The same pages of the earlier build beside this one's, when the bench was given one. */
function beforeAfter(result: PagesResult): string[] {
  if (!result.before) return [];
  const rows: string[][] = [];
  for (const page of result.pages) {
    const before = result.before.pages[page.spec.name];
    if (!before) continue;
    const pair = (figure: (m: Measured) => string) => `${figure(before)} → ${figure(page)}`;
    rows.push([
      page.spec.name,
      pair((m) => sec(m.median.mainThreadMs)),
      pair((m) => sec(m.median.mainThreadCpuMs)),
      pair((m) => sec(m.median.bootupMs)),
      pair((m) => `${m.median.tbtMs.toFixed(0)} ms`),
      pair((m) => `${m.median.performance}`),
      pair((m) => sec(m.median.lcpMs)),
      pair((m) => `${Math.round(m.conditions.benchmarkIndex)}`),
      pair((m) =>
        Number.isNaN(m.conditions.otherWork)
          ? '–'
          : `${Math.round(m.conditions.otherWork * 100)} %`,
      ),
      pair((m) => m.conditions.loadAverage.toFixed(2)),
    ]);
  }
  return [
    `### Before and after, in this run\n\nThe same pages from ${result.before.label}, built once by \`scripts/bench/before-build.ts\` and served beside this build by \`scripts/bench/build-server.ts\` (same static handler and headers), taken in the same rounds, so both ran on the same machine at the same moments. Medians of ${RUNS} runs each; before → after.`,
    table(
      [
        'page',
        'main-thread work',
        'its CPU time',
        'script (bootup-time)',
        'TBT',
        'perf.',
        'LCP',
        'benchmark index',
        'other work',
        'load (1 min)',
      ],
      rows,
    ),
    '',
  ].filter(Boolean);
}

/** The phases of the largest-contentful-paint-element audit, in order. */
const LCP_PHASES = ['TTFB', 'Load Delay', 'Load Time', 'Render Delay'];

export function pagesSection(outcome: Outcome<PagesResult>): string {
  const title = '## 1. Pages (Lighthouse, mobile)';
  if (!outcome.ok) return `${title}\n\n${failed(outcome)}`;
  const { calibration, settings, pages, shell, floor, warnings } = outcome.value;
  const slowdown = `${calibration.slowdown}x`;
  const { slowdownOnClass, classBenchmarkIndex, classBenchmarkIndexes } = SIMULATED_PHONE;
  const index = (value: number) => Math.round(value).toLocaleString('en-US');
  const calibrated = `The CPU slowdown is calibrated to the machine, so that every run simulates the same phone (\`calibratedSlowdown\` in \`scripts/bench/machine.ts\`, Lighthouse's own advice in its docs/throttling.md): the budgets were set at ${slowdownOnClass}x on machines of benchmark index ${index(classBenchmarkIndexes.low)} to ${index(classBenchmarkIndexes.high)}, so a run on a faster machine uses ${slowdownOnClass}x its index / ${index(classBenchmarkIndex)}, never less than ${slowdownOnClass}x. This run: benchmark index ${calibration.benchmarkIndexes.map(index).join(', ')} in ${calibration.benchmarkIndexes.length} runs of the empty page before the rounds, median ${index(calibration.benchmarkIndex)}, so **${slowdown}** for every page of both builds. A page whose runs' median index strays more than ${Math.round(MACHINE_LIMITS.maxCalibrationDrift * 100)} % from the calibration is not judged.`;
  const home = pages.find((p) => p.spec.name === 'home')!;
  const how = `How measured: Lighthouse ${settings.version} from Node (\`lighthouse\` with \`chrome-launcher\`, Debian's chromium, headless) in its default configuration but for the CPU slowdown: form factor ${settings.formFactor}, screen ${settings.screen}, ${settings.throttlingMethod} throttling (RTT ${settings.rttMs} ms, ${(settings.throughputKbps / 1024).toFixed(2)} Mbit/s down, CPU slowdown ${settings.cpuSlowdownMultiplier}x). The pages come from the local stack (\`scripts/local/server.ts\`, the production build with precompressed brotli/gzip and the production security headers). ${RUNS} runs per page, taken in rounds over all pages; each figure is the median of its own ${RUNS} values. JS and total are compressed transfer sizes from Lighthouse's resource-summary audit (everything the page loaded, headers included); first-load JS is \`first-load-js.ts\`: every module the HTML preloads or imports (now after the load event, \`scripts/build/critical-path.ts\`), compressed offline. Total / requests: everything the first visit loaded, and how many requests (the cost model's figures per page view). The baseline is the same home page as a client-rendered shell: React Router's SPA fallback (\`__spa-fallback.html\`, no pre-rendered content) served at \`/\` by \`scripts/bench/build-server.ts\`, which serves everything else exactly like the local stack. Main-thread work is Lighthouse's mainthread-work-breakdown audit and script its bootup-time audit, both already multiplied by the CPU slowdown. Beside every page: the median of its runs' Lighthouse benchmark index (\`lhr.environment.benchmarkIndex\`, a CPU micro-benchmark Lighthouse runs before each page), of the other work on the machine (the share of all cores' time not idle over the second before each run, from \`/proc/stat\`, while the bench itself waits) and of the load average (1 min, \`os.loadavg\`, read before each run; shown, not judged: it counts the bench's own previous runs) over the core count. CPU-bound budgets (performance, TBT, main-thread work) are not judged on a page whose runs had other work above ${Math.round(MACHINE_LIMITS.maxOtherWorkShare * 100)} % of the machine or a benchmark index under ${MACHINE_LIMITS.minBenchmarkIndex} (\`scripts/bench/machine.ts\` says why). ${calibrated}`;

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
    'main thread',
    'JS',
    'total / requests',
    'first-load JS br / gz',
    'benchmark index',
    'other work',
    'load / cores',
    'machine',
  ];
  const rows = pages.map((p) => [
    p.spec.name,
    `\`${p.spec.path}\``,
    ...metricCells(p.median),
    `${kb(p.firstLoad.brotli)} / ${kb(p.firstLoad.gzip)}`,
    ...machineCells(p),
  ]);
  rows.push([
    'home, client-rendered shell (baseline)',
    '`/` (SPA fallback)',
    ...metricCells(shell.median),
    '',
    ...machineCells(shell),
  ]);
  rows.push([
    "the machine's floor: an empty page",
    `\`${FLOOR_PATH}\``,
    ...metricCells(floor.median),
    '',
    ...machineCells(floor),
  ]);
  const breakdownRows = [
    ...pages.map((p) => [p.spec.name, ...breakdownCells(p)]),
    ['home, client-rendered shell', ...breakdownCells(shell)],
    ["the machine's floor: an empty page", ...breakdownCells(floor)],
  ];

  const phaseCells = (lcp: LcpBreakdown) =>
    LCP_PHASES.map((phase) => (phase in lcp.phases ? `${lcp.phases[phase]!.toFixed(0)} ms` : '–'));
  const lcpRows = [
    ...pages.map((p) => [p.spec.name, `\`${p.lcp.element}\``, ...phaseCells(p.lcp)]),
    ['home, client-rendered shell', `\`${shell.lcp.element}\``, ...phaseCells(shell.lcp)],
  ];

  const budgetRows = BUDGETS.map((budget) => {
    const unjudged = (p: (typeof pages)[number]) => budget.cpuBound && !p.verdict.judged;
    const checks = pages.map((p) => {
      const [value, pass] = budget.check(p);
      return [value, unjudged(p) && pass !== undefined ? null : pass] as const;
    });
    const failing = pages.filter((_, i) => checks[i]![1] === false).map((p) => p.spec.name);
    const notJudged = pages.filter((_, i) => checks[i]![1] === null).map((p) => p.spec.name);
    const result = [
      failing.length > 0 ? `**fail** (${failing.join(', ')})` : notJudged.length ? '' : 'pass',
      notJudged.length > 0 ? `not judged: machine (${notJudged.join(', ')})` : '',
    ].filter(Boolean);
    return [
      budget.label,
      ...checks.map(([value, pass]) =>
        pass === undefined ? `${value} –` : pass === null ? `${value} ○` : `${value} ${mark(pass)}`,
      ),
      result.join('; '),
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
    `Where each page's main thread goes at ${slowdown} (Lighthouse's mainthread-work-breakdown by task group, each the median of its runs; "Other" is the browser's own work in a task that no traced event accounts for: committing the navigation, the HTML parser's and the loader's tasks, module loading):`,
    table(['page', ...GROUPS, 'total', 'its CPU time'], breakdownRows),
    `Its CPU time (\`scripts/bench/main-thread-cpu.ts\`) is the same tasks counted by the main thread's own clock instead of the wall clock, times ${calibration.slowdown}: on a busy machine the thread waits for a core inside its tasks, which the total counts and the CPU time does not. It is the figure to compare between runs taken under different loads; the budgets are held on the total, as Lighthouse reports it.`,
    `The machine's floor is \`scripts/bench/floor-page.ts\`: two lines of text, with no stylesheet, script or image and nothing to scroll. What it costs (${sec(floor.median.mainThreadMs)} of main-thread work at ${slowdown} in this run, ${sec(floor.median.mainThreadCpuMs)} of CPU time) is the browser's own work for any navigation on this machine, with Lighthouse tracing it, and is inside every page's figure: ${[
      ...new Set(pages.map((p) => p.spec.mainThreadBudgetMs)),
    ]
      .sort((a, b) => a - b)
      .map(
        (budget) =>
          `a budget of ${sec(budget)} leaves the page itself ${sec(Math.max(0, budget - floor.median.mainThreadMs))}`,
      )
      .join(', ')}.`,
    ...beforeAfter(outcome.value),
    '### Budgets',
    table(['budget', ...pages.map((p) => p.spec.name), 'result'], budgetRows),
    'TBT (and with it the performance score) is the CPU-bound figure: Lighthouse multiplies the main-thread tasks it observed by its CPU slowdown, so other work on the machine (the other work beside each page above) inflates it; the cold imports of section 3, CPU-bound as well, show how much slower than a quiet machine (about 90 ms) this run was.',
    'A ○ marks a CPU-bound figure taken on a machine too busy or too slow to judge (its reason in the table above): shown, neither passed nor failed. A – marks a figure shown but not judged. The not-found page is meant to answer 404 and to be noindex, so the SEO audits for the status code and for indexability cannot pass there, and Chrome logs a console error for any document answered with 404 (best practices); the page behind a signed link is noindex too: the performance, best-practices and SEO budgets (and FCP, LCP) are held on the indexable pages only, TBT and main-thread work on every page. The first-load JS budgets hold for the home page (with the quote form), the haulers page (with the application form) and the state, Arizona, city and blog pages.',
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
