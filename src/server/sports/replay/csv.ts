import { parse } from 'csv-parse/sync';

/**
 * The records of a CSV text as fields: quoted fields may hold commas, records may differ in length
 * (a Retrosheet event file mixes kinds of lines), blank lines are skipped. Lines may end either way within
 * one file (Retrosheet's 2023 game log does), so both endings are named rather than guessed from the first.
 */
export function parseCsv(text: string): string[][] {
  return parse(text, {
    record_delimiter: ['\r\n', '\n'],
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
  });
}
