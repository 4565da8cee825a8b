import { defineConfig } from 'vitest/config';

// Two projects: fast pure unit tests, and API tests that boot the real server on a real database.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/test/**/*.test.ts',
            'packages/*/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
          ],
          exclude: ['**/*.api.test.ts', '**/node_modules/**'],
        },
      },
      {
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['test/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          // Screens with animated dialogs, while every project runs at once on two cores: vitest's
          // 5 s default made a slow minute fail a whole file (speed is the benchmarks' business).
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'admin',
          root: 'apps/admin',
          include: ['test/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/test/**/*.api.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          // A real browser on a busy 2-core machine: lazy routes can take seconds to arrive.
          expect: { poll: { timeout: 15_000 } },
          globalSetup: ['e2e/global-setup.ts'],
          setupFiles: ['e2e/support/on-failure.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
