/**
 * `npm run bench`: pages (Lighthouse), photo uploads (quote flow over 4G), Lambda functions
 * (bundle size, cold import), a load test of the API (autocannon) with the cost model, the
 * hauler coverage lookup among 10,000 haulers, an offer round's matching among 1,000, the offer
 * job's minute with 1,000 requests due among 10,000 haulers (scripts/bench/scale/) and the money
 * job with 1,000 holds due, printed
 * as Markdown and written to docs/benchmarks.md (above its hand-kept history: report-history.ts).
 *
 * `npm run bench -- --only load` (or `--only pages,uploads`) runs some sections and prints them,
 * without writing docs/benchmarks.md, which always holds one whole run.
 *
 * `npm run bench -- --before main` (any git ref) builds that commit once (before-build.ts) and
 * measures its pages beside the current build's in the same run: before and after on the same
 * machine at the same moments.
 *
 * Runs on its own ports (BENCH_PORT, BENCH_SHELL_PORT, BENCH_BEFORE_PORT, BENCH_S3_PORT,
 * BENCH_SES_PORT, BENCH_DYNAMO_PORT, BENCH_COVERAGE_DYNAMO_PORT, BENCH_OFFERS_DYNAMO_PORT,
 * BENCH_MINUTE_DYNAMO_PORT, BENCH_MINUTE_SES_PORT, BENCH_MONEY_DYNAMO_PORT; defaults
 * below) and data directory so it does not meet `npm start` or the end-to-end tests. A section
 * that fails is reported as failed; the others are still measured and written. Exits 1 if a section failed, 0 otherwise (budgets that
 * fail are findings, not errors).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { stripVTControlCharacters } from 'node:util';
import prettier from 'prettier';
import { chromiumVersion } from '../chromium';
import { beforeBuild } from './before-build';
import { rebuildReason } from './build-freshness';
import { measureCoverage } from './coverage';
import { measureFunctions } from './functions';
import { measureLoad, serverLeadTable } from './load';
import { measureMoney } from './money';
import { measureOffers } from './offers';
import { measureCallCosts } from './scale/call-costs';
import { BURST_BENCH, burstProblems, runBurst } from './scale/burst';
import { localLinkSecret } from '../local/link-secret';
import { measureOfferMinute, offerMinuteProblems } from './scale/offer-minute';
import { measurePages } from './pages';
import { quotedRequestLink } from './quoted-request';
import { REPO_ROOT, type ServerProcess, startServerProcess } from './processes';
import { type Outcome, renderReport } from './report';
import { withHistory } from './report-history';
import { measureUploads } from './uploads';

const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const PORTS = {
  site: port('BENCH_PORT', 3400),
  shell: port('BENCH_SHELL_PORT', 3401),
  before: port('BENCH_BEFORE_PORT', 3402),
  s3: port('BENCH_S3_PORT', 4870),
  ses: port('BENCH_SES_PORT', 8405),
  dynamo: port('BENCH_DYNAMO_PORT', 5870),
  coverageDynamo: port('BENCH_COVERAGE_DYNAMO_PORT', 5871),
  offersDynamo: port('BENCH_OFFERS_DYNAMO_PORT', 5872),
  minuteDynamo: port('BENCH_MINUTE_DYNAMO_PORT', 5873),
  minuteSes: port('BENCH_MINUTE_SES_PORT', 8406),
  stripe: port('BENCH_STRIPE_PORT', 4871),
  moneyDynamo: port('BENCH_MONEY_DYNAMO_PORT', 5874),
};
const SECTIONS = [
  'pages',
  'uploads',
  'functions',
  'load',
  'coverage',
  'offers',
  'minute',
  'calls',
  'burst',
  'money',
] as const;
type SectionName = (typeof SECTIONS)[number];

/** `--only a,b` (or `--only=a,b`): the sections to run; all of them without it. */
function selectedSections(argv: readonly string[]): Set<SectionName> {
  const at = argv.findIndex((arg) => arg === '--only' || arg.startsWith('--only='));
  if (at === -1) return new Set(SECTIONS);
  const value = argv[at]!.includes('=') ? argv[at]!.split('=')[1]! : (argv[at + 1] ?? '');
  const names = value.split(',').filter(Boolean);
  const unknown = names.filter((name) => !SECTIONS.includes(name as SectionName));
  if (names.length === 0 || unknown.length > 0) {
    throw new Error(`--only takes some of ${SECTIONS.join(', ')}; got "${value}"`);
  }
  return new Set(names as SectionName[]);
}
const only = selectedSections(process.argv.slice(2));

