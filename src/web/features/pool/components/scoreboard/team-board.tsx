import { Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import dayjs from 'dayjs';
import type { ScoreboardEntry, ScoreboardResponse } from '../../../../../core/contracts/pools';
import { ResponsiveTable } from '../../../../components/responsive-table';
import { listViewerDays, toViewerDate } from '../../../../lib/game-days';
import { zoned } from '../../../../lib/zone';
import { GameCell } from './game-cell';
import { LivesBadge, NoPickText, WeekResultBadge } from './scoreboard-parts';

/** The narrowest a day column gets. */
const DAY_WIDTH = 84;

/** NBA/MLB: Entry, Lives, Selection/Week and the picked team's game per day; cards on a phone. */
export function TeamBoard({ board }: { board: ScoreboardResponse }) {
  const { entries } = board;
  // Columns are the viewer's days, the zone each game's time is shown in.
  const days = listViewerDays(
    board.days,
    [...entries, ...board.mine].flatMap((entry) => entry.team?.games.map((cell) => cell.start) ?? []),
  );
  return (
    <ResponsiveTable
      rows={entries}
      rowKey={(entry) => entry.entry_id}
      // A day column fits "vs. NYY" and "11:10 PM" unwrapped: at 1366 px a week of 8 days (a viewer east
      // of Pacific) fits beside the navigation without scrolling.
      minWidth={280 + days.length * DAY_WIDTH}
      // A keyboard must reach the table's hidden columns too: the container itself scrolls and takes focus.
      scroll={{
        type: 'native',
        tabIndex: 0,
        'aria-label': `Week ${board.week} scoreboard, scrolls sideways`,
      }}
      table={{ striped: true, verticalSpacing: 6, fz: 'sm', 'aria-label': `Week ${board.week} scoreboard` }}
      rowProps={(entry) => ({ bg: entry.mine ? 'var(--mantine-color-green-0)' : undefined })}
      columns={[
        { key: 'entry', header: 'Entry', td: { fw: 600 }, cell: (entry) => entry.label },
        { key: 'lives', header: 'Lives', cell: (entry) => <LivesBadge entry={entry} /> },
        {
          key: 'selection',
          header: `Selection / Week ${board.week}`,
          cell: (entry) => <Selection entry={entry} />,
        },
        ...days.map((day) => ({
          key: day,
          header: dayjs(day).format('ddd M/D'),
          th: { ta: 'center', style: { whiteSpace: 'nowrap' } } as const,
          td: { ta: 'center' } as const,
          cell: (entry: ScoreboardEntry) => <DayGames entry={entry} day={day} />,
        })),
      ]}
      card={(entry) => (
        <Card
          withBorder
          padding="xs"
          role="group"
          aria-label={entry.label}
          bg={entry.mine ? 'var(--mantine-color-green-0)' : undefined}
        >
          <Group justify="space-between" wrap="nowrap" gap="xs" mb={4}>
            <Text fw={700} size="sm" truncate>
              {entry.label}
            </Text>
            <LivesBadge entry={entry} />
          </Group>
          <Selection entry={entry} />
          {entry.team && entry.team.games.length > 0 && (
            <SimpleGrid cols={3} spacing={4} mt={6}>
              {entry.team.games.map((cell) => (
                <Stack key={cell.gid} gap={0} align="center">
                  <Text size="xs" c="dark.4">
                    {zoned(cell.start).format('ddd')}
                  </Text>
                  <GameCell cell={cell} teamAbb={entry.team?.abb ?? ''} />
                </Stack>
              ))}
            </SimpleGrid>
          )}
        </Card>
      )}
    />
  );
}

function Selection({ entry }: { entry: ScoreboardEntry }) {
  if (!entry.team) {
    return (
      <Group gap={6} wrap="wrap">
        <NoPickText entry={entry} />
        <WeekResultBadge entry={entry} />
      </Group>
    );
  }
  return (
    <Group gap={6} wrap="wrap">
      <Text size="sm" fw={700}>
        {entry.team.name}
      </Text>
      {entry.team.by_insurance && (
        <Badge size="xs" variant="outline" color="dark.6">
          INSURED
        </Badge>
      )}
      <WeekResultBadge entry={entry} />
    </Group>
  );
}

function DayGames({ entry, day }: { entry: ScoreboardEntry; day: string }) {
  const team = entry.team;
  if (!team) return null;
  const cells = team.games.filter((cell) => toViewerDate(cell.start) === day);
  if (cells.length === 0) {
    return (
      <Text size="xs" c="dark.4" aria-label="No game">
        –
      </Text>
    );
  }
  return (
    <Stack gap={4}>
      {cells.map((cell) => (
        <GameCell key={cell.gid} cell={cell} teamAbb={team.abb} />
      ))}
    </Stack>
  );
}
