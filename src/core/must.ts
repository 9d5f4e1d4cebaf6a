/**
 * The value, or an error naming what is missing: for a lookup that cannot miss when the data is
 * consistent (a test's fixture, an id the same function just put in a map), in place of `!`.
 */
export function must<T>(value: T | null | undefined, what = 'value'): T {
  if (value === null || value === undefined) throw new Error(`Expected a ${what}, found ${value}`);
  return value;
}