/** `--before REF` (or `--before=REF`): the earlier build to measure the pages beside. */
function beforeRef(argv: readonly string[]): string | undefined {
  const at = argv.findIndex((arg) => arg === '--before' || arg.startsWith('--before='));
  if (at === -1) return undefined;
  const value = argv[at]!.includes('=') ? argv[at]!.split('=')[1]! : (argv[at + 1] ?? '');
  if (!value || value.startsWith('--')) throw new Error('--before takes a git ref, e.g. main');
  return value;
}
const before = beforeRef(process.argv.slice(2));
const SITE_ORIGIN = `http://localhost:${PORTS.site}`;
const SHELL_ORIGIN = `http://localhost:${PORTS.shell}`;
const BEFORE_ORIGIN = `http://localhost:${PORTS.before}`;
const DATA_DIR = path.join(REPO_ROOT, '.local/bench');
/** The servers' output (stdout and stderr), a file per script and port, kept after the run. */
const LOG_DIR = path.join(REPO_ROOT, '.local/bench-logs');
const INDEX_HTML = path.join(REPO_ROOT, 'build/client/index.html');
const REPORT_FILE = path.join(REPO_ROOT, 'docs/benchmarks.md');

/** When the build's home page was written: a second value means someone rebuilt meanwhile. */
const builds = new Set<string>();
function noteBuild() {
  if (existsSync(INDEX_HTML)) {
    builds.add(`${statSync(INDEX_HTML).mtime.toISOString().replace('T', ' ').slice(0, 19)} UTC`);
  }
}

/**
 * On a fresh clone there is no build yet, and after a change the one there is stale: the bench
 * makes one then (it never installs anything), so that it measures the tree as it is.
 */
