import { zoned } from './zone';

/** Cents as dollars: whole dollars unless cents are present. */
export function formatDollars(cents: number, options: { whole?: boolean } = {}): string {
  const dollars = cents / 100;
  const whole = options.whole || Number.isInteger(dollars);
  const text = Math.abs(dollars).toLocaleString('en-US', {
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  });
  return `${dollars < 0 ? '-' : ''}$${text}`;
}

/** A date in one of the spec's formats (M.D.YY, MM.DD.YY, M/D/YY, MMMM D, YYYY). */
export function formatDate(value: string | Date, format: string): string {
  return zoned(value).format(format);
}
