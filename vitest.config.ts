import { defineConfig } from 'vitest/config';
import { timeLimit } from './src/server/test/time-limit';

// One worker keeps one migrated database for all its files (isolate: false); each DB test file
// resets it through resetTestDb(), so PGlite's start-up cost is paid once per worker.
export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'tests/**/*.test.ts', 'scripts/**/*.test.ts'],
    pool: 'forks',
    isolate: false,
    maxWorkers: 2,
    // The cheapest password hash (modules/auth/password-hash.ts): the suites register thousands of accounts.
    env: { PASSWORD_HASH: 'cheap-for-tests' },
    // Stretched for a lane that runs only on idle cores (src/server/test/time-limit.ts).
    testTimeout: timeLimit(30_000),
    hookTimeout: timeLimit(60_000),
    // Polled conditions (an SSE client connected) get the time a loaded machine needs, not 1 s.
    expect: { poll: { timeout: timeLimit(15_000) } },
  },
});
