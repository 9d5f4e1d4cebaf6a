/**
 * A search typed by a user as an ILIKE pattern that matches it anywhere: its own `%`, `_` and `\` are
 * escaped, so "50%" finds "50%" and not every name.
 */
export function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
