import { Alert, Button, Card, Group, Select, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { type AddableMember, ENTRANTS_TOASTS } from '../../../../../core/contracts/pools';
import { errorMessage } from '../../../../lib/api';
import { formatDollars } from '../../../../lib/format';
import { notify } from '../../../../lib/notify';
import { useAddableMembers, useAddEntrant } from '../../api/entrants';

/**
 * Adds a league member who is not an entrant yet (only those are listed): entry 1 with the pool's starting
 * lives, charged the buy-in. Add stays disabled until a member is chosen. The picker searches the league on
 * the server (the first matches are offered), so a league of any size can be searched.
 */
export function AddEntrantCard({
  poolId,
  buyin,
  startingLives,
  locked,
}: {
  poolId: number;
  buyin: number;
  startingLives: number;
  locked: boolean;
}) {
  const [chosen, setChosen] = useState<AddableMember | null>(null);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  // Once a member is chosen the box shows the name: the list is not searched for it again.
  const members = useAddableMembers(poolId, chosen && search === chosen.username ? '' : q);
  const add = useAddEntrant();
  const submit = () => {
    if (!chosen) return;
    add.mutate(
      { poolId, userId: chosen.user_id },
      {
        onSuccess: (answer) => {
          notify({ title: ENTRANTS_TOASTS.added, message: answer.message });
          setChosen(null);
          setSearch('');
        },
        onError: () => notify({ ...ENTRANTS_TOASTS.addError, color: 'red' }),
      },
    );
  };
  const found = members.data?.members ?? [];
  const options = chosen && !found.some((m) => m.user_id === chosen.user_id) ? [chosen, ...found] : found;
  // A big league is looked through from its newest members (`capped`): a search reaches the others.
  const more = members.data
    ? members.data.total - members.data.members.length + (members.data.capped ? 1 : 0)
    : 0;
  const none =
    members.data !== undefined && members.data.total === 0 && !members.data.capped && q === '' && !chosen;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="add-entrant-title">
      <Title order={3} fz="md" id="add-entrant-title" mb={4}>
        Add a league member
      </Title>
      <Text size="sm" c="dark.4" mb="sm">
        The member joins with {startingLives} {startingLives === 1 ? 'life' : 'lives'} and is charged the{' '}
        {formatDollars(buyin)} buy-in, even after the entry deadline.
      </Text>
      {none ? (
        <Text size="sm">Every member of your league is already an entrant in this pool.</Text>
      ) : (
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label="League member"
            placeholder="Choose a member"
            description={more > 0 ? 'Type a name to find more members.' : undefined}
            data={options.map((member) => ({ value: String(member.user_id), label: member.username }))}
            value={chosen ? String(chosen.user_id) : null}
            onChange={(value) => setChosen(options.find((m) => String(m.user_id) === value) ?? null)}
            searchable
            searchValue={search}
            onSearchChange={setSearch}
            // The server has searched already: every option it sent is shown.
            filter={({ options: all }) => all}
            nothingFoundMessage={members.isFetching ? 'Searching…' : 'No member by that name'}
            disabled={locked}
            style={{ flex: '1 1 14rem' }}
          />
          <Button onClick={submit} disabled={!chosen || locked} loading={add.isPending}>
            Add to pool
          </Button>
        </Group>
      )}
      {members.isError && (
        <Alert color="red" role="alert" mt="sm" title="The members could not be loaded">
          {errorMessage(members.error)}
        </Alert>
      )}
      {add.error && (
        <Alert color="red" role="alert" mt="sm" title="Not added">
          {errorMessage(add.error)}
        </Alert>
      )}
    </Card>
  );
}
