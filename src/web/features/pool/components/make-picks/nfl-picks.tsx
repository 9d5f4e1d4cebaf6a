import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  NativeSelect,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconLock, IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import type { TeamDetailsResponse } from '../../../../../core/contracts/sports';
import { describeNflRuleLines, getWeekPicksNotice, type PickButton } from '../../../../../core/picks';
import { zoned } from '../../../../lib/zone';
import { type PickButtonHandlers, PickButtonView } from './pick-button';
import {
  capPlayers,
  getPoolWeekLock,
  getScopedPickButton,
  getTeamKickoff,
  matchesPlayerName,
  type NflPosition,
  type PickScope,
  POSITION_CAPS,
  POSITION_LABELS,
  POSITIONS,
  toPickEntry,
  toPickPool,
} from './pick-view';
import { WeekPager } from './week-pager';

/** What the NFL cards need of a player (the nflPlayers contract). */
export interface NflPlayer {
  id: string;
  display_name: string;
  short_name: string;
  position: string;
  team_abb: string;
  depth_rank: number | null;
  simulated: boolean;
}

interface PlayerItem {
  player: NflPlayer;
  button: PickButton;
}

interface TeamItem {
  abb: string;
  name: string;
  /** "vs. X" / "@ X", or null on a bye. */
  matchup: string | null;
  kickoff: Date | null;
  byPosition: Record<NflPosition, PlayerItem[]>;
}

type PositionFilter = 'ALL' | NflPosition;

