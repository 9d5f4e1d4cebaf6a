import {
  Alert,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { lazy, useState } from 'react';
import { Link, useRoutes } from 'react-router';
import {
  exportPaths,
  type MyEntry,
  type PoolDetails,
  type PoolViewer,
  type StandingsSort,
  type StandingsTiles,
  type StandingsView,
} from '../../../../../core/contracts/pools';
import { hasBonusPool, picksPlayers } from '../../../../../core/games';
import { loadBoundary } from '../../../../components/load-state';
import { StepPager } from '../../../../components/step-pager';
import { errorMessage } from '../../../../lib/api';
import { formatDollars } from '../../../../lib/format';
import { useStandings } from '../../api/standings';
import { poolPath } from '../pool-labels';
import { StandingsDayTable } from './standings-day-table';
import { StandingsTable } from './standings-table';

const TEAM_VIEWS: { value: StandingsView; label: string }[] = [
  { value: 'week', label: 'Week' },
  { value: 'day', label: 'Day' },
  { value: 'all', label: 'All Picks' },
  { value: 'team', label: 'Team' },
  { value: 'bonus', label: 'Bonus Pool' },
  { value: 'quickview', label: 'Quickview' },
  { value: 'standings', label: 'Standings' },
];
const NFL_VIEWS: { value: StandingsView; label: string }[] = [
  { value: 'qualifiers', label: 'Qualifiers' },
  { value: 'positions', label: 'Positions' },
  { value: 'quickview', label: 'Quickview' },
  { value: 'standings', label: 'Standings' },
];
const SORTS: { value: StandingsSort; label: string }[] = [
  { value: 'lives', label: 'Lives' },
  { value: 'username', label: 'Username' },
  { value: 'bonus', label: 'Bonus $' },
];

// The printable week grid loads only when opened: the Standings' own first paint does not carry it.
const PrintWeek = lazy(() => import('../print/print-week').then((m) => ({ default: m.PrintWeek })));

type StandingsProps = { pool: PoolDetails; viewer: PoolViewer; activeEntry: MyEntry | null };

/** The Standings, and beneath them at /standings/print/{week} one week's printable picks grid. */
export function StandingsTab(props: StandingsProps) {
  return useRoutes([
    {
      path: 'print/:week',
      element: loadBoundary({
        key: 'print',
        loading: 'Loading the week',
        failed: 'Could not show this week',
        children: <PrintWeek pool={props.pool} />,
      }),
    },
    { path: '*', element: <Standings {...props} /> },
  ]);
}

/**
 * The pool's Standings tab: the stat tiles, View By / Sort By, and 50 entries a page (a table from 768 px,
 * cards on a phone). Others' picks show only for locked weeks; the server never sends the rest.
 */
function Standings({ pool, activeEntry }: StandingsProps) {
  // NFL TD's player views; a team game without a bonus pool (NFL Survivor) has no bonus pool view.
  const views = picksPlayers(pool.game)
    ? NFL_VIEWS
    : hasBonusPool(pool.game)
      ? TEAM_VIEWS
      : TEAM_VIEWS.filter((option) => option.value !== 'bonus');
  const sorts = pool.game === 'nfl' ? SORTS.filter((option) => option.value !== 'bonus') : SORTS;
  const [view, setView] = useState<StandingsView>(views[0].value);
  const [sort, setSort] = useState<StandingsSort>('lives');
  const [page, setPage] = useState(1);
  const [week, setWeek] = useState<number | undefined>(undefined);
  const byWeek = view === 'week' || view === 'day';
  const standings = useStandings(pool.id, { view, sort, page, week: byWeek ? week : undefined });

  if (standings.isLoading) {
    return (
      <Center py="xl">
        <Stack align="center" gap="xs">
          <Loader aria-label="Loading standings" />
          <Text fw={700}>LOADING STANDINGS ...</Text>
        </Stack>
      </Center>
    );
  }
  if (standings.isError || !standings.data) {
    return (
      <Alert color="red" role="alert" title="Standings could not be loaded">
        {errorMessage(standings.error)}
      </Alert>
    );
  }
  const data = standings.data;
  const pages = Math.max(1, Math.ceil(data.total / data.page_size));
  const shownWeek = data.view === 'week' || data.view === 'day' ? data.weeks[0] : undefined;
  const sortLocked = view === 'standings';
  return (
    <Stack gap="md">
      <Tiles tiles={data.tiles} />
      <Card withBorder padding="md">
        <Group justify="space-between" align="flex-end" mb="sm" gap="sm">
          <Title order={2} fz="md" id="standings-title">
            Standings
          </Title>
          <Group gap="sm" align="flex-end">
            <Select
              label="View By"
              data={views}
              value={view}
              allowDeselect={false}
              onChange={(value) => {
                if (!value) return;
                setView(value as StandingsView);
                setPage(1);
              }}
              w={150}
            />
            <Select
              label="Sort By"
              data={sorts}
              value={sortLocked ? 'lives' : sort}
              disabled={sortLocked}
              allowDeselect={false}
              onChange={(value) => {
                if (!value) return;
                setSort(value as StandingsSort);
                setPage(1);
              }}
              w={130}
            />
          </Group>
        </Group>
        {shownWeek !== undefined && (
          <Group justify="center" mb="sm">
            <StepPager
              label={`Week ${shownWeek}`}
              hasPrevious={shownWeek > 1}
              hasNext={shownWeek < pool.week_count}
              onPrevious={() => setWeek(shownWeek - 1)}
              onNext={() => setWeek(shownWeek + 1)}
              previousLabel="Previous week"
              nextLabel="Next week"
            />
          </Group>
        )}
        {data.total === 0 ? (
          <Text c="dark.4">
            {data.view === 'bonus' && data.tiles.entrants > 0
              ? 'Nobody is in the bonus pool this week.'
              : 'Standings will show up here once this pool contains active users.'}
          </Text>
        ) : (
          <>
            {data.view === 'day' ? (
              <StandingsDayTable data={data} game={pool.game} activeEntryId={activeEntry?.id ?? null} />
            ) : (
              <StandingsTable data={data} game={pool.game} activeEntryId={activeEntry?.id ?? null} />
            )}
            <Group justify="space-between" mt="sm" gap="xs">
              <Text size="xs" c="dark.4">
                {data.total} {data.total === 1 ? 'entry' : 'entries'}
                {standings.isFetching ? ' · updating…' : ''}
              </Text>
              {pages > 1 && (
                <StepPager
                  label={`Page ${data.page} of ${pages}`}
                  hasPrevious={data.page > 1}
                  hasNext={data.page < pages}
                  onPrevious={() => setPage(data.page - 1)}
                  onNext={() => setPage(data.page + 1)}
                  previousLabel="Previous page"
                  nextLabel="Next page"
                />
              )}
            </Group>
          </>
        )}
      </Card>
      <StandingsLinks pool={pool} week={shownWeek} />
    </Stack>
  );
}

/**
 * The standings as a CSV file (a plain link: the server names the file) and the printable grid of the week shown,
 * or else of the latest locked week.
 */
function StandingsLinks({ pool, week }: { pool: PoolDetails; week: number | undefined }) {
  const printWeek = Math.min(Math.max(1, week ?? pool.live_week), Math.max(1, pool.week_count));
  return (
    <Group gap="xs" justify="flex-end">
      <Button
        component="a"
        href={exportPaths.standings(pool.id)}
        download
        variant="light"
        size="xs"
        leftSection={<IconDownload size={14} aria-hidden />}
      >
        Download CSV
      </Button>
      <Button
        component={Link}
        to={`${poolPath(pool)}/standings/print/${printWeek}`}
        variant="default"
        size="xs"
      >
        Print week
      </Button>
    </Group>
  );
}

/** The six stat tiles: three a row on a phone would crowd the numbers, so two. */
function Tiles({ tiles }: { tiles: StandingsTiles }) {
  const items = [
    { label: 'Entrants', value: String(tiles.entrants) },
    { label: 'Still Alive', value: String(tiles.alive) },
    { label: 'In Bonus Pool', value: String(tiles.in_bonus) },
    { label: 'Re-buys', value: String(tiles.rebuys) },
    { label: 'Main Prize Pool', value: formatDollars(tiles.prize_pool, { whole: true }) },
    { label: 'Bonuses Earned', value: formatDollars(tiles.bonuses_earned, { whole: true }) },
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm" component="dl" m={0}>
      {items.map((item) => (
        <Card key={item.label} withBorder padding="sm" ta="center">
          <Text component="dt" size="xs" fw={700} tt="uppercase" c="dark.4">
            {item.label}
          </Text>
          <Text component="dd" m={0} fz="xl" fw={800}>
            {item.value}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
