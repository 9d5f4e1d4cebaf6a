/**
 * How many times longer than usual a test may take: TEST_TIME_LIMIT_SCALE, 1 when unset. `npm test` runs
 * the database tests at a lower priority beside the browser tests (scripts/test.mjs), where a busy machine
 * can leave them about a tenth of a core. A time limit is there to stop a test that hangs, not to
 * measure speed (the benchmarks under bench/ do that), so such a lane has its limits stretched.
 */
export const TIME_LIMIT_SCALE = Math.max(1, Number(process.env.TEST_TIME_LIMIT_SCALE) || 1);

/** A test's, hook's or poll's time limit in milliseconds, stretched by TIME_LIMIT_SCALE. */
export function timeLimit(ms: number): number {
  return ms * TIME_LIMIT_SCALE;
}
