import { Badge, Card, Group, type MantineBreakpoint, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { zoned } from '../../../../lib/zone';
import type { WeekGame } from './nfl-games';

/** One side of a game as its card shows it. */
export interface MatchupSide {
  /** "Kansas City Chiefs": the line's accessible name. */
  name: string;
  /** "Kansas City" over "Chiefs": a phone's line keeps the name whole beside what it shows at its right. */
  city: string;
  nickname: string;
  /** selected: the viewer's pick (green); greyed: out of play (a used team, a locked game, a lost side). */
  tone?: 'selected' | 'greyed';
  /** What the line shows at its right: a win chance and a pick button, or a pick count and a score. */
  aside?: ReactNode;
}

const TONE_BG = {
  selected: 'var(--mantine-color-green-1)',
  greyed: 'var(--mantine-color-gray-1)',
} as const;

/**
 * An NFL game as a card, "away at home": its kickoff in the viewer's zone (or Postponed) with a LIVE or
 * FINAL badge, a caption over the sides' right-hand column, and a line per side. Make Picks and the
 * Scoreboard draw the week's games with it.
 */
export function MatchupCard({
  game,
  away,
  home,
  caption,
  visibleFrom,
}: {
  game: Pick<WeekGame, 'kickoff' | 'status'>;
  away: MatchupSide;
  home: MatchupSide;
  caption?: ReactNode;
  /** Hidden below this breakpoint (a phone's folded list). */
  visibleFrom?: MantineBreakpoint;
}) {
  return (
    <Card
      withBorder
      padding="xs"
      role="group"
      aria-label={`${away.name} at ${home.name}`}
      visibleFrom={visibleFrom}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs" mb={4}>
        <Group gap={6} wrap="nowrap">
          <Text size="xs" fw={700} c="dark.5">
            {game.status === 'postponed' ? 'Postponed' : zoned(game.kickoff).format('h:mm A')}
          </Text>
          {game.status === 'in_progress' && (
            <Badge size="xs" color="red.8">
              LIVE
            </Badge>
          )}
          {game.status === 'final' && (
            <Badge size="xs" color="gray.7">
              FINAL
            </Badge>
          )}
        </Group>
        {caption && (
          <Text size="xs" c="dark.4">
            {caption}
          </Text>
        )}
      </Group>
      <Stack gap={2}>
        <SideLine side={away} />
        <Text size="xs" c="dark.4" pl={8}>
          at
        </Text>
        <SideLine side={home} />
      </Stack>
    </Card>
  );
}

function SideLine({ side }: { side: MatchupSide }) {
  return (
    <Group
      role="group"
      aria-label={side.name}
      justify="space-between"
      wrap="nowrap"
      gap="xs"
      px={8}
      py={4}
      bg={side.tone ? TONE_BG[side.tone] : undefined}
      style={{ borderRadius: 4 }}
    >
      <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
        {side.city && (
          <Text size="xs" c="dark.4" lh={1.2} truncate>
            {side.city}
          </Text>
        )}
        <Text size="sm" fw={700} lh={1.25} c={side.tone === 'greyed' ? 'dark.4' : undefined} truncate>
          {side.nickname}
        </Text>
      </Stack>
      {side.aside}
    </Group>
  );
}
