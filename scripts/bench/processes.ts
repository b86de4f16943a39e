/**
 * Servers under test run in child processes of their own: their work does not share an event loop
 * with Lighthouse or Playwright in this process, a crash of one fails its section instead of the
 * whole bench, and their environment (AWS stand-in credentials, endpoints) stays out of ours.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

export interface ServerProcess {
  /** The server's own process (node itself, not a wrapper): its memory is the server's. */
  pid: number;
  running: () => boolean;
  /** How it ended ('exit code 1', 'signal SIGKILL'), or 'running'. */
  ended: () => string;
  /** The last lines the server wrote to stderr, for error messages. */
  stderrTail: () => string;
  /** Where all of its output is kept, when asked for: a failure may be far from the tail. */
  logFile: string | undefined;
  close: () => Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

/** Whether anything answers `url` with a 2xx status. */
async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url);
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}

/** Runs a TypeScript entry point with tsx and waits until `readyUrl` answers. */
export async function startServerProcess(options: {
  script: string;
  env: Record<string, string>;
  readyUrl: string;
  timeoutMs?: number;
  /** A file to keep all of its output in, stdout and stderr (created with its folder, appended to). */
  logFile?: string;
}): Promise<ServerProcess> {
  // Otherwise a server left over from another run would answer, and be measured, instead.
  if (await answers(options.readyUrl)) {
    throw new Error(`${options.readyUrl} already answers: is another bench or server running?`);
  }
  const child = spawn(process.execPath, ['--import', 'tsx', options.script], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...options.env },
    // Its stdout (the handlers' info logs) only into the log file, when there is one.
    stdio: ['ignore', options.logFile === undefined ? 'ignore' : 'pipe', 'pipe'],
  });
  let stderr = '';
  const { logFile } = options;
  if (logFile !== undefined) {
    mkdirSync(path.dirname(logFile), { recursive: true });
    const log = createWriteStream(logFile, { flags: 'a' });
    log.write(`\n== ${new Date().toISOString()} ${options.script} started\n`);
    // Both streams into one file, closed once both have ended ('close'): closed with either,
    // a last line of the other would be written after the end and throw.
    child.stdout!.pipe(log, { end: false });
    child.stderr!.pipe(log, { end: false });
    child.once('close', () => log.end());
  }
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const running = () => child.exitCode === null && child.signalCode === null;
  const ended = () =>
    child.signalCode !== null
      ? `signal ${child.signalCode}`
      : child.exitCode !== null
        ? `exit code ${child.exitCode}`
        : 'running';
  const stderrTail = () => stderr.trim().split('\n').slice(-20).join('\n');
  const close = async () => {
    if (!running()) return;
    // SIGTERM lets the server close its listeners; SIGKILL if it has not gone after 5 s.
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited(child);
    clearTimeout(timer);
  };

  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  while (Date.now() < deadline) {
    if (!running()) {
      throw new Error(`${options.script} exited with ${child.exitCode}:\n${stderrTail()}`);
    }
    if (await answers(options.readyUrl))
      return { pid: child.pid!, running, ended, stderrTail, logFile, close };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await close();
  throw new Error(`${options.script} did not answer ${options.readyUrl} in time:\n${stderrTail()}`);
}
