import {
  Alert,
  Badge,
  Card,
  Center,
  Group,
  Loader,
  Pagination,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import type {
  FinanceMoney,
  FinanceRow,
  MyEntry,
  PoolDetails,
  PoolViewer,
} from '../../../../../core/contracts/pools';
import { ResponsiveTable } from '../../../../components/responsive-table';
import { errorMessage } from '../../../../lib/api';
import { formatDollars } from '../../../../lib/format';
import { useFinances } from '../../../../lib/pool-api/finances';
import { PaymentsCard } from './payments-card';

/** The money columns in the spec's order, with their headers. */
const COLUMNS: { key: keyof FinanceMoney; label: string }[] = [
  { key: 'buyin', label: 'Buy-in' },
  { key: 'rebuys', label: 'Rebuys' },
  { key: 'insurance', label: 'Insurance' },
  { key: 'bonus', label: 'Bonus' },
  { key: 'prizes', label: 'Prizes' },
  { key: 'paid', label: 'Paid' },
  { key: 'prizes_paid_to', label: 'Prizes Paid To' },
];

/** Cents with the sign in words for screen readers too: red when the entrant owes, green when owed. */
function Money({ cents, strong }: { cents: number; strong?: boolean }) {
  return (
    <Text
      size="sm"
      fw={strong ? 700 : 400}
      c={cents < 0 ? 'red.9' : cents > 0 && strong ? 'green.9' : undefined}
    >
      {formatDollars(cents)}
    </Text>
  );
}

function StatusCell({ row, withUnit }: { row: FinanceRow; withUnit?: boolean }) {
  if (row.champion) {
    return (
      <Badge color="yellow.9" size="sm">
        CHAMPION
      </Badge>
    );
  }
  if (row.eliminated) {
    return (
      <Text size="xs" fw={700} c="red.9">
        ELIMINATED
      </Text>
    );
  }
  // On a phone card the bare number needs its unit; the table's column header says Status.
  return (
    <Text size="sm">{withUnit ? `${row.status} ${row.lives === 1 ? 'life' : 'lives'}` : row.status}</Text>
  );
}

const PAGE_SIZE = 50;

/**
 * The pool's Finances tab: what each entry put in and took out, every column a sum of the money ledger, and
 * the pool's totals. Total = - buy-in - insurance - rebuys + bonus + paid + prizes - prizes paid to: below
 * zero the entrant owes the pool. A table from 768 px up, one card per entry on a phone. A page of entries
 * at a time (by username, searched on the server) once the pool has more than a page; the viewer's own
 * entries are shown first whatever the page, and the totals are always the whole pool's.
 */
export function FinancesTab({
  pool,
  activeEntry,
}: {
  pool: PoolDetails;
  viewer: PoolViewer;
  activeEntry: MyEntry | null;
}) {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const finances = useFinances(pool.id, { page, pageSize: PAGE_SIZE, q });
  if (finances.isLoading) {
    return (
      <Center py="xl">
        <Stack align="center" gap="xs">
          <Loader aria-label="Loading finances" />
          <Text fw={700}>LOADING FINANCES ...</Text>
        </Stack>
      </Center>
    );
  }
  if (finances.isError || !finances.data) {
    return (
      <Alert color="red" role="alert" title="Finances could not be loaded">
        {errorMessage(finances.error)}
      </Alert>
    );
  }
  const { totals, entries, total } = finances.data;
  // The viewer's entries not on this page come first, so their own money is always in sight.
  const pinned = finances.data.mine.filter(
    (own) => !finances.data.rows.some((row) => row.entry_id === own.entry_id),
  );
  const rows = [...pinned, ...finances.data.rows];
  const paged = entries > PAGE_SIZE;
  return (
    <Stack gap="md">
      <Card withBorder padding="md">
        <Group justify="space-between" mb="xs" wrap="wrap" gap="xs">
          <Title order={2} fz="md" id="finances-title">
            Finances
          </Title>
          {entries > 0 && (
            <Text size="sm" c="dark.4">
              {entries.toLocaleString('en-US')} {entries === 1 ? 'entry' : 'entries'}
            </Text>
          )}
        </Group>
        {paged && (
          <TextInput
            mb="xs"
            maw={320}
            aria-label="Search entries by username"
            placeholder="Search usernames"
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
          />
        )}
        {entries === 0 ? (
          <Text c="dark.4">Finances will show up here once this pool contains entrants.</Text>
        ) : (
          <>
            {q !== '' && total === 0 && (
              <Text size="sm" c="dark.4" mb="xs">
                No entry matches “{q}”.
              </Text>
            )}
            <FinancesTable rows={rows} totals={totals} activeEntryId={activeEntry?.id ?? null} />
            {total > PAGE_SIZE && (
              <Pagination
                mt="sm"
                value={page}
                onChange={setPage}
                total={Math.ceil(total / PAGE_SIZE)}
                getControlProps={(control) => ({ 'aria-label': `${control} page of finances` })}
              />
            )}
            {finances.data.order === 'signup' && (
              <Text size="xs" c="dark.4" mt="xs">
                Over 10,000 entries are listed in sign-up order: search a username to list them by name.
              </Text>
            )}
            <Text size="xs" c="dark.4" mt="xs">
              Total = − buy-in − insurance − rebuys + bonus + paid + prizes − prizes paid to. A negative total
              is owed to the pool. Pool Totals add up every entry of the pool.
            </Text>
          </>
        )}
      </Card>
      {entries > 0 && <PaymentsCard pool={pool} />}
    </Stack>
  );
}

/** A table on a desk; on a phone one card per entry with its total up front, and the pool's totals last. */
function FinancesTable({
  rows,
  totals,
  activeEntryId,
}: {
  rows: FinanceRow[];
  totals: FinanceMoney;
  activeEntryId: number | null;
}) {
  const right = { ta: 'right' } as const;
  return (
    <ResponsiveTable
      rows={rows}
      rowKey={(row) => row.entry_id}
      minWidth={900}
      scroll={{ tabIndex: 0, 'aria-labelledby': 'finances-title' }}
      table={{ striped: true, verticalSpacing: 'xs', fz: 'sm', 'aria-labelledby': 'finances-title' }}
      rowProps={(row) => ({
        bg: row.entry_id === activeEntryId ? 'var(--mantine-color-blue-0)' : undefined,
        'aria-current': row.entry_id === activeEntryId ? 'true' : undefined,
      })}
      columns={[
        {
          key: 'username',
          header: 'Username',
          cell: (row) => (
            <Text size="sm" fw={600}>
              {row.label}
            </Text>
          ),
        },
        { key: 'status', header: 'Status', cell: (row) => <StatusCell row={row} /> },
        ...COLUMNS.map((column) => ({
          key: column.key,
          header: column.label,
          th: right,
          td: right,
          cell: (row: FinanceRow) => <Money cents={row[column.key]} />,
        })),
        {
          key: 'total',
          header: 'Total',
          th: right,
          td: right,
          cell: (row) => <Money cents={row.total} strong />,
        },
      ]}
      foot={
        <Table.Tr>
          <Table.Th colSpan={2}>Pool Totals</Table.Th>
          {COLUMNS.map((column) => (
            <Table.Td key={column.key} ta="right">
              <Text size="sm" fw={700}>
                {formatDollars(totals[column.key])}
              </Text>
            </Table.Td>
          ))}
          <Table.Td ta="right">
            <Money cents={totals.total} strong />
          </Table.Td>
        </Table.Tr>
      }
      cards={{ gap: 'sm' }}
      card={(row) => (
        <Card
          withBorder
          padding="sm"
          component="section"
          aria-label={`Finances of ${row.label}`}
          bg={row.entry_id === activeEntryId ? 'var(--mantine-color-blue-0)' : undefined}
        >
          <Group justify="space-between" wrap="nowrap" mb={6}>
            <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
              {row.label}
            </Text>
            <StatusCell row={row} withUnit />
          </Group>
          <MoneyGrid money={row} />
        </Card>
      )}
      cardsFoot={
        <Card withBorder padding="sm" component="section" aria-label="Pool totals">
          <Text fw={700} mb={6}>
            Pool Totals
          </Text>
          <MoneyGrid money={totals} />
        </Card>
      }
    />
  );
}

function MoneyGrid({ money }: { money: FinanceMoney }) {
  return (
    <SimpleGrid cols={2} spacing="lg" verticalSpacing={2}>
      {COLUMNS.map((column) => (
        <Group key={column.key} justify="space-between" gap={4} wrap="nowrap">
          <Text size="xs" c="dark.4">
            {column.label}
          </Text>
          <Money cents={money[column.key]} />
        </Group>
      ))}
      <Group justify="space-between" gap={4} wrap="nowrap">
        <Text size="xs" fw={700}>
          Total
        </Text>
        <Money cents={money.total} strong />
      </Group>
    </SimpleGrid>
  );
}
