import { Alert, Card, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import dayjs from 'dayjs';
import type { TeamDetailsResponse, TeamSchedulesResponse } from '../../../../../core/contracts/sports';
import { PICK_DEADLINE_ALERT, type PickButton } from '../../../../../core/picks';
import { ResponsiveTable } from '../../../../components/responsive-table';
import { formatGameTime, listViewerDays, toViewerDate } from '../../../../lib/game-days';
import { displayZone, zoned } from '../../../../lib/zone';
import { type PickButtonHandlers, PickButtonView } from './pick-button';
import { getPoolWeekLock, getScopedPickButton, hasWeekGame, type PickScope } from './pick-view';
import { WeekPager } from './week-pager';

interface DayGame {
  matchup: string;
  /** The start in the viewer's zone ("7:30 PM"), or PPD. */
  time: string;
}

interface TeamRow {
  abb: string;
  name: string;
  shortName: string;
  /** Games per column day ("vs. X" / "@ X" and the tip time), several on a doubleheader. */
  cells: DayGame[][];
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
  /** The week's calendar dates (YYYY-MM-DD, Pacific); the columns are the viewer's dates. */
  days: string[];
  onWeekChange: (week: number) => void;
  handlers: (abb: string, name: string) => PickButtonHandlers;
}) {
  const { pool, week, now, schedules } = scope;
  // The viewer's days, the zone the deadline and the tip times are shown in.
  const days = listViewerDays(calendarDays, listWeekStarts(schedules, week));
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
      <ResponsiveTable
        rows={rows}
        rowKey={(row) => row.abb}
        minWidth={760}
        table={{ striped: true, highlightOnHover: true, verticalSpacing: 6, fz: 'sm' }}
        rowProps={(row) => ({ bg: row.button.selected ? 'var(--mantine-color-green-1)' : undefined })}
        columns={[
          { key: 'team', header: 'Team', td: { fw: 600 }, cell: (row) => row.name },
          ...days.map((day, index) => ({
            key: day,
            header: dayjs(day).format('ddd M/D'),
            th: { ta: 'center', style: { whiteSpace: 'nowrap' } } as const,
            td: { ta: 'center' } as const,
            cell: (row: TeamRow) =>
              row.cells[index]?.map((game, n) => (
                // A doubleheader repeats the same matchup.
                <div key={n} style={{ whiteSpace: 'nowrap' }}>
                  <div>{game.matchup}</div>
                  <Text span size="xs" c="dark.4">
                    {game.time}
                  </Text>
                </div>
              )),
          })),
          {
            key: 'pick',
            header: (
              <>
                <div>Your Pick</div>
                <Text size="xs" fw={700} c={locked ? 'red.8' : 'green.9'}>
                  {locked ? 'Picks Locked' : 'Click to Select!'}
                </Text>
              </>
            ),
            th: { ta: 'center' },
            td: { ta: 'center' },
            // CANCEL SELECTION in full made an NBA week of seven days wider than the page's column.
            cell: (row) => (
              <PickButtonView button={row.button} handlers={handlers(row.abb, row.shortName)} tight />
            ),
          },
        ]}
        cardsHead={
          <Text size="sm" fw={700} c={locked ? 'red.8' : 'green.9'}>
            Your Pick: {locked ? 'Picks Locked' : 'Click to Select!'}
          </Text>
        }
        card={(row) => (
          <Card
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
              {/* The week's line wraps; the button keeps its whole label. */}
              <div style={{ flexShrink: 0 }}>
                <PickButtonView button={row.button} handlers={handlers(row.abb, row.shortName)} compact />
              </div>
            </Group>
          </Card>
        )}
      />
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
        ? `${zoned(deadline).format('dddd, MMMM D, YYYY h:mm A')} (${viewerZoneName(deadline)})`
        : 'No games are scheduled this week.'}
    </Alert>
  );
}

function viewerZoneName(at: Date): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZoneName: 'short', timeZone: displayZone() })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? 'your time';
}

// Every start of the week's games.
function listWeekStarts(schedules: TeamSchedulesResponse | undefined, week: number): string[] {
  return Object.values(schedules ?? {}).flatMap((weeks) =>
    (weeks[String(week)] ?? []).map((game) => game.utc),
  );
}

function listDayMatchups(
  schedules: TeamSchedulesResponse | undefined,
  abb: string,
  week: number,
  day: string,
): DayGame[] {
  return (schedules?.[abb]?.[String(week)] ?? [])
    .filter((game) => toViewerDate(game.utc) === day)
    .map((game) =>
      game.status === 'postponed'
        ? { matchup: game.matchup, time: 'PPD' }
        : { matchup: game.matchup, time: formatGameTime(game.utc) },
    );
}

// On a phone the days fold into one line: "Mon vs. BOS 7:30 PM · Wed @ NYK 4:00 PM".
function describeWeek(days: string[], cells: DayGame[][]): string {
  const parts = cells.flatMap((games, index) =>
    games.map((game) => `${dayjs(days[index]).format('ddd')} ${game.matchup} ${game.time}`),
  );
  return parts.length > 0 ? parts.join(' · ') : 'No games this week';
}
