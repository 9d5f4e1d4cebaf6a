import { Alert, Button, Card, Group, Select, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { type AddableMember, ENTRANTS_TOASTS } from '../../../../../../core/contracts/pools';
import { errorMessage } from '../../../../../lib/api';
import { formatDollars } from '../../../../../lib/format';
import { notify } from '../../../../../lib/notify';
import { useAddEntrant } from '../../../api/commish-entrants';

/**
 * Adds a league member who is not an entrant yet (only those are listed): entry 1 with the pool's starting
 * lives, charged the buy-in. Add stays disabled until a member is chosen.
 */
export function AddEntrantCard({
  poolId,
  members,
  buyin,
  startingLives,
  locked,
}: {
  poolId: number;
  members: AddableMember[];
  buyin: number;
  startingLives: number;
  locked: boolean;
}) {
  const [userId, setUserId] = useState<string | null>(null);
  const add = useAddEntrant();
  const submit = () => {
    if (!userId) return;
    add.mutate(
      { poolId, userId: Number(userId) },
      {
        onSuccess: (answer) => {
          notify({ title: ENTRANTS_TOASTS.added, message: answer.message });
          setUserId(null);
        },
        onError: () => notify({ ...ENTRANTS_TOASTS.addError, color: 'red' }),
      },
    );
  };
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="add-entrant-title">
      <Title order={3} fz="md" id="add-entrant-title" mb={4}>
        Add a league member
      </Title>
      <Text size="sm" c="dark.4" mb="sm">
        The member joins with {startingLives} {startingLives === 1 ? 'life' : 'lives'} and is charged the{' '}
        {formatDollars(buyin)} buy-in, even after the entry deadline.
      </Text>
      {members.length === 0 ? (
        <Text size="sm">Every member of your league is already an entrant in this pool.</Text>
      ) : (
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label="League member"
            placeholder="Choose a member"
            data={members.map((member) => ({ value: String(member.user_id), label: member.username }))}
            value={userId}
            onChange={setUserId}
            searchable
            nothingFoundMessage="No member by that name"
            disabled={locked}
            style={{ flex: '1 1 14rem' }}
          />
          <Button onClick={submit} disabled={!userId || locked} loading={add.isPending}>
            Add to pool
          </Button>
        </Group>
      )}
      {add.error && (
        <Alert color="red" role="alert" mt="sm" title="Not added">
          {errorMessage(add.error)}
        </Alert>
      )}
    </Card>
  );
}
