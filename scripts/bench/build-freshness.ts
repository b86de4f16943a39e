/**
 * Whether `build/client` is older than what it is built from. The bench measures whatever build
 * it finds; one left from before a change would be measured as if it were the change (it happened
 * once: a reverted experiment measured in a whole run, caught only by the report's build time).
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** What the client build is made from, relative to the repository's root. */
export const BUILD_INPUTS = [
  'frontend',
  'lambdas/contract',
  'scripts/build',
  'vite.config.ts',
  'react-router.config.ts',
  'tsconfig.json',
  'package-lock.json',
] as const;

const TEST_FILE = /\.test\.tsx?$/;

/** The most recently modified input (tests aside: they are not built), or none if none exists. */
export function newestInput(
  root: string,
  inputs: readonly string[] = BUILD_INPUTS,
): { file: string; mtimeMs: number } | undefined {
  let newest: { file: string; mtimeMs: number } | undefined;
  const visit = (relative: string) => {
    const absolute = path.join(root, relative);
    let stats;
    try {
      stats = statSync(absolute);
    } catch {
      return;
    }
    if (stats.isDirectory()) {
      for (const entry of readdirSync(absolute)) {
        if (entry !== 'node_modules') visit(path.join(relative, entry));
      }
    } else if (!TEST_FILE.test(relative) && (!newest || stats.mtimeMs > newest.mtimeMs)) {
      newest = { file: relative, mtimeMs: stats.mtimeMs };
    }
  };
  for (const input of inputs) visit(input);
  return newest;
}

/** Why the build at `indexHtml` must be made again, or undefined when it is newer than its inputs. */
export function rebuildReason(root: string, indexHtml: string): string | undefined {
  if (!existsSync(indexHtml)) return `${path.relative(root, indexHtml)} is missing`;
  const newest = newestInput(root);
  if (newest !== undefined && newest.mtimeMs > statSync(indexHtml).mtimeMs) {
    return `${path.relative(root, indexHtml)} is older than ${newest.file}`;
  }
  return undefined;
}
