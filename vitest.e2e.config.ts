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
    hookTimeout: 60_000,
    // Polled conditions (a refetch, a saved form) get the time a loaded machine needs, not 1 s.
    expect: { poll: { timeout: 15_000 } },
  },
});
