import { Alert, Button, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { PoolDetails, PoolViewer } from '../../../../../../core/contracts/pools';
import { errorMessage } from '../../../../../lib/api';
import { formatDollars } from '../../../../../lib/format';
import { useAdminEntrants } from '../../../api/commish-entrants';
import { AddEntrantCard } from './add-entrant';
import { ChampionsCard } from './champions-card';
import { LivesModal, NoteModal } from './entrant-modals';
import { type EntrantAction, EntrantsList } from './entrants-list';

/**
 * The Commish tools' Manage Entrants: each entry's status, lives (raised or lowered with a message to the
 * league), notes, adding a league member, and crowning the champions. A final pool keeps its entrants as they are.
 */
export function ManageEntrantsTool({ pool }: { pool: PoolDetails; viewer: PoolViewer }) {
  const list = useAdminEntrants(pool.id);
  const [action, setAction] = useState<EntrantAction | null>(null);

  if (list.isLoading) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading the entrants" />
      </Center>
    );
  }
  if (list.isError || !list.data) {
    return (
      <Alert color="red" role="alert" title="The entrants could not be loaded">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorMessage(list.error)}</Text>
          <Button size="xs" variant="default" onClick={() => list.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  const data = list.data;
  const close = () => setAction(null);
  return (
    <Stack gap="md">
      {data.final && (
        <Alert color="blue" title="This pool is final">
          {data.champions.length > 0
            ? `Champions: ${data.champions.join(', ')}. Lives, status and new entrants can no longer change; notes still can.`
            : 'Lives, status and new entrants can no longer change; notes still can.'}
        </Alert>
      )}
      <Card withBorder padding="md" component="section">
        <Group justify="space-between" mb="xs" wrap="wrap">
          <Title order={3} fz="md" id="entrants-title">
            Entrants
          </Title>
          <Text size="sm" c="dark.4">
            {data.entrants.length} {data.entrants.length === 1 ? 'entry' : 'entries'} · prize pool{' '}
            {formatDollars(data.prize_pool)} · {formatDollars(data.remaining_prizes)} still to award
          </Text>
        </Group>
        {data.entrants.length === 0 ? (
          <Text c="dark.4">No one has entered this pool yet. Add a league member below.</Text>
        ) : (
          <EntrantsList entrants={data.entrants} locked={data.final} onAction={setAction} />
        )}
      </Card>
      {!data.final && (
        <AddEntrantCard
          poolId={pool.id}
          members={data.members}
          buyin={pool.buyin}
          startingLives={data.starting_lives}
          locked={data.final}
        />
      )}
      {!data.final && data.entrants.length > 0 && (
        <ChampionsCard poolId={pool.id} entrants={data.entrants} remaining={data.remaining_prizes} />
      )}
      {action?.kind === 'lives' && (
        <LivesModal entrant={action.entrant} action={action.action} onClose={close} />
      )}
      {action?.kind === 'note' && <NoteModal entrant={action.entrant} onClose={close} />}
    </Stack>
  );
}