function ensureBuild() {
  const reason = rebuildReason(REPO_ROOT, INDEX_HTML);
  if (reason !== undefined) {
    console.log(`${reason}: npm run build`);
    const result = spawnSync('npm', ['run', 'build'], { cwd: REPO_ROOT, stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`npm run build failed (exit ${result.status})`);
  }
  noteBuild();
}

async function section<T>(
  key: SectionName,
  name: string,
  run: () => Promise<T>,
): Promise<Outcome<T>> {
  if (!only.has(key)) return { ok: false, skipped: true, error: 'not run (--only)' };
  console.log(`\n== ${name}`);
  const started = performance.now();
  try {
    const value = await run();
    return { ok: true, value, seconds: (performance.now() - started) / 1000 };
  } catch (error) {
    const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
    // Playwright colours its call logs; the report is plain Markdown.
    const message = stripVTControlCharacters(text);
    console.error(`${name} failed:\n${message}`);
    return { ok: false, error: message };
  }
}

/**
 * Starts a server for one section and always stops it. A section gets a fresh local stack of its
 * own, so a server that died under one section does not fail the next. If the server died, its
 * last words are added to the error: they are the likely cause.
 */
async function withServer<T>(
  options: Parameters<typeof startServerProcess>[0],
  run: (server: ServerProcess) => Promise<T>,
): Promise<T> {
  const server: ServerProcess = await startServerProcess({
    ...options,
    logFile: path.join(LOG_DIR, `${path.basename(options.script, '.ts')}-${options.env.PORT}.log`),
  });
  try {
    return await run(server);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const tail = server.stderrTail();
    // A server still running can have logged why a request went wrong (a failed write, a timeout).
    const words = server.running()
      ? tail === ''
        ? `${options.script} logged nothing to stderr.`
        : `${options.script}'s last lines on stderr (all of them in ${path.relative(REPO_ROOT, server.logFile!)}):\n${tail}`
      : `${options.script} had exited (${server.ended()}):\n${tail}`;
    throw new Error(`${message}\n\n${words}`, { cause: error });
  } finally {
    await server.close();
  }
}

async function withLocalStack<T>(
  run: (server: ServerProcess) => Promise<T>,
  env: Record<string, string> = {},
): Promise<T> {
  ensureBuild();
  return await withServer(
    {
      script: 'scripts/local/server.ts',
      env: {
        PORT: String(PORTS.site),
        S3_PORT: String(PORTS.s3),
        SES_PORT: String(PORTS.ses),
        DYNAMO_PORT: String(PORTS.dynamo),
        STRIPE_PORT: String(PORTS.stripe),
        LOCAL_DATA_DIR: path.relative(REPO_ROOT, DATA_DIR),
        ...env,
      },
      readyUrl: `${SITE_ORIGIN}/`,
    },
    run,
  );
}

/** The local stack as the sections that write to it see it (withLocalStack starts it). */
const localStack = {
  siteOrigin: SITE_ORIGIN,
  dataDir: DATA_DIR,
  dynamoEndpoint: `http://127.0.0.1:${PORTS.dynamo}`,
};

const started = performance.now();
const loadAtStart = os.loadavg()[0]!;
await rm(DATA_DIR, { recursive: true, force: true });
await rm(LOG_DIR, { recursive: true, force: true });

try {
  const uploadOrigin = `http://localhost:${PORTS.s3}`;
  const pages = await section('pages', '1. pages (Lighthouse)', async () => {
    const earlier = before ? beforeBuild(before) : undefined;
    return await withLocalStack(async () => {
      const links = {
        'request with a quote (signed link)': await quotedRequestLink(localStack),
      };
      return await withServer(
        {
          script: 'scripts/bench/build-server.ts',
          env: { PORT: String(PORTS.shell), UPLOAD_ORIGIN: uploadOrigin, SHELL: '1' },
          readyUrl: `${SHELL_ORIGIN}/`,
        },
        () =>
          earlier
            ? withServer(
                {
                  script: 'scripts/bench/build-server.ts',
                  env: {
                    PORT: String(PORTS.before),
                    UPLOAD_ORIGIN: uploadOrigin,
                    CLIENT_DIR: earlier.clientDir,
                  },
                  readyUrl: `${BEFORE_ORIGIN}/`,
                },
                () =>
                  measurePages(
                    SITE_ORIGIN,
                    SHELL_ORIGIN,
                    { label: earlier.label, origin: BEFORE_ORIGIN },
                    links,
                  ),
              )
            : measurePages(SITE_ORIGIN, SHELL_ORIGIN, undefined, links),
      );
    });
  });
  const uploads = await section('uploads', '2. uploads (quote flow over 4G)', () =>
    withLocalStack(() => measureUploads(SITE_ORIGIN)),
  );
  const functions = await section('functions', '3. functions (bundle, cold import)', () =>
    measureFunctions(),
  );
  const load = await section('load', '4. load (API through the local stack)', () =>
    withLocalStack((server) => measureLoad(localStack, server.pid)),
  );
  const coverageEndpoint = `http://127.0.0.1:${PORTS.coverageDynamo}`;
  const coverage = await section('coverage', '6. hauler coverage lookup (10,000 haulers)', () =>
    withServer(
      {
        script: 'scripts/bench/dynamo-server.ts',
        env: { PORT: String(PORTS.coverageDynamo) },
        readyUrl: `${coverageEndpoint}/`,
      },
      () => measureCoverage(coverageEndpoint),
    ),
  );
  const offersEndpoint = `http://127.0.0.1:${PORTS.offersDynamo}`;
  const offers = await section(
    'offers',
    '7. offer matching (1,000 eligible haulers in one ZIP)',
    () =>
      withServer(
        {
          script: 'scripts/bench/dynamo-server.ts',
          env: { PORT: String(PORTS.offersDynamo) },
          readyUrl: `${offersEndpoint}/`,
        },
        () => measureOffers(offersEndpoint),
      ),
  );
  const minuteDynamo = `http://127.0.0.1:${PORTS.minuteDynamo}`;
  const minuteSes = `http://127.0.0.1:${PORTS.minuteSes}`;
  const minute = await section(
    'minute',
    '8. the offer job’s minute (1,000 requests due, 10,000 haulers)',
    () =>
      withServer(
        {
          script: 'scripts/bench/dynamo-server.ts',
          env: { PORT: String(PORTS.minuteDynamo) },
          readyUrl: `${minuteDynamo}/`,
        },
        () =>
          withServer(
            {
              script: 'scripts/bench/scale/ses-server.ts',
              env: { PORT: String(PORTS.minuteSes) },
              readyUrl: `${minuteSes}/store`,
            },
            async () => {
              const result = await measureOfferMinute(minuteDynamo, minuteSes);
              const problems = offerMinuteProblems(result);
              if (problems.length > 0) throw new Error(problems.join('; '));
              return result;
            },
          ),
      ),
  );
  const calls = await section('calls', '9. what each call costs (in process)', () =>
    withLocalStack(() =>
      measureCallCosts({
        ...localStack,
        s3Port: PORTS.s3,
        sesPort: PORTS.ses,
        stripePort: PORTS.stripe,
      }),
    ),
  );
  const burstBookings = Number(process.env.BENCH_BURST_BOOKINGS ?? BURST_BENCH.bookings);
  const burst = await section(
    'burst',
    `10. a burst: ${burstBookings} bookings, SES at 1 a second`,
    () =>
      withLocalStack(
        async () => {
          const result = await runBurst(
            {
              siteOrigin: SITE_ORIGIN,
              sesOrigin: `http://localhost:${PORTS.ses}`,
              table: serverLeadTable(localStack.dynamoEndpoint),
              linkSecret: Buffer.from(localLinkSecret(DATA_DIR), 'utf8'),
              stripeOrigin: `http://127.0.0.1:${PORTS.stripe}`,
            },
            { ...BURST_BENCH, bookings: burstBookings, log: console.log },
          );
          const problems = burstProblems(result);
          if (problems.length > 0) throw new Error(problems.join('; '));
          return result;
        },
        {
          LOCAL_FAULTS: '1',
          SES_MAX_SEND_RATE: String(BURST_BENCH.sesMaxSendRate),
          DYNAMO_IN_MEMORY: '1',
          HAULER_OFFERS_EVERY_MS: '0',
          HAULER_DOCUMENTS_EVERY_MS: '0',
        },
      ),
  );
  const moneyEndpoint = `http://127.0.0.1:${PORTS.moneyDynamo}`;
  const money = await section('money', '11. the money job (1,000 holds due)', () =>
    withServer(
      {
        script: 'scripts/bench/dynamo-server.ts',
        env: { PORT: String(PORTS.moneyDynamo) },
        readyUrl: `${moneyEndpoint}/`,
      },
      () => measureMoney(moneyEndpoint),
    ),
  );
  noteBuild();

  const markdown = renderReport({
    date: new Date(),
    totalSeconds: (performance.now() - started) / 1000,
    machine: {
      nproc: os.availableParallelism(),
      cpu: os.cpus()[0]?.model ?? 'unknown CPU',
      memoryGb: os.totalmem() / 1024 ** 3,
      loadAverage: [loadAtStart, os.loadavg()[0]!],
      node: process.version,
      chromium: chromiumVersion(),
    },
    builds: [...builds],
    pages,
    uploads,
    functions,
    load,
    coverage,
    offers,
    minute,
    calls,
    burst,
    money,
  });
  const formatted = await prettier.format(markdown, {
    ...(await prettier.resolveConfig(REPORT_FILE)),
    parser: 'markdown',
  });
  const whole = only.size === SECTIONS.length;
  if (whole) {
    const previous = await readFile(REPORT_FILE, 'utf8').catch(() => undefined);
    await writeFile(REPORT_FILE, withHistory(formatted, previous));
  }
  console.log(
    `\n${formatted}\n${whole ? `Written to ${path.relative(REPO_ROOT, REPORT_FILE)}.` : `Not written to ${path.relative(REPO_ROOT, REPORT_FILE)}: it holds whole runs only.`}`,
  );
  const outcomes = [pages, uploads, functions, load, coverage, offers, minute, calls, burst, money];
  if (outcomes.some((outcome) => !outcome.ok && !outcome.skipped)) process.exitCode = 1;
} finally {
  // The photos sent to local S3 (about 55 MB a run).
  await rm(DATA_DIR, { recursive: true, force: true });
}
