import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import type {
  StandingsCell,
  StandingsResponse,
  StandingsRow,
  StandingsStatus,
  WeekResult,
} from '../../../../../core/contracts/pools';
import { picksPlayers } from '../../../../../core/games';
import { type ResponsiveColumn, ResponsiveTable } from '../../../../components/responsive-table';
import { formatDollars } from '../../../../lib/format';

const RESULT_BADGE: Record<WeekResult, { label: string; color: string }> = {
  advance: { label: 'ADV', color: 'green.9' },
  loss: { label: 'LOSS', color: 'red.9' },
  moon: { label: 'MOON', color: 'grape.9' },
  'no-pick': { label: 'NO PICK', color: 'red.9' },
  'no-rebuy': { label: 'NO REBUY', color: 'red.9' },
};
const POSITIONS = ['QB', 'RB', 'WR', 'TE'];

/** One extra column of a view: its header and each row's content. */
type Column = ResponsiveColumn<StandingsRow> & { header: string };

/** The standings page as a table from 768 px up and as one card per entry on a phone. */
export function StandingsTable({
  data,
  game,
  activeEntryId,
}: {
  data: StandingsResponse;
  game: string;
  activeEntryId: number | null;
}) {
  const columns = viewColumns(data, game);
  const showBonus = data.view === 'bonus' || data.rows.some((row) => row.bonus !== 0 || row.in_bonus);
  const right = { ta: 'right' } as const;
  return (
    <ResponsiveTable
      rows={data.rows}
      rowKey={(row) => row.entry_id}
      minWidth={560 + columns.length * 110}
      scroll={{ tabIndex: 0, 'aria-labelledby': 'standings-title' }}
      table={{
        striped: true,
        highlightOnHover: true,
        verticalSpacing: 6,
        fz: 'sm',
        'aria-labelledby': 'standings-title',
      }}
      rowProps={(row) => ({
        bg: row.entry_id === activeEntryId ? 'var(--mantine-color-yellow-0)' : undefined,
      })}
      columns={[
        {
          key: 'entry',
          header: 'Entry',
          cell: (row) => (
            <Text size="sm" fw={row.mine ? 700 : 500}>
              {row.label}
            </Text>
          ),
        },
        { key: 'lives', header: 'Lives', th: right, td: right, cell: (row) => row.lives },
        { key: 'status', header: 'Status', cell: (row) => <Status status={row.status} /> },
        { key: 'weeks', header: 'Weeks Alive', th: right, td: right, cell: (row) => row.weeks_alive },
        { key: 'rebuys', header: 'Rebuys', th: right, td: right, cell: (row) => row.rebuys },
        showBonus && {
          key: 'bonus',
          header: 'Bonus $',
          th: right,
          td: right,
          cell: (row) => <Money cents={row.bonus} />,
        },
        data.view === 'bonus' && {
          key: 'in-bonus',
          header: 'In Bonus Pool',
          cell: (row) => (row.in_bonus ? 'Yes' : 'No'),
        },
        ...columns,
      ]}
      card={(row) => (
        <Card
          withBorder
          padding="sm"
          component="article"
          aria-label={row.label}
          bg={row.entry_id === activeEntryId ? 'var(--mantine-color-yellow-0)' : undefined}
        >
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text fw={700} truncate>
              {row.label}
            </Text>
            <Status status={row.status} />
          </Group>
          <Text size="sm" c="dark.4">
            {row.lives} {row.lives === 1 ? 'life' : 'lives'} · {row.weeks_alive}{' '}
            {row.weeks_alive === 1 ? 'week' : 'weeks'} alive · {row.rebuys}{' '}
            {row.rebuys === 1 ? 'rebuy' : 'rebuys'}
            {showBonus ? ` · bonus ${formatDollars(row.bonus)}` : ''}
            {data.view === 'bonus' ? (row.in_bonus ? ' · in bonus pool' : ' · out of bonus pool') : ''}
          </Text>
          {columns.length > 0 && (
            <Stack gap={4} mt={6}>
              {columns.map((column) => (
                <Group key={column.key} gap="xs" wrap="nowrap" align="flex-start">
                  <Text size="xs" fw={700} w={72} c="dark.4">
                    {column.header}
                  </Text>
                  <div>{column.cell(row)}</div>
                </Group>
              ))}
            </Stack>
          )}
        </Card>
      )}
    />
  );
}

