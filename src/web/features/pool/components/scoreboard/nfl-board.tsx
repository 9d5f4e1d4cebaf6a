import {
  Badge,
  Button,
  Card,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import type {
  NflStatLine,
  PlayerCard,
  ScoreboardEntry,
  ScoreboardResponse,
} from '../../../../../core/contracts/pools';
import { zoned } from '../../../../lib/zone';
import { LivesBadge, NoPickText, WeekResultBadge } from './scoreboard-parts';

const POSITIONS = ['All', 'QB', 'RB', 'WR', 'TE'];
type SortKey = 'entry' | 'qualifying' | 'active';
const SORTS: { value: SortKey; label: string }[] = [
  { value: 'entry', label: 'Entry' },
  { value: 'qualifying', label: 'Qualifying' },
  { value: 'active', label: 'Active' },
];

interface Filters {
  team: string | null;
  position: string;
  player: string;
  entry: string;
}

const NO_FILTERS: Filters = { team: null, position: 'All', player: '', entry: '' };

/** NFL TD: one card per picked player, with filters, sort, reset and a card / table view. */
export function NflBoard({ board }: { board: ScoreboardResponse }) {
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [sort, setSort] = useState<SortKey>('entry');
  const [view, setView] = useState('cards');
  const set = (patch: Partial<Filters>) => setFilters((current) => ({ ...current, ...patch }));
  const teams = [...new Set(board.entries.flatMap((entry) => entry.players.map((card) => card.team_abb)))]
    .filter(Boolean)
    .sort();
  const rows = filterEntries(board.entries, filters).sort(compareBy(sort));
  const filtered = filters !== NO_FILTERS || sort !== 'entry';

  return (
    <Stack gap="sm">
      <Group gap="xs" align="flex-end" wrap="wrap">
        <Select
          label="Team"
          placeholder="All teams"
          data={teams}
          value={filters.team}
          onChange={(team) => set({ team })}
          clearable
          w={130}
        />
        <Stack gap={2}>
          <Text size="sm" fw={500} id="scoreboard-position">
            Position
          </Text>
          <SegmentedControl
            aria-labelledby="scoreboard-position"
            data={POSITIONS}
            value={filters.position}
            onChange={(position) => set({ position })}
            size="xs"
          />
        </Stack>
        <TextInput
          label="Player name"
          value={filters.player}
          onChange={(event) => set({ player: event.currentTarget.value })}
          leftSection={<IconSearch size={14} aria-hidden />}
          w={170}
        />
        <TextInput
          label="Entry name"
          value={filters.entry}
          onChange={(event) => set({ entry: event.currentTarget.value })}
          leftSection={<IconSearch size={14} aria-hidden />}
          w={170}
        />
        <Select
          label="Sort by"
          data={SORTS}
          value={sort}
          onChange={(value) => setSort((value as SortKey | null) ?? 'entry')}
          allowDeselect={false}
          w={140}
        />
        <Button
          variant="default"
          onClick={() => {
            setFilters(NO_FILTERS);
            setSort('entry');
          }}
          disabled={!filtered}
        >
          Reset
        </Button>
        <SegmentedControl
          aria-label="View"
          data={[
            { value: 'cards', label: 'Card View' },
            { value: 'table', label: 'Table View' },
          ]}
          value={view}
          onChange={setView}
        />
      </Group>
      {rows.length === 0 ? (
        <Stack align="flex-start" gap="xs">
          <Text size="sm">No entries or players match your filters.</Text>
          <Button variant="default" size="xs" onClick={() => setFilters(NO_FILTERS)}>
            Clear All Filters
          </Button>
        </Stack>
      ) : view === 'cards' ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          {rows.map(({ entry, players }) => (
            <EntryCard key={entry.entry_id} entry={entry} players={players} />
          ))}
        </SimpleGrid>
      ) : (
        <PlayerTable rows={rows} />
      )}
    </Stack>
  );
}

interface Row {
  entry: ScoreboardEntry;
  players: PlayerCard[];
}

function filterEntries(entries: ScoreboardEntry[], filters: Filters): Row[] {
  const entryText = filters.entry.trim().toLowerCase();
  const playerText = filters.player.trim().toLowerCase();
  const byPlayer = filters.team !== null || filters.position !== 'All' || playerText !== '';
  const rows: Row[] = [];
  for (const entry of entries) {
    if (entryText && !entry.label.toLowerCase().includes(entryText)) continue;
    const players = entry.players.filter(
      (card) =>
        (filters.team === null || card.team_abb === filters.team) &&
        (filters.position === 'All' || card.position === filters.position) &&
        (!playerText || card.name.toLowerCase().includes(playerText)),
    );
    // A player filter keeps only entries holding a matching player.
    if (byPlayer && players.length === 0) continue;
    rows.push({ entry, players });
  }
  return rows;
}

const count = (row: Row, status: PlayerCard['status']) =>
  row.entry.players.filter((card) => card.status === status).length;

function compareBy(sort: SortKey): (a: Row, b: Row) => number {
  const byLabel = (a: Row, b: Row) => a.entry.label.localeCompare(b.entry.label);
  if (sort === 'qualifying') return (a, b) => count(b, 'advancing') - count(a, 'advancing') || byLabel(a, b);
  if (sort === 'active') return (a, b) => count(b, 'pending') - count(a, 'pending') || byLabel(a, b);
  return byLabel;
}

