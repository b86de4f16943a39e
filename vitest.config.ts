import { defineConfig } from 'vitest/config';

// Unit and component tests sit beside the code; CDK synth tests live in test/infra.
// React Router's Vite plugin is left out on purpose: components are tested as plain React.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'frontend',
          environment: 'happy-dom',
          include: ['frontend/**/*.test.{ts,tsx}'],
          setupFiles: ['frontend/test-setup.ts'],
        },
      },
      {
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'lambdas/**/*.test.ts',
            'scripts/**/*.test.ts',
            'infra/**/*.test.ts',
            'test/infra/**/*.test.ts',
            'test/property/**/*.test.ts',
            'test/flows/**/*.test.ts',
            'test/lint/**/*.test.ts',
          ],
          testTimeout: 120_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
