import { Alert, Card, Center, Group, Loader, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { IconEyeOff } from '@tabler/icons-react';
import { useState } from 'react';
import type { PoolDetails } from '../../../../../core/contracts/pools';
import { errorMessage } from '../../../../lib/api';
import { formatDate } from '../../../../lib/format';
import type { PoolAddress } from '../../api/keys';
import { useSelectionsAll } from '../../api/pool';
import { Pager } from './pager';

/**
 * How the pool picked, one week a page (whole percentages). A week that has not locked shows HIDDEN: the
 * server sends no distribution for it.
 */
export function PoolSelections({ pool, address }: { pool: PoolDetails; address: PoolAddress }) {
  const selections = useSelectionsAll(address);
  const weeks = selections.data?.weeks ?? [];
  const lastLocked = weeks.filter((week) => week.locked).at(-1)?.week;
  const [chosen, setChosen] = useState<number | null>(null);
  const index = Math.max(
    0,
    weeks.findIndex((week) => week.week === (chosen ?? lastLocked ?? weeks[0]?.week)),
  );
  const week = weeks[index];
  return (
    <Card withBorder padding="md">
      <Group justify="space-between" mb="xs" gap="xs">
        <Title order={2} fz="md">
          Pool Selections
        </Title>
        {week && (
          <Pager
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
      {selections.isLoading ? (
        <Center py="md">
          <Loader size="sm" aria-label="Loading selections" />
        </Center>
      ) : selections.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(selections.error)}
        </Alert>
      ) : !week ? (
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
            {pool.deadlines[week.week - 1]
              ? ` (${formatDate(pool.deadlines[week.week - 1], 'M/D/YY h:mm A')})`
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
                <Table.Th>{pool.game === 'nfl-td' ? 'Player' : 'Team'}</Table.Th>
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
        </>
      )}
    </Card>
  );
}