function EntryCard({ entry, players }: Row) {
  return (
    <Card
      withBorder
      padding="sm"
      role="group"
      aria-label={entry.label}
      bg={entry.mine ? 'var(--mantine-color-green-0)' : undefined}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs" mb="xs">
        <Text fw={700} truncate>
          {entry.label}
        </Text>
        <Group gap={6} wrap="nowrap">
          <WeekResultBadge entry={entry} />
          <LivesBadge entry={entry} />
        </Group>
      </Group>
      {entry.pick !== 'shown' ? (
        <NoPickText entry={entry} />
      ) : (
        <Stack gap="xs">
          {players.map((card) => (
            <PlayerLine key={card.player_id} card={card} />
          ))}
        </Stack>
      )}
    </Card>
  );
}

function PlayerLine({ card }: { card: PlayerCard }) {
  if (!card.found) {
    return (
      <Text size="sm" fw={700} c="red.9">
        Player not found
      </Text>
    );
  }
  return (
    <Stack gap={0}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" fw={700} truncate>
          {card.name}{' '}
          <Text span size="xs" c="dark.4">
            {card.position} · {card.team_abb}
          </Text>
        </Text>
        <StatusBadge card={card} />
      </Group>
      <Text size="xs" c="dark.4">
        {describeGame(card)}
      </Text>
      <Text size="xs">{describeStats(card.stats, card.game_status === 'final')}</Text>
    </Stack>
  );
}

function PlayerTable({ rows }: { rows: Row[] }) {
  return (
    <Table.ScrollContainer
      minWidth={760}
      type="native"
      tabIndex={0}
      aria-label="Picked players, scrolls sideways"
    >
      <Table striped verticalSpacing={6} fz="sm" aria-label="Picked players">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Entry</Table.Th>
            <Table.Th>Lives</Table.Th>
            <Table.Th>Player</Table.Th>
            <Table.Th>Game</Table.Th>
            <Table.Th>Stats</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.flatMap(({ entry, players }) =>
            entry.pick !== 'shown'
              ? [
                  <Table.Tr key={entry.entry_id}>
                    <Table.Td fw={600}>{entry.label}</Table.Td>
                    <Table.Td>
                      <LivesBadge entry={entry} />
                    </Table.Td>
                    <Table.Td colSpan={4}>
                      <NoPickText entry={entry} />
                    </Table.Td>
                  </Table.Tr>,
                ]
              : players.map((card, index) => (
                  <Table.Tr key={`${entry.entry_id}-${card.player_id}`}>
                    <Table.Td fw={600}>{index === 0 ? entry.label : ''}</Table.Td>
                    <Table.Td>{index === 0 && <LivesBadge entry={entry} />}</Table.Td>
                    <Table.Td>
                      {card.found ? `${card.name} (${card.position} · ${card.team_abb})` : 'Player not found'}
                    </Table.Td>
                    <Table.Td>{describeGame(card)}</Table.Td>
                    <Table.Td>{describeStats(card.stats, card.game_status === 'final')}</Table.Td>
                    <Table.Td>
                      <StatusBadge card={card} />
                    </Table.Td>
                  </Table.Tr>
                )),
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function StatusBadge({ card }: { card: PlayerCard }) {
  if (card.status === 'advancing') {
    return (
      <Badge color="green.9" variant="filled" size="sm">
        ADVANCING
      </Badge>
    );
  }
  if (card.status === 'eliminated') {
    return (
      <Badge color="red.9" variant="filled" size="sm">
        ELIMINATED
      </Badge>
    );
  }
  return (
    <Badge color="dark.6" variant="outline" size="sm">
      PENDING
    </Badge>
  );
}

function describeGame(card: PlayerCard): string {
  if (!card.matchup) return 'No game this week';
  if (card.game_status === 'final') return `${card.matchup} · Final`;
  if (card.game_status === 'started') return `${card.matchup} · Live`;
  if (card.game_status === 'postponed') return `${card.matchup} · PPD`;
  return card.kickoff ? `${card.matchup} · ${zoned(card.kickoff).format('ddd h:mm A')}` : card.matchup;
}

/**
 * "24/35 280 YDS 2 TD · 14-77 1 TD RUSH · 5-60 REC", only the parts the player has. A final game will
 * bring no more: its empty line reads as none recorded, not as "yet".
 */
export function describeStats(stats: NflStatLine | null, final = false): string {
  const none = final ? 'No stats recorded' : 'No stats yet';
  if (!stats) return none;
  const parts: string[] = [];
  if (stats.pass_att > 0 || stats.pass_td > 0) {
    parts.push(
      `${stats.pass_cmp}/${stats.pass_att} ${stats.pass_yds} YDS ${stats.pass_td} PASS TD${stats.pass_int ? ` ${stats.pass_int} INT` : ''}`,
    );
  }
  if (stats.rush_att > 0 || stats.rush_td > 0) {
    parts.push(`${stats.rush_att} RUSH ${stats.rush_yds} YDS${stats.rush_td ? ` ${stats.rush_td} TD` : ''}`);
  }
  if (stats.rec > 0 || stats.rec_td > 0) {
    parts.push(`${stats.rec} REC ${stats.rec_yds} YDS${stats.rec_td ? ` ${stats.rec_td} TD` : ''}`);
  }
  if (stats.st_td > 0) parts.push(`${stats.st_td} ST TD`);
  if (stats.def_td > 0) parts.push(`${stats.def_td} DEF TD`);
  return parts.length > 0 ? parts.join(' · ') : none;
}
