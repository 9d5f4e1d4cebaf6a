import {
  Alert,
  Button,
  Card,
  Center,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { useState } from 'react';
import type { MyEntry, OddsResponse, OddsRow, PoolDetails } from '../../../../../core/contracts/pools';
import { errorMessage } from '../../../../lib/api';
import { useWeekOdds } from '../../api/odds';
import { formatChance } from './odds-format';
import { PlannerView } from './planner-view';

type SortKey = 'name' | 'survival' | 'future_value' | 'popularity';

/**
 * The Make Picks tab's odds and Planner (loaded after the page: its code is not in the page's first
 * chunk): each team's (player's) chance of surviving the week, its future value and the popularity of
 * locked weeks, sortable; and the Planner of the active entry beside greedy.
 */
export default function PickOdds({
  pool,
  week,
  entry,
  signedIn,
}: {
  pool: PoolDetails;
  week: number;
  entry: MyEntry | null | undefined;
  signedIn: boolean;
}) {
  const [view, setView] = useState<'odds' | 'planner'>('odds');
  return (
    <Card withBorder p={{ base: 6, sm: 'sm' }} mt="md" component="section" aria-label="Odds and Planner">
      <Group justify="space-between" wrap="wrap" gap="xs" mb="xs">
        <Title order={3} fz="md">
          {view === 'odds' ? `Week ${week} Odds` : 'Planner'}
        </Title>
        <SegmentedControl
          size="xs"
          value={view}
          onChange={(value) => setView(value === 'planner' ? 'planner' : 'odds')}
          data={[
            { value: 'odds', label: 'Week odds' },
            { value: 'planner', label: 'Planner' },
          ]}
          aria-label="Odds or Planner"
        />
      </Group>
      {view === 'odds' ? (
        <WeekOdds poolId={pool.id} week={week} game={pool.game} />
      ) : (
        <PlannerView entry={entry ?? null} signedIn={signedIn} />
      )}
    </Card>
  );
}

function WeekOdds({ poolId, week, game }: { poolId: number; week: number; game: string }) {
  const odds = useWeekOdds(poolId, week);
  const [sort, setSort] = useState<{ key: SortKey; desc: boolean }>({ key: 'survival', desc: true });
  if (odds.isError)
    return (
      <Alert color="red" role="alert" title="Could not load the odds">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorMessage(odds.error)}</Text>
          <Button size="xs" variant="default" onClick={() => void odds.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  if (!odds.data)
    return (
      <Center py="md">
        <Loader size="sm" aria-label="Loading odds" />
      </Center>
    );
  const data = odds.data;
  if (data.rows.length === 0)
    return (
      <Text size="sm" c="dark.4">
        No {data.kind === 'players' ? 'player' : 'team'} plays in week {data.week}: there are no odds to show.
      </Text>
    );
  const popularity = new Map((data.popularity?.rows ?? []).map((row) => [row.pick_id, row.pct]));
  const rows = sortRows(data.rows, sort, popularity);
  const header = (key: SortKey, label: string, align: 'left' | 'right' = 'right') => {
    const active = sort.key === key;
    return (
      <Table.Th ta={align} aria-sort={active ? (sort.desc ? 'descending' : 'ascending') : 'none'}>
        {/* The label may wrap on a phone: the four columns fit 390 px without scrolling sideways. */}
        <UnstyledButton
          fz="sm"
          fw={700}
          ta={align}
          onClick={() => setSort({ key, desc: active ? !sort.desc : key !== 'name' })}
        >
          {label}
          {active &&
            (sort.desc ? (
              <IconArrowDown size={12} aria-hidden style={{ marginLeft: 2 }} />
            ) : (
              <IconArrowUp size={12} aria-hidden style={{ marginLeft: 2 }} />
            ))}
        </UnstyledButton>
      </Table.Th>
    );
  };
  return (
    <Stack gap="xs">
      <Text size="xs" c="dark.4">
        {describeOdds(data, game)}
      </Text>
      <Table.ScrollContainer minWidth={280} mah={480} type="native">
        <Table striped verticalSpacing={4} horizontalSpacing={4} fz="sm" stickyHeader>
          <Table.Thead>
            <Table.Tr>
              {header('name', data.kind === 'players' ? 'Player' : 'Team', 'left')}
              {header('survival', 'This week')}
              {header('future_value', 'Future')}
              {header('popularity', data.popularity ? `Picked wk ${data.popularity.week}` : 'Picked')}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.pick_id}>
                <Table.Td>
                  <Text size="sm" fw={600} lh={1.2}>
                    {row.name}
                  </Text>
                  <Text size="xs" c="dark.4">
                    {row.position ? `${row.position} · ${row.team_abb}` : describeGames(row)}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" fw={700}>
                  {formatChance(row.survival)}
                </Table.Td>
                <Table.Td ta="right">{row.future_value > 0 ? formatChance(row.future_value) : '–'}</Table.Td>
                <Table.Td ta="right">
                  {data.popularity ? `${popularity.get(row.pick_id) ?? 0}%` : '–'}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

function describeGames(row: OddsRow): string {
  const games = `${row.games ?? 0} game${row.games === 1 ? '' : 's'}`;
  return row.moon !== null && row.moon >= 0.001 ? `${games} · moon ${formatChance(row.moon)}` : games;
}

function describeOdds(data: OddsResponse, game: string): string {
  const what =
    data.kind === 'players'
      ? `Chance of a qualifying touchdown (the ${data.rows.length} likeliest of ${data.total} players).`
      : game === 'nfl'
        ? "Chance to win the week's game."
        : `Chance of a .500 or better week${data.shoot_moon ? ', or a moon' : ''}.`;
  const locked = data.locked ? ' The week has locked: these are the odds it locked with.' : '';
  const picked = data.popularity
    ? ` Picked: share of week ${data.popularity.week}'s ${data.popularity.total} picks.`
    : ' Picked: shown once a week locks.';
  return `${what} Future: best odds in a later week.${locked}${picked}`;
}

function sortRows(
  rows: readonly OddsRow[],
  sort: { key: SortKey; desc: boolean },
  popularity: Map<string, number>,
): OddsRow[] {
  const value = (row: OddsRow): number | string =>
    sort.key === 'name'
      ? row.name
      : sort.key === 'popularity'
        ? (popularity.get(row.pick_id) ?? 0)
        : row[sort.key];
  const sign = sort.desc ? -1 : 1;
  return [...rows].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    const order = typeof x === 'string' ? x.localeCompare(String(y)) : x - Number(y);
    return sign * order || a.name.localeCompare(b.name);
  });
}
