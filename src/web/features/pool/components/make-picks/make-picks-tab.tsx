import { Alert, Anchor, Button, Card, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Link } from 'react-router';
import type { MyEntry, PoolDetails, PoolViewer } from '../../../../../core/contracts/pools';
import { type PlayableGame, picksPlayers } from '../../../../../core/games';
import { errorMessage } from '../../../../lib/api';
import {
  useNflPlayers,
  usePrefetchNeighbourWeeks,
  useSeasonParams,
  useServerNow,
  useTeamDetails,
  useTeamSchedules,
} from '../../api/picks';
import { poolPath } from '../pool-labels';
import type { PickButtonHandlers } from './pick-button';
import type { PendingPick } from './pick-modal';
import { getInitialWeek, isKeptOutByLeague, type PickScope } from './pick-view';
import { TeamPicks } from './team-picks';

// The pick modal (and the modal code it brings) loads on the first pick.
const PickModal = lazy(() => import('./pick-modal').then((module) => ({ default: module.PickModal })));
// NFL TD's player cards (and the search and select code they bring) load only on an NFL TD pool: a team
// pool's Make Picks never needs them. vite.config.ts preloads them with an NFL TD pool's Make Picks.
const NflPicks = lazy(() => import('./nfl-picks').then((module) => ({ default: module.NflPicks })));
// NFL Survivor's games grid likewise loads only on an NFL Survivor pool (vite.config.ts preloads it there).
const NflSurvivorPicks = lazy(() =>
  import('./nfl-survivor-picks').then((module) => ({ default: module.NflSurvivorPicks })),
);
// The odds and the Planner load after the page: their code stays out of its first chunk.
const PickOdds = lazy(() => import('./pick-odds'));

/** The Make Picks tab: NBA/MLB team-by-day grid, NFL TD player cards or NFL Survivor games, with the pick modal. */
export function MakePicksTab({
  pool,
  viewer,
  activeEntry,
  onLogin,
}: {
  pool: PoolDetails;
  viewer: PoolViewer;
  activeEntry: MyEntry | null | undefined;
  /** Opens the login modal for LOGIN TO PICK; without it the button leads to the pool home. */
  onLogin?: () => void;
}) {
  const game = pool.game as PlayableGame;
  const nfl = picksPlayers(game);
  const survivor = game === 'nfl';
  const [week, setWeek] = useState(() => getInitialWeek(pool));
  const [pending, setPending] = useState<PendingPick | null>(null);
  const now = useServerNow();
  // A team pool draws one week at a time; an NFL TD pool reads its picks' kickoffs across the season.
  const schedules = useTeamSchedules(pool, nfl ? undefined : week);
  usePrefetchNeighbourWeeks(pool, nfl ? null : week);
  const teams = useTeamDetails(game);
  // The day columns of the NBA/MLB grid: NFL Survivor lists its games by their own kickoffs.
  const params = useSeasonParams(pool, !nfl && !survivor);
  const players = useNflPlayers(nfl);

  const handlers = (id: string, name: string): PickButtonHandlers => ({
    poolPath: poolPath(pool),
    onLogin,
    onPick: (action) => setPending({ action, id, name, week }),
  });

  const queries = nfl
    ? [schedules, teams, players]
    : survivor
      ? [schedules, teams]
      : [schedules, teams, params];
  const failed = queries.find((q) => q.isError);
  const loading = now === null || queries.some((q) => q.isPending);

  let body: ReactNode;
  if (failed) {
    body = (
      <Alert color="red" role="alert" title="Could not load this week's picks">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorMessage(failed.error)}</Text>
          <Button size="xs" variant="default" onClick={() => queries.forEach((q) => void q.refetch())}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  } else if (loading || !teams.data) {
    body = (
      <Center py="xl">
        <Stack align="center" gap="xs">
          <Loader aria-label="Loading picks" />
          {nfl && (
            <Text fw={700} size="sm">
              CRUNCHING NUMBERS
            </Text>
          )}
        </Stack>
      </Center>
    );
  } else if (pool.week_count < 1) {
    body = <Text c="dark.4">This pool has no weeks scheduled yet.</Text>;
  } else {
    const scope: PickScope = { pool, viewer, entry: activeEntry, schedules: schedules.data, week, now };
    body = nfl ? (
      <NflPicks
        scope={scope}
        teams={teams.data}
        players={players.data ?? []}
        onWeekChange={setWeek}
        handlers={handlers}
      />
    ) : survivor ? (
      <NflSurvivorPicks scope={scope} teams={teams.data} onWeekChange={setWeek} handlers={handlers} />
    ) : (
      <TeamPicks
        scope={scope}
        teams={teams.data}
        days={params.data?.dashed_date_arrays[week - 1] ?? []}
        onWeekChange={setWeek}
        handlers={handlers}
      />
    );
  }

  return (
    <Card withBorder padding="md">
      <Title order={2} fz="lg" mb="sm">
        Make Your Picks Here
      </Title>
      {isKeptOutByLeague(pool, viewer) && (
        <Alert color="blue" variant="light" mb="sm" title="Only league members can play">
          <Text size="sm">
            This pool belongs to the {pool.league_name} league, and only its members can join its pools.{' '}
            <Anchor component={Link} to={`/league/${pool.league_abb}`} fw={700} size="sm">
              Request to join the league
            </Anchor>{' '}
            and its commissioner can let you in.
          </Text>
        </Alert>
      )}
      {body}
      {/* The odds need none of the grid's queries: they show even when those failed. */}
      {(failed || !loading) && pool.week_count > 0 && (
        <Suspense fallback={null}>
          <PickOdds pool={pool} week={week} entry={activeEntry} signedIn={viewer.signed_in} />
        </Suspense>
      )}
      {pending && activeEntry && (
        <Suspense fallback={null}>
          <PickModal game={game} entryId={activeEntry.id} pick={pending} onClose={() => setPending(null)} />
        </Suspense>
      )}
    </Card>
  );
}
