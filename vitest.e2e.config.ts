import { defineConfig } from 'vitest/config';

// Browser tests: one worker drives one Chromium against the server that scripts/e2e.mjs starts.
// The longest journeys take under a minute alone; a loaded machine gets room.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    pool: 'forks',
    maxWorkers: 1,
    isolate: false,
    fileParallelism: false,
    testTimeout: 120_000,
    // In CI a failed browser test runs once more before it fails the run: a long journey on a machine
    // loaded by the other lane (scripts/test.mjs) can miss a wait once. A retried test still shows in
    // the report; locally a failure fails at once.
    retry: process.env.CI ? 1 : 0,
    hookTimeout: 60_000,
    // Polled conditions (a refetch, a saved form) get the time a loaded machine needs, not 1 s.
    expect: { poll: { timeout: 15_000 } },
  },
});
