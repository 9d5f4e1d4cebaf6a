import { zoned } from './zone';

/** Cents as dollars: the core's one money format, re-exported beside the dates for the pages. */
export { formatDollars } from '../../core/money/finances';

/** A date in one of the spec's formats (M.D.YY, MM.DD.YY, M/D/YY, MMMM D, YYYY). */
export function formatDate(value: string | Date, format: string): string {
  return zoned(value).format(format);
}
