// How the handlers are bundled, for the stack (infra/api-function.ts) and the benchmark alike, so
// the bundle measured is the bundle deployed (hence no aws-cdk import).
const SHIPPED_BESIDE: string[] = ['zipcodes'];

export const LAMBDA_BUNDLE = {
  format: 'esm',
  target: 'node24',
  minify: true,
  sourceMap: true,
  sourcesContent: false,
  // The AWS SDK v3 is bundled, not taken from the runtime: the versions in package-lock.json are
  // the versions that run, and tree-shaking drops what the handlers do not use. Only what is
  // shipped beside the bundle stays out of it.
  external: SHIPPED_BESIDE,
  /**
   * Packages left out of the bundle and copied, as installed, into the asset's node_modules/ of
   * each function whose bundle imports them: the ZIP dataset (5 MB of JavaScript) is imported
   * only when a hauler's coverage is computed. Bundled, even behind that dynamic import, V8 had
   * to scan it on every cold start of every hauler function (about 400 ms of a 560 to 730 ms
   * import, docs/benchmarks.md section 3).
   */
  shippedBeside: SHIPPED_BESIDE,
  mainFields: ['module', 'main'],
  // Some CommonJS dependencies call require() for Node built-ins; an ESM bundle has none.
  banner:
    "import { createRequire as __bulkTrashCreateRequire } from 'node:module'; const require = __bulkTrashCreateRequire(import.meta.url);",
} as const;

/**
 * The shell command (run by CDK after esbuild, in the project root) that copies `name` from
 * node_modules into the asset when the bundle imports it: an external import stays in the
 * minified bundle as the quoted specifier. Quoted for the POSIX shell CDK runs it in (bash).
 */
export function shipBesideCommand(
  name: string,
  dirs: { nodeModules: string; outputDir: string; node: string },
): string {
  const script = [
    "const fs = require('node:fs'), path = require('node:path');",
    'const [name, from, out] = process.argv.slice(1);',
    "const bundle = fs.readFileSync(path.join(out, 'index.mjs'), 'utf8');",
    'if (bundle.includes(JSON.stringify(name)))',
    "  fs.cpSync(path.join(from, name), path.join(out, 'node_modules', name), { recursive: true });",
  ].join(' ');
  return [dirs.node, '-e', script, name, dirs.nodeModules, dirs.outputDir]
    .map((arg) => `'${arg.replaceAll("'", "'\\''")}'`)
    .join(' ');
}
