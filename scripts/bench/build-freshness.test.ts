import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { newestInput, rebuildReason } from './build-freshness';

describe('build freshness', () => {
  let root: string;
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  /** A file under the temporary root, last modified `minutesAgo` minutes ago. */
  function file(relative: string, minutesAgo: number) {
    const absolute = path.join(root, relative);
    mkdirSync(path.dirname(absolute), { recursive: true });
    writeFileSync(absolute, 'x');
    const when = new Date(Date.now() - minutesAgo * 60_000);
    utimesSync(absolute, when, when);
  }

  it('finds the newest input, in any folder depth, leaving tests and node_modules aside', () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'build-freshness-'));
    file('frontend/routes/home.tsx', 30);
    file('frontend/shared/deep/er/paths.ts', 20);
    file('lambdas/contract/loop/quote-loop.ts', 25);
    file('frontend/shared/paths.test.ts', 1);
    file('frontend/node_modules/x/index.js', 1);
    file('lambdas/create-lead/handler.ts', 1);
    expect(newestInput(root)?.file).toBe(path.join('frontend/shared/deep/er/paths.ts'));
  });

  it('asks for a build when there is none, or when an input changed after it', () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'build-freshness-'));
    const indexHtml = path.join(root, 'build/client/index.html');
    file('frontend/routes/home.tsx', 30);
    expect(rebuildReason(root, indexHtml)).toBe('build/client/index.html is missing');
    file('build/client/index.html', 20);
    expect(rebuildReason(root, indexHtml)).toBeUndefined();
    file('lambdas/contract/loop/quote-loop.ts', 10);
    expect(rebuildReason(root, indexHtml)).toBe(
      'build/client/index.html is older than lambdas/contract/loop/quote-loop.ts',
    );
  });
});
