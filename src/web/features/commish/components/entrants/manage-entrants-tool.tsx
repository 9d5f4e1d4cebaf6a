import { Alert, Card, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import type { AdminEntrantFilter, PoolDetails, PoolViewer } from '../../../../../core/contracts/pools';
import { QueryState } from '../../../../components/query-state';
import { errorMessage } from '../../../../lib/api';
import { formatDollars } from '../../../../lib/format';
import { useAdminEntrants } from '../../api/entrants';
import { ToolPager } from '../tool-pager';
import { AddEntrantCard } from './add-entrant';
import { ChampionsCard } from './champions-card';
import { LivesModal, NoteModal } from './entrant-modals';
import { type EntrantAction, EntrantsList } from './entrants-list';

const FILTERS: Array<{ value: AdminEntrantFilter; label: string }> = [
  { value: 'all', label: 'All entries' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
  { value: 'eliminated', label: 'Eliminated' },
];

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/**
 * The Commish tools' Manage Entrants: each entry's status, lives (raised or lowered with a message to the
 * league), notes, adding a league member, and crowning the champions. A final pool keeps its entrants as they are.
 * The entries come a page at a time, searched, sorted and filtered on the server, so a pool of any size loads.
 */
export function ManageEntrantsTool({ pool }: { pool: PoolDetails; viewer: PoolViewer }) {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [status, setStatus] = useState<AdminEntrantFilter>('all');
  // Defaults are left out of the address, so a small pool's first load asks what it always did.
  const list = useAdminEntrants(pool.id, {
    page: page > 1 ? page : undefined,
    q: q || undefined,
    status: status === 'all' ? undefined : status,
  });
  const [action, setAction] = useState<EntrantAction | null>(null);

  if (!list.data) {
    return (
      <QueryState query={list} loading="Loading the entrants" failed="The entrants could not be loaded" />
    );
  }
  const data = list.data;
  const close = () => setAction(null);
  const counts = data.counts;
  const narrowed = q !== '' || status !== 'all';
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
            {plural(counts.entries, 'entry', 'entries')}
            {counts.inactive > 0 ? ` (${counts.inactive.toLocaleString('en-US')} inactive)` : ''}
            {counts.eliminated > 0 ? ` · ${counts.eliminated.toLocaleString('en-US')} eliminated` : ''} ·
            prize pool {formatDollars(data.prize_pool)} · {formatDollars(data.remaining_prizes)} still to
            award
          </Text>
        </Group>
        {counts.entries === 0 ? (
          <Text c="dark.4">No one has entered this pool yet. Add a league member below.</Text>
        ) : (
          <Stack gap="sm">
            <Group gap="sm" align="flex-end" wrap="wrap">
              <TextInput
                label="Search entrants"
                placeholder="Username or note"
                leftSection={<IconSearch size={16} aria-hidden />}
                value={search}
                onChange={(event) => {
                  setSearch(event.currentTarget.value);
                  setPage(1);
                }}
                style={{ flex: '1 1 14rem' }}
                maw={360}
              />
              <Select
                label="Show"
                data={FILTERS}
                value={status}
                onChange={(value) => {
                  setStatus((value as AdminEntrantFilter | null) ?? 'all');
                  setPage(1);
                }}
                allowDeselect={false}
                w={160}
              />
            </Group>
            {list.isError && (
              <Alert color="red" role="alert" title="The entrants could not be loaded">
                {errorMessage(list.error)}
              </Alert>
            )}
            {data.entrants.length === 0 ? (
              <Text c="dark.4" role="status">
                {narrowed ? 'No entry matches the search.' : 'No entries on this page.'}
              </Text>
            ) : (
              <EntrantsList entrants={data.entrants} locked={data.final} onAction={setAction} />
            )}
            <ToolPager info={data} onChange={setPage} label="Pages of entrants" />
          </Stack>
        )}
      </Card>
      {!data.final && (
        <AddEntrantCard
          poolId={pool.id}
          buyin={pool.buyin}
          startingLives={data.starting_lives}
          locked={data.final}
        />
      )}
      {!data.final && counts.entries > 0 && (
        <ChampionsCard
          poolId={pool.id}
          entrants={data.entrants}
          remaining={data.remaining_prizes}
          suggestedWeeks={data.max_weeks_alive}
          paged={data.total > data.pageSize}
        />
      )}
      {action?.kind === 'lives' && (
        <LivesModal entrant={action.entrant} action={action.action} onClose={close} />
      )}
      {action?.kind === 'note' && <NoteModal entrant={action.entrant} onClose={close} />}
    </Stack>
  );
}
