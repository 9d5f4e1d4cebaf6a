import {
  Alert,
  Card,
  Center,
  Group,
  Loader,
  MultiSelect,
  Pagination,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconGift, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { pageCount } from '../../../../../core/contracts/paging';
import type { MyEntry, PoolDetails, PoolViewer } from '../../../../../core/contracts/pools';
import { GAME_NAMES, hasBonusPool } from '../../../../../core/games';
import { ResponsiveTable } from '../../../../components/responsive-table';
import { errorMessage } from '../../../../lib/api';
import { formatDate, formatDollars } from '../../../../lib/format';
import { useMappedBonuses } from '../../api/bonuses';
import { type BonusRow, type BonusView, buildBonusRows, distinctValues, filterBonusRows } from './bonus-rows';

const EMPTY_EARNED = 'Bonuses will show up here once they have been earned.';
const EMPTY_FILTERED = "Use the filters and dropdowns to view this pool's Performance Bonuses.";

/**
 * The pool's Performance Bonuses tab: every bonus the pool paid, as prizes (what winners received) or payouts
 * (what the other bonus-pool entries were charged), filtered by user, week, type and team. Dollars show in the
 * Payouts view; in the Prizes view only to league admins. The events come a page at a time from the server
 * (newest first), searched there; the filters apply to the page shown.
 */
export function BonusesTab({
  pool,
  viewer,
  activeEntry,
}: {
  pool: PoolDetails;
  viewer: PoolViewer;
  activeEntry: MyEntry | null;
}) {
  if (!hasBonusPool(pool.game)) {
    return (
      <Alert color="blue" title="No bonus pool" icon={<IconGift size={18} aria-hidden />}>
        {GAME_NAMES[pool.game as keyof typeof GAME_NAMES] ?? pool.game} pools offer no performance bonus pool,
        so there are no bonuses to show.
      </Alert>
    );
  }
  if (!pool.bonus_active) {
    return (
      <Alert color="blue" title="No bonus pool" icon={<IconGift size={18} aria-hidden />}>
        This pool has no performance bonus pool, so there are no bonuses to show.
      </Alert>
    );
  }
  return <Bonuses pool={pool} viewer={viewer} activeEntry={activeEntry} />;
}

function Bonuses({
  pool,
  viewer,
  activeEntry,
}: {
  pool: PoolDetails;
  viewer: PoolViewer;
  activeEntry: MyEntry | null;
}) {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const bonuses = useMappedBonuses(pool.id, page, q);
  const [view, setView] = useState<BonusView>('prizes');
  const [allUsers, setAllUsers] = useState(true);
  const [allWeeks, setAllWeeks] = useState(true);
  const [allTypes, setAllTypes] = useState(true);
  const [allTeams, setAllTeams] = useState(true);
  const [users, setUsers] = useState<string[]>(activeEntry ? [activeEntry.label] : []);
  const [weeks, setWeeks] = useState<string[]>([]);
  const [types, setTypes] = useState<string[]>([]);
  const [teams, setTeams] = useState<string[]>([]);

  if (bonuses.isLoading) {
    return (
      <Center py="xl">
        <Stack align="center" gap="xs">
          <Loader aria-label="Loading bonuses" />
          <Text fw={700}>LOADING BONUSES ...</Text>
        </Stack>
      </Center>
    );
  }
  if (bonuses.isError || !bonuses.data) {
    return (
      <Alert color="red" role="alert" title="Bonuses could not be loaded">
        {errorMessage(bonuses.error)}
      </Alert>
    );
  }
  const events = bonuses.data.events;
  const pages = pageCount(bonuses.data);
  const rows = buildBonusRows(events, view);
  const shown = filterBonusRows(rows, {
    users: allUsers ? null : users,
    weeks: allWeeks ? null : weeks.map(Number),
    types: allTypes ? null : types,
    teams: allTeams ? null : teams,
  });
  const showDollars = view === 'payouts' || viewer.is_league_admin;
  const oneUser = !allUsers && users.length === 1;
  const total = shown.reduce((sum, row) => sum + row.dollars, 0);
  const columns = { winners: view === 'payouts', dollars: showDollars };

  return (
    <Card withBorder padding="md">
      <Title order={2} fz="md" mb="sm" id="bonuses-title">
        Performance Bonuses
      </Title>
      <Stack gap="sm" mb="md">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="sm">
          <Select
            label="View"
            data={[
              { value: 'prizes', label: 'Prizes' },
              { value: 'payouts', label: 'Payouts' },
            ]}
            value={view}
            onChange={(value) => setView(value === 'payouts' ? 'payouts' : 'prizes')}
            allowDeselect={false}
          />
          <Filter
            toggle="Show All Users"
            label="Users"
            all={allUsers}
            onAll={setAllUsers}
            data={distinctValues(rows, (row) => row.entry)}
            value={users}
            onChange={setUsers}
          />
          <Filter
            toggle="Show All Weeks"
            label="Weeks"
            all={allWeeks}
            onAll={setAllWeeks}
            data={distinctValues(rows, (row) => row.week).map((week) => ({
              value: String(week),
              label: `Week ${week}`,
            }))}
            value={weeks}
            onChange={setWeeks}
          />
          <Filter
            toggle="Show All Types"
            label="Types"
            all={allTypes}
            onAll={setAllTypes}
            data={distinctValues(rows, (row) => row.type)}
            value={types}
            onChange={setTypes}
          />
          <Filter
            toggle="Show All Teams"
            label="Teams"
            all={allTeams}
            onAll={setAllTeams}
            data={distinctValues(rows, (row) => row.team)}
            value={teams}
            onChange={setTeams}
          />
        </SimpleGrid>
        <TextInput
          label="Search bonuses"
          placeholder="Bonus, team, player or details"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          maw={360}
        />
        {pages > 1 && (
          <Text size="sm" c="dark.4" role="status">
            {bonuses.data.total} bonuses · page {bonuses.data.page} of {pages}, newest first
          </Text>
        )}
      </Stack>
      {view === 'payouts' && events.length > 0 && (
        <Text size="sm" c="dark.4" mb="xs">
          Payouts lists your own entries' charges: each bonus's total is shared by the week's other bonus-pool
          entries.
        </Text>
      )}
      {events.length === 0 && q ? (
        <Text c="dark.4">No bonus matches the search.</Text>
      ) : events.length === 0 ? (
        <Text c="dark.4">{EMPTY_EARNED}</Text>
      ) : shown.length === 0 ? (
        <Text c="dark.4">{EMPTY_FILTERED}</Text>
      ) : (
        <BonusTable rows={shown} columns={columns} total={oneUser ? total : null} />
      )}
      {pages > 1 && (
        <Group justify="center" mt="md">
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={setPage}
            getControlProps={(control) => ({
              'aria-label':
                control === 'next' ? 'Next page' : control === 'previous' ? 'Previous page' : control,
            })}
            getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
          />
        </Group>
      )}
    </Card>
  );
}

/** A "Show All" switch; off, it reveals a multi-select of the values to keep. */
function Filter({
  toggle,
  label,
  all,
  onAll,
  data,
  value,
  onChange,
}: {
  toggle: string;
  label: string;
  all: boolean;
  onAll: (all: boolean) => void;
  data: (string | { value: string; label: string })[];
  value: string[];
  onChange: (value: string[]) => void;
}) {
  return (
    <Stack gap={6}>
      <Switch label={toggle} checked={all} onChange={(event) => onAll(event.currentTarget.checked)} />
      {!all && (
        <MultiSelect
          aria-label={label}
          placeholder={value.length === 0 ? `Choose ${label.toLowerCase()}` : undefined}
          data={data}
          value={value}
          onChange={onChange}
          searchable
          clearable
        />
      )}
    </Stack>
  );
}

interface Columns {
  winners: boolean;
  dollars: boolean;
}

/** A table on a desk; on a phone one card per line, the dollars (when shown) on the card's first line. */
function BonusTable({ rows, columns, total }: { rows: BonusRow[]; columns: Columns; total: number | null }) {
  const span = 7 + (columns.winners ? 1 : 0);
  return (
    <ResponsiveTable
      rows={rows}
      rowKey={(row) => row.key}
      minWidth={860}
      scroll={{ tabIndex: 0, 'aria-labelledby': 'bonuses-title' }}
      table={{ striped: true, verticalSpacing: 'xs', fz: 'sm', 'aria-labelledby': 'bonuses-title' }}
      columns={[
        { key: 'entry', header: 'Entry', td: { fw: 600 }, cell: (row) => row.entry },
        { key: 'week', header: 'Week', cell: (row) => row.week },
        { key: 'date', header: 'Date', cell: (row) => formatDate(row.date, 'M.D.YY') },
        { key: 'game', header: 'Game', cell: (row) => row.game },
        { key: 'type', header: 'Type', cell: (row) => row.type },
        { key: 'team', header: 'Team', cell: (row) => row.team },
        {
          key: 'details',
          header: 'Details',
          td: { style: { overflowWrap: 'anywhere' } },
          cell: (row) => row.details,
        },
        columns.winners && { key: 'winners', header: 'Winners', cell: (row) => row.winners.join(', ') },
        columns.dollars && {
          key: 'dollars',
          header: '$',
          th: { ta: 'right' },
          td: (row) => ({ ta: 'right', c: row.dollars < 0 ? 'red.9' : undefined }),
          cell: (row) => formatDollars(row.dollars),
        },
      ]}
      foot={
        columns.dollars &&
        total !== null && (
          <Table.Tr>
            <Table.Th colSpan={span}>Total</Table.Th>
            <Table.Td ta="right" fw={700} c={total < 0 ? 'red.9' : undefined}>
              {formatDollars(total)}
            </Table.Td>
          </Table.Tr>
        )
      }
      cards={{ gap: 'sm' }}
      card={(row) => (
        <Card withBorder padding="sm" component="section" aria-label={`${row.type} for ${row.entry}`}>
          <Group justify="space-between" wrap="nowrap">
            <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
              {row.entry}
            </Text>
            {columns.dollars && (
              <Text fw={700} c={row.dollars < 0 ? 'red.9' : undefined}>
                {formatDollars(row.dollars)}
              </Text>
            )}
          </Group>
          <Text size="sm" fw={600}>
            {row.type} · {row.team} · Week {row.week} · {formatDate(row.date, 'M.D.YY')}
          </Text>
          {row.game && (
            <Text size="sm" c="dark.4">
              {row.game}
            </Text>
          )}
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {row.details}
          </Text>
          {columns.winners && (
            <Text size="xs" c="dark.4">
              Winners: {row.winners.join(', ')}
            </Text>
          )}
        </Card>
      )}
      cardsFoot={
        columns.dollars &&
        total !== null && (
          <Group justify="space-between" px="sm">
            <Text fw={700}>Total</Text>
            <Text fw={700} c={total < 0 ? 'red.9' : undefined}>
              {formatDollars(total)}
            </Text>
          </Group>
        )
      }
    />
  );
}
