import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * API files that must not share the machine with other API files: they measure real time, stall
 * the event loop on purpose, start whole server processes or cut database connections under a
 * pool. They run one at a time after the rest (`api-serial`, a later group); every other API file
 * has its own in-memory PGlite and scratch PostgreSQL database and a hand-driven clock, so those
 * run side by side (`api`).
 */
const API_SERIAL = [
  'apps/server/test/db-connections.api.test.ts',
  'apps/server/test/engine-lock.api.test.ts',
  'apps/server/test/engine-recovery-wait.api.test.ts',
  'apps/server/test/copy-kill.api.test.ts',
  'apps/server/test/engine-restart.api.test.ts',
  'apps/server/test/external-feed.api.test.ts',
  'apps/server/test/journal-fence.api.test.ts',
  'apps/server/test/process.api.test.ts',
  'apps/server/test/wallet-restart.api.test.ts',
];

// Projects: pure unit tests, the two apps' component tests, API tests that boot the real server
// on a real database (side by side, then the serial ones), and browser tests.
export default defineConfig({
  test: {
    // Vitest's default keeps one core for its main process: on a 2-core machine that is one test
    // file at a time. The main process mostly waits, so use every core.
    maxWorkers: availableParallelism(),
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
          // Pure code: the files share one module graph per worker instead of re-importing it for
          // each file (about half the run). So no vi.mock or changed globals here (web/admin keep
          // isolation for their module mocks); fake timers are restored after each test.
          isolate: false,
          // Pure functions run in milliseconds, but a loaded 2-core CI machine stretches a slow
          // minute many times over; 20 s fails a hang, not a busy machine.
          testTimeout: 20_000,
          hookTimeout: 20_000,
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
          exclude: [...API_SERIAL, '**/node_modules/**'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'api-serial',
          include: API_SERIAL,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
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
