import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

// The plugin paths carry .js because dayjs has no exports map and plain Node ESM needs the file name.
dayjs.extend(utc);
dayjs.extend(timezone);

/** Zone in which lock-time modes and NFL TD day boundaries are defined (daylight saving included). */
export const PACIFIC_ZONE = 'America/Los_Angeles';

/** Calendar date (YYYY-MM-DD) of an instant as seen in Pacific time. */
export function toPacificDate(instant: Date): string {
  return dayjs(instant).tz(PACIFIC_ZONE).format('YYYY-MM-DD');
}

/** Day of week (0 Sunday .. 6 Saturday) of an instant in Pacific time. */
export function getPacificWeekday(instant: Date): number {
  return dayjs(instant).tz(PACIFIC_ZONE).day();
}

/** The instant of a Pacific wall-clock time (HH:mm) on a Pacific calendar date. */
export function atPacificTime(date: string, time: string): Date {
  return dayjs.tz(`${date} ${time}`, PACIFIC_ZONE).toDate();
}

/** Midnight Pacific at the start of the instant's Pacific day. */
export function startOfPacificDay(instant: Date): Date {
  return atPacificTime(toPacificDate(instant), '00:00');
}

/** Adds whole calendar days to a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  return dayjs.utc(date).add(days, 'day').format('YYYY-MM-DD');
}
