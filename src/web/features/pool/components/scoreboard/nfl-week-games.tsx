import { Button, Group, Loader, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import type { PoolDetails, ScoreboardResponse } from '../../../../../core/contracts/pools';
import type { TeamDetailsResponse } from '../../../../../core/contracts/sports';
import { errorMessage } from '../../../../lib/api';
import { zoned } from '../../../../lib/zone';
import { MatchupCard, type MatchupSide } from '../make-picks/matchup-card';
import { groupGamesByDay, teamFullName, teamNameParts } from '../make-picks/nfl-games';
import { type BoardGame, describePickCount, getLosingSide, listBoardGames } from './nfl-week-games-view';
import { useTeamNames, useWeekGames } from './week-games-query';

/** The games a phone shows before "Show all". */
const PHONE_PREVIEW = 4;

/** What the games say of the pick counts before the week's lock (spec 4: other entries' picks stay hidden). */
const PICK_COUNTS_HIDDEN = 'Pick counts show once the week locks.';

/**
 * NFL Survivor: the scoreboard week's games, "away at home" by day as Make Picks draws them, each side
 * with its score and, once the server makes the week public, how many picks it drew.
 */
export function NflWeekGames({ pool, board }: { pool: PoolDetails; board: ScoreboardResponse }) {
  const { week } = board;
  const schedule = useWeekGames(pool, week, !pool.final);
  const teams = useTeamNames(pool.game);
  const counts = board.public ? board.pick_counts : null;
  const [unfolded, setUnfolded] = useState(false);

  let body: React.ReactNode;
  if (schedule.isPending) {
    body = <Loader size="sm" aria-label={`Loading the Week ${week} games`} />;
  } else if (schedule.isError) {
    body = (
      <Group gap="xs" role="alert">
        <Text size="sm" c="red.9">
          Could not load the Week {week} games: {errorMessage(schedule.error)}
        </Text>
        <Button size="compact-xs" variant="default" onClick={() => void schedule.refetch()}>
          Try again
        </Button>
      </Group>
    );
  } else {
    const games = listBoardGames(schedule.data);
    // A phone shows the first games and a button for the rest: the entries stay a short scroll away.
    const folded = !unfolded && games.length > PHONE_PREVIEW;
    let shownBefore = 0;
    body =
      games.length === 0 ? (
        <Text size="sm" c="dark.4">
          No games are scheduled in Week {week}.
        </Text>
      ) : (
        <>
          {groupGamesByDay(games, (kickoff) => zoned(kickoff).format('YYYY-MM-DD')).map(
            ({ day, games: dayGames }) => {
              const first = shownBefore;
              shownBefore += dayGames.length;
              return (
                <Stack
                  key={day}
                  gap={6}
                  component="section"
                  aria-label={zoned(day).format('dddd, MMMM D')}
                  visibleFrom={folded && first >= PHONE_PREVIEW ? 'sm' : undefined}
                >
                  <Title order={4} fz="sm" c="dark.5">
                    {zoned(day).format('dddd, MMMM D')}
                  </Title>
                  <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="xs">
                    {dayGames.map((game, index) => (
                      <MatchupCard
                        key={game.gid}
                        game={game}
                        away={boardSide(game, 'away', teams.data, counts)}
                        home={boardSide(game, 'home', teams.data, counts)}
                        caption={game.status === 'final' && game.overtime ? 'OT' : undefined}
                        visibleFrom={folded && first + index >= PHONE_PREVIEW ? 'sm' : undefined}
                      />
                    ))}
                  </SimpleGrid>
                </Stack>
              );
            },
          )}
          {games.length > PHONE_PREVIEW && (
            <Button
              hiddenFrom="sm"
              variant="default"
              size="xs"
              aria-expanded={!folded}
              onClick={() => setUnfolded(folded)}
            >
              {folded ? `Show all ${games.length} games` : 'Show fewer games'}
            </Button>
          )}
        </>
      );
  }

  return (
    <Stack gap="xs" component="section" aria-label={`Week ${week} games`}>
      <Title order={3} fz="md">
        Week {week} Games
      </Title>
      {!board.public && (
        <Text size="sm" c="dark.5">
          {PICK_COUNTS_HIDDEN}
        </Text>
      )}
      {body}
    </Stack>
  );
}

/** A side's line: its score once the game starts (the loser of a final greyed) and its pick count. */
function boardSide(
  game: BoardGame,
  at: 'away' | 'home',
  teams: TeamDetailsResponse | undefined,
  counts: Readonly<Record<string, number>> | null,
): MatchupSide {
  const abb = game[at];
  const detail = teams?.data[abb];
  const score = at === 'away' ? game.awayScore : game.homeScore;
  const picks = counts ? describePickCount(counts, abb) : null;
  const lost = getLosingSide(game) === at;
  return {
    name: teamFullName(detail, abb),
    ...teamNameParts(detail, abb),
    tone: lost ? 'greyed' : undefined,
    aside: (
      <Group gap="sm" wrap="nowrap" style={{ flexShrink: 0 }}>
        {picks && (
          <Text size="xs" c="dark.5" ta="right" style={{ whiteSpace: 'nowrap' }}>
            <Text span size="xs" fw={picks.count > 0 ? 700 : 400} c={picks.count > 0 ? 'dark.7' : undefined}>
              {picks.label}
            </Text>
            {picks.share && picks.count > 0 && ` · ${picks.share}`}
          </Text>
        )}
        {score !== null && (
          <Text size="lg" fw={800} lh={1} ta="right" miw="2ch" c={lost ? 'dark.4' : undefined}>
            <VisuallyHidden>Score </VisuallyHidden>
            {score}
          </Text>
        )}
      </Group>
    ),
  };
}
