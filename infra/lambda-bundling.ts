// How the handlers are bundled, for the stack (infra/api-function.ts) and the benchmark alike, so
// the bundle measured is the bundle deployed (hence no aws-cdk import).
export const LAMBDA_BUNDLE = {
  format: 'esm',
  target: 'node24',
  minify: true,
  sourceMap: true,
  sourcesContent: false,
  // The AWS SDK v3 is bundled, not taken from the runtime: the versions in package-lock.json are
  // the versions that run, and tree-shaking drops what the handlers do not use.
  external: [] as string[],
  mainFields: ['module', 'main'],
  // Some CommonJS dependencies call require() for Node built-ins; an ESM bundle has none.
  banner:
    "import { createRequire as __bulkTrashCreateRequire } from 'node:module'; const require = __bulkTrashCreateRequire(import.meta.url);",
} as const;
