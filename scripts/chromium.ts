/**
 * The one browser the end-to-end tests and the benchmark use: Debian's chromium, never a
 * downloaded one (CHROME_PATH or CHROMIUM_PATH to point elsewhere).
 */
import { execFileSync } from 'node:child_process';

export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** What chromium needs to run headless as root in a container, without background traffic. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** The same, for launchers that do not add headless mode themselves (Lighthouse's). */
export const CHROMIUM_HEADLESS_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];

/** e.g. "Chromium 156.0.8078.79 built on Debian GNU/Linux 12 (bookworm)". */
export function chromiumVersion(): string {
  // Debian's wrapper script prints shell noise on stderr; only stdout is the version.
  return execFileSync(CHROMIUM_PATH, ['--version'], { stdio: ['ignore', 'pipe', 'ignore'] })
    .toString()
    .trim();
}
