import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './scripts/chromium';

// End-to-end tests run Debian's chromium (never a downloaded browser) against the local stack,
// on ports of their own so a running `npm start` does not get in the way.
const PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_S3_PORT = Number(process.env.E2E_S3_PORT ?? 4670);
export const E2E_SES_PORT = Number(process.env.E2E_SES_PORT ?? 8105);
export const E2E_DYNAMO_PORT = Number(process.env.E2E_DYNAMO_PORT ?? 4767);
export const E2E_STRIPE_PORT = Number(process.env.E2E_STRIPE_PORT ?? 4668);

const chromium = { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS };

export default defineConfig({
  testDir: 'test/e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  // Upper bounds, sized for a shared 2-core machine under load: a test that passes never waits
  // for them (tests wait for states, never for time or for the network to go quiet).
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: chromium,
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], launchOptions: chromium },
      testIgnore: /\.(mobile|faults)\.spec\.ts$/,
    },
    {
      name: 'mobile',
      use: { ...devices['Pixel 7'], launchOptions: chromium },
      testMatch: /\.mobile\.spec\.ts$/,
    },
    {
      // Fault injection flips switches shared by the whole local stack: it runs alone, last.
      name: 'faults',
      use: { ...devices['Desktop Chrome'], launchOptions: chromium },
      testMatch: /\.faults\.spec\.ts$/,
      dependencies: ['desktop', 'mobile'],
      fullyParallel: false,
      // One file at a time too: each flips switches (S3, the table, SES's rate) the others rely on.
      workers: 1,
    },
  ],
  webServer: {
    command: 'tsx scripts/local/server.ts',
    url: `http://localhost:${PORT}/`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(PORT),
      S3_PORT: String(E2E_S3_PORT),
      SES_PORT: String(E2E_SES_PORT),
      DYNAMO_PORT: String(E2E_DYNAMO_PORT),
      STRIPE_PORT: String(E2E_STRIPE_PORT),
      DYNAMO_IN_MEMORY: '1',
      LOCAL_DATA_DIR: '.local/e2e',
      LOCAL_FAULTS: '1',
    },
  },
});