/** The week, team or position columns of the view. */
function viewColumns(data: StandingsResponse, game: string): Column[] {
  const isPublic = new Set(data.public_weeks);
  if (data.view === 'team') {
    // Columns: the teams this page used, alphabetical; each cell the week it was used.
    const teams = [
      ...new Set(data.rows.flatMap((row) => row.cells.flatMap((cell) => cell.picks.map((p) => p.team_abb)))),
    ].sort();
    return teams.map((team) => ({
      key: team,
      header: team,
      cell: (row) => {
        const used = row.cells.find((cell) => cell.picks.some((pick) => pick.team_abb === team));
        return used ? <Text size="sm">Wk {used.week}</Text> : null;
      },
    }));
  }
  if (data.view === 'positions') {
    return POSITIONS.map((position) => ({
      key: position,
      header: position,
      cell: (row) => {
        const count = row.cells.reduce(
          (sum, cell) => sum + cell.picks.filter((pick) => pick.position === position).length,
          0,
        );
        return <Text size="sm">{count}</Text>;
      },
    }));
  }
  return data.weeks.map((week) => ({
    key: `w${week}`,
    header: `Week ${week}`,
    cell: (row) => {
      const cell = row.cells.find((item) => item.week === week);
      return <WeekCell cell={cell} hidden={!isPublic.has(week) && !row.mine} game={game} />;
    },
  }));
}

/** One entry's week: its picks and result, or HIDDEN for another entry's pick of a week not locked. */
export function WeekCell({
  cell,
  hidden,
  game,
}: {
  cell: StandingsCell | undefined;
  hidden: boolean;
  game: string;
}) {
  if (hidden) {
    return (
      <Text size="xs" fw={700} c="dark.4">
        HIDDEN
      </Text>
    );
  }
  const picks = cell?.picks ?? [];
  return (
    <Stack gap={2}>
      {picks.length === 0 ? (
        <Text size="xs" c="dark.4">
          {picksPlayers(game) ? 'No pick' : '—'}
        </Text>
      ) : (
        picks.map((pick) => (
          <Text key={pick.pick_id} size="sm" lh={1.2}>
            {picksPlayers(game) ? `${pick.name} (${pick.position ?? pick.team_abb})` : pick.team_abb}
            {pick.by_insurance ? ' (ins.)' : ''}
          </Text>
        ))
      )}
      {cell?.result && (
        <Badge color={RESULT_BADGE[cell.result].color} variant="filled" size="xs">
          {RESULT_BADGE[cell.result].label}
        </Badge>
      )}
    </Stack>
  );
}

export function Status({ status }: { status: StandingsStatus }) {
  if (status === 'champion') {
    return (
      <Badge color="yellow.9" size="sm">
        CHAMPION
      </Badge>
    );
  }
  if (status === 'eliminated') {
    return (
      <Text size="xs" fw={700} c="red.9">
        ELIMINATED
      </Text>
    );
  }
  if (status === 'needs-rebuy') {
    return (
      <Text size="xs" fw={700} c="orange.9">
        NEEDS REBUY
      </Text>
    );
  }
  return (
    <Text size="xs" fw={700} c="green.9">
      ALIVE
    </Text>
  );
}

function Money({ cents }: { cents: number }) {
  return (
    <Text size="sm" c={cents < 0 ? 'red.9' : cents > 0 ? 'green.9' : undefined}>
      {formatDollars(cents)}
    </Text>
  );
}
