import { Alert, Card, Group, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { toPacificDate } from '../../../../../core/calendar';
import type { TeamDetailsResponse, TeamSchedulesResponse } from '../../../../../core/contracts/sports';
import { PICK_DEADLINE_ALERT, type PickButton } from '../../../../../core/picks';
import { type PickButtonHandlers, PickButtonView } from './pick-button';
import { getPoolWeekLock, getScopedPickButton, hasWeekGame, type PickScope } from './pick-view';
import { WeekPager } from './week-pager';

interface TeamRow {
  abb: string;
  name: string;
  shortName: string;
  /** Matchups per column day ("vs. X" / "@ X"), several on a doubleheader. */
  cells: string[][];
  button: PickButton;
}

/** NBA and MLB: the week's team-by-day grid with each team's pick button and the deadline banner. */
export function TeamPicks({
  scope,
  teams,
  days: calendarDays,
  onWeekChange,
  handlers,
}: {
  scope: PickScope;
  teams: TeamDetailsResponse;
  /** The week's calendar dates (YYYY-MM-DD, Pacific). */
  days: string[];
  onWeekChange: (week: number) => void;
  handlers: (abb: string, name: string) => PickButtonHandlers;
}) {
  const { pool, week, now, schedules } = scope;
  const days = calendarDays.length > 0 ? calendarDays : listGameDays(schedules, week);
  const deadline = getPoolWeekLock(pool, week, schedules);
  const locked = deadline === null || deadline.getTime() <= now.getTime() || pool.final;
  const rows: TeamRow[] = teams.abbs.map((abb) => {
    const detail = teams.data[abb];
    const name = detail ? `${detail.c} ${detail.n}` : abb;
    return {
      abb,
      name,
      // Messages name the team as the server does ("the Celtics"); the grid shows city and name.
      shortName: detail?.n ?? abb,
      cells: days.map((day) => listDayMatchups(schedules, abb, week, day)),
      button: getScopedPickButton(scope, {
        id: abb,
        name: detail?.n ?? abb,
        teamAbb: abb,
        hasGame: hasWeekGame(schedules, abb, week),
      }),
    };
  });
  const picked = rows.find((row) => row.button.selected);
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <WeekPager week={week} weekCount={pool.week_count} onChange={onWeekChange} />
        {picked && (
          <Text fw={700} size="sm" c="green.9">
            Your Week {week} Pick: {picked.name}
          </Text>
        )}
      </Group>
      <DeadlineBanner week={week} deadline={deadline} />
      {locked && deadline !== null && (
        <Alert color="red" variant="light" role="alert">
          {PICK_DEADLINE_ALERT}
        </Alert>
      )}
      <Table.ScrollContainer minWidth={760} visibleFrom="sm">
        <Table striped highlightOnHover verticalSpacing={6} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Team</Table.Th>
              {days.map((day) => (
                <Table.Th key={day} ta="center">
                  {dayjs(day).format('ddd M/D')}
                </Table.Th>
              ))}
              <Table.Th ta="center">
                <div>Your Pick</div>
                <Text size="xs" fw={700} c={locked ? 'red.8' : 'green.9'}>
                  {locked ? 'Picks Locked' : 'Click to Select!'}
                </Text>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.abb} bg={row.button.selected ? 'var(--mantine-color-green-1)' : undefined}>
                <Table.Td fw={600}>{row.name}</Table.Td>
                {row.cells.map((games, index) => (
                  <Table.Td key={days[index]} ta="center">
                    {games.map((matchup, n) => (
                      // A doubleheader repeats the same matchup.
                      <div key={n}>{matchup}</div>
                    ))}
                  </Table.Td>
                ))}
                <Table.Td ta="center">
                  <PickButtonView button={row.button} handlers={handlers(row.abb, row.shortName)} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap="xs" hiddenFrom="sm">
        <Text size="sm" fw={700} c={locked ? 'red.8' : 'green.9'}>
          Your Pick: {locked ? 'Picks Locked' : 'Click to Select!'}
        </Text>
        {rows.map((row) => (
          <Card
            key={row.abb}
            withBorder
            padding="xs"
            role="group"
            aria-label={row.name}
            bg={row.button.selected ? 'var(--mantine-color-green-1)' : undefined}
          >
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text size="sm" fw={700}>
                  {row.name}
                </Text>
                <Text size="xs" c="dark.4">
                  {describeWeek(days, row.cells)}
                </Text>
              </Stack>
              <PickButtonView button={row.button} handlers={handlers(row.abb, row.shortName)} compact />
            </Group>
          </Card>
        ))}
      </Stack>
    </Stack>
  );
}

/** 'WEEK n PICK DEADLINE' with the deadline in the viewer's zone. */
function DeadlineBanner({ week, deadline }: { week: number; deadline: Date | null }) {
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconAlertTriangle aria-hidden />}
      title={`WEEK ${week} PICK DEADLINE`}
      // Mantine's yellow title is too light on the light yellow for WCAG AA.
      styles={{ title: { color: 'var(--mantine-color-dark-9)' } }}
    >
      {deadline
        ? `${dayjs(deadline).format('dddd, MMMM D, YYYY h:mm A')} (${viewerZoneName(deadline)})`
        : 'No games are scheduled this week.'}
    </Alert>
  );
}

function viewerZoneName(at: Date): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZoneName: 'short' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? 'your time';
}

// Without the season's calendar, the days on which the week has games.
function listGameDays(schedules: TeamSchedulesResponse | undefined, week: number): string[] {
  const days = new Set<string>();
  for (const weeks of Object.values(schedules ?? {})) {
    for (const game of weeks[String(week)] ?? []) days.add(toPacificDate(new Date(game.utc)));
  }
  return [...days].sort();
}

function listDayMatchups(
  schedules: TeamSchedulesResponse | undefined,
  abb: string,
  week: number,
  day: string,
): string[] {
  return (schedules?.[abb]?.[String(week)] ?? [])
    .filter((game) => toPacificDate(new Date(game.utc)) === day)
    .map((game) => (game.status === 'postponed' ? `${game.matchup} (PPD)` : game.matchup));
}

// On a phone the days fold into one line: "Mon vs. BOS · Wed @ NYK".
function describeWeek(days: string[], cells: string[][]): string {
  const parts = cells.flatMap((games, index) =>
    games.map((matchup) => `${dayjs(days[index]).format('ddd')} ${matchup}`),
  );
  return parts.length > 0 ? parts.join(' · ') : 'No games this week';
}
