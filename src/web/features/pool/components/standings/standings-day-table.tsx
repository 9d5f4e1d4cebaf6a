import { Stack, Table, Text } from '@mantine/core';
import dayjs from 'dayjs';
import type { CSSProperties } from 'react';
import type { StandingsResponse, StandingsRow } from '../../../../../core/contracts/pools';
import { listViewerDays, toViewerDate } from '../../../../lib/game-days';
import { GameCell } from '../scoreboard/game-cell';
import { Status, WeekCell } from './standings-table';

const ACTIVE_BG = 'var(--mantine-color-yellow-0)';
/** A day column is never narrower than a game cell with its pitchers' line. */
const DAY_WIDTH = 150;
const NO_WRAP: CSSProperties = { whiteSpace: 'nowrap' };

/** The entry column stays in view while the day columns scroll under it. */
function stickyEntry(active: boolean, striped = false): CSSProperties {
  const stripe = 'var(--table-striped-color)';
  return {
    position: 'sticky',
    left: 0,
    zIndex: 1,
    // Opaque, so scrolled columns pass under it; a striped row keeps its stripe.
    background: active
      ? ACTIVE_BG
      : striped
        ? `linear-gradient(${stripe}, ${stripe}), var(--mantine-color-body)`
        : 'var(--mantine-color-body)',
    boxShadow: 'inset -1px 0 0 var(--mantine-color-gray-3)',
  };
}

/**
 * The day view: each entry's pick of the week, then per day with games the picked team's game as the
 * Scoreboard shows it. One table at every width: a phone scrolls the day columns sideways, the entry
 * column staying put.
 */
export function StandingsDayTable({
  data,
  game,
  activeEntryId,
}: {
  data: StandingsResponse;
  game: string;
  activeEntryId: number | null;
}) {
  const week = data.weeks[0];
  // Columns are the viewer's days, the zone each game's time is shown in.
  const days = listViewerDays(
    data.days ?? [],
    data.rows.flatMap((row) => (row.games ?? []).map((cell) => cell.start)),
  );
  const hiddenWeek = week !== undefined && !data.public_weeks.includes(week);
  return (
    <Stack gap="xs">
      {days.length === 0 && (
        <Text size="sm" c="dark.4">
          No games are scheduled in Week {week}.
        </Text>
      )}
      <Table.ScrollContainer
        minWidth={360 + days.length * DAY_WIDTH}
        type="native"
        tabIndex={0}
        aria-label={`Week ${week} by day, scrolls sideways`}
      >
        <Table striped verticalSpacing={6} fz="sm" aria-label={`Week ${week} standings by day`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th style={stickyEntry(false)}>Entry</Table.Th>
              <Table.Th ta="right">Lives</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th style={NO_WRAP}>Week {week}</Table.Th>
              {days.map((day) => (
                <Table.Th key={day} ta="center" style={{ ...NO_WRAP, minWidth: DAY_WIDTH }}>
                  {dayjs(day).format('ddd M/D')}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.rows.map((row, index) => {
              const active = row.entry_id === activeEntryId;
              const hidden = hiddenWeek && !row.mine;
              return (
                <Table.Tr key={row.entry_id} bg={active ? ACTIVE_BG : undefined}>
                  <Table.Td style={stickyEntry(active, index % 2 === 0)}>
                    <Text size="sm" fw={row.mine ? 700 : 500}>
                      {row.label}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{row.lives}</Table.Td>
                  <Table.Td>
                    <Status status={row.status} />
                  </Table.Td>
                  <Table.Td>
                    <WeekCell
                      cell={row.cells.find((cell) => cell.week === week)}
                      hidden={hidden}
                      game={game}
                    />
                  </Table.Td>
                  {days.map((day) => (
                    <Table.Td key={day} ta="center">
                      {!hidden && <DayGames row={row} day={day} />}
                    </Table.Td>
                  ))}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** The picked team's games of one day: none is a dash when the entry has a pick, blank when it has none. */
function DayGames({ row, day }: { row: StandingsRow; day: string }) {
  const team = row.cells[0]?.picks[0]?.team_abb;
  if (!team) return null;
  const cells = (row.games ?? []).filter((cell) => toViewerDate(cell.start) === day);
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
        <GameCell key={cell.gid} cell={cell} teamAbb={team} />
      ))}
    </Stack>
  );
}
