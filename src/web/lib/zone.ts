import dayjs, { type Dayjs } from 'dayjs';

/**
 * The time zone times are shown in. The browser's own, except while a server-rendered page hydrates: the
 * server does not know the viewer's zone until the browser has said so (a cookie), and the first render in
 * the browser must read exactly as the server's HTML. `undefined` means the runtime's own zone.
 */
let zoneSource: () => string | undefined = () => undefined;

/** Where the display zone comes from (the server render sets it per request; hydration sets it for a while). */
export function setZoneSource(source: () => string | undefined): void {
  zoneSource = source;
}

/** The zone times are shown in now: an IANA name, or undefined for the runtime's own. */
export function displayZone(): string | undefined {
  return zoneSource();
}

/** The browser's (or server's) own zone, by IANA name. */
export function runtimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** True for an IANA zone name this runtime knows. */
export function isKnownZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const wallClocks = new Map<string, Intl.DateTimeFormat>();

function wallClock(zone: string): Intl.DateTimeFormat {
  let format = wallClocks.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    wallClocks.set(zone, format);
  }
  return format;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A dayjs of an instant as the wall clock of the display zone reads it, for formatting (its offset is
 * meaningless). A calendar date (YYYY-MM-DD) is no instant: it stays that date.
 */
export function zoned(value: string | number | Date): Dayjs {
  const zone = zoneSource();
  if (!zone || (typeof value === 'string' && DATE_ONLY.test(value))) return dayjs(value);
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return dayjs(value);
  const parts: Record<string, number> = {};
  for (const part of wallClock(zone).formatToParts(instant)) parts[part.type] = Number(part.value);
  return dayjs(
    new Date(
      parts.year,
      parts.month - 1,
      parts.day,
      parts.hour,
      parts.minute,
      parts.second,
      instant.getMilliseconds(),
    ),
  );
}
