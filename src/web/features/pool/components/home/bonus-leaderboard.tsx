import { Card, Table, Text, Title } from '@mantine/core';
import type { MyEntry, PoolDetails, PoolViewer } from '../../../../../core/contracts/pools';
import { QueryState } from '../../../../components/query-state';
import { formatDollars } from '../../../../lib/format';
import { useBonusLeaderboard } from '../../api/bonuses';

/**
 * The Home card Bonus Pool Leaderboard (only when the pool has a bonus pool): entries ranked by their bonus
 * money so far (won minus charged, from the ledger), the entries in the bonus pool and any that have moved
 * bonus money. Ties share a place. The server ranks them and sends the top ten; the active entry is added
 * below when it ranks lower.
 */
export function BonusLeaderboardCard({
  pool,
  activeEntry,
}: {
  pool: PoolDetails;
  viewer: PoolViewer;
  activeEntry: MyEntry | null;
}) {
  const leaderboard = useBonusLeaderboard(pool.id, pool.bonus_active);
  if (!pool.bonus_active) return null;
  const top = leaderboard.data?.top ?? [];
  const active = leaderboard.data?.mine.find(
    (row) => activeEntry !== null && row.entry_id === activeEntry.id,
  );
  const shown = [
    ...top.map((row) => ({ row, place: row.place })),
    ...(active && !top.some((row) => row.entry_id === active.entry_id)
      ? [{ row: active, place: active.place }]
      : []),
  ];
  return (
    <Card withBorder padding="md">
      <Title order={2} fz="md" mb="xs" id="bonus-leaderboard-title">
        Bonus Pool Leaderboard
      </Title>
      {leaderboard.isLoading || leaderboard.isError ? (
        <QueryState
          query={leaderboard}
          loading="Loading the bonus leaderboard"
          failed="Could not load the bonus leaderboard"
        />
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
