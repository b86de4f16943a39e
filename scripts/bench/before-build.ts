/**
 * The "before" of the pages section: an earlier commit of the site, built once from its own
 * files (`git archive`, with this checkout's node_modules) into the system's temporary folder,
 * outside the repository, and kept there by commit, so later runs reuse it. Served beside the
 * current build in the same run, both are measured on the same machine at the same moments.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './processes';

export interface BeforeBuild {
  /** e.g. "main at 669161f". */
  label: string;
  clientDir: string;
}

export function beforeBuild(ref: string): BeforeBuild {
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
  const commit = git('rev-parse', '--short', `${ref}^{commit}`);
  const dir = path.join(os.tmpdir(), 'bench-before', commit);
  const clientDir = path.join(dir, 'build/client');
  if (!existsSync(path.join(clientDir, 'index.html'))) {
    console.log(`building ${ref} (${commit}) in ${dir} for the "before" pages`);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    execFileSync('sh', ['-c', `git archive ${commit} | tar -x -C '${dir}'`], { cwd: REPO_ROOT });
    symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(dir, 'node_modules'));
    const result = spawnSync('npm', ['run', 'build'], { cwd: dir, stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`building ${ref} failed (exit ${result.status})`);
  }
  return { label: `${ref} at ${commit}`, clientDir };
}
