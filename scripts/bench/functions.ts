/**
 * Section 3: each Lambda bundled the way the CDK stack bundles it, then its minified size and the
 * time a fresh Node process takes to import it (what a cold start pays before the first request).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { type BuildOptions, build } from 'esbuild';
import { REPO_ROOT } from './processes';
import { median } from './stats';
import { LAMBDA_BUNDLE } from '../../infra/lambda-bundling';
import { FUNCTION_NAMES } from '#contract/core/api';
import { environmentOf } from '#contract/core/env';

export const IMPORT_RUNS = 10;

export const FUNCTIONS = FUNCTION_NAMES.map((name) => ({
  name,
  entry: `lambdas/${name}/handler.ts`,
}));

/** The stack's bundling (infra/lambda-bundling.ts) as esbuild options. */
export const LAMBDA_BUNDLING: BuildOptions = {
  bundle: true,
  platform: 'node',
  format: LAMBDA_BUNDLE.format,
  target: LAMBDA_BUNDLE.target,
  minify: LAMBDA_BUNDLE.minify,
  sourcemap: LAMBDA_BUNDLE.sourceMap,
  sourcesContent: LAMBDA_BUNDLE.sourcesContent,
  external: LAMBDA_BUNDLE.external,
  mainFields: [...LAMBDA_BUNDLE.mainFields],
  banner: { js: LAMBDA_BUNDLE.banner },
};

// What the handlers read at import, with placeholder values, by the contract's names; NODE_OPTIONS
// is the stack's too (source-map support costs import time).
const FUNCTION_ENV = {
  AWS_REGION: 'us-east-1',
  NODE_OPTIONS: '--enable-source-maps',
  ...environmentOf({
    bucketName: 'quote-photos-bench',
    publicBaseUrl: 'https://bulktrashpickup.example',
    senderAddress: 'quotes@bulktrashpickup.example',
    operationsAddress: 'operations@bulktrashpickup.example',
    leadsTable: 'bench-leads',
    linkSecretArn: 'arn:aws:secretsmanager:us-east-1:123456789012:secret:bench-link-secret',
    stripeSecretKeyArn: 'arn:aws:secretsmanager:us-east-1:123456789012:secret:bench-stripe-key',
    stripeWebhookSecretArn:
      'arn:aws:secretsmanager:us-east-1:123456789012:secret:bench-stripe-webhook-secret',
  }),
};

/** Child program: time the dynamic import alone (process start-up is the same for any code). */
const IMPORT_TIMER = `
const started = performance.now();
await import(process.argv[1]);
console.log(JSON.stringify({ ms: performance.now() - started }));
`;

export interface FunctionResult {
  name: string;
  bundleBytes: number;
  sourceMapBytes: number;
  importMs: { median: number; min: number; max: number };
  /** The biggest packages (or source folders) in the minified output: where to cut first. */
  largestInputs: { name: string; bytes: number }[];
  /** Packages the stack copies beside this bundle (imported only when needed), with their bytes. */
  shippedBeside: { name: string; bytes: number }[];
}

/** Bytes of every file under `dir`. */
async function folderBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return total;
}

/** What the stack copies beside this bundle: the shipped packages esbuild left as its imports. */
async function shippedBeside(
  imports: readonly { path: string; external?: boolean }[],
): Promise<{ name: string; bytes: number }[]> {
  const shipped = LAMBDA_BUNDLE.shippedBeside.filter((name) =>
    imports.some((entry) => entry.external === true && entry.path === name),
  );
  return Promise.all(
    shipped.map(async (name) => ({
      name,
      bytes: await folderBytes(path.join(REPO_ROOT, 'node_modules', name)),
    })),
  );
}

/** Bytes in the output per npm package (node_modules/…) or per source folder (lambdas/…). */
function largestInputs(inputs: Record<string, { bytesInOutput: number }>, count = 3) {
  const byName = new Map<string, number>();
  for (const [file, { bytesInOutput }] of Object.entries(inputs)) {
    const name = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1] ?? path.dirname(file);
    byName.set(name, (byName.get(name) ?? 0) + bytesInOutput);
  }
  return [...byName]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, bytes]) => ({ name, bytes }));
}

async function importTime(bundleUrl: string): Promise<number> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--input-type=module', '-e', IMPORT_TIMER, bundleUrl],
    // Only what Lambda would set: nothing of this process's environment leaks in.
    { env: { PATH: process.env.PATH ?? '', ...FUNCTION_ENV } },
  );
  return (JSON.parse(stdout) as { ms: number }).ms;
}

export async function measureFunctions(): Promise<FunctionResult[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-lambdas-'));
  try {
    const results: FunctionResult[] = [];
    for (const fn of FUNCTIONS) {
      const outfile = path.join(dir, fn.name, 'index.mjs');
      const { metafile } = await build({
        ...LAMBDA_BUNDLING,
        absWorkingDir: REPO_ROOT,
        entryPoints: [fn.entry],
        outfile,
        metafile: true,
        logLevel: 'error',
      });
      // The one output with an entry point is the bundle (the other is its source map).
      const bundle = Object.values(metafile.outputs).find((output) => output.entryPoint)!;
      const times: number[] = [];
      for (let run = 0; run < IMPORT_RUNS; run += 1) {
        times.push(await importTime(pathToFileURL(outfile).href));
      }
      results.push({
        name: fn.name,
        bundleBytes: (await stat(outfile)).size,
        sourceMapBytes: (await stat(`${outfile}.map`)).size,
        importMs: { median: median(times), min: Math.min(...times), max: Math.max(...times) },
        largestInputs: largestInputs(bundle.inputs),
        shippedBeside: await shippedBeside(bundle.imports),
      });
    }
    return results;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
