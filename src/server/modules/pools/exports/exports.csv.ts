import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';

/*
 * How every export is written: RFC 4180 (CRLF records, quotes where needed) in UTF-8 with a byte order mark
 * (so spreadsheets read accents right) and a header row, by csv-stringify, from rows produced a batch at a
 * time. Every text cell goes through `neutralise`: a file never carries a formula a spreadsheet would run.
 */

/** An amount of money, written in dollars with two decimals ("-10.00"), never neutralised: it is a number. */
export class Dollars {
  constructor(readonly cents: number) {}
  toString(): string {
    const sign = this.cents < 0 ? '-' : '';
    const abs = Math.abs(this.cents);
    return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  }
}

export type Cell = string | number | Dollars | null;

/** Characters that make a spreadsheet read a cell as a formula (OWASP's list). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell a spreadsheet would run as a formula gets a leading apostrophe, shown as text. */
export function neutralise(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * The CSV text of a header and rows: a stream that pulls the rows as it is read, so a big pool's file is
 * never held whole. A failure after the first byte ends the stream with that error (the reply is cut off).
 */
export function csvStream(
  header: readonly string[],
  rows: AsyncIterable<readonly Cell[]>,
  onError: (error: unknown) => void,
): Readable {
  const out = stringify({
    bom: true,
    header: true,
    columns: header.map((name) => neutralise(name)),
    record_delimiter: 'windows',
    cast: {
      string: (value) => neutralise(value),
      object: (value) => (value instanceof Dollars ? value.toString() : neutralise(JSON.stringify(value))),
    },
  });
  pipeline(Readable.from(rows), out, (error) => {
    if (error) onError(error);
  });
  return out;
}

/** `Content-Disposition` of an export: "<league>-<game>-<season>-<kind>-<YYYY-MM-DD>.csv", ASCII only. */
export function exportFileName(
  parts: { leagueAbb: string; game: string; season: number; kind: string },
  day: Date,
): string {
  const safe = (text: string) => text.replace(/[^A-Za-z0-9_-]+/g, '_');
  const date = day.toISOString().slice(0, 10);
  return `${safe(parts.leagueAbb)}-${safe(parts.game)}-${parts.season}-${safe(parts.kind)}-${date}.csv`;
}
