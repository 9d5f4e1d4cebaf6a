import { Alert, Card, Center, Loader, Table, Text, Title } from '@mantine/core';
import type { MyEntry, PoolDetails, PoolViewer } from '../../../../../core/contracts/pools';
import { errorMessage } from '../../../../lib/api';
import { formatDollars } from '../../../../lib/format';
import { useFinances } from '../../api/finances';

/** How many places the card lists; the active entry is added below when it ranks lower. */
const TOP = 10;

/**
 * The Home card Bonus Pool Leaderboard (only when the pool has a bonus pool): entries ranked by their bonus
 * money so far (won minus charged, from the ledger), the entries in the bonus pool and any that have moved
 * bonus money. Ties share a place.
 */
export function BonusLeaderboardCard({
  pool,
  activeEntry,
}: {
  pool: PoolDetails;
  viewer: PoolViewer;
  activeEntry: MyEntry | null;
}) {
  // The server ranks the pool (most bonus money first) and answers the top places and the viewer's entries.
  const finances = useFinances(pool.id, { sort: 'bonus', pageSize: TOP }, pool.bonus_active);
  if (!pool.bonus_active) return null;
  const top = (finances.data?.rows ?? []).map((row, _index, all) => ({
    row,
    place: String(all.findIndex((other) => other.bonus === row.bonus) + 1),
  }));
  const own = (finances.data?.mine ?? []).find(
    (row) =>
      activeEntry !== null &&
      row.entry_id === activeEntry.id &&
      (row.in_bonus || row.bonus !== 0) &&
      !top.some((item) => item.row.entry_id === row.entry_id),
  );
  // Below the top places the active entry's place is not counted: it shows as "–".
  const shown = own ? [...top, { row: own, place: '–' }] : top;
  return (
    <Card withBorder padding="md">
      <Title order={2} fz="md" mb="xs" id="bonus-leaderboard-title">
        Bonus Pool Leaderboard
      </Title>
      {finances.isLoading ? (
        <Center py="sm">
          <Loader size="sm" aria-label="Loading the bonus leaderboard" />
        </Center>
      ) : finances.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(finances.error)}
        </Alert>
      ) : shown.length === 0 ? (
        <Text size="sm" c="dark.4">
          Nobody is in the bonus pool yet.
        </Text>
      ) : (
        <Table verticalSpacing={4} fz="sm" layout="fixed" aria-labelledby="bonus-leaderboard-title">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={44}>#</Table.Th>
              <Table.Th>Entry</Table.Th>
              <Table.Th w={90} ta="right">
                Bonus $
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map(({ row, place }) => {
              const mine = activeEntry !== null && row.entry_id === activeEntry.id;
              return (
                <Table.Tr
                  key={row.entry_id}
                  bg={mine ? 'var(--mantine-color-blue-0)' : undefined}
                  aria-current={mine ? 'true' : undefined}
                >
                  <Table.Td>{place}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }} fw={mine ? 700 : 400}>
                    {row.label}
                  </Table.Td>
                  <Table.Td ta="right" c={row.bonus < 0 ? 'red.9' : undefined}>
                    {formatDollars(row.bonus)}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}
