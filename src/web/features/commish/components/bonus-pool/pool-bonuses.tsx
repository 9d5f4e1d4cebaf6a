import { Alert, Anchor, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { CommishBonusEvent, PoolDetails } from '../../../../../core/contracts/pools';
import { poolAddressOf, poolPagePath } from '../../../../../core/pool/identity';
import { QueryState } from '../../../../components/query-state';
import { errorMessage } from '../../../../lib/api';
import { formatDate } from '../../../../lib/format';
import { notify } from '../../../../lib/notify';
import { useCommishBonusEvents, useRecalculateBonus } from '../../api/bonus';
import { BonusDetailsModal } from './bonus-details-modal';

/** The Pool Bonuses table: each standing bonus with its details and its recalculation. */
export function PoolBonuses({ pool }: { pool: PoolDetails }) {
  const events = useCommishBonusEvents(pool.id);
  const recalculate = useRecalculateBonus();
  const [details, setDetails] = useState<CommishBonusEvent | null>(null);

  const run = (event: CommishBonusEvent) =>
    recalculate.mutateAsync({ poolId: pool.id, bonusId: event.id }).then(
      (answer) =>
        answer.outcome === 'updated'
          ? notify({ title: 'Bonus updated', message: 'Bonus has been successfully recalculated' })
          : notify({
              title: answer.outcome === 'voided' ? 'Bonus voided' : 'Bonus unchanged',
              message: answer.message,
              color: 'blue',
            }),
      (error) =>
        notify({
          title: 'Error updating bonus',
          message: `An error was encountered updating this bonus: ${errorMessage(error).replace(/\.$/, '')}. Please contact ALA support for help with this error.`,
          color: 'red',
        }),
    );

  return (
    <Stack gap="sm">
      <Title order={3} id="pool-bonuses-title">
        Pool Bonuses
      </Title>
      <QueryState
        query={events}
        loading="Loading the pool's bonuses"
        failed="The pool's bonuses could not be loaded"
      />
      {events.data && events.data.events.length === 0 && (
        <Alert color="gray" title="No bonuses yet">
          Bonuses will show up here once they have been earned.
        </Alert>
      )}
      {events.data && events.data.events.length > 0 && (
        <Table.ScrollContainer minWidth={720} tabIndex={0} aria-labelledby="pool-bonuses-title">
          <Table striped verticalSpacing="xs" fz="sm" aria-labelledby="pool-bonuses-title">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Week</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th>Game</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Team</Table.Th>
                <Table.Th>Details</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {events.data.events.map((event) => (
                <Table.Tr key={event.id}>
                  <Table.Td>{event.week}</Table.Td>
                  <Table.Td>{formatDate(event.bonus_date, 'M.D.YY')}</Table.Td>
                  <Table.Td>
                    {event.game_summary ? (
                      <Anchor
                        component={Link}
                        to={`${poolPagePath(poolAddressOf(pool))}/scoreboard`}
                        underline="always"
                      >
                        {event.game_summary}
                      </Anchor>
                    ) : (
                      'Whole week'
                    )}
                  </Table.Td>
                  <Table.Td>{event.bonus_name}</Table.Td>
                  <Table.Td>{event.team_abb}</Table.Td>
                  <Table.Td>
                    {/* What happened, with the player and inning: two bonuses of one game and team differ here. */}
                    {event.desc && (
                      <Text size="sm" mb={4}>
                        {event.desc}
                      </Text>
                    )}
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="compact-sm"
                        variant="light"
                        onClick={() => setDetails(event)}
                        aria-label={`Show details of the Week ${event.week} ${event.bonus_name} bonus (${event.team_abb})`}
                      >
                        Show Details
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="default"
                        loading={recalculate.isPending && recalculate.variables?.bonusId === event.id}
                        onClick={() => run(event)}
                        aria-label={`Recalculate the Week ${event.week} ${event.bonus_name} bonus (${event.team_abb})`}
                      >
                        Recalculate
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <BonusDetailsModal pool={pool} event={details} onClose={() => setDetails(null)} />
    </Stack>
  );
}
