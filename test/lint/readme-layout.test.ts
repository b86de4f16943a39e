// The README's layout names every folder of the repository, and names no folder that is gone.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOTS = [
  '.ci',
  '.github',
  'deploy',
  'docs',
  'frontend',
  'infra',
  'lambdas',
  'scripts',
  'test',
];
/** Data, not structure: screenshot baselines, synth snapshots and the fixture site's pages. */
const LEFT_OUT = [/-snapshots$/, /__snapshots__$/, /^test\/infra\/fixtures\/./];

/** Every folder holding a tracked file, and the folders above it, under the roots. */
function trackedFolders(): string[] {
  const files = execFileSync('git', ['ls-files', ...ROOTS], { encoding: 'utf8' }).split('\n');
  const folders = new Set<string>();
  for (const file of files.filter(Boolean)) {
    for (let dir = path.posix.dirname(file); dir !== '.'; dir = path.posix.dirname(dir)) {
      folders.add(dir);
    }
  }
  return [...folders].filter((dir) => !LEFT_OUT.some((rule) => rule.test(dir))).sort();
}

/** The folders the README's layout block names, as paths (two spaces of indent per level). */
export function layoutFolders(readme: string): string[] {
  const block = /## Layout\n\n```text\n([\s\S]*?)\n```/.exec(readme)?.[1];
  if (block === undefined) throw new Error('README.md has no Layout block');
  const stack: string[] = [];
  const named: string[] = [];
  for (const line of block.split('\n')) {
    const match = /^( *)(\S+)\/(?:\s|$)/.exec(line);
    if (match === null) continue;
    const depth = match[1]!.length / 2;
    stack.length = depth;
    stack.push(match[2]!);
    named.push(stack.join('/'));
  }
  return named.sort();
}

describe('the README layout', () => {
  const named = layoutFolders(readFileSync('README.md', 'utf8'));

  it('names every folder of the repository', () => {
    expect(trackedFolders().filter((dir) => !named.includes(dir))).toEqual([]);
  });

  it('names no folder that is gone', () => {
    const tracked = new Set(trackedFolders());
    expect(named.filter((dir) => !tracked.has(dir))).toEqual([]);
  });

  it('reads nested folders from their indent', () => {
    const sample = '## Layout\n\n```text\na/   x\n  b/   y\n    c/ z\n  d/\ne/\n```\n';
    expect(layoutFolders(sample)).toEqual(['a', 'a/b', 'a/b/c', 'a/d', 'e']);
  });
});
