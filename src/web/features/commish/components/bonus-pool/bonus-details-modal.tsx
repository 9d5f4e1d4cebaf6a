import { Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import type { BonusDetailsLine, CommishBonusEvent, PoolDetails } from '../../../../../core/contracts/pools';
import { QueryState } from '../../../../components/query-state';
import { formatDollars } from '../../../../lib/format';
import { useBonusDetails } from '../../api/bonus';
import { ToolPager } from '../tool-pager';

/** A bonus's winners and losers with their amounts and totals, a page at a time and searched on the server. */
export function BonusDetailsModal({
  pool,
  event,
  onClose,
}: {
  pool: PoolDetails;
  event: CommishBonusEvent | null;
  onClose: () => void;
}) {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const details = useBonusDetails(pool.id, event?.id ?? null, {
    page: page > 1 ? page : undefined,
    q: q || undefined,
  });
  const close = () => {
    setPage(1);
    setSearch('');
    onClose();
  };
  return (
    <Modal
      opened={event !== null}
      onClose={close}
      title={event ? `Week ${event.week} ${event.bonus_long_name}: ${event.team_abb}` : ''}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close bonus details' }}
    >
      {event && (
        <Text size="sm" mb="sm">
          {event.desc}
        </Text>
      )}
      <QueryState
        query={details}
        loading="Loading bonus details"
        failed="The bonus details could not be loaded"
      />
      {details.data && (
        <Stack gap="md">
          {details.data.total > details.data.pageSize || q !== '' ? (
            <TextInput
              label="Search winners and losers"
              placeholder="Username"
              leftSection={<IconSearch size={16} aria-hidden />}
              value={search}
              onChange={(event) => {
                setSearch(event.currentTarget.value);
                setPage(1);
              }}
            />
          ) : null}
          <LinesTable
            title="Winners"
            lines={details.data.winners}
            count={details.data.winners_count}
            total={details.data.winners_total}
          />
          <LinesTable
            title="Losers"
            lines={details.data.losers}
            count={details.data.losers_count}
            total={details.data.losers_total}
          />
          <ToolPager info={details.data} onChange={setPage} label="Pages of winners and losers" />
        </Stack>
      )}
    </Modal>
  );
}

function LinesTable({
  title,
  lines,
  count,
  total,
}: {
  title: string;
  lines: BonusDetailsLine[];
  /** Every line of the list matching the search, beyond the page shown. */
  count: number;
  total: number;
}) {
  return (
    <Table verticalSpacing={4} fz="sm" aria-label={title}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{count > lines.length ? `${title} (${count.toLocaleString('en-US')})` : title}</Table.Th>
          <Table.Th ta="right">Amount</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lines.length === 0 && (
          <Table.Tr>
            <Table.Td colSpan={2}>Nobody</Table.Td>
          </Table.Tr>
        )}
        {lines.map((line) => (
          <Table.Tr key={line.entry_id}>
            <Table.Td>{line.label}</Table.Td>
            <Table.Td ta="right">{formatDollars(line.amount)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr>
          <Table.Th>Total</Table.Th>
          <Table.Th ta="right">{formatDollars(total)}</Table.Th>
        </Table.Tr>
      </Table.Tfoot>
    </Table>
  );
}
