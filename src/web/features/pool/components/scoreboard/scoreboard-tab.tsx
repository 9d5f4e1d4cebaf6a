import { Alert, Button, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconEyeOff } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import {
  type MyEntry,
  type PoolDetails,
  type PoolViewer,
  SCOREBOARD_MESSAGES,
  type ScoreboardResponse,
} from '../../../../../core/contracts/pools';
import { picksPlayers } from '../../../../../core/games';
import { ListPager } from '../../../../components/pager';
import { errorMessage } from '../../../../lib/api';
import { useScoreboard } from '../../api/scoreboard';
import { EntrySearch } from '../entry-paging';
import { NflBoard } from './nfl-board';
import { WeekSelector } from './scoreboard-parts';
import { TeamBoard } from './team-board';

// NFL Survivor's games are a chunk of their own: the other games' scoreboards never load them.
const loadWeekGames = () => import('./nfl-week-games');
const NflWeekGames = lazy(() => loadWeekGames().then((module) => ({ default: module.NflWeekGames })));

/** Entries a page of the scoreboard holds. */
const PAGE_SIZE = 50;

/** The viewer's own entries first, then the page's others (an own entry on the page is not shown twice). */
function ownFirst(board: ScoreboardResponse): ScoreboardResponse {
  const own = new Set(board.mine.map((entry) => entry.entry_id));
  return { ...board, entries: [...board.mine, ...board.entries.filter((entry) => !own.has(entry.entry_id))] };
}

/**
 * The pool's Live Scoring tab: a week's entries a page at a time (the viewer's own first), their picks and
 * how those picks are doing; a search by entry name, on the server, once the entries fill more than a page.
 */
export function ScoreboardTab({
  pool,
}: {
  pool: PoolDetails;
  viewer: PoolViewer;
  activeEntry: MyEntry | null;
}) {
  const [week, setWeek] = useState<number | 'default'>('default');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const board = useScoreboard(pool.id, week, !pool.final, { page, pageSize: PAGE_SIZE, q });
  const data = board.data;
  const searchable = data !== undefined && (q !== '' || search !== '' || data.total > data.pageSize);
  const weekGames = data?.game === 'nfl' && (
    <Suspense fallback={<Loader size="sm" aria-label="Loading the week's games" />}>
      <NflWeekGames pool={pool} board={data} />
    </Suspense>
  );
  // The games' chunk loads beside the scoreboard's first answer, not after it.
  useEffect(() => {
    if (pool.game === 'nfl') void loadWeekGames();
  }, [pool.game]);

  let body: React.ReactNode;
  if (board.isPending) {
    body = (
      <Center py="xl">
        <Loader aria-label="Loading the scoreboard" />
      </Center>
    );
  } else if (board.isError || !data) {
    body = (
      <Alert color="red" role="alert" title="Could not load the scoreboard">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorMessage(board.error)}</Text>
          <Button size="xs" variant="default" onClick={() => void board.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  } else if (data.total === 0 && data.mine.length === 0 && q === '') {
    // Only a week without entries is empty: a page past the last (entries left since) keeps its pager.
    body = (
      <Stack gap="sm">
        {weekGames}
        <Text c="dark.4">{SCOREBOARD_MESSAGES.empty}</Text>
      </Stack>
    );
  } else {
    const shown = ownFirst(data);
    body = (
      <Stack gap="sm">
        {weekGames}
        {!data.public && (
          <Alert color="blue" variant="light" icon={<IconEyeOff size={18} aria-hidden />}>
            {SCOREBOARD_MESSAGES.hidden}
          </Alert>
        )}
        {searchable && (
          <EntrySearch
            value={search}
            onChange={(value) => {
              setSearch(value);
              setPage(1);
            }}
          />
        )}
        {shown.entries.length === 0 ? (
          <Text c="dark.4">{q === '' ? 'No entries on this page.' : 'No entry matches the search.'}</Text>
        ) : picksPlayers(data.game) ? (
          <NflBoard board={shown} />
        ) : (
          <TeamBoard board={shown} />
        )}
        <ListPager info={data} onChange={setPage} label="Scoreboard pages" siblings={0} />
      </Stack>
    );
  }

  return (
    <Card withBorder padding="md">
      <Group justify="space-between" wrap="wrap" gap="xs" mb="sm">
        <Title order={2} fz="lg">
          Live Scoring
        </Title>
        {data && (
          <Group gap="sm" wrap="wrap">
            {board.isFetching && !board.isPending && <Loader size="xs" aria-label="Refreshing" />}
            {data.settled && (
              <Text size="sm" fw={700} c="green.9">
                Week {data.week} settled
              </Text>
            )}
            <WeekSelector
              week={data.week}
              first={data.first_week}
              last={data.last_week}
              onChange={(next) => {
                setWeek(next);
                setPage(1);
              }}
            />
          </Group>
        )}
      </Group>
      {body}
    </Card>
  );
}
