import { Text, ThemeIcon } from '@mantine/core';
import {
  IconAlertTriangle,
  IconMoonStars,
  IconNews,
  IconRefresh,
  IconRepeat,
  IconShieldCheck,
  IconSkull,
  IconSpeakerphone,
  IconToggleRight,
  IconTrophy,
  IconUmbrella,
  IconUserPlus,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { formatDate } from '../../../../../lib/format';

interface EventLook {
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
  color: string;
  label: string;
}

// Event types the pool writes today (sign-up, insurance, rebuy, switches, bonus, settlement news, alerts);
// any other of the spec's 31 types gets the plain news icon.
const LOOKS: Record<number, EventLook> = {
  1: { icon: IconUserPlus, color: 'teal', label: 'Sign-up' },
  2: { icon: IconShieldCheck, color: 'indigo', label: 'Insurance' },
  3: { icon: IconRefresh, color: 'cyan', label: 'Rebuy' },
  // The entrant's own switches, in their Your Activity only.
  4: { icon: IconToggleRight, color: 'lime', label: 'Bonus pool' },
  5: { icon: IconRepeat, color: 'cyan', label: 'Auto-rebuy' },
  7: { icon: IconTrophy, color: 'yellow', label: 'Bonus' },
  12: { icon: IconUmbrella, color: 'indigo', label: 'Insurance pick' },
  13: { icon: IconSkull, color: 'red', label: 'Elimination' },
  14: { icon: IconAlertTriangle, color: 'orange', label: 'Rebuy needed' },
  15: { icon: IconMoonStars, color: 'grape', label: 'Shoot the moon' },
  17: { icon: IconSpeakerphone, color: 'red', label: 'Alert' },
};
const DEFAULT_LOOK: EventLook = { icon: IconNews, color: 'gray', label: 'News' };

/** The icon of a feed event type, in a coloured badge; its name is given to screen readers. */
export function EventIcon({ type }: { type: number }) {
  const look = LOOKS[type] ?? DEFAULT_LOOK;
  const Icon = look.icon;
  return (
    <ThemeIcon variant="light" color={look.color} size={32} radius="xl" role="img" aria-label={look.label}>
      <Icon size={18} aria-hidden />
    </ThemeIcon>
  );
}

/** "just now", "5 min ago", "3 h ago", "2 days ago", then the date, measured against the server's now. */
export function formatTimeAgo(at: string, now: Date | null): string {
  const then = new Date(at);
  if (!now) return formatDate(then, 'M/D/YY');
  const minutes = Math.floor((now.getTime() - then.getTime()) / 60_000);
  // Ahead of the server's now (a clock set back, as the demo's replay can be): say when, not "just now".
  if (minutes < 0) return formatDate(then, 'M/D/YY');
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  if (days < 7) return days === 1 ? 'yesterday' : `${days} days ago`;
  return formatDate(then, 'M/D/YY');
}

/** When an event happened, as time ago, with the full date and time for a pointer or screen reader. */
export function TimeAgo({ at, now }: { at: string; now: Date | null }) {
  return (
    // A part of the page hydrated when scrolled to reads the clock later than the server did: the minutes
    // may differ, and the next tick of the clock redraws them.
    <Text
      component="time"
      dateTime={at}
      size="xs"
      c="dark.4"
      title={formatDate(at, 'M/D/YY h:mm A')}
      suppressHydrationWarning
    >
      {formatTimeAgo(at, now)}
    </Text>
  );
}
