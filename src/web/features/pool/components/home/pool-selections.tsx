import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Progress,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconEyeOff } from '@tabler/icons-react';
import { useState } from 'react';
import type {
  PoolDetails,
  SelectionsAllResponse,
  SelectionsEntry,
} from '../../../../../core/contracts/pools';
import { picksPlayers } from '../../../../../core/games';
import { ListPager } from '../../../../components/pager';
import { StepPager } from '../../../../components/step-pager';
import { errorMessage } from '../../../../lib/api';
import { formatDate } from '../../../../lib/format';
import type { PoolAddress } from '../../../../lib/query-keys';
import { useSelectionsAll } from '../../api/pool';
import { EntrySearch } from '../entry-paging';

/** Entries a page of the card's list holds: a phone screen or two. */
const PAGE_SIZE = 25;

/**
 * How the pool picked, one week a page (whole percentages, counted by the server), and, on demand, each
 * entry's pick of that week a page at a time with a search (the viewer's own entries first). A week that
 * has not locked shows HIDDEN: the server sends no distribution for it.
 */
export function PoolSelections({ pool, address }: { pool: PoolDetails; address: PoolAddress }) {
  const [chosen, setChosen] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const selections = useSelectionsAll(address, {
    week: chosen ?? undefined,
    page,
    pageSize: PAGE_SIZE,
    q,
  });
  const data = selections.data;
  const weeks = data?.weeks ?? [];
  const index = Math.max(
    0,
    weeks.findIndex((week) => week.week === (chosen ?? data?.week ?? weeks[0]?.week)),
  );
  const week = weeks[index];
  // A locked week other than the one the answer counted is on its way (the previous answer shows meanwhile).
  const counting = week?.locked === true && data?.week !== week.week;
  return (
    <Card withBorder padding="md">
      <Group justify="space-between" mb="xs" gap="xs">
        <Title order={2} fz="md">
          Pool Selections
        </Title>
        {week && (
          <StepPager
            label={`Week ${week.week}`}
            hasPrevious={index > 0}
            hasNext={index < weeks.length - 1}
            onPrevious={() => setChosen(weeks[index - 1].week)}
            onNext={() => setChosen(weeks[index + 1].week)}
            previousLabel="Previous week"
            nextLabel="Next week"
          />
        )}
      </Group>
      {selections.isLoading || counting ? (
        <Center py="md">
          <Loader size="sm" aria-label="Loading selections" />
        </Center>
      ) : selections.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(selections.error)}
        </Alert>
      ) : !week || !data ? (
        <Text size="sm" c="dark.4">
          This pool has no weeks yet.
        </Text>
      ) : !week.locked || !week.distribution ? (
        <Stack gap={4} align="center" py="sm">
          <Group gap={6}>
            <IconEyeOff size={18} aria-hidden />
            <Text fw={800}>HIDDEN</Text>
          </Group>
          <Text size="sm" ta="center">
            Picks will become visible once selections lock for Week {week.week}
            {pool.week_locks[week.week - 1]
              ? ` (${formatDate(pool.week_locks[week.week - 1], 'M/D/YY h:mm A')})`
              : ''}
            .
          </Text>
        </Stack>
      ) : week.distribution.length === 0 ? (
        <Text size="sm" c="dark.4">
          Nobody picked in Week {week.week}.
        </Text>
      ) : (
        <>
          <Table verticalSpacing={6} fz="sm" layout="fixed">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{picksPlayers(pool.game) ? 'Player' : 'Team'}</Table.Th>
                <Table.Th w={70} ta="right">
                  Picks
                </Table.Th>
                <Table.Th w={{ base: 110, sm: 200 }}>Share</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {week.distribution.map((row) => (
                <Table.Tr key={row.pick_id}>
                  <Table.Td>
                    <Text size="sm" fw={600} truncate>
                      {row.name}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{row.count}</Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Progress value={row.pct} flex={1} aria-hidden color="navy" />
                      <Text size="sm" w={40} ta="right">
                        {row.pct}%
                      </Text>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Text size="xs" c="dark.4" mt={4}>
            {week.total} {week.total === 1 ? 'pick' : 'picks'} in Week {week.week}
          </Text>
          <EntryPicks
            data={data}
            week={week.week}
            search={search}
            searching={q !== ''}
            onSearch={(value) => {
              setSearch(value);
              setPage(1);
            }}
            onPage={setPage}
            refreshing={selections.isFetching}
          />
        </>
      )}
    </Card>
  );
}

/** Each entry's pick of the shown week, opened on demand: the viewer's own first, then a page of all. */
function EntryPicks({
  data,
  week,
  search,
  searching,
  onSearch,
  onPage,
  refreshing,
}: {
  data: SelectionsAllResponse;
  week: number;
  search: string;
  searching: boolean;
  onSearch: (value: string) => void;
  onPage: (page: number) => void;
  refreshing: boolean;
}) {
  const [open, setOpen] = useState(false);
  const own = new Set(data.mine.map((entry) => entry.entry_id));
  const rows = [
    ...data.mine.map((entry) => ({ entry, mine: true })),
    ...data.entries.filter((entry) => !own.has(entry.entry_id)).map((entry) => ({ entry, mine: false })),
  ];
  // Small pools keep the card as it was: a search appears only when the entries fill more than a page.
  const searchable = searching || data.total > data.pageSize;
  return (
    <Stack gap="xs" mt="xs">
      <Group justify="space-between" gap="xs">
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() => setOpen((value) => !value)}
          aria-expanded={open}
        >
          {open ? 'Hide entries’ picks' : 'Show entries’ picks'}
        </Button>
        {open && refreshing && <Loader size="xs" aria-label="Refreshing" />}
      </Group>
      {open && (
        <Stack gap="xs">
          {searchable && <EntrySearch value={search} onChange={onSearch} />}
          {rows.length === 0 ? (
            <Text size="sm" c="dark.4">
              {searching ? 'No entry matches the search.' : 'No entries yet.'}
            </Text>
          ) : (
            <Table verticalSpacing={4} fz="sm" layout="fixed" aria-label={`Week ${week} picks by entry`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Entry</Table.Th>
                  <Table.Th>Week {week} pick</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map(({ entry, mine }) => (
                  <Table.Tr key={entry.entry_id} bg={mine ? 'var(--mantine-color-green-0)' : undefined}>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <Text size="sm" fw={600} truncate>
                          {entry.label}
                        </Text>
                        {entry.extinct && (
                          <Badge size="xs" color="red.9" variant="light">
                            OUT
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" truncate>
                        {pickOf(entry, week)}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          <ListPager info={data} onChange={onPage} label="Pool Selections pages" siblings={0} />
        </Stack>
      )}
    </Stack>
  );
}

function pickOf(entry: SelectionsEntry, week: number): string {
  const picks = entry.picks[String(week)] ?? [];
  if (picks.length === 0) return '–';
  return picks.map((pick) => (pick.by_insurance ? `${pick.name} (insured)` : pick.name)).join(', ');
}
