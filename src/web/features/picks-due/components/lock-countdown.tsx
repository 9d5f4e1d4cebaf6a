import { Text, type TextProps } from '@mantine/core';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import type { PickDue } from '../../../../core/contracts/me';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Time left as the countdown shows it: "2d 4h", "3h 12m", "12m 5s"; "locked" once it has run out. */
export function formatTimeLeft(ms: number): string {
  if (ms <= 0) return 'locked';
  if (ms >= DAY) return `${Math.floor(ms / DAY)}d ${Math.floor((ms % DAY) / HOUR)}h`;
  if (ms >= HOUR) return `${Math.floor(ms / HOUR)}h ${Math.floor((ms % HOUR) / MINUTE)}m`;
  return `${Math.floor(ms / MINUTE)}m ${Math.floor((ms % MINUTE) / SECOND)}s`;
}

/**
 * The colour of a lock's countdown: red in the last 2 hours, orange in the last day, the text's own colour
 * before (a lock weeks away is no alarm). Shades dark enough for contrast on white.
 */
export function lockUrgencyColor(ms: number): string | undefined {
  if (ms < 2 * HOUR) return 'red.9';
  if (ms < DAY) return 'orange.9';
  return undefined;
}

/** "Week 3", with "1 of 2 picks made" where a week asks for several. */
export function describeDueWeek(row: Pick<PickDue, 'week' | 'picks_held' | 'picks_asked'>): string {
  const week = `Week ${row.week}`;
  return row.picks_asked > 1 ? `${week} · ${row.picks_held} of ${row.picks_asked} picks made` : week;
}

/** A lock instant in the viewer's zone: "Sun Nov 22, 1:00 PM". */
export function formatLockTime(instant: string): string {
  return dayjs(instant).format('ddd MMM D, h:mm A');
}

/**
 * A live countdown to a lock, on the server's clock (the demo replays a past season): `serverNow` is the
 * server's time when the answer was read at `readAt` (browser time), and the browser's clock moves it on.
 * The first render counts from `serverNow` alone, so it needs no browser clock; the ticking starts in an
 * effect, every second in the last hour and every 30 s before.
 */
export function LockCountdown({
  lockAt,
  serverNow,
  readAt,
  urgency = false,
  ...props
}: { lockAt: string; serverNow: string; readAt: number; urgency?: boolean } & TextProps) {
  const [elapsed, setElapsed] = useState(0);
  const left = new Date(lockAt).getTime() - new Date(serverNow).getTime() - elapsed;
  const lastHour = left < HOUR;
  useEffect(() => {
    const tick = () => setElapsed(readAt > 0 ? Math.max(0, Date.now() - readAt) : 0);
    tick();
    const id = window.setInterval(tick, lastHour ? SECOND : 30 * SECOND);
    return () => window.clearInterval(id);
  }, [readAt, lastHour]);
  return (
    <Text span {...props} c={urgency ? lockUrgencyColor(left) : props.c} title={formatLockTime(lockAt)}>
      {left <= 0 ? 'Locked' : `Locks in ${formatTimeLeft(left)}`}
    </Text>
  );
}
