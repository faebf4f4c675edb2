import { defineConfig } from 'vitest/config';

// One config, five layers. `npm test` runs them in order (scripts/test.ts):
// unit (pure rules, with coverage), api (real PostgreSQL), pglite (what `npm start` uses), e2e (Chromium), deploy
// (nginx and several servers; backups).
// How long expect.poll waits for what a user would see (a notification, a status, a mail) before failing. Vitest's
// default is 1 s: on a machine running the API and browser lanes side by side (load 2-13 on 2 cores), a page that
// answers in 1.2 s failed a test that was right (seen twice: a notification, a hidden banner).
const POLL_TIMEOUT = 10_000;

export default defineConfig({
  test: {
    coverage: {
      provider: 'v8',
      include: ['server/domain/**/*.ts'],
      exclude: ['**/*.test.ts'],
      reporter: ['text-summary', 'text'],
      thresholds: { lines: 95, branches: 95, functions: 95, statements: 95 },
    },
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'server/**/*.test.ts',
            'app/**/*.test.ts',
            'i18n/**/*.test.ts',
            'tenants/**/*.test.ts',
            'db/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
          globalSetup: ['tests/setup/i18n-compile.ts'],
          setupFiles: ['server/validation-mode.ts', 'tests/setup/fail-on-console-error.ts'],
          // Pure rules with nothing to leak between files (no vi.mock; spies and fake timers are restored): loading
          // the modules once instead of once a file took the layer from 62 to 22 s of CPU, all 857 tests passing.
          isolate: false,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          // Each file builds its own app on its own database copy, so the files share nothing but loaded modules;
          // loading the server's modules once instead of once a file halves the suite's CPU (measured alone:
          // 306 → 223 s, user time 160 → 80 s).
          isolate: false,
          globalSetup: ['tests/setup/i18n-compile.ts', 'tests/setup/postgres-global.ts'],
          setupFiles: ['server/validation-mode.ts', 'tests/setup/fail-on-console-error.ts'],
          // The heaviest tests (the authorization table over every route and role, 300 racing payments) take 15-20 s
          // on a quiet machine and run beside the browser tests: a limit that stops hung tests, not slow ones.
          testTimeout: 60_000,
          hookTimeout: 90_000,
          expect: { poll: { timeout: POLL_TIMEOUT } },
        },
      },
      {
        test: {
          name: 'pglite',
          include: ['tests/pglite/**/*.test.ts'],
          globalSetup: ['tests/setup/i18n-compile.ts'],
          setupFiles: ['server/validation-mode.ts', 'tests/setup/fail-on-console-error.ts'],
          // A start on an empty PGlite folder (migrations, seed, serving) took 55–60 s beside the browser lane on a
          // loaded machine: a limit for a hang, not a measure of speed.
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          // Issue 31: nginx in front of several server processes (tests/deploy), and the backups' point-in-time
          // restore. Each file starts processes of its own (nginx, servers, a PostgreSQL), so one file at a time.
          name: 'deploy',
          include: ['tests/deploy/**/*.test.ts'],
          globalSetup: ['tests/setup/i18n-compile.ts', 'tests/setup/build-global.ts', 'tests/setup/postgres-global.ts'],
          setupFiles: ['server/validation-mode.ts', 'tests/setup/fail-on-console-error.ts'],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/setup/i18n-compile.ts', 'tests/setup/e2e-global.ts'],
          setupFiles: [
            'server/validation-mode.ts',
            'tests/setup/fail-on-console-error.ts',
            'tests/setup/fail-on-hydration-error.ts',
          ],
          fileParallelism: false,
          // One file after another in one worker that keeps its loaded modules (Playwright, the helpers): each file
          // launches its own browser and uses the one server, so nothing else carries over.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          expect: { poll: { timeout: POLL_TIMEOUT } },
        },
      },
    ],
  },
});
