import { Alert, Group, Paper, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { TeamDetailsResponse } from '../../../../../core/contracts/sports';
import type { PickButton } from '../../../../../core/picks';
import { displayZone, zoned } from '../../../../lib/zone';
import { useWeekOdds } from '../../api/odds';
import { nflLockText } from '../pool-labels';
import { MatchupCard, type MatchupSide } from './matchup-card';
import {
  describeDeadlineLines,
  describeSurvivorRuleLines,
  getPickLockAt,
  getSurvivorNotice,
  groupGamesByDay,
  listByeTeams,
  listWeekGames,
  teamFullName,
  teamNameParts,
  type WeekGame,
} from './nfl-survivor-view';
import { formatChance } from './odds-format';
import { type PickButtonHandlers, PickButtonView } from './pick-button';
import {
  getPicksAsked,
  getPoolWeekLock,
  getScopedPickButton,
  getTeamKickoff,
  type PickScope,
} from './pick-view';
import { WeekPager } from './week-pager';

interface Side {
  abb: string;
  /** "Kansas City Chiefs", and apart: "Kansas City", "Chiefs". */
  name: string;
  city: string;
  nickname: string;
  /** "Chiefs": the messages name the team as the server does ("the Chiefs"). */
  shortName: string;
  /** The chance to win from the pool's odds; null while they are not there. */
  chance: number | null;
  button: PickButton;
}

// A disabled button that greys its team: used in another week, or its game (or the week) locked.
const GREYED = new Set<PickButton['state']>(['used', 'locked', 'no_game']);

/**
 * NFL Survivor: the week pager, the entry's picks of the week with their lock times, the pool's rule
 * lines, and the week's games ("away at home") by day with each side's win chance and pick button.
 */
export function NflSurvivorPicks({
  scope,
  teams,
  onWeekChange,
  handlers,
}: {
  scope: PickScope;
  teams: TeamDetailsResponse;
  onWeekChange: (week: number) => void;
  handlers: (abb: string, name: string) => PickButtonHandlers;
}) {
  const { pool, week, entry, schedules, now } = scope;
  const weekLockAt = getPoolWeekLock(pool, week, schedules);
  const weekLocked = pool.final || weekLockAt === null || weekLockAt.getTime() <= now.getTime();
  const asked = getPicksAsked(pool, week);
  const odds = useWeekOdds(pool.id, week);
  // The last week's odds stay while this week's load: they are not this week's.
  const chances =
    odds.data?.week === week ? new Map(odds.data.rows.map((row) => [row.pick_id, row.advance])) : null;

  const side = (abb: string): Side => {
    const detail = teams.data[abb];
    const kickoff = getTeamKickoff(schedules, abb, week);
    return {
      abb,
      name: teamFullName(detail, abb),
      ...teamNameParts(detail, abb),
      shortName: detail?.n ?? abb,
      chance: chances?.get(abb) ?? null,
      button: getScopedPickButton(scope, {
        id: abb,
        name: detail?.n ?? abb,
        teamAbb: abb,
        hasGame: kickoff !== null,
        kickoff,
      }),
    };
  };
  const games = listWeekGames(schedules, week);
  const days = groupGamesByDay(games, (kickoff) => zoned(kickoff).format('YYYY-MM-DD'));
  const byes = games.length > 0 ? listByeTeams(teams.abbs, schedules, week) : [];

  const weekPicks = entry ? entry.picks.filter((pick) => pick.week === week) : [];
  const pickKickoffs = weekPicks.map((pick) => getTeamKickoff(schedules, pick.team_abb, week));
  // A week without games has nothing to lock.
  const notice =
    entry && games.length > 0
      ? getSurvivorNotice({ week, picksAsked: asked, pickKickoffs, weekLocked, now })
      : null;
  const ruleLines = [
    ...describeSurvivorRuleLines(pool, asked),
    ...describeDeadlineLines(
      weekLockAt
        ? `${zoned(weekLockAt).format('ddd M/D h:mm A')} ${zoneName(weekLockAt)}`.toUpperCase()
        : null,
      nflLockText(pool),
    ),
  ];

  return (
    <Stack gap="sm">
      <WeekPager week={week} weekCount={pool.week_count} onChange={onWeekChange} />
      {entry && (
        <Group gap="xs" wrap="wrap" role="group" aria-label={`Your Week ${week} Picks`}>
          <Text fw={700} size="sm">
            Your Week {week} {asked === 1 ? 'Pick' : 'Picks'}:
          </Text>
          {Array.from({ length: Math.max(asked, weekPicks.length) }, (_, i) => {
            const pick = weekPicks[i];
            if (!pick)
              return (
                <Paper key={i} withBorder px="xs" py={4} style={{ borderStyle: 'dashed' }}>
                  <Text size="sm" c="dark.4">
                    No Pick
                  </Text>
                </Paper>
              );
            const lockAt = getPickLockAt(pickKickoffs[i] ?? null, weekLockAt);
            const locked = pool.final || (lockAt !== null && lockAt.getTime() <= now.getTime());
            const detail = teams.data[pick.team_abb];
            return (
              // A box, not a badge: a phone wraps the lock time under the team instead of cutting it off.
              <Paper key={pick.pick_id} withBorder px="xs" py={4} bg="navy.0">
                <Group gap={6} wrap="wrap">
                  {locked && <IconLock size={14} aria-hidden />}
                  <Text size="sm" fw={700}>
                    {detail ? teamFullName(detail, pick.team_abb) : pick.name}
                  </Text>
                  {lockAt && (
                    <Text size="xs" c="dark.5">
                      {locked ? 'Locked' : `Locks ${zoned(lockAt).format('ddd M/D h:mm A')}`}
                    </Text>
                  )}
                </Group>
              </Paper>
            );
          })}
        </Group>
      )}
      {notice && (
        <Alert color="red" variant="light" icon={<IconLock aria-hidden />} role="status">
          {notice}
        </Alert>
      )}
      <Stack gap={0}>
        {ruleLines.map((line) => (
          <Text key={line} size="xs" fw={700} c="dark.5">
            {line}
          </Text>
        ))}
      </Stack>
      {games.length === 0 ? (
        <Text c="dark.4">No games are scheduled in Week {week}.</Text>
      ) : (
        <>
          {/* The entry's notice says why it cannot pick now. */}
          {!notice && (
            <Text size="sm" fw={700} c={weekLocked ? 'red.8' : 'green.9'}>
              {weekLocked ? 'Picks Locked' : 'Click to Select!'}
            </Text>
          )}
          {days.map(({ day, games: dayGames }) => (
            <Stack key={day} gap={6} component="section" aria-label={zoned(day).format('dddd, MMMM D')}>
              <Title order={3} fz="sm" c="dark.5">
                {zoned(day).format('dddd, MMMM D')}
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
                {dayGames.map((game) => (
                  <GameCard
                    key={game.gid}
                    game={game}
                    away={side(game.away)}
                    home={side(game.home)}
                    odds={chances !== null}
                    handlers={handlers}
                  />
                ))}
              </SimpleGrid>
            </Stack>
          ))}
          {byes.length > 0 && (
            <Text size="sm" c="dark.4">
              <Text span fw={700} size="sm">
                On a bye:
              </Text>{' '}
              {byes.map((abb) => teamFullName(teams.data[abb], abb)).join(', ')}
            </Text>
          )}
        </>
      )}
    </Stack>
  );
}

function GameCard({
  game,
  away,
  home,
  odds,
  handlers,
}: {
  game: WeekGame;
  away: Side;
  home: Side;
  odds: boolean;
  handlers: (abb: string, name: string) => PickButtonHandlers;
}) {
  return (
    <MatchupCard
      game={game}
      away={matchupSide(postponed(game, away), handlers)}
      home={matchupSide(postponed(game, home), handlers)}
      caption={odds ? 'Win chance' : undefined}
    />
  );
}

/** A side's line: green when picked, grey when it cannot be; its win chance and pick button at the right. */
function matchupSide(side: Side, handlers: (abb: string, name: string) => PickButtonHandlers): MatchupSide {
  const greyed = !side.button.selected && GREYED.has(side.button.state);
  return {
    name: side.name,
    city: side.city,
    nickname: side.nickname,
    tone: side.button.selected ? 'selected' : greyed ? 'greyed' : undefined,
    aside: (
      <>
        {side.chance !== null && (
          <Text size="sm" fw={700} c={greyed ? 'dark.4' : undefined} ta="right" style={{ flexShrink: 0 }}>
            {formatChance(side.chance)}
            <VisuallyHidden> chance to win</VisuallyHidden>
          </Text>
        )}
        <div style={{ flexShrink: 0 }}>
          <PickButtonView button={side.button} handlers={handlers(side.abb, side.shortName)} compact />
        </div>
      </>
    ),
  };
}

/** A postponed game's sides have no game this week: that is not their bye. */
function postponed(game: WeekGame, side: Side): Side {
  if (game.status !== 'postponed' || side.button.state !== 'no_game') return side;
  return { ...side, button: { ...side.button, label: 'POSTPONED', shortLabel: 'POSTPONED' } };
}

/** The viewer's zone as it reads at an instant ("PDT"). */
function zoneName(at: Date): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZoneName: 'short', timeZone: displayZone() })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? '';
}
