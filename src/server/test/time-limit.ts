/**
 * How many times longer than usual a test may take: TEST_TIME_LIMIT_SCALE, 1 when unset. `npm test` runs
 * the database tests beside the browser tests, only on the cores those leave idle (scripts/test.mjs): on
 * a busy machine that can be little of a core for a while. A time limit is there to stop a test that
 * hangs, not to measure speed (the benchmarks under bench/ do that), so such a lane has its limits
 * stretched.
 */
export const TIME_LIMIT_SCALE = Math.max(1, Number(process.env.TEST_TIME_LIMIT_SCALE) || 1);

/** A test's, hook's or poll's time limit in milliseconds, stretched by TIME_LIMIT_SCALE. */
export function timeLimit(ms: number): number {
  return ms * TIME_LIMIT_SCALE;
}