/** NFL TD: control bar, the week's picks, rule lines, and the team cards or table of pickable players. */
export function NflPicks({
  scope,
  teams,
  players,
  onWeekChange,
  handlers,
}: {
  scope: PickScope;
  teams: TeamDetailsResponse;
  players: NflPlayer[];
  onWeekChange: (week: number) => void;
  handlers: (id: string, name: string) => PickButtonHandlers;
}) {
  const { pool, week, entry, schedules, now } = scope;
  const [team, setTeam] = useState<string | null>(null);
  const [position, setPosition] = useState<PositionFilter>('ALL');
  const [search, setSearch] = useState('');
  const [view, setView] = useState<'cards' | 'table'>('cards');
  // A team chosen or a name typed in the server's page before its code ran: the fields show it, and the
  // filter takes it once hydrated (only clicks are replayed).
  const teamField = useRef<HTMLSelectElement>(null);
  const searchField = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (teamField.current?.value) setTeam(teamField.current.value);
    if (searchField.current?.value) setSearch(searchField.current.value);
  }, []);
  const filtered = team !== null || position !== 'ALL' || search.trim() !== '';
  const clearFilters = () => {
    setTeam(null);
    setPosition('ALL');
    setSearch('');
  };

  const weekPicks = entry ? entry.picks.filter((pick) => pick.week === week) : [];
  const notice = entry
    ? getWeekPicksNotice(
        toPickPool(pool, week),
        toPickEntry(pool, entry, schedules),
        week,
        getPoolWeekLock(pool, week, schedules),
        now,
      )
    : null;
  const shownPositions = position === 'ALL' ? POSITIONS : [position];

  const items: TeamItem[] = teams.abbs
    .filter((abb) => team === null || abb === team)
    .map((abb) => {
      const detail = teams.data[abb];
      const name = detail ? `${detail.c} ${detail.n}` : abb;
      const games = schedules?.[abb]?.[String(week)] ?? [];
      const kickoff = getTeamKickoff(schedules, abb, week);
      const roster = players.filter((p) => p.team_abb === abb && matchesPlayerName(p, search));
      const byPosition = Object.fromEntries(
        POSITIONS.map((pos) => [
          pos,
          shownPositions.includes(pos)
            ? capPlayers(roster, pos).map((player) => ({
                player,
                button: getScopedPickButton(scope, {
                  id: player.id,
                  name: player.display_name,
                  teamAbb: abb,
                  hasGame: kickoff !== null,
                  kickoff,
                }),
              }))
            : [],
        ]),
      ) as Record<NflPosition, PlayerItem[]>;
      return { abb, name, matchup: games[0]?.matchup ?? null, kickoff, byPosition };
    })
    .filter((item) => search.trim() === '' || POSITIONS.some((pos) => item.byPosition[pos].length > 0));

  return (
    <Stack gap="sm">
      <Card withBorder padding="sm">
        <Stack gap="xs">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <WeekPager week={week} weekCount={pool.week_count} onChange={onWeekChange} />
            <SegmentedControl
              aria-label="View"
              value={view}
              onChange={(value) => setView(value as 'cards' | 'table')}
              data={[
                { value: 'cards', label: 'Card View' },
                { value: 'table', label: 'Table View' },
              ]}
            />
          </Group>
          <Group wrap="wrap" gap="xs" align="flex-end">
            {/* The phone's own picker: a short list of teams needs no search box (nor its code). */}
            <NativeSelect
              ref={teamField}
              label="Team"
              value={team ?? ''}
              onChange={(event) => setTeam(event.currentTarget.value || null)}
              data={[
                { value: '', label: 'All teams' },
                ...teams.abbs.map((abb) => ({ value: abb, label: abb })),
              ]}
              w={130}
            />
            <SegmentedControl
              aria-label="Position"
              value={position}
              onChange={(value) => setPosition(value as PositionFilter)}
              data={['ALL', ...POSITIONS].map((value) => ({ value, label: value }))}
            />
            <TextInput
              ref={searchField}
              label="Player name"
              placeholder="Search players"
              leftSection={<IconSearch size={14} aria-hidden />}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              w={190}
            />
            <Button variant="default" onClick={clearFilters} disabled={!filtered}>
              Reset
            </Button>
          </Group>
        </Stack>
      </Card>

      <Group gap="xs" wrap="wrap" aria-label={`Your Week ${week} Picks`} role="group">
        <Text fw={700} size="sm">
          Your Week {week} Picks:
        </Text>
        {Array.from({ length: pool.players_per_week }, (_, i) => {
          const pick = weekPicks[i];
          return (
            <Badge
              key={i}
              tt="none"
              size="lg"
              variant={pick ? 'filled' : 'outline'}
              color={pick ? 'navy' : 'gray.7'}
            >
              {pick ? pick.name : 'No Pick'}
            </Badge>
          );
        })}
      </Group>
      {notice && (
        <Alert color="red" variant="light" icon={<IconLock aria-hidden />} role="status">
          {notice}
        </Alert>
      )}
      <Stack gap={0}>
        {describeNflRuleLines({
          playersPerWeek: pool.players_per_week,
          maxPlayersPerTeam: pool.max_players_per_team,
          passTds: pool.nfl_pass_tds,
        }).map((line) => (
          <Text key={line} size="xs" fw={700} c="dark.5">
            {line}
          </Text>
        ))}
      </Stack>

      {items.length === 0 ? (
        <Stack align="center" gap="xs" py="lg">
          <Text fw={600}>
            {search.trim() !== '' ? 'No teams or players match your filters' : 'No teams match your filters'}
          </Text>
          <Button variant="light" onClick={clearFilters}>
            Clear All Filters
          </Button>
        </Stack>
      ) : view === 'cards' ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          {items.map((item) => (
            <TeamCard key={item.abb} item={item} positions={shownPositions} handlers={handlers} />
          ))}
        </SimpleGrid>
      ) : (
        <Table.ScrollContainer minWidth={900}>
          <Table striped verticalSpacing={6} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Team</Table.Th>
                {POSITIONS.map((pos) => (
                  <Table.Th key={pos}>
                    {POSITION_LABELS[pos]} ({POSITION_CAPS[pos]})
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <Table.Tr key={item.abb}>
                  <Table.Td>
                    <Text size="sm" fw={700}>
                      {item.name}
                    </Text>
                    <Text size="xs" c="dark.4">
                      {describeGame(item)}
                    </Text>
                  </Table.Td>
                  {POSITIONS.map((pos) => (
                    <Table.Td key={pos} valign="top">
                      <Stack gap={4}>
                        {item.byPosition[pos].map(({ player, button }) => (
                          <PlayerLine
                            key={player.id}
                            player={player}
                            button={button}
                            handlers={handlers(player.id, player.display_name)}
                          />
                        ))}
                      </Stack>
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

function TeamCard({
  item,
  positions,
  handlers,
}: {
  item: TeamItem;
  positions: NflPosition[];
  handlers: (id: string, name: string) => PickButtonHandlers;
}) {
  return (
    <Card withBorder padding="sm" role="group" aria-label={item.name}>
      <Group justify="space-between" wrap="nowrap" mb={6}>
        <Text fw={800} size="sm">
          {item.name}
        </Text>
        <Text size="xs" c={item.matchup ? 'dark.4' : 'red.8'} fw={item.matchup ? 400 : 700} ta="right">
          {describeGame(item)}
        </Text>
      </Group>
      <Stack gap={6}>
        {positions.map((pos) =>
          item.byPosition[pos].length === 0 ? null : (
            <Stack key={pos} gap={2}>
              <Text size="xs" fw={700} c="dark.5">
                {POSITION_LABELS[pos]}
              </Text>
              {item.byPosition[pos].map(({ player, button }) => (
                <PlayerLine
                  key={player.id}
                  player={player}
                  button={button}
                  handlers={handlers(player.id, player.display_name)}
                />
              ))}
            </Stack>
          ),
        )}
      </Stack>
    </Card>
  );
}

function PlayerLine({
  player,
  button,
  handlers,
}: {
  player: NflPlayer;
  button: PickButton;
  handlers: PickButtonHandlers;
}) {
  return (
    <Group
      role="group"
      aria-label={player.display_name}
      justify="space-between"
      wrap="nowrap"
      gap="xs"
      bg={button.selected ? 'var(--mantine-color-green-1)' : undefined}
      px={4}
      style={{ borderRadius: 4 }}
    >
      <Text size="sm" truncate title={player.simulated ? 'Simulated player' : undefined}>
        {player.display_name}
        <Text span size="xs" c="dark.4">
          {' '}
          {player.position}
        </Text>
      </Text>
      <PickButtonView button={button} handlers={handlers} compact />
    </Group>
  );
}

function describeGame(item: TeamItem): string {
  if (item.matchup === null) return 'BYE WEEK';
  return item.kickoff ? `${item.matchup} · ${zoned(item.kickoff).format('ddd M/D h:mm A')}` : item.matchup;
}
